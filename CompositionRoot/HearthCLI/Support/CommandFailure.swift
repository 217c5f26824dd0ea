import Hearth

/// Why a command stopped, and so its exit status.
enum CommandFailure: Error {
    /// Bad arguments, input or configuration: exit status 2, nothing written.
    case usage(String)
    /// The operation failed (a store error, a missing document): exit status 1.
    case failed(String)

    static let usageStatus: Int32 = 2
    static let failureStatus: Int32 = 1

    var status: Int32 {
        switch self {
        case .usage: Self.usageStatus
        case .failed: Self.failureStatus
        }
    }

    var message: String {
        switch self {
        case .usage(let message), .failed(let message): message
        }
    }

    /// A store error as the command reports it: `invalidArgument` is the caller's mistake (status 2),
    /// anything else a failure (status 1).
    static func from(_ error: DocumentStoreError) -> CommandFailure {
        let text = "\(error.code.name): \(error.message)"
        return error.code == .invalidArgument ? .usage(text) : .failed(text)
    }

    /// An authentication error as the command reports it: its code named (`invalidCredentials: …`),
    /// exit status 1. Auth errors never hold a password or a token.
    static func from(_ error: AuthError) -> CommandFailure {
        .failed("\(error.code.name): \(error.message)")
    }
}
