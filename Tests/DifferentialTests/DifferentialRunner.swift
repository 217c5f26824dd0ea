import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthInMemory
import HearthPort

/// Runs a differential session: for each dataset, a fresh emulator project and a fresh in-memory store get
/// the same commits (the same REST JSON, decoded by the codec for the engine); then every case's JSON
/// body goes to the emulator over HTTP and, decoded by the codec, to the engine; the answers are compared.
struct DifferentialRunner {
    let configuration: DifferentialConfiguration
    let client: EmulatorRESTClient

    func run() async throws -> DifferentialReport {
        var report = DifferentialReport(configuration: configuration)
        for index in configuration.datasetIndexes {
            let dataset = try DatasetGenerator.make(index: index, runSeed: configuration.seed)
            let store = InMemoryDocumentStore(database: dataset.database)
            let commitBodies = try await load(dataset, into: store)
            let cases = configuration.caseIndexes(forDataset: index).map {
                QueryCaseGenerator.make(dataset: dataset, index: $0, runSeed: configuration.seed)
            }
            let results = try await run(cases, dataset: dataset, store: store)
            report.add(dataset: dataset, commitBodies: commitBodies, results: results)
        }
        return report
    }

    /// Writes the dataset to the emulator and the engine in commits of at most 250 writes; returns the bodies.
    func load(_ dataset: DifferentialDataset, into store: InMemoryDocumentStore) async throws -> [JSON] {
        let writes = dataset.documents.map { Write.update($0.path, fields: $0.fields) }
        var bodies: [JSON] = []
        for start in stride(from: 0, to: writes.count, by: 250) {
            let chunk = Array(writes[start..<min(start + 250, writes.count)])
            let body = RESTWriteCodec.encodeCommitRequest(database: dataset.database, writes: chunk, transaction: nil)
            let bytes = JSONWriter.serialize(body)
            let answer = try await client.post(database: dataset.database, parent: nil, method: "commit", body: bytes)
            guard answer.status == 200 else {
                throw DocumentStoreError(
                    .internal,
                    "The emulator refused dataset \(dataset.index)'s commit: HTTP \(answer.status) \(answer.text.prefix(500))"
                )
            }
            let decoded = try RESTWriteCodec.decodeCommitRequest(JSONParser.parse(bytes), database: dataset.database)
            _ = try await store.commit(decoded.writes, transaction: nil)
            bodies.append(body)
        }
        return bodies
    }

    func run(
        _ cases: [DifferentialCase], dataset: DifferentialDataset, store: InMemoryDocumentStore
    ) async throws -> [CaseResult] {
        let client = self.client
        var results: [CaseResult] = []
        try await withThrowingTaskGroup(of: CaseResult.self) { group in
            var next = 0
            func startNext() {
                guard next < cases.count else { return }
                let testCase = cases[next]
                next += 1
                group.addTask { try await Self.run(testCase, dataset: dataset, client: client, store: store) }
            }
            for _ in 0..<configuration.parallelism { startNext() }
            for try await result in group {
                results.append(result)
                startNext()
            }
        }
        return results.sorted { $0.testCase.index < $1.testCase.index }
    }

    static func run(
        _ testCase: DifferentialCase, dataset: DifferentialDataset, client: EmulatorRESTClient,
        store: InMemoryDocumentStore
    )
        async throws -> CaseResult
    {
        let database = dataset.database
        let bytes = JSONWriter.serialize(testCase.body)
        let answer = try await client.post(
            database: database, parent: testCase.parent, method: testCase.kind.rawValue, body: bytes)
        let emulator = emulatorOutcome(answer, kind: testCase.kind, database: database)
        let engine = await engineOutcome(bytes, testCase: testCase, store: store)
        return CaseResult(
            testCase: testCase, emulator: emulator, engine: engine,
            roundingBounds: roundingBounds(testCase, dataset: dataset))
    }

