public import HearthDomain

// Small, framework-agnostic assertions: each throws a `ContractFailure` naming what was expected, what
// happened, and the caller's file and line. They are public so that adapters can write extra behaviours
// of their own in the same style.

/// Fails unless `actual == expected`; `what` names the checked thing in the message.
public func expectEqual<T: Equatable>(
    _ actual: T,
    _ expected: T,
    _ what: @autoclosure () -> String = "value",
    file: String = #fileID,
    line: Int = #line
) throws(ContractFailure) {
    guard actual == expected else {
        throw ContractFailure("\(what()): expected \(expected), got \(actual)", file: file, line: line)
    }
}

/// Fails unless `condition` holds; `what` describes the expectation.
public func expectTrue(
    _ condition: Bool,
    _ what: @autoclosure () -> String,
    file: String = #fileID,
    line: Int = #line
) throws(ContractFailure) {
    guard condition else { throw ContractFailure("expected: \(what())", file: file, line: line) }
}

/// Fails unless `value` is `nil`.
public func expectNil<T>(
    _ value: T?,
    _ what: @autoclosure () -> String = "value",
    file: String = #fileID,
    line: Int = #line
) throws(ContractFailure) {
    if let value { throw ContractFailure("\(what()): expected nil, got \(value)", file: file, line: line) }
}

/// Returns `value`, or fails when it is `nil`.
public func unwrap<T>(
    _ value: T?,
    _ what: @autoclosure () -> String = "value",
    file: String = #fileID,
    line: Int = #line
) throws(ContractFailure) -> T {
    guard let value else { throw ContractFailure("\(what()): expected a value, got nil", file: file, line: line) }
    return value
}

/// A failure to `throw` directly: `throw fail("...")`.
public func fail(_ message: String, file: String = #fileID, line: Int = #line) -> ContractFailure {
    ContractFailure(message, file: file, line: line)
}

/// Runs `body` and fails unless it throws a `DocumentStoreError` with `code`; returns the error.
@discardableResult
public func expectThrows<T>(
    code: DocumentStoreError.Code,
    _ what: @autoclosure () -> String,
    file: String = #fileID,
    line: Int = #line,
    _ body: () async throws -> T
) async throws(ContractFailure) -> DocumentStoreError {
    try await expectThrows(anyOf: [code], what(), file: file, line: line, body)
}

/// Runs `body` and fails unless it throws a `DocumentStoreError` whose code is one of `codes` (for
/// the few failures the port lets adapters report in more than one way); returns the error.
@discardableResult
public func expectThrows<T>(
    anyOf codes: [DocumentStoreError.Code],
    _ what: @autoclosure () -> String,
    file: String = #fileID,
    line: Int = #line,
    _ body: () async throws -> T
) async throws(ContractFailure) -> DocumentStoreError {
    let expected = codes.map(\.name).joined(separator: " or ")
    let result: T
    do {
        result = try await body()
    } catch let error as DocumentStoreError {
        guard codes.contains(error.code) else {
            throw ContractFailure("\(what()): expected \(expected), got \(error)", file: file, line: line)
        }
        return error
    } catch let failure as ContractFailure {
        throw failure
    } catch {
        throw ContractFailure(
            "\(what()): expected DocumentStoreError \(expected), got \(type(of: error)): \(error)", file: file,
            line: line)
    }
    throw ContractFailure("\(what()): expected \(expected), but it succeeded with \(result)", file: file, line: line)
}

/// Fails unless the document exists and `field` holds exactly `expected` (same kind: `1` is not `1.0`).
/// `expected == nil` means the field must be absent.
public func expectField(
    _ document: Document?,
    _ field: FieldPath,
    _ expected: Value?,
    file: String = #fileID,
    line: Int = #line
) throws(ContractFailure) {
    guard let document else {
        throw ContractFailure("expected a document holding \(field), got no document", file: file, line: line)
    }
    let actual = document.value(at: field)
    guard actual == expected else {
        throw ContractFailure(
            "\(document.path) field \(field): expected \(expected.map(\.description) ?? "<absent>"), got \(actual.map(\.description) ?? "<absent>")",
            file: file,
            line: line
        )
    }
}

/// Fails unless `value` is the double zero (either sign: the sign of a stored `-0.0` is not observable
/// through every adapter).
public func expectDoubleZero(
    _ value: Value?,
    _ what: @autoclosure () -> String = "value",
    file: String = #fileID,
    line: Int = #line
) throws(ContractFailure) {
    guard case .double(let number)? = value, number == 0 else {
        throw ContractFailure(
            "\(what()): expected the double 0.0, got \(value.map(\.description) ?? "<absent>")", file: file, line: line)
    }
}

/// Fails unless `value` is a double NaN.
public func expectNaN(
    _ value: Value?,
    _ what: @autoclosure () -> String = "value",
    file: String = #fileID,
    line: Int = #line
) throws(ContractFailure) {
    guard case .double(let number)? = value, number.isNaN else {
        throw ContractFailure(
            "\(what()): expected the double NaN, got \(value.map(\.description) ?? "<absent>")", file: file, line: line)
    }
}
