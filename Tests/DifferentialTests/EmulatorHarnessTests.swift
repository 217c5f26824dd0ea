import HearthTestSupport
import Testing

@Suite("Emulator harness")
struct EmulatorHarnessTests {
    @Test(.enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
    func sharedEmulator_startsOnceAndAnswers() async throws {
        let first = try await FirestoreEmulator.shared()
        let second = try await FirestoreEmulator.shared()

        #expect(first.port == second.port)
        #expect(await first.isReady())
    }

    @Test func freeLoopbackPort_returnsAUsablePort() throws {
        let port = try FirestoreEmulator.freeLoopbackPort()

        #expect((1024...65535).contains(port))
    }
}
