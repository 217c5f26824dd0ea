import Foundation
import HearthTestSupport
import Testing

/// On a developer's machine without Java or the emulator, emulator-backed tests report a skip with the
/// reason and a count. Where the emulator is required (`HEARTH_REQUIRE_EMULATOR=1`, which `.ci/run` sets),
/// that skip would let the run pass without checking what those tests exist to check, so there the
/// emulator's absence is this test's failure, with the reason.
@Suite("The emulator is required when HEARTH_REQUIRE_EMULATOR=1")
struct EmulatorRequiredTests {
    @Test func whenRequired_theEmulatorIsAvailable() {
        guard FirestoreEmulator.isRequired else { return }
        #expect(
            FirestoreEmulator.availability.isAvailable,
            "HEARTH_REQUIRE_EMULATOR=1 is set but the Firestore emulator is unavailable: \(FirestoreEmulator.availability.reason)"
        )
    }
}
