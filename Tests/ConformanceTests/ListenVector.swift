import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// Runs a `listen` vector: its `responses` (ListenResponse JSON) go through the codec and the
/// ``WatchStateMachine``, and the snapshots it emits must be the expected `snapshots` (documents, changes
/// with kinds and indexes, read times); with `isError`, the machine must end the stream with an error.
///
/// Every listen vector watches the same query, as Firestore's runners do: collection `C` ordered by `a`,
/// with target ID 1.
enum ListenVector {
    static let targetID: Int32 = 1

    static func run(_ input: VectorInput) -> ConformanceDriver.Outcome {
        let responses: [RESTListenResponse]
        do {
            responses = try VectorInput.repeated(input.body, "responses").map { json in
                try RESTListenCodec.decodeListenResponse(json, database: nil)
            }
        } catch {
            return .failed("Harness: a response cannot be decoded: \(error)")
        }
        let ordering: DocumentOrdering
        do {
            ordering = DocumentOrdering(orders: [Order(try FieldPath(["a"]))])
        } catch {
            return .failed("Harness: \(error)")
        }
        var machine = WatchStateMachine(ordering: ordering, targetID: targetID)
        var snapshots: [ListenSnapshot] = []
        var failure: DocumentStoreError?
        for response in responses {
            do {
                if case .snapshot(let snapshot)? = try machine.handle(response) { snapshots.append(snapshot) }
            } catch {
                failure = error
                break
            }
        }
        if input.isError {
            return failure == nil
                ? .failed("Expected the stream to fail; it emitted \(snapshots.count) snapshots.") : .passed
        }
        if let failure { return .failed("Unexpected error: \(failure)") }

        let expected: JSON
        do {
            expected = .array(try VectorInput.repeated(input.body, "snapshots").map(canonicalExpected))
        } catch {
            return .failed("Harness: \(error)")
        }
        let database = databaseOfVector(input.body)
        let actual = JSON.array(snapshots.map { encode($0, database: database) })
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

    /// A snapshot in the vectors' shape, every index written out.
    static func encode(_ snapshot: ListenSnapshot, database: DatabaseID) -> JSON {
        .object([
            "docs": .array(snapshot.documents.map { RESTDocumentCodec.encode($0, database: database) }),
            "changes": .array(
                snapshot.changes.map { change in
                    .object([
                        "kind": .string(kindName(change.kind)),
                        "doc": RESTDocumentCodec.encode(change.document, database: database),
                        "oldIndex": .number(String(change.oldIndex ?? -1)),
                        "newIndex": .number(String(change.newIndex ?? -1)),
                    ])
                }),
            "readTime": .string(snapshot.readTime.rfc3339),
        ])
    }

    /// An expected snapshot with proto3's omitted zero indexes written out and kind numbers as names.
    static func canonicalExpected(_ json: JSON) throws(HarnessError) -> JSON {
        guard case .object(let snapshot) = json else { throw HarnessError("A snapshot is not an object.") }
        var changes: [JSON] = []
        for change in try VectorInput.repeated(snapshot, "changes") {
            guard case .object(var object) = change else { throw HarnessError("A change is not an object.") }
            switch object["kind"] {
            case .number("1")?: object["kind"] = .string("ADDED")
            case .number("2")?: object["kind"] = .string("REMOVED")
            case .number("3")?: object["kind"] = .string("MODIFIED")
            default: break
            }
            if object["oldIndex"] == nil { object["oldIndex"] = .number("0") }
            if object["newIndex"] == nil { object["newIndex"] = .number("0") }
            changes.append(.object(object))
        }
        var result = snapshot
        result["docs"] = .array(try VectorInput.repeated(snapshot, "docs"))
        result["changes"] = .array(changes)
        return .object(result)
    }

    static func kindName(_ kind: ListenChange.Kind) -> String {
        switch kind {
        case .added: "ADDED"
        case .removed: "REMOVED"
        case .modified: "MODIFIED"
        }
    }

    /// The database the vector's documents are named in (`projectID` in Google's vectors).
    static func databaseOfVector(_ body: JSONObject) -> DatabaseID {
        for response in (try? VectorInput.repeated(body, "responses")) ?? [] {
            if case .object(let object) = response, case .object(let change)? = object["documentChange"],
                case .object(let document)? = change["document"], case .string(let name)? = document["name"],
                let parsed = try? DocumentName(parsing: name)
            {
                return parsed.database
            }
        }
        return (try? DatabaseID(projectID: "projectID")) ?? fallbackDatabase
    }

    private static var fallbackDatabase: DatabaseID { preconditionFailure("literal database ID") }
}
