import HearthDomain
import Testing

/// The `AuthError` `body` throws, or `nil` (recording an issue) when it returns or throws something else.
func authError<Result>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Result) -> AuthError? {
    do {
        let result = try body()
        Issue.record("Expected an AuthError, got \(result).", sourceLocation: sourceLocation)
        return nil
    } catch let error as AuthError {
        return error
    } catch {
        Issue.record("Expected an AuthError, got \(error).", sourceLocation: sourceLocation)
        return nil
    }
}

/// Everything a value shows: its description, its debug description and its `dump`.
func everythingShown(_ value: Any) -> String {
    var dumped = ""
    dump(value, to: &dumped)
    return [String(describing: value), String(reflecting: value), dumped].joined(separator: "\n")
}
