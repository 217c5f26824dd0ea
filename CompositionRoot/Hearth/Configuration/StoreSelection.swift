public import Foundation

/// Which adapter holds the data. Read from `HEARTH_STORE` (`memory`, `file:<directory>`, `firestore`),
/// or chosen in code: switching adapters is changing this one value.
public enum StoreSelection: Sendable {
    /// `InMemoryDocumentStore`-backed: fast, empty at start, gone at exit. For tests and experiments.
    case memory
    /// The file store in `directory` (created when missing): durable, embedded, one process at a time.
    case file(directory: URL)
    /// Cloud Firestore (or its emulator) over the REST API.
    case firestore(FirestoreTarget)

    /// `.hearth/data`, relative to the current directory: where the file store lives by default.
    public static let defaultDirectory = ".hearth/data"

    /// The default store: the file store in ``defaultDirectory``.
    public static var `default`: StoreSelection { .file(directory: URL(fileURLWithPath: defaultDirectory)) }

    /// The file store at a path (relative paths are resolved against the current directory).
    public static func file(_ path: String) -> StoreSelection { .file(directory: URL(fileURLWithPath: path)) }

    /// A short description for people: `memory`, `file:.hearth/data`, `firestore:demo-gym@127.0.0.1:8080`.
    public var summary: String {
        switch self {
        case .memory: "memory"
        case .file(let directory): "file:\(directory.relativePath)"
        case .firestore(let target):
            "firestore:\(target.projectID)" + (target.emulatorHost.map { "@\($0) (emulator)" } ?? "")
        }
    }
}
