import HearthDomain

/// How queued writes are applied to the local cache (latency compensation): the server decides
/// preconditions, so the local effect of a write ignores them, except that an update requiring an
/// existing document (`exists: true`, Firebase's `updateData`) of a document the cache does not hold has
/// no local effect (the cache does not invent a partial document; the server will say).
enum LocalEffect {
    /// The local form of `writes`, applied in order to documents whose existence in the cache is
    /// `exists` (paths absent from it: missing). Returns the writes to commit locally and, for each
    /// input write, its index among them (`nil`: no local effect).
    static func localWrites(
        _ writes: [Write], exists initial: [DocumentPath: Bool]
    ) -> (writes: [Write], indexes: [Int?]) {
        var exists = initial
        var local: [Write] = []
        var indexes: [Int?] = []
        for write in writes {
            let present = exists[write.path] ?? false
            if case .exists(true)? = write.precondition, !present, write.operation != .delete {
                indexes.append(nil)
                continue
            }
            var stripped = write
            stripped.precondition = nil
            indexes.append(local.count)
            local.append(stripped)
            exists[write.path] = write.operation != .delete
        }
        return (local, indexes)
    }

    /// The writes that make the cache hold `server` (the remote's document at `path`, `nil`: missing) and
    /// then re-apply `pending` (the writes still queued, in queue order) to it.
    static func rebase(_ path: DocumentPath, on server: Document?, pending: [Write]) -> [Write] {
        let base: Write = server.map { .update(path, fields: $0.fields) } ?? .delete(path)
        let replayed = localWrites(pending.filter { $0.path == path }, exists: [path: server != nil]).writes
        return [base] + replayed
    }

    /// The most field transforms one local commit may apply to one document: Firestore's limit, which the
    /// local stores enforce too.
    static let maximumTransformsPerDocument = 500

    /// `writes` split, in order, into local commits the local store accepts: none applies more than
    /// ``maximumTransformsPerDocument`` transforms to one document (re-applying many queued increments of
    /// one document would otherwise be refused, and the queue would stop behind it).
    static func commits(_ writes: [Write]) -> [[Write]] {
        var commits: [[Write]] = []
        var current: [Write] = []
        var transforms: [DocumentPath: Int] = [:]
        for write in writes {
            if transforms[write.path, default: 0] + write.transforms.count > maximumTransformsPerDocument,
                !current.isEmpty
            {
                commits.append(current)
                current = []
                transforms = [:]
            }
            current.append(write)
            transforms[write.path, default: 0] += write.transforms.count
        }
        if !current.isEmpty { commits.append(current) }
        return commits
    }
}
