import Foundation
import Hearth
import HearthTestSupport
import Testing

/// The three adapters every seed port runs on. Making the database is the one line a user changes
/// (`Firestore.firestore()` → a `HearthConfiguration`); everything else is the seed's code.
enum SeedStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, file, firestoreEmulator

    var testDescription: String { rawValue }

    /// Whether this adapter can run here; the emulator needs Java and the emulator jar (in CI it must be
    /// there: `EmulatorRequiredInCITests`).
    var isAvailable: Bool { self != .firestoreEmulator || FirestoreEmulator.availability.isAvailable }
    var skipReason: String { "Firestore emulator unavailable: \(FirestoreEmulator.availability.reason)" }

    /// A fresh, empty database on this adapter, and what to clean up afterwards.
    func makeDatabase() async throws -> (Firestore, cleanUp: @Sendable () -> Void) {
        switch self {
        case .memory:
            return (try HearthConfiguration(store: .memory).makeDatabase(), {})
        case .file:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hearth-seed-\(UUID().uuidString)")
            let db = try HearthConfiguration(store: .file(directory: directory)).makeDatabase()
            return (db, { try? FileManager.default.removeItem(at: directory) })
        case .firestoreEmulator:
            let emulator = try await FirestoreEmulator.shared()
            let target = FirestoreTarget.emulator(
                host: emulator.hostAndPort, projectID: FirestoreEmulator.newProjectID(prefix: "seed"))
            return (try HearthConfiguration(store: .firestore(target)).makeDatabase(), {})
        }
    }
}

/// Runs `body` on a fresh database of `store`, closing it afterwards; reports a skip (with the reason)
/// when the adapter cannot run here. `body` runs on the caller's actor (the sync engines' tests run on
/// the main actor).
func withSeedDatabase(
    _ store: SeedStore, isolation: isolated (any Actor)? = #isolation, _ body: (Firestore) async throws -> Void
) async throws {
    guard store.isAvailable else {
        try Test.cancel("\(store.skipReason)")
    }
    let (db, cleanUp) = try await store.makeDatabase()
    defer { cleanUp() }
    do {
        try await body(db)
    } catch {
        try? await db.close()
        throw error
    }
    try await db.close()
}
