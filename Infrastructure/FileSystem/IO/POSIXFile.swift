import Foundation
import HearthDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor and the path it was opened from. Every call goes through ``FileFaults``
/// and fails with a ``DocumentStoreError`` naming the file (``POSIXErrorMapping``). `EINTR` is retried.
struct POSIXFile: Sendable {
    let descriptor: Int32
    let path: String
    let faults: FileFaults

    /// Opens `path` with `flags` (`O_CLOEXEC` is always added).
    static func open(
        _ path: String, _ flags: Int32, mode: mode_t = 0o644, faults: FileFaults
    ) throws(DocumentStoreError) -> POSIXFile {
        if let code = faults.injected(.open, path) { throw POSIXErrorMapping.error(code, "open", path) }
        while true {
            let descriptor = path.withCString { systemOpen($0, flags | O_CLOEXEC, mode) }
            if descriptor >= 0 { return POSIXFile(descriptor: descriptor, path: path, faults: faults) }
            let code = errno
            if code == EINTR { continue }
            throw POSIXErrorMapping.error(code, "open", path)
        }
    }

    func close() {
        _ = systemClose(descriptor)
    }

    /// Opens `path` for reading.
    static func openForReading(_ path: String, faults: FileFaults) throws(DocumentStoreError) -> POSIXFile {
        try open(path, O_RDONLY, faults: faults)
    }

    /// Creates `path` empty (cutting it to nothing when it exists), open for reading and writing; a new
    /// file gets the permissions `mode` (less the process's umask).
    static func create(_ path: String, mode: mode_t = 0o644, faults: FileFaults) throws(DocumentStoreError) -> POSIXFile
    {
        try open(path, O_RDWR | O_CREAT | O_TRUNC, mode: mode, faults: faults)
    }

    /// Writes every byte of `bytes` (retrying short writes): at `offset` with `pwrite`, which leaves the
    /// file offset of sequential writes where it was, or at the current offset when `offset` is `nil`.
    func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) throws(DocumentStoreError) {
        if let code = faults.injected(.write, path) { throw POSIXErrorMapping.error(code, "write", path) }
        var done = 0
        while done < bytes.count {
            let start = bytes.baseAddress.map { $0 + done }
            let written =
                if let offset { pwrite(descriptor, start, bytes.count - done, off_t(offset + done)) } else {
                    systemWrite(descriptor, start, bytes.count - done)
                }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw POSIXErrorMapping.error(code, "write", path)
            }
            if written == 0 { throw POSIXErrorMapping.error(EIO, "write", path) }
            done += written
        }
    }

    /// Writes every byte of `bytes`, at `offset` or at the current offset (see the buffer version).
    func writeAll(_ bytes: [UInt8], at offset: Int? = nil) throws(DocumentStoreError) {
        try bytes.withRawBytes { (buffer) throws(DocumentStoreError) in try writeAll(buffer, at: offset) }
    }

    /// Reads up to `buffer.count` bytes at `offset`; returns how many were read (fewer only at the end).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(DocumentStoreError) -> Int {
        if let code = faults.injected(.read, path) { throw POSIXErrorMapping.error(code, "read", path) }
        faults.reading(buffer.count, path)
        var total = 0
        while total < buffer.count {
            let count = pread(
                descriptor, buffer.baseAddress.map { $0 + total }, buffer.count - total, off_t(offset + total))
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw POSIXErrorMapping.error(code, "read", path)
            }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Reads up to `count` bytes at `offset` into a new array (shorter only at the end of the file).
    func read(count: Int, at offset: Int) throws(DocumentStoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withMutableRawBytes { (buffer) throws(DocumentStoreError) in
            try self.read(into: buffer, at: offset)
        }
        bytes.removeLast(count - read)
        return bytes
    }

    /// Reads sequentially from the current offset; 0 at the end of the file.
    func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(DocumentStoreError) -> Int {
        if let code = faults.injected(.read, path) { throw POSIXErrorMapping.error(code, "read", path) }
        faults.reading(buffer.count, path)
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            throw POSIXErrorMapping.error(code, "read", path)
        }
    }

    /// Flushes the file's data (and the metadata needed to read it back) to stable storage:
    /// `fdatasync` on Linux, `F_FULLFSYNC` (falling back to `fsync`) on Darwin.
    func sync() throws(DocumentStoreError) {
        if let code = faults.injected(.sync, path) { throw POSIXErrorMapping.error(code, "sync", path) }
        while true {
            #if canImport(Darwin)
            var result = fcntl(descriptor, F_FULLFSYNC)
            if result != 0 { result = fsync(descriptor) }
            #else
            let result = fdatasync(descriptor)
            #endif
            if result == 0 { return }
            let code = errno
            if code == EINTR { continue }
            throw POSIXErrorMapping.error(code, "sync", path)
        }
    }

    /// The file's size in bytes.
    func size() throws(DocumentStoreError) -> Int {
        if let code = faults.injected(.stat, path) { throw POSIXErrorMapping.error(code, "inspect", path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw POSIXErrorMapping.error(errno, "inspect", path) }
        return Int(info.st_size)
    }

    /// What tells one version of a file from the next without reading it: device, inode, size and
    /// modification time, from `fstat`. A file replaced by a rename has a new inode (the new file exists
    /// while the old one does), so the pair differs.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modifiedSeconds: Int64
        let modifiedNanoseconds: Int64
    }

    /// The file's ``Identity``.
    func identity() throws(DocumentStoreError) -> Identity {
        if let code = faults.injected(.stat, path) { throw POSIXErrorMapping.error(code, "inspect", path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw POSIXErrorMapping.error(errno, "inspect", path) }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return Identity(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: Int64(info.st_size), modifiedSeconds: Int64(modified.tv_sec),
            modifiedNanoseconds: Int64(modified.tv_nsec))
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws(DocumentStoreError) {
        if let code = faults.injected(.truncate, path) { throw POSIXErrorMapping.error(code, "truncate", path) }
        while ftruncate(descriptor, off_t(length)) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw POSIXErrorMapping.error(code, "truncate", path)
        }
    }

    /// Takes an exclusive `flock`, waiting while another descriptor (in this process or another) holds it.
    /// Held until the descriptor is closed. Callers hold it only for short synchronous work, never across
    /// an `await`, so that a wait always ends.
    func lockExclusively() throws(DocumentStoreError) {
        if let code = faults.injected(.lock, path) { throw POSIXErrorMapping.error(code, "lock", path) }
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw POSIXErrorMapping.error(code, "lock", path)
        }
    }

    /// Takes an exclusive `flock` without waiting. Held until the descriptor is closed; a second
    /// descriptor (in this process or another) cannot take it. Returns `false` when it is held.
    func tryLockExclusively() throws(DocumentStoreError) -> Bool {
        if let code = faults.injected(.lock, path) {
            if code == EWOULDBLOCK { return false }
            throw POSIXErrorMapping.error(code, "lock", path)
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK { return false }
            throw POSIXErrorMapping.error(code, "lock", path)
        }
        return true
    }
}

private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
