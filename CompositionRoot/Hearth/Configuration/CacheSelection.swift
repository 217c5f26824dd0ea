public import Foundation

/// Whether the store gets an offline cache, and where it keeps it: read from `HEARTH_CACHE` (`off`,
/// `memory`, `file:<directory>`), or chosen in code. With a cache, the database is a `CachedDocumentStore`
/// over the configured store (see `Docs/Offline.md`): writes apply locally at once and queue for the
/// store, reads fall back to the cache when the store cannot be reached.
public enum CacheSelection: Sendable, Equatable {
    /// No cache (the default): every call goes to the store.
    case off
    /// A cache in memory: offline reads and queued writes for the life of the process (pending writes
    /// not sent when it ends are lost).
    case memory
    /// A cache in a file store in `directory` (created when missing): documents and pending writes
    /// survive restarts, and a later run sends what an earlier one queued.
    case file(directory: URL)

    /// `.hearth/cache`, relative to the current directory: where `HEARTH_CACHE=file` keeps the cache.
    public static let defaultDirectory = ".hearth/cache"

    /// The file cache at a path (relative paths are resolved against the current directory).
    public static func file(_ path: String) -> CacheSelection { .file(directory: URL(fileURLWithPath: path)) }

    /// A short description for people: `off`, `memory`, `file:.hearth/cache`.
    public var summary: String {
        switch self {
        case .off: "off"
        case .memory: "memory"
        case .file(let directory): "file:\(directory.relativePath)"
        }
    }
}
