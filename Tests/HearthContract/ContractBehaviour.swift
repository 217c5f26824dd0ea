public import HearthApplication

/// One behaviour of the `DocumentStore` contract: a named, framework-agnostic check that runs against a
/// fresh, empty store and throws ``ContractFailure`` (or the store's own error) when the store is wrong.
///
/// Behaviours are independent: each one must get its own empty store (against the Firestore emulator, a
/// fresh project ID). They never sleep, except those marked ``ContractTrait/slow``.
public struct ContractBehaviour: Sendable, CustomStringConvertible {
    /// The part of the port the behaviour checks.
    public let area: ContractArea
    /// The behaviour's name, unique within its area: `subject_condition_outcome`.
    public let name: String
    /// What a runner may want to know before running it (slow, emulator quirk).
    public let traits: [ContractTrait]
    /// Runs the behaviour against `store`, which must be new and empty. Throws ``ContractFailure`` when an
    /// expectation does not hold; any other error thrown by the store is a failure too.
    public let run: @Sendable (any DocumentStore) async throws -> Void

    public init(
        area: ContractArea,
        name: String,
        traits: [ContractTrait] = [],
        run: @escaping @Sendable (any DocumentStore) async throws -> Void
    ) {
        self.area = area
        self.name = name
        self.traits = traits
        self.run = run
    }

    /// `area/name`, unique across the contract, for example `documents/get_missingDocument_returnsNil`.
    public var id: String { "\(area.rawValue)/\(name)" }

    public var description: String { id }

    /// Whether the behaviour takes seconds (contention, lock timeouts).
    public var isSlow: Bool { traits.contains(.slow) }

    /// Why the official emulator answers this behaviour differently from production Firestore, or `nil`.
    public var emulatorQuirk: String? {
        for trait in traits {
            if case .emulatorQuirk(let reason) = trait { return reason }
        }
        return nil
    }
}

/// A property of a behaviour that a runner may act on.
public enum ContractTrait: Sendable, Hashable, CustomStringConvertible {
    /// Takes seconds, not milliseconds: contention and lock timeouts (the emulator waits about 2 s
    /// before it aborts a blocked writer).
    case slow
    /// Production Firestore behaves as the contract says, but the official emulator does not (the text
    /// says how it differs). Skip it when the store under test talks to the emulator.
    case emulatorQuirk(String)

    public var description: String {
        switch self {
        case .slow: "slow"
        case .emulatorQuirk(let reason): "emulator quirk: \(reason)"
        }
    }
}

/// The areas of the contract, one per part of the port.
public enum ContractArea: String, Sendable, CaseIterable, CustomStringConvertible {
    case documents
    case preconditions
    case updateMasks
    case transforms
    case writeTimes
    case commits
    case writeValidation
    case equalityFilters
    case inequalityFilters
    case arrayFilters
    case rangeFilters
    case compositeFilters
    case documentIDFilters
    case ordering
    case cursors
    case limitsAndOffsets
    case projection
    case collectionGroups
    case aggregations
    case queryValidation
    case transactions
    case readTimes
    case listDocuments
    case listCollectionIDs

    public var description: String { rawValue }
}
