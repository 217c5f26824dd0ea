import Foundation
import HearthCrypto
import HearthDomain

/// The auth file of a folder, `auth.json`, and how it is read and replaced: under an exclusive `flock` of
/// `auth.lock` beside it (so gateways on one folder, in one process or several, take turns), read whole,
/// and written crash-safely (a new file `auth.json.writing` is filled, flushed, renamed over `auth.json`, and
/// the folder flushed). The file is created with permissions `0600`: it holds the signing key.
///
/// Everything that goes wrong is an `AuthError` with code `internal` naming the file: an I/O failure
/// (with the `DocumentStoreError` as its cause), a missing file, a file that is not a Hearth auth file, or
/// one that is damaged (the message names the field at fault, never a value from the file).
struct AuthFile: Sendable {
    static let name = "auth.json"
    static let temporaryName = "auth.json.writing"
    static let lockName = "auth.lock"
    /// A file larger than this is refused before it is read: 64 MiB, about 200,000 accounts.
    static let maximumByteCount = 64 << 20

    let directory: StoreDirectory
    /// The records last read or written, so that an operation finding the file unchanged need not decode it.
    let cache = AuthFileCache()

    init(folder: String, faults: FileFaults = .none) {
        directory = StoreDirectory(path: folder, faults: faults)
    }

    var path: String { directory.file(Self.name) }

    /// Creates the folder when missing, and the file with new records (a new signing key) when missing.
    func create() throws(AuthError) {
        do {
            try directory.ensureExists(create: true)
        } catch {
            throw AuthError(.internal, "Could not create the auth folder \(directory.path).", underlying: error)
        }
        try update(creating: true) { _ in }
    }

    /// Runs `body` on the file's records under the lock and writes them back when it changed them (also
    /// when it then throws: a recorded failure is kept). With `creating`, a missing file starts as new
    /// records; otherwise a missing file is an error.
    func update<Result>(
        creating: Bool = false, _ body: (inout AuthRecords) throws(AuthError) -> Result
    ) throws(AuthError) -> Result {
        try locked { (lock) throws(AuthError) -> Result in
            let counter = changeCounter(lock)
            let read = try self.read(counter: counter)
            guard let original = read ?? (creating ? AuthRecords.new() : nil) else {
                throw AuthError(
                    .internal,
                    "The auth file \(path) is missing (it existed when the gateway opened); it was moved or deleted.")
            }
            var records = original
            let outcome: Swift.Result<Result, AuthError>
            do throws(AuthError) {
                outcome = .success(try body(&records))
            } catch {
                outcome = .failure(error)
            }
            if read == nil || records != original { try write(records, lock: lock, counter: counter) }
            return try outcome.get()
        }
    }

    /// The records, read under the lock, without changing them.
    func records() throws(AuthError) -> AuthRecords {
        try update { records in records }
    }

    private func locked<Result>(_ body: (POSIXFile) throws(AuthError) -> Result) throws(AuthError) -> Result {
        let lock: POSIXFile
        do {
            lock = try directory.waitForLock(Self.lockName)
        } catch {
            throw AuthError(
                .internal, "Could not lock the auth file's lock \(directory.file(Self.lockName)).", underlying: error)
        }
        defer { lock.close() }
        return try body(lock)
    }

    /// The change counter kept in the lock file's first 8 bytes (little-endian; 0 while it is empty): every
    /// write of the auth file, by any gateway, bumps it under the lock, so a cached read is reused only
    /// while both it and the file's identity are unchanged. `nil` (no cache) when it cannot be read.
    private func changeCounter(_ lock: POSIXFile) -> UInt64? {
        guard let bytes = try? lock.read(count: 8, at: 0) else { return nil }
        guard bytes.count == 8 else { return 0 }
        return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The records, or `nil` when there is no file; from the cache when the file and the change counter are
    /// what they were when the cache was filled.
    private func read(counter: UInt64?) throws(AuthError) -> AuthRecords? {
        let bytes: [UInt8]
        let stamp: AuthFileCache.Stamp?
        do {
            let file: POSIXFile
            do {
                file = try POSIXFile.openForReading(path, faults: directory.faults)
            } catch {
                if (error.underlying as? POSIXError)?.code == .ENOENT { return nil }
                throw error
            }
            defer { file.close() }
            let identity = try file.identity()
            stamp = counter.map { AuthFileCache.Stamp(counter: $0, identity: identity) }
            if let stamp, let cached = cache.records(at: stamp) { return cached }
            let size = Int(identity.size)
            guard size <= Self.maximumByteCount else {
                throw AuthError(
                    .internal,
                    "The auth file \(path) is not a Hearth auth file: it has \(size) bytes, more than \(Self.maximumByteCount)."
                )
            }
            bytes = try file.read(count: size, at: 0)
        } catch let error as AuthError {
            throw error
        } catch {
            throw AuthError(.internal, "Could not read the auth file \(path).", underlying: error)
        }
        let records: AuthRecords
        do {
            records = try AuthFileFormat.decode(bytes)
        } catch {
            throw AuthError(.internal, "The auth file \(path) is damaged: \(error.message)")
        }
        if let stamp { cache.store(records, at: stamp) }
        return records
    }

    /// Replaces the file with `records`, then bumps the change counter and caches what was written. A
    /// counter that cannot be written only empties this cache (other gateways still see the file's new
    /// identity).
    private func write(_ records: AuthRecords, lock: POSIXFile, counter: UInt64?) throws(AuthError) {
        let bytes = try AuthFileFormat.encode(records)
        let identity: POSIXFile.Identity
        do {
            identity = try directory.replace(Self.name, through: Self.temporaryName, mode: 0o600) {
                (file) throws(DocumentStoreError) in
                try file.writeAll(bytes)
                return try file.identity()
            }
        } catch {
            cache.clear()
            throw AuthError(.internal, "Could not write the auth file \(path).", underlying: error)
        }
        let next = (counter ?? 0) &+ 1
        do {
            try lock.writeAll((0..<8).map { UInt8(truncatingIfNeeded: next >> (8 * $0)) }, at: 0)
            cache.store(records, at: AuthFileCache.Stamp(counter: next, identity: identity))
        } catch {
            cache.clear()
        }
    }
}
