import GymApplication
import Synchronization

/// Identifiers chosen by the demo, so that a second run writes the same documents instead of adding
/// more: `prefix` first (a recurrence group), then `prefix-1`, `prefix-2`, …
final class DemoIdentifiers: IdentifierSource {
    private let prefix: String
    private let counter = Mutex(0)

    init(_ prefix: String) { self.prefix = prefix }

    func next() -> String {
        let number = counter.withLock { value in
            defer { value += 1 }
            return value
        }
        return number == 0 ? prefix : "\(prefix)-\(number)"
    }
}
