import HearthDomain

/// A system call the file store makes, as ``FileFaults`` sees it.
enum FileOperation: String, Sendable, CaseIterable {
    case open, read, write, sync, rename, truncate, remove, lock, list, createDirectory, stat
}

/// The test seam in front of every system call of the file store: before each call, `fault` is asked
/// whether to fail it, with the operation and the file's name (last path component); returning an
/// `errno` value makes the call fail with it, as if the system had. Production uses ``none``.
///
/// A fault that *blocks* (a test holding a flush until it has arranged something) must say so with
/// `blocking: true`: the log is then written only by its writer thread, never inline by a committer,
/// so that no task of the cooperative pool waits on it.
struct FileFaults: Sendable {
    /// `nil` for ``none``: no fault is ever injected, and asking costs nothing.
    private let fault: (@Sendable (FileOperation, String) -> Int32?)?
    /// Told the file's name and the byte count of every read (how much one read asks for at most is
    /// what bounds recovery's memory on a damaged file); `nil` for ``none``.
    private let readObserver: (@Sendable (String, Int) -> Void)?
    let mayBlock: Bool

    init(
        blocking: Bool = false,
        observingReads readObserver: (@Sendable (String, Int) -> Void)? = nil,
        _ fault: @escaping @Sendable (FileOperation, String) -> Int32?
    ) {
        self.fault = fault
        self.readObserver = readObserver
        self.mayBlock = blocking
    }

    private init() {
        self.fault = nil
        self.readObserver = nil
        self.mayBlock = false
    }

    static let none = FileFaults()

    /// Reports a read of `count` bytes of `path` to the observer, if any.
    func reading(_ count: Int, _ path: String) {
        guard let readObserver else { return }
        readObserver(Self.fileName(path), count)
    }

    func injected(_ operation: FileOperation, _ path: String) -> Int32? {
        guard let fault else { return nil }
        return fault(operation, Self.fileName(path))
    }

    /// The last component of a file path, cut on `/` bytes (a file name may begin with a combining mark).
    private static func fileName(_ path: String) -> String {
        UTF8Split.split(path, separator: UInt8(ascii: "/")).last(where: { !$0.isEmpty }) ?? path
    }
}
