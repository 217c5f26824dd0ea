import Foundation
import Hearth
import Testing

/// Switching adapters is one line: the same application code runs on every store the configuration
/// can choose. (The Firestore variant runs in CLITests against the emulator.)
@Suite("Switching adapters in one line")
struct OneLineSwitchTests {
    enum Kind: String, CaseIterable, Sendable { case memory, file }

    @Test(arguments: Kind.allCases)
    func theSameCode_worksOnEveryLocalStore(kind: Kind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-switch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        // The one line that changes:
        let store: StoreSelection = kind == .memory ? .memory : .file(directory: directory)

        let db = try HearthConfiguration(store: store).makeDatabase()
        let members = db.collection("members")
        try await members.document("ana").setData(["name": "Ana", "visits": 3, "active": true])
        try await members.document("bea").setData(["name": "Bea", "visits": 5, "active": false])
        try await members.document("ana").updateData(["visits": .increment(Int64(1))])
        let active = try await members.whereField("active", isEqualTo: true).getDocuments()
        let count = try await members.count.getAggregation().count
        try await db.close()

        #expect(active.documents.map(\.documentID) == ["ana"])
        #expect(active.documents.first?.get("visits") as? Int == 4)
        #expect(count == 2)
    }
}
