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
        try locked { () throws(AuthError) -> Result in
            let read = try self.read()
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
            if read == nil || records != original { try write(records) }
            return try outcome.get()
        }
    }

    /// The records, read under the lock, without changing them.
    func records() throws(AuthError) -> AuthRecords {
        try update { records in records }
    }

    private func locked<Result>(_ body: () throws(AuthError) -> Result) throws(AuthError) -> Result {
        let lock: POSIXFile
        do {
            lock = try directory.waitForLock(Self.lockName)
        } catch {
            throw AuthError(
                .internal, "Could not lock the auth file's lock \(directory.file(Self.lockName)).", underlying: error)
        }
        defer { lock.close() }
        return try body()
    }

    /// The records, or `nil` when there is no file.
    private func read() throws(AuthError) -> AuthRecords? {
        let bytes: [UInt8]
        do {
            let file: POSIXFile
            do {
                file = try POSIXFile.openForReading(path, faults: directory.faults)
            } catch {
                if (error.underlying as? POSIXError)?.code == .ENOENT { return nil }
                throw error
            }
            defer { file.close() }
            let size = try file.size()
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
        do {
            return try AuthFileFormat.decode(bytes)
        } catch {
            throw AuthError(.internal, "The auth file \(path) is damaged: \(error.message)")
        }
    }

    private func write(_ records: AuthRecords) throws(AuthError) {
        let bytes = try AuthFileFormat.encode(records)
        do {
            try directory.replace(Self.name, through: Self.temporaryName, mode: 0o600) {
                (file) throws(DocumentStoreError) in try file.writeAll(bytes)
            }
        } catch {
            throw AuthError(.internal, "Could not write the auth file \(path).", underlying: error)
        }
    }
}
