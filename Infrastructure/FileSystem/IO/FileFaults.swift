/// A system call the file store makes, as ``FileFaults`` sees it.
enum FileOperation: String, Sendable, CaseIterable {
    case open, read, write, sync, rename, truncate, remove, lock, list, createDirectory, stat
}

/// The test seam in front of every system call of the file store: before each call, `fault` is asked
/// whether to fail it, with the operation and the file's name (last path component); returning an
/// `errno` value makes the call fail with it, as if the system had. Production uses ``none``.
struct FileFaults: Sendable {
    let fault: @Sendable (FileOperation, String) -> Int32?

    init(_ fault: @escaping @Sendable (FileOperation, String) -> Int32?) {
        self.fault = fault
    }

    static let none = FileFaults { _, _ in nil }

    func injected(_ operation: FileOperation, _ path: String) -> Int32? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return fault(operation, name)
    }
}
