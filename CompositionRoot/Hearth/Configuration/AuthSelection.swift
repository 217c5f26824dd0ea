public import Foundation

/// Which adapter signs users in: read from `HEARTH_AUTH` (`memory`, `file`, `file:<directory>`,
/// `firebase`), or chosen in code. `nil` in ``HearthConfiguration/auth`` means the one matching the
/// store (``HearthConfiguration/effectiveAuth``): the file store's folder keeps its accounts, Firestore
/// goes with Firebase Authentication, memory with memory.
public enum AuthSelection: Sendable, Equatable {
    /// `InMemoryAuthGateway`: accounts live as long as the process. For tests and experiments.
    case memory
    /// `FileAuthGateway` in `directory` (created when missing): durable accounts, salted scrypt hashes,
    /// HS256-signed ID tokens.
    case file(directory: URL)
    /// Firebase Authentication over REST (`FirebaseAuthGateway`): the Auth emulator at `emulatorHost`
    /// (`FIREBASE_AUTH_EMULATOR_HOST`) when set, production otherwise, with the project's Web API key
    /// (`FIREBASE_API_KEY`: required for production; the emulator takes any non-empty key, and
    /// `fake-api-key` is used when none is set).
    case firebase(apiKey: String?, emulatorHost: String?)

    /// The folder the file adapter uses inside a file store's directory: `<store>/auth`.
    public static func file(besideStoreIn storeDirectory: URL) -> AuthSelection {
        .file(directory: storeDirectory.appendingPathComponent("auth", isDirectory: true))
    }

    /// A short description for people: `memory`, `file:.hearth/data/auth`, `firebase (emulator 127.0.0.1:9099)`.
    /// Never the API key.
    public var summary: String {
        switch self {
        case .memory: "memory"
        case .file(let directory): "file:\(directory.relativePath)"
        case .firebase(_, let emulatorHost): "firebase" + (emulatorHost.map { " (emulator \($0))" } ?? "")
        }
    }
}
