import HearthDomain

/// One state of a document, installed by the commit at `commitTime` (`document == nil`: deleted).
struct DocumentVersion: Sendable {
    let commitTime: Timestamp
    let document: Document?
}

/// The versions of one document path, oldest first (MVCC): reads at a past time find the version that
/// was current then. Never empty once a version has been appended.
struct VersionChain: Sendable {
    private(set) var versions: [DocumentVersion] = []

    /// The newest version, including commits not yet published.
    var head: DocumentVersion? { versions.last }

    /// The version current at `time`: the newest with `commitTime <= time`.
    func version(at time: Timestamp) -> DocumentVersion? {
        var index = versions.count - 1
        while index >= 0 {
            if versions[index].commitTime <= time { return versions[index] }
            index -= 1
        }
        return nil
    }

    /// The document as of `time`, or `nil` when it did not exist then.
    func document(at time: Timestamp) -> Document? {
        version(at: time)?.document
    }

    mutating func append(_ version: DocumentVersion) {
        versions.append(version)
    }

    /// Drops every version installed at or after `time` (a discarded, never-published commit).
    mutating func removeVersions(installedAtOrAfter time: Timestamp) {
        while let last = versions.last, last.commitTime >= time {
            versions.removeLast()
        }
    }

    /// Drops the versions no read at or after `cutoff` can see (all but the newest one at or before it).
    mutating func prune(before cutoff: Timestamp) {
        var keepFrom = 0
        for (index, version) in versions.enumerated() where version.commitTime <= cutoff {
            keepFrom = index
        }
        if keepFrom > 0 { versions.removeFirst(keepFrom) }
    }

    /// Whether the chain holds nothing a read at or after `cutoff` could see: no versions, or one
    /// deletion at or before it.
    func isObsolete(at cutoff: Timestamp) -> Bool {
        guard let first = versions.first else { return true }
        return versions.count == 1 && first.document == nil && first.commitTime <= cutoff
    }
}
