/// Which behaviours a run skips, and why: a skipped behaviour is reported as skipped with the reason,
/// never as passed.
public struct ContractSkip: Sendable {
    private let reasonFor: @Sendable (ContractBehaviour) -> String?

    /// Skips a behaviour when `reason` returns a reason for it.
    public init(_ reason: @escaping @Sendable (ContractBehaviour) -> String?) {
        self.reasonFor = reason
    }

    /// Why `behaviour` is skipped, or `nil` when it runs.
    public func reason(for behaviour: ContractBehaviour) -> String? { reasonFor(behaviour) }

    /// Runs everything.
    public static let nothing = ContractSkip { _ in nil }

    /// Skips the behaviours the official emulator gets wrong (``ContractTrait/emulatorQuirk(_:)``).
    public static let emulatorQuirks = ContractSkip { behaviour in
        behaviour.emulatorQuirk.map { "emulator quirk: \($0)" }
    }

    /// Skips the slow behaviours (``ContractTrait/slow``).
    public static let slow = ContractSkip { $0.isSlow ? "slow" : nil }

    /// Skips the behaviours whose ``ContractBehaviour/id`` (`area/name`) is listed, with `reason`.
    public static func behaviours(_ ids: Set<String>, reason: String) -> ContractSkip {
        ContractSkip { ids.contains($0.id) ? reason : nil }
    }

    /// Skips what any of `skips` skips (the first reason wins).
    public static func any(_ skips: [ContractSkip]) -> ContractSkip {
        ContractSkip { behaviour in
            for skip in skips {
                if let reason = skip.reason(for: behaviour) { return reason }
            }
            return nil
        }
    }
}
