public import HearthContract
public import HearthDomain

// The contract's own assertions, in the style of HearthContract's (`expectEqual`, `unwrap`, `fail`).

/// Runs `body` and fails unless it throws an `AuthError` with `code`; returns the error.
@discardableResult
public func expectAuthError<T>(
    _ code: AuthError.Code,
    _ what: @autoclosure () -> String,
    file: String = #fileID,
    line: Int = #line,
    _ body: () async throws -> T
) async throws(ContractFailure) -> AuthError {
    let result: T
    do {
        result = try await body()
    } catch let error as AuthError {
        guard error.code == code else {
            throw ContractFailure("\(what()): expected \(code), got \(error)", file: file, line: line)
        }
        return error
    } catch {
        throw ContractFailure("\(what()): expected AuthError \(code), got \(type(of: error))", file: file, line: line)
    }
    throw ContractFailure("\(what()): expected \(code), but it succeeded with \(result)", file: file, line: line)
}

/// Fails when `value`'s description, debug description or `dump` shows any of `secrets`.
public func expectRedacted(
    _ value: Any,
    hiding secrets: [String],
    _ what: @autoclosure () -> String,
    file: String = #fileID,
    line: Int = #line
) throws(ContractFailure) {
    var dumped = ""
    dump(value, to: &dumped)
    for (form, text) in [
        ("description", String(describing: value)), ("debugDescription", String(reflecting: value)), ("dump", dumped),
    ] {
        for secret in secrets where text.contains(secret) {
            throw ContractFailure(
                "\(what()): its \(form) shows a secret (\(secret.utf8.count) bytes)", file: file, line: line)
        }
    }
}
