import HearthDomain

/// The changes between two document sets, in Firestore's order and with Firestore's indexes: removals
/// (in the old order), then additions, then modifications (in the new order), each index taken as the
/// earlier changes left the documents. A document whose update time did not change is not modified,
/// as in Firestore's SDKs.
package enum SnapshotChanges {
    /// The changes of a first snapshot: every document `added`, in order.
    package static func initial(_ documents: DocumentSet) -> [ListenChange] {
        documents.enumerated().map { index, document in
            ListenChange(kind: .added, document: document, oldIndex: nil, newIndex: index)
        }
    }

    /// The changes from `old` to `new`, looking only at `paths` (every path whose document may differ;
    /// others must be the same in both). O(k log n) for k paths.
    package static func between(
        _ old: DocumentSet, _ new: DocumentSet, paths: some Sequence<DocumentPath>
    ) -> [ListenChange] {
        var removed: [DocumentSet.Entry] = []
        var added: [DocumentSet.Entry] = []
        var modified: [(old: DocumentSet.Entry, new: DocumentSet.Entry)] = []
        var seen = Set<DocumentPath>()
        for path in paths where seen.insert(path).inserted {
            switch (old.entry(path), new.entry(path)) {
            case (let before?, nil): removed.append(before)
            case (nil, let after?): added.append(after)
            case (let before?, let after?) where before.document.updateTime != after.document.updateTime:
                modified.append((before, after))
            default: break
            }
        }
        guard !removed.isEmpty || !added.isEmpty || !modified.isEmpty else { return [] }

        let ordering = new.ordering
        removed.sort { ordering.compare($0.key, $1.key) < 0 }
        added.sort { ordering.compare($0.key, $1.key) < 0 }
        modified.sort { ordering.compare($0.new.key, $1.new.key) < 0 }

        var tracker = old.reordered(ordering)
        var changes: [ListenChange] = []
        changes.reserveCapacity(removed.count + added.count + modified.count)
        for entry in removed {
            let index = tracker.index(of: entry.key)
            tracker = tracker.removing(entry.key.path)
            changes.append(ListenChange(kind: .removed, document: entry.document, oldIndex: index, newIndex: nil))
        }
        for entry in added {
            tracker = tracker.setting(entry)
            changes.append(
                ListenChange(
                    kind: .added, document: entry.document, oldIndex: nil, newIndex: tracker.index(of: entry.key)))
        }
        for (before, after) in modified {
            let oldIndex = tracker.index(of: before.key)
            tracker = tracker.setting(after)
            changes.append(
                ListenChange(
                    kind: .modified, document: after.document, oldIndex: oldIndex,
                    newIndex: tracker.index(of: after.key)))
        }
        return changes
    }

    /// Every path whose document differs between `old` and `new` (present in one only, or with another
    /// update time). O((n + m) log n).
    package static func changedPaths(_ old: DocumentSet, _ new: DocumentSet) -> [DocumentPath] {
        var paths: [DocumentPath] = []
        for entry in old.entries where new.entry(entry.key.path)?.document.updateTime != entry.document.updateTime {
            paths.append(entry.key.path)
        }
        for entry in new.entries where !old.contains(entry.key.path) {
            paths.append(entry.key.path)
        }
        return paths
    }
}
