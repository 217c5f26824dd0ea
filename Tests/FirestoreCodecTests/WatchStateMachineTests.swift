import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Testing

@Suite struct WatchStateMachineTests {
    @Test func existenceFilterMismatch_resetsAndAsksForTheTargetAgain() throws {
        var machine = try makeMachine()
        _ = try feed(
            &machine,
            [
                .documentChange(try document("C/a", 1), targetIDs: [1], removedTargetIDs: []), current(),
                consistent(1, token: [7]),
            ])

        let event = try machine.handle(.filter(targetID: 1, count: 2))
        let afterReset = try feed(
            &machine,
            [
                .documentChange(try document("C/b", 2), targetIDs: [1], removedTargetIDs: []),
                current(),
                consistent(2, token: [8]),
            ])

        #expect(event == .resetTarget)
        #expect(afterReset.map { $0.changes.map(describe) } == [["removed a 0→-", "added b -→0"]])
        #expect(machine.resumeToken == [8])
    }

    @Test func matchingExistenceFilter_changesNothing() throws {
        var machine = try makeMachine()
        _ = try feed(
            &machine,
            [.documentChange(try document("C/a", 1), targetIDs: [1], removedTargetIDs: []), current(), consistent(1)])

        #expect(try machine.handle(.filter(targetID: 1, count: 1)) == nil)
        #expect(machine.lastDocuments.count == 1)
    }

    @Test func metadataChanges_consistentPointWithoutChange_isASnapshot() throws {
        var machine = WatchStateMachine(ordering: try ordering(), includeMetadataChanges: true)

        let snapshots = try feed(&machine, [current(), consistent(1), consistent(2)])

        #expect(snapshots.map(\.isMetadataOnly) == [false, true])
        #expect(snapshots.last?.readTime == (try Timestamp(seconds: 2)))
    }

    @Test func withoutMetadataChanges_consistentPointWithoutChange_isSilent() throws {
        var machine = try makeMachine()

        let snapshots = try feed(&machine, [current(), consistent(1), consistent(2)])

        #expect(snapshots.count == 1)
    }

    @Test func removeWithACause_failsWithTheCausesCode() throws {
        var machine = try makeMachine()

        let error = #expect(throws: DocumentStoreError.self) {
            try machine.handle(
                .targetChange(
                    RESTTargetChange(kind: .remove, targetIDs: [1], cause: RESTStatus(code: 7, message: "denied"))))
        }

        #expect(error?.code == .permissionDenied)
    }

    @Test func changesForOtherTargets_areIgnored() throws {
        var machine = try makeMachine()

        let snapshots = try feed(
            &machine,
            [.documentChange(try document("C/a", 1), targetIDs: [2], removedTargetIDs: []), current(), consistent(1)])

        #expect(snapshots.first?.documents.isEmpty == true)
    }
}

// MARK: - Helpers

private func makeMachine() throws -> WatchStateMachine {
    WatchStateMachine(ordering: try ordering())
}

private func ordering() throws -> DocumentOrdering {
    DocumentOrdering(orders: [Order(try FieldPath(["a"]))])
}

private func document(_ path: String, _ a: Int64, updated: Int64 = 1) throws -> Document {
    Document(
        path: try DocumentPath(path), fields: ["a": .integer(a)], createTime: try Timestamp(seconds: 1),
        updateTime: try Timestamp(seconds: updated))
}

private func current() -> RESTListenResponse {
    .targetChange(RESTTargetChange(kind: .current, targetIDs: [1]))
}

private func consistent(_ seconds: Int64, token: [UInt8] = []) throws -> RESTListenResponse {
    .targetChange(RESTTargetChange(resumeToken: token, readTime: try Timestamp(seconds: seconds)))
}

private func feed(_ machine: inout WatchStateMachine, _ responses: [RESTListenResponse]) throws -> [ListenSnapshot] {
    var snapshots: [ListenSnapshot] = []
    for response in responses {
        if case .snapshot(let snapshot)? = try machine.handle(response) { snapshots.append(snapshot) }
    }
    return snapshots
}

private func describe(_ change: ListenChange) -> String {
    "\(change.kind) \(change.document.path.documentID) \(change.oldIndex.map(String.init) ?? "-")→\(change.newIndex.map(String.init) ?? "-")"
}
