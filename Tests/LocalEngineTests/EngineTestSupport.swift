import HearthDomain
import HearthTestSupport
import HearthLocalEngine
import HearthPort
import Testing

/// Shared arrange/act helpers for the engine's tests.
struct EngineHarness {
    let engine: LocalEngine
    let clock: ManualClock

    static let database: DatabaseID = {
        do {
            return try DatabaseID(projectID: "hearth-test")
        } catch {
            preconditionFailure("literal database ID")
        }
    }()

    init(
        configuration: LocalEngineConfiguration = LocalEngineConfiguration(),
        persistence: (any CommitPersistence)? = nil
    ) {
        clock = ManualClock()
        engine = LocalEngine(
            database: Self.database,
            configuration: configuration,
            clock: clock,
            persistence: persistence,
            random: SeededGenerator(seed: 42)
        )
    }

    /// Moves the clock one millisecond, so consecutive commits get distinct, readable times.
    func tick(_ milliseconds: Int = 1) {
        clock.advance(by: .milliseconds(milliseconds))
    }

    @discardableResult
    func commit(_ writes: [Write], transaction: TransactionID? = nil) async throws -> CommitResponse {
        tick()
        return try await engine.commit(writes, transaction: transaction)
    }

    @discardableResult
    func set(_ path: String, _ fields: MapValue) async throws -> CommitResponse {
        try await commit([Write.update(try doc(path), fields: fields)])
    }

    func get(_ path: String, consistency: ReadConsistency = .latest) throws -> Document? {
        try engine.getDocument(try doc(path), mask: nil, consistency: consistency)
    }

    func fields(_ path: String) throws -> MapValue? {
        try get(path)?.fields
    }

    /// Runs a query and returns the result paths.
    func run(_ query: StructuredQuery, parent: String? = nil, consistency: ReadConsistency = .latest) throws -> [String]
    {
        try engine.runQuery(parent: try parent.map(doc), query: query, consistency: consistency).documents.map(
            \.path.path)
    }

    /// Runs a query on collection `collection` with `filter` and returns the result document IDs.
    func ids(
        _ collection: String,
        where filter: StructuredQuery.Filter? = nil,
        orderBy: [Order] = [],
        startAt: Cursor? = nil,
        endAt: Cursor? = nil,
        offset: Int = 0,
        limit: Int? = nil
    ) throws -> [String] {
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: collection),
            filter: filter,
            orderBy: orderBy,
            startAt: startAt,
            endAt: endAt,
            offset: offset,
            limit: limit
        )
        return try engine.runQuery(parent: nil, query: query, consistency: .latest).documents.map(\.path.documentID)
    }

    /// Seeds `collection` with one document per entry: ID → value of field `v` (`nil`: no `v` field).
    func seed(_ collection: String, _ values: [(String, Value?)], field: String = "v") async throws {
        let writes = try values.map { id, value in
            Write.update(
                try doc("\(collection)/\(id)"), fields: value.map { MapValue([(field, $0)]) } ?? ["other": true])
        }
        try await commit(writes)
    }
}

func doc(_ path: String) throws -> DocumentPath {
    try DocumentPath(path)
}

func field(_ dotted: String) throws -> FieldPath {
    try FieldPath(dotted: dotted)
}

func reference(_ path: String) throws -> Value {
    .reference(DocumentName(database: EngineHarness.database, path: try doc(path)))
}

func filter(_ path: String, _ op: FieldOperator, _ value: Value) throws -> StructuredQuery.Filter {
    .field(try field(path), op, value)
}

func unary(_ path: String, _ op: UnaryOperator) throws -> StructuredQuery.Filter {
    .unary(try field(path), op)
}

func order(_ path: String, _ direction: Order.Direction = .ascending) throws -> Order {
    Order(try field(path), direction)
}

func collectionQuery(_ collection: String, allDescendants: Bool = false) -> StructuredQuery {
    StructuredQuery(from: CollectionSelector(collectionID: collection, allDescendants: allDescendants))
}

/// The tests' seeded random source (SplitMix64, from HearthTestSupport).
typealias SeededGenerator = SplitMix64
