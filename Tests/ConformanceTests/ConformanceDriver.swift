import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// Runs one conformance case through the same builders the client API uses and the REST codec, and
/// compares the request with the expected one.
enum ConformanceDriver {
    enum Outcome: Sendable, Equatable {
        case passed
        case skipped(String)
        case failed(String)
    }

    static let writeKinds: Set<String> = ["create", "set", "update", "updatePaths", "delete"]
    static let skippedKinds: [String: String] = [:]

    static func run(_ testCase: ConformanceCase) -> Outcome {
        if let problem = testCase.loadProblem { return .failed(problem) }
        if let reason = skippedKinds[testCase.kind] { return .skipped(reason) }
        let input = VectorInput(body: testCase.body)
        if testCase.kind == "listen" { return ListenVector.run(input) }
        let expectedKey = testCase.kind == "query" ? "query" : "request"
        let actual: JSON
        do {
            actual = try request(for: testCase.kind, input)
        } catch let error as HarnessError {
            return .failed("Harness: \(error)")
        } catch let error as DocumentStoreError {
            if input.isError {
                return error.code == .invalidArgument ? .passed : .failed("Expected invalidArgument, got \(error)")
            }
            return .failed("Unexpected error: \(error)")
        } catch {
            return .failed("Unexpected error type: \(error)")
        }
        if input.isError {
            return .failed("Expected an error, but built \(JSONWriter.string(actual))")
        }
        guard let expected = input.body[expectedKey] else {
            return .failed("The case has neither isError nor '\(expectedKey)'.")
        }
        if let difference = JSONComparison.difference(expected: expected, actual: actual) {
            return .failed(
                """
                \(difference)
                expected: \(JSONWriter.string(JSONComparison.normalized(expected)))
                actual:   \(JSONWriter.string(JSONComparison.normalized(actual)))
                """
            )
        }
        return .passed
    }

    /// The request Hearth builds for the case (a `HarnessError` for vectors it cannot read, a
    /// `DocumentStoreError` when Hearth rejects the input).
    static func request(for kind: String, _ input: VectorInput) throws -> JSON {
        switch kind {
        case "get":
            let name = try input.documentName()
            return RESTReadCodec.encodeGetDocumentRequest(
                RESTGetDocumentRequest(path: name.path), database: name.database)
        case _ where writeKinds.contains(kind):
            let name = try input.documentName()
            let write = try self.write(kind, path: name.path, input)
            return RESTWriteCodec.encodeCommitRequest(database: name.database, writes: [write], transaction: nil)
        case "query":
            return try QueryVector.encodedQuery(input)
        default:
            throw HarnessError("Unknown kind '\(kind)'.")
        }
    }

    private static func write(_ kind: String, path: DocumentPath, _ input: VectorInput) throws -> Write {
        switch kind {
        case "create":
            return try WriteBuilder.create(path, data: try input.userDocument("jsonData"))
        case "set":
            return try WriteBuilder.set(path, data: try input.userDocument("jsonData"), options: try setOptions(input))
        case "update":
            return try WriteBuilder.update(
                path, data: try input.userDocument("jsonData"), precondition: try input.precondition())
        case "updatePaths":
            let paths = try VectorInput.repeated(input.body, "fieldPaths")
            let values = try VectorInput.repeated(input.body, "jsonValues")
            guard paths.count == values.count else {
                throw HarnessError("updatePaths needs as many jsonValues as fieldPaths.")
            }
            var fields: [(FieldPath, FieldValue)] = []
            for (path, value) in zip(paths, values) {
                guard case .string(let text) = value else {
                    throw HarnessError("A jsonValues element is not a string.")
                }
                fields.append(
                    (try VectorInput.fieldPath(path), try VectorInput.userData(text: text, what: "jsonValues")))
            }
            return try WriteBuilder.update(path, fields: fields, precondition: try input.precondition())
        case "delete":
            return WriteBuilder.delete(path, precondition: try input.precondition())
        default:
            throw HarnessError("Unknown write kind '\(kind)'.")
        }
    }

    private static func setOptions(_ input: VectorInput) throws -> SetOptions {
        guard let option = input.body["option"] else { return .overwrite }
        guard case .object(let object) = option else { throw HarnessError("'option' is not an object.") }
        if case .bool(true)? = object["all"], object.count == 1 { return .merge }
        if object.keys == ["fields"] {
            var paths: [FieldPath] = []
            for field in try VectorInput.repeated(object, "fields") { paths.append(try VectorInput.fieldPath(field)) }
            return .mergeFields(paths)
        }
        throw HarnessError("Unsupported set option \(JSONWriter.string(option)).")
    }
}
