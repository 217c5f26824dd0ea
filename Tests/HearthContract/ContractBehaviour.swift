public import HearthPort

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

    /// A behaviour named `name` in `area`; `run` gets a new, empty store and throws when the store is wrong.
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

    /// The behaviour's ``id``, `area/name`.
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

    /// `slow`, or `emulator quirk: ` and the reason.
    public var description: String {
        switch self {
        case .slow: "slow"
        case .emulatorQuirk(let reason): "emulator quirk: \(reason)"
        }
    }
}

/// The areas of the contract, one per part of the port.
public enum ContractArea: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Single-document reads, writes and deletes; read masks; batch gets.
    case documents
    /// `exists` and `updateTime` preconditions.
    case preconditions
    /// Updates with a field mask.
    case updateMasks
    /// Server timestamp, increment, maximum, minimum, array union and remove; transform results.
    case transforms
    /// createTime, updateTime and commitTime rules.
    case writeTimes
    /// Atomic, ordered commits, including several writes to one document.
    case commits
    /// Writes rejected as `invalidArgument`.
    case writeValidation
    /// `==`, `in` and the unary filters.
    case equalityFilters
    /// `!=` and `not-in`.
    case inequalityFilters
    /// `array-contains` and `array-contains-any`.
    case arrayFilters
    /// `<`, `<=`, `>`, `>=`.
    case rangeFilters
    /// AND and OR.
    case compositeFilters
    /// Filters on `__name__`.
    case documentIDFilters
    /// Result order across and within kinds; implicit orders.
    case ordering
    /// Start and end cursors.
    case cursors
    /// `limit`, `offset` and `skippedResults`.
    case limitsAndOffsets
    /// `select`.
    case projection
    /// Collection and collection-group selection under a parent.
    case collectionGroups
    /// count, sum and average.
    case aggregations
    /// Queries and aggregations rejected as `invalidArgument`.
    case queryValidation
    /// Read-write and read-only transactions; contention.
    case transactions
    /// Reads at a past read time.
    case readTimes
    /// Listing documents.
    case listDocuments
    /// Listing collection IDs.
    case listCollectionIDs
    /// Listeners: snapshots of documents and queries, and their changes.
    case listeners
    /// IDs that a Swift `Character` joins with a neighbouring `/` (a leading grapheme extender, a trailing
    /// prepend character): stored, referenced, listed and queried exactly, as Firestore cuts at bytes.
    case graphemeIDs
    /// Stopping a listener is final: nothing is delivered after `remove()` returns or after the consuming
    /// task is cancelled.
    case listenerStop
    /// Closing a store: listeners end without an error, later calls fail with `failedPrecondition`.
    case closing

    /// The area's name, the first part of a behaviour's ``ContractBehaviour/id``.
    public var description: String { rawValue }
}
