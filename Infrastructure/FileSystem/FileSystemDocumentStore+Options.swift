extension FileSystemDocumentStore {
    /// How a ``FileSystemDocumentStore`` is opened and how it writes; every property documents its default.
    public struct Options: Sendable, Hashable {
        /// When a commit is acknowledged. Default ``Durability/full``.
        public var durability: Durability
        /// The log size (bytes) past which the store compacts its log into a snapshot in the background.
        /// Default 64 MiB. Compaction also runs on demand (``FileSystemDocumentStore/compact()``).
        public var compactionThreshold: Int
        /// Whether opening a missing directory creates it (default `true`); when `false`, a missing
        /// directory is `notFound`.
        public var createIfMissing: Bool

        /// Options with the defaults described on each property. A `compactionThreshold` below 4 KiB is raised
        /// to 4 KiB when the store opens.
        public init(durability: Durability = .full, compactionThreshold: Int = 64 << 20, createIfMissing: Bool = true) {
            self.durability = durability
            self.compactionThreshold = compactionThreshold
            self.createIfMissing = createIfMissing
        }
    }

    /// When a commit is acknowledged, and so what a crash can lose.
    ///
    /// - ``full`` (the default): a commit returns only after its log record has been written **and**
    ///   flushed to stable storage (`fdatasync`; `F_FULLFSYNC` on Darwin). Nothing acknowledged is lost,
    ///   neither when the process is killed nor when the machine loses power. Concurrent commits share one
    ///   flush (group commit).
    /// - ``relaxed`` / ``relaxed(syncInterval:)``: a commit returns once its record has been handed to the
    ///   operating system (`write`), and the log is flushed in the background at most `syncInterval`
    ///   after a write (default 1 second), and on ``FileSystemDocumentStore/close()`` and compaction.
    ///   A crash of the *process* loses nothing acknowledged; a crash of the *operating system* or a power
    ///   loss can lose the commits of the last `syncInterval`. Either way the store reopens consistent:
    ///   the lost commits are a suffix of the history, and no commit is ever partly visible.
    public struct Durability: Sendable, Hashable, CustomStringConvertible {
        enum Mode: Sendable, Hashable {
            case full
            case relaxed(syncInterval: Duration)
        }

        let mode: Mode

        /// Flush before acknowledging every commit (concurrent commits share one flush).
        public static let full = Durability(mode: .full)
        /// Acknowledge after `write`, flush at least every second in the background.
        public static let relaxed = Durability(mode: .relaxed(syncInterval: .seconds(1)))

        /// Acknowledge after `write`, flush in the background at most `syncInterval` after a write.
        public static func relaxed(syncInterval: Duration) -> Durability {
            Durability(mode: .relaxed(syncInterval: syncInterval))
        }

        /// `full`, or `relaxed(syncInterval: …)` with the interval.
        public var description: String {
            switch mode {
            case .full: "full"
            case .relaxed(let interval): "relaxed(syncInterval: \(interval))"
            }
        }
    }
}
