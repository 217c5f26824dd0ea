import Foundation
import HearthTestSupport
import Testing

/// `HEARTH_CACHE=file:<dir>` with the Firestore emulator: a document read online is read from the cache
/// when the emulator cannot be reached, and a write made then reaches Firestore with a later command.
@Suite(
    "hearth with an offline cache",
    .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"),
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)")
)
struct CachedCommandTests {
    @Test func get_answersFromTheCacheOffline_andAnOfflineSetReachesFirestoreLater() async throws {
        let emulator = try await FirestoreEmulator.shared()
        let workspace = try Workspace(
            store: "firestore",
            environment: [
                "FIRESTORE_EMULATOR_HOST": emulator.hostAndPort,
                "GOOGLE_CLOUD_PROJECT": FirestoreEmulator.newProjectID(prefix: "cli-cache"),
                "HEARTH_CACHE": "file:cache",
            ])
        defer { workspace.remove() }
        // Nothing listens on the discard port of the loopback interface: the emulator is out of reach.
        let offline = ["FIRESTORE_EMULATOR_HOST": "127.0.0.1:9"]

        try await workspace.succeed(["set", "members/ana", #"{"name":"Ana"}"#])
        let noCache = try await workspace.succeed(["get", "members/ana"], environment: ["HEARTH_CACHE": "off"])
        let cachedOffline = try await workspace.run(["get", "members/ana"], environment: offline)
        let uncachedOffline = try await workspace.run(
            ["get", "members/ana"], environment: offline.merging(["HEARTH_CACHE": "off"]) { $1 })
        let setOffline = try await workspace.run(["set", "members/bea", #"{"name":"Bea"}"#], environment: offline)
        let beforeFlush = try await workspace.run(["get", "members/bea"], environment: ["HEARTH_CACHE": "off"])
        try await workspace.succeed(["get", "members/ana"])  // online with the cache: sends the queued write
        let afterFlush = try await workspace.run(["get", "members/bea"], environment: ["HEARTH_CACHE": "off"])

        #expect(noCache.standardOutput.contains(#""name": "Ana""#))
        #expect(cachedOffline.status == 0, "\(cachedOffline)")
        #expect(cachedOffline.standardOutput.contains(#""name": "Ana""#))
        #expect(uncachedOffline.status != 0)
        #expect(setOffline.status == 0, "\(setOffline)")
        #expect(setOffline.standardError.contains("the next command sends them"), "\(setOffline)")
        #expect(beforeFlush.status == 1, "\(beforeFlush)")
        #expect(afterFlush.status == 0, "\(afterFlush)")
        #expect(afterFlush.standardOutput.contains(#""name": "Bea""#))
    }
}
