import Foundation
import HearthTestSupport
import Testing

/// On a developer's machine without Java or the emulator, emulator-backed tests report a skip with the
/// reason and a count. In CI (`CI` set to anything but `0`/`false`) that skip would let the suite pass
/// without checking what it exists to check, so there the emulator's absence is a failure.
@Suite("The emulator is required in CI")
struct EmulatorRequiredInCITests {
    static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() else { return false }
        return !value.isEmpty && value != "0" && value != "false"
    }

    @Test func inCI_theEmulatorIsAvailable() {
        guard Self.isCI else { return }
        #expect(
            FirestoreEmulator.availability.isAvailable,
            "CI is set but the Firestore emulator is unavailable: \(FirestoreEmulator.availability.reason)"
        )
    }
}
