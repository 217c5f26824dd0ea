import Synchronization

/// The auth file's records as last read or written by one gateway, with the stamp of that version of the
/// file (the change counter in `auth.lock` and the file's identity): `AuthFile` reuses them only under
/// the lock and only while the stamp is unchanged, so a change by any other gateway, in this process or
/// another, is always read.
final class AuthFileCache: Sendable {
    struct Stamp: Equatable, Sendable {
        let counter: UInt64
        let identity: POSIXFile.Identity
    }

    private let entry = Mutex<(stamp: Stamp, records: AuthRecords)?>(nil)

    func records(at stamp: Stamp) -> AuthRecords? {
        entry.withLock { entry in entry.flatMap { $0.stamp == stamp ? $0.records : nil } }
    }

    func store(_ records: AuthRecords, at stamp: Stamp) {
        entry.withLock { $0 = (stamp, records) }
    }

    func clear() {
        entry.withLock { $0 = nil }
    }
}