    /// For each `sum` and `avg` of an aggregation case, the rounding error two summation orders can
    /// produce: n·ε·Σ|xᵢ| over the numeric values of its field in the query's scope (a superset of what
    /// it adds up; infinite when Σ|xᵢ| overflows).
    static func roundingBounds(_ testCase: DifferentialCase, dataset: DifferentialDataset) -> [String: Double] {
        guard testCase.kind == .aggregation,
            let request = try? RESTReadCodec.decodeRunAggregationQueryRequest(testCase.body)
        else {
            return [:]
        }
        let documents = dataset.documents(in: QueryScopeChoice(parent: testCase.parent, selector: request.query.from))
        var bounds: [String: Double] = [:]
        for aggregation in request.aggregations {
            let path: FieldPath
            switch aggregation.operation {
            case .sum(let field), .average(let field): path = field
            case .count: continue
            }
            var magnitude = 0.0
            var count = 0
            for document in documents {
                switch document.fields.value(at: path) {
                case .integer(let number):
                    magnitude += abs(Double(number))
                    count += 1
                case .double(let number) where number.isFinite:
                    magnitude += abs(number)
                    count += 1
                default:
                    break
                }
            }
            bounds[aggregation.alias] = Double(max(count, 1)) * Double.ulpOfOne * magnitude
        }
        return bounds
    }

    static func emulatorOutcome(
        _ answer: EmulatorRESTClient.Answer, kind: DifferentialCase.Kind, database: DatabaseID
    ) -> DifferentialOutcome {
        guard answer.status == 200 else {
            if let body = try? RESTErrorCodec.decodeErrorBody(bytes: answer.body) {
                return .failure(body.code, message: body.message)
            }
            return .unreadable("HTTP \(answer.status): \(answer.text.prefix(300))")
        }
        do {
            switch kind {
            case .query:
                let elements = try RESTReadCodec.decodeRunQueryResponse(bytes: answer.body, database: database)
                // The emulator repeats the skip count on every element; the engine reports it once.
                return .documents(elements.compactMap(\.document), skipped: elements.map(\.skippedResults).max() ?? 0)
            case .aggregation:
                let elements = try RESTReadCodec.decodeRunAggregationQueryResponse(JSONParser.parse(answer.body))
                guard let result = elements.compactMap(\.result).first else {
                    return .unreadable("no aggregation result in \(answer.text.prefix(300))")
                }
                return .aggregates(result)
            }
        } catch {
            return .unreadable("\(error) in \(answer.text.prefix(300))")
        }
    }

    static func engineOutcome(
        _ bytes: [UInt8], testCase: DifferentialCase, store: InMemoryDocumentStore
    ) async -> DifferentialOutcome {
        do {
            let json = try JSONParser.parse(bytes)
            switch testCase.kind {
            case .query:
                let request: RESTRunQueryRequest
                do {
                    request = try RESTReadCodec.decodeRunQueryRequest(json)
                } catch {
                    return .failure(.invalidArgument, message: "the codec rejected the request: \(error)")
                }
                var documents: [Document] = []
                var skipped = 0
                for try await element in store.runQuery(
                    parent: testCase.parent, query: request.query, consistency: .latest)
                {
                    if let document = element.document { documents.append(document) }
                    skipped += element.skippedResults
                }
                return .documents(documents, skipped: skipped)
            case .aggregation:
                let request: RESTRunAggregationQueryRequest
                do {
                    request = try RESTReadCodec.decodeRunAggregationQueryRequest(json)
                } catch {
                    return .failure(.invalidArgument, message: "the codec rejected the request: \(error)")
                }
                let response = try await store.runAggregation(
                    parent: testCase.parent,
                    query: request.query,
                    aggregations: request.aggregations,
                    consistency: .latest
                )
                return .aggregates(response.values)
            }
        } catch let error as DocumentStoreError {
            return .failure(error.code, message: error.message)
        } catch {
            return .unreadable("the engine threw \(type(of: error)): \(error)")
        }
    }
}

/// One case with both answers.
struct CaseResult: Sendable {
    let testCase: DifferentialCase
    let emulator: DifferentialOutcome
    let engine: DifferentialOutcome
    /// Alias → how far apart double `sum` / `avg` results may be (``DifferentialRunner/roundingBounds(_:dataset:)``).
    var roundingBounds: [String: Double] = [:]

    /// The emulator-only behaviour this case ran into, if any; such answers are counted, not compared.
    var knownQuirk: String? { DifferentialOutcome.knownQuirk(of: testCase, emulator: emulator, engine: engine) }

    var difference: String? {
        knownQuirk == nil
            ? DifferentialOutcome.difference(emulator: emulator, engine: engine, roundingBounds: roundingBounds) : nil
    }
}
