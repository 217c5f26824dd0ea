import HearthDomain
import HearthTestSupport
@testable import HearthPort
import Testing

@Suite("SnapshotChanges: Firestore's order and indexes")
struct SnapshotChangesTests {
    @Test func changes_comeAsRemovalsAdditionsModifications_eachInOrder() throws {
        let old = DocumentSet(
            [
                try testDocument("c/a", 1), try testDocument("c/b", 2), try testDocument("c/c", 3),
                try testDocument("c/d", 4),
            ], ordering: try byV())
        let new = DocumentSet(
            [
                try testDocument("c/c", 3), try testDocument("c/d", 0, updated: 2), try testDocument("c/e", 5),
                try testDocument("c/f", 1),
            ],
            ordering: try byV()
        )

        let changes = SnapshotChanges.between(old, new, paths: SnapshotChanges.changedPaths(old, new))

        #expect(
            changes.map(describe) == ["removed a 0→-", "removed b 0→-", "added f -→0", "added e -→3", "modified d 2→0"])
    }

    @Test func sameUpdateTime_isNoChange() throws {
        let old = DocumentSet([try testDocument("c/a", 1)], ordering: try byV())
        let new = DocumentSet([try testDocument("c/a", 2)], ordering: try byV())

        #expect(SnapshotChanges.between(old, new, paths: [try DocumentPath("c/a")]).isEmpty)
    }

    @Test func randomChanges_replayedOnTheOldList_giveTheNewList() throws {
        var generator = SplitMix64(seed: 11)
        for round in 0..<200 {
            var oldDocuments: [Document] = []
            var newDocuments: [Document] = []
            for index in 0..<12 {
                let path = "c/d\(index)"
                let value = Int64(generator.next() % 5)
                if generator.next() % 3 != 0 { oldDocuments.append(try testDocument(path, value)) }
                switch generator.next() % 4 {
                case 0: break
                case 1: newDocuments.append(try testDocument(path, Int64(generator.next() % 5), updated: 2))
                default: if generator.next() % 3 != 0 { newDocuments.append(try testDocument(path, value)) }
                }
            }
            let old = DocumentSet(oldDocuments, ordering: try byV())
            let new = DocumentSet(newDocuments, ordering: try byV())

            let changes = SnapshotChanges.between(old, new, paths: SnapshotChanges.changedPaths(old, new))

            var replayed = old.map(\.path)
            for change in changes {
                if let oldIndex = change.oldIndex { replayed.remove(at: oldIndex) }
                if let newIndex = change.newIndex { replayed.insert(change.document.path, at: newIndex) }
            }
            #expect(replayed == new.map(\.path), "round \(round)")
            let kinds = changes.map(\.kind)
            #expect(kinds == kinds.sorted { rank($0) < rank($1) }, "round \(round)")
        }
    }
}

private func rank(_ kind: ListenChange.Kind) -> Int {
    switch kind {
    case .removed: 0
    case .added: 1
    case .modified: 2
    }
}

func describe(_ change: ListenChange) -> String {
    "\(change.kind) \(change.document.path.documentID) \(change.oldIndex.map(String.init) ?? "-")→\(change.newIndex.map(String.init) ?? "-")"
}
