import Foundation
import HearthDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of one store directory (see Docs/FileFormat.md): `LOCK`, `snapshot.hearth`,
/// `log-<generation as 16 hex digits>.hearth`, and `*.tmp` files being written. File names never
/// contain document IDs.
struct StoreDirectory: Sendable {
    static let lockName = "LOCK"
    static let snapshotName = "snapshot.hearth"
    static let temporarySuffix = ".tmp"

    /// The directory's path, without a trailing slash.
    let path: String
    let faults: FileFaults

    init(path: String, faults: FileFaults) {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.path = path
        self.faults = faults
    }

    func file(_ name: String) -> String { path + "/" + name }

    static func logName(_ generation: UInt64) -> String {
        let hex = String(generation, radix: 16)
        return "log-" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex + ".hearth"
    }

    /// The generation of a log file's name, or `nil` when `name` is not one.
    static func logGeneration(_ name: String) -> UInt64? {
        guard name.hasPrefix("log-"), name.hasSuffix(".hearth") else { return nil }
        let hex = name.dropFirst(4).dropLast(7)
        guard hex.count == 16, hex.allSatisfy(\.isHexDigit), hex.lowercased() == hex else { return nil }
        return UInt64(hex, radix: 16)
    }

    /// Creates the directory (and its parents) when missing and `create` is set; otherwise a missing
    /// directory is `notFound`.
    func ensureExists(create: Bool) throws(DocumentStoreError) {
        var info = stat()
        if let code = faults.injected(.stat, path) { throw POSIXErrorMapping.error(code, "inspect", path) }
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw DocumentStoreError(.invalidArgument, "The file store's path \(path) is not a directory.")
            }
            return
        }
        let code = errno
        guard code == ENOENT else { throw POSIXErrorMapping.error(code, "inspect", path) }
        guard create else {
            throw DocumentStoreError(
                .notFound, "The file store directory \(path) does not exist (and createIfMissing is off).")
        }
        if let code = faults.injected(.createDirectory, path) {
            throw POSIXErrorMapping.error(code, "create the directory", path)
        }
        try Self.makeDirectory(path)
        let parent = (path as NSString).deletingLastPathComponent
        try StoreDirectory(path: parent.isEmpty ? "." : parent, faults: faults).sync()
    }

    /// Creates `path` and its missing parents with `mkdir(2)`, so that a failure keeps its `errno`
    /// (Foundation's `createDirectory` reports none on Linux) and maps as every other system call does,
    /// naming the directory that could not be made.
    private static func makeDirectory(_ path: String) throws(DocumentStoreError) {
        if makeOneDirectory(path) == 0 { return }
        var code = errno
        if code == ENOENT {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty, parent != path {
                try makeDirectory(parent)
                if makeOneDirectory(path) == 0 { return }
                code = errno
            }
        }
        if code == EEXIST {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw DocumentStoreError(.invalidArgument, "The file store's path \(path) exists and is not a directory.")
        }
        throw POSIXErrorMapping.error(code, "create the directory", path)
    }

    /// Opens (creating) the lock file and takes its exclusive lock; the returned file holds it until closed.
    ///
    /// A lock that is held is tried again for up to half a second before the store is reported open
    /// elsewhere: a process being spawned holds a copy of every descriptor of its parent until it executes
    /// its program (`O_CLOEXEC` closes them only then), so a store closed and reopened while the
    /// application starts a child can find its own lock held for that moment (seen in the test suite).
    func lock() throws(DocumentStoreError) -> POSIXFile {
        let lockPath = file(Self.lockName)
        let file = try POSIXFile.open(lockPath, O_RDWR | O_CREAT, mode: 0o644, faults: faults)
        do throws(DocumentStoreError) {
            var attempts = 0
            while try !file.tryLockExclusively() {
                attempts += 1
                guard attempts < 100 else { throw POSIXErrorMapping.lockError(path: lockPath, directory: path) }
                usleep(5_000)
            }
        } catch {
            file.close()
            throw error
        }
        return file
    }

    /// Opens (creating) the file `name` and takes its exclusive lock, waiting while another descriptor
    /// holds it (`POSIXFile.lockExclusively()`); the returned file holds it until closed.
    func waitForLock(_ name: String) throws(DocumentStoreError) -> POSIXFile {
        let file = try POSIXFile.open(self.file(name), O_RDWR | O_CREAT, mode: 0o644, faults: faults)
        do {
            try file.lockExclusively()
        } catch {
            file.close()
            throw error
        }
        return file
    }

    /// The names in the directory, `.` and `..` excluded.
    func list() throws(DocumentStoreError) -> [String] {
        if let code = faults.injected(.list, path) { throw POSIXErrorMapping.error(code, "list", path) }
        guard let handle = opendir(path) else { throw POSIXErrorMapping.error(errno, "list", path) }
        defer { closedir(handle) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { throw POSIXErrorMapping.error(errno, "list", path) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
    }

    /// Makes renames, creations and removals in the directory durable (`fsync` of the directory).
    func sync() throws(DocumentStoreError) {
        let directory = try POSIXFile.open(path, O_RDONLY | O_DIRECTORY, faults: faults)
        defer { directory.close() }
        if let code = faults.injected(.sync, path) { throw POSIXErrorMapping.error(code, "sync", path) }
        while fsync(directory.descriptor) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EINVAL || code == EBADF { return }  // file systems that cannot sync directories
            throw POSIXErrorMapping.error(code, "sync", path)
        }
    }

    /// Writes the file `name` crash-safely: `write` fills the new, empty file `temporary`, which is then
    /// flushed, closed and renamed over `name`, and the directory flushed. A crash leaves `name` as it was
    /// or complete. On a failure the temporary file is removed and the error thrown. Returns what `write`
    /// returns. A new file gets the permissions `mode` (less the umask).
    func replace<Result>(
        _ name: String,
        through temporary: String,
        mode: mode_t = 0o644,
        _ write: (POSIXFile) throws(DocumentStoreError) -> Result
    ) throws(DocumentStoreError) -> Result {
        let file = try POSIXFile.create(self.file(temporary), mode: mode, faults: faults)
        let result: Result
        do {
            result = try write(file)
            try file.sync()
            file.close()
        } catch {
            file.close()
            removeLeftover(temporary)
            throw error
        }
        do {
            try rename(temporary, to: name)
        } catch {
            removeLeftover(temporary)
            throw error
        }
        try sync()
        return result
    }

    /// Atomically replaces `to` with `from` (both names in this directory).
    func rename(_ from: String, to: String) throws(DocumentStoreError) {
        if let code = faults.injected(.rename, file(to)) {
            throw POSIXErrorMapping.error(code, "rename \(file(from)) to", file(to))
        }
        guard renameFile(file(from), file(to)) == 0 else {
            throw POSIXErrorMapping.error(errno, "rename \(file(from)) to", file(to))
        }
    }

    /// Removes a leftover after a failure that is already being reported (best effort: recovery removes
    /// `*.tmp` files anyway).
    func removeLeftover(_ name: String) {
        do {
            try remove(name)
        } catch {
            return
        }
    }

    /// Removes a file; a missing one is not an error.
    func remove(_ name: String) throws(DocumentStoreError) {
        if let code = faults.injected(.remove, file(name)) { throw POSIXErrorMapping.error(code, "remove", file(name)) }
        guard unlink(file(name)) == 0 || errno == ENOENT else {
            throw POSIXErrorMapping.error(errno, "remove", file(name))
        }
    }
}

private func makeOneDirectory(_ path: String) -> Int32 {
    mkdir(path, 0o777)
}

private func renameFile(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}
