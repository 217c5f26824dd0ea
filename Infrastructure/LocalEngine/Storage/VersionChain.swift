import HearthDomain

/// One state of a document, installed by the commit at `commitTime` (`document == nil`: deleted), as
/// reads return it.
struct DocumentVersion: Sendable {
    let commitTime: Timestamp
    let document: Document?
}

/// One stored state of a document: the commit that installed it and the compact record (`nil`: deleted).
struct StoredVersion: Sendable {
    let commitTime: Timestamp
    let record: DocumentRecord?
}

/// The versions of one document path, oldest first (MVCC): reads at a past time find the version that
/// was current then. Most documents have one version, kept inline without an array.
enum VersionChain: Sendable {
    case single(StoredVersion)
    case multiple([StoredVersion])

    static let empty = VersionChain.multiple([])

    var versions: [StoredVersion] {
        switch self {
        case .single(let version): [version]
        case .multiple(let versions): versions
        }
    }

    var isEmpty: Bool {
        if case .multiple(let versions) = self { return versions.isEmpty }
        return false
    }

    var isSingle: Bool {
        if case .single = self { return true }
        return false
    }

    /// The newest version, including commits not yet published.
    var head: StoredVersion? {
        switch self {
        case .single(let version): version
        case .multiple(let versions): versions.last
        }
    }

    /// The version current at `time`: the newest with `commitTime <= time`.
    func version(at time: Timestamp) -> StoredVersion? {
        switch self {
        case .single(let version):
            return version.commitTime <= time ? version : nil
        case .multiple(let versions):
            var index = versions.count - 1
            while index >= 0 {
                if versions[index].commitTime <= time { return versions[index] }
                index -= 1
            }
            return nil
        }
    }

    mutating func append(_ version: StoredVersion) {
        switch self {
        case .single(let first): self = .multiple([first, version])
        case .multiple(let versions): self = versions.isEmpty ? .single(version) : .multiple(versions + [version])
        }
    }

    /// Drops every version installed at or after `time` (a discarded, never-published commit); returns them.
    mutating func removeVersions(installedAtOrAfter time: Timestamp) -> [StoredVersion] {
        var versions = self.versions
        var removed: [StoredVersion] = []
        while let last = versions.last, last.commitTime >= time {
            removed.append(versions.removeLast())
        }
        self = Self.make(versions)
        return removed
    }

    /// Drops the versions no read at or after `cutoff` can see (all but the newest one at or before it);
    /// returns them.
    mutating func prune(before cutoff: Timestamp) -> [StoredVersion] {
        guard case .multiple(var versions) = self else { return [] }
        var keepFrom = 0
        for (index, version) in versions.enumerated() where version.commitTime <= cutoff {
            keepFrom = index
        }
        guard keepFrom > 0 else { return [] }
        let removed = Array(versions[..<keepFrom])
        versions.removeFirst(keepFrom)
        self = Self.make(versions)
        return removed
    }

    /// Whether the chain holds nothing a read at or after `cutoff` could see: no versions, or one
    /// deletion at or before it.
    func isObsolete(at cutoff: Timestamp) -> Bool {
        switch self {
        case .single(let version): version.record == nil && version.commitTime <= cutoff
        case .multiple(let versions): versions.isEmpty
        }
    }

    private static func make(_ versions: [StoredVersion]) -> VersionChain {
        versions.count == 1 ? .single(versions[0]) : .multiple(versions)
    }
}
