import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec

/// `codec`: Firestore REST bytes → Codable models next to Foundation's `JSONDecoder` decoding the same
/// data as plain JSON into the same model; models → commit request bytes next to `JSONEncoder` of the
/// plain models; and the cost of one RFC 3339 timestamp next to `ISO8601DateFormatter`. In one process.
///
/// Targets (issue 7): Hearth decode time ≤ 1.0 × `JSONDecoder`'s, Hearth write encoding ≤ 1.0 ×
/// `JSONEncoder`'s. Each round times every contender once, in turn; figures are medians over the rounds.
/// Time is the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), which other processes on a busy machine
/// disturb much less than wall-clock time.
struct CodecScenario: BenchScenario {
    let name = "codec"
    let summary = "REST bytes → Codable models vs JSONDecoder, models → commit bytes vs JSONEncoder"
    let options: [BenchOption] = [
        .documents(default: 10_000, "documents decoded and encoded per measurement"),
        .integer("rounds", default: 7, "rounds (medians are reported)"),
        .integer("batch", default: 500, "writes per commit request (and models per JSONEncoder call)"),
        .text(
            "phase", default: nil,
            "run one phase once, for a profiler: decode, documents, models, plain-decode, encode, writes, plain-encode"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let fixture = try CodecFixture(
            documents: max(arguments.integer("documents"), 1), batch: max(arguments.integer("batch"), 1))
        if let phase = arguments.text("phase") { return try fixture.profile(phase) }
        let rounds = max(arguments.integer("rounds"), 1)
        let count = fixture.orders.count
        try fixture.check()

        print("codec: \(count) documents, \(rounds) rounds, medians of thread CPU time")
        print(
            "input: a runQuery answer of \(fixture.restBytes.count) bytes of REST JSON; the same data as plain JSON "
                + "\(fixture.plainJSON.count) bytes (REST is \(BenchMath.format(Double(fixture.restBytes.count) / Double(fixture.plainJSON.count), digits: 2))× the bytes)"
        )
        print("")

        var restToModels: [Double] = []
        var restToDocuments: [Double] = []
        var documentsToModels: [Double] = []
        var treeToModels: [Double] = []
        var plainToModels: [Double] = []
        var modelsToCommits: [Double] = []
        var writesToBytes: [Double] = []
        var writesToBytesViaTree: [Double] = []
        var modelsToPlain: [Double] = []
        let documents = try fixture.decodeDocuments()
        let writes = try fixture.buildWrites()
        for _ in 0..<rounds {
            plainToModels.append(try cpuSeconds { _ = try fixture.decodePlain() })
            restToModels.append(try cpuSeconds { _ = try fixture.decodeREST() })
            restToDocuments.append(try cpuSeconds { _ = try fixture.decodeDocuments() })
            documentsToModels.append(try cpuSeconds { _ = try fixture.decodeModels(documents) })
            treeToModels.append(try cpuSeconds { _ = try fixture.decodeRESTThroughTree() })
            modelsToPlain.append(try cpuSeconds { _ = try fixture.encodePlain() })
            modelsToCommits.append(try cpuSeconds { _ = try fixture.encodeCommits() })
            writesToBytes.append(cpuSeconds { _ = fixture.encodeCommitBodies(writes) })
            writesToBytesViaTree.append(cpuSeconds { _ = fixture.encodeCommitBodiesThroughTree(writes) })
        }

        func rate(_ label: String, _ samples: [Double]) {
            let perSecond = samples.map { Double(count) / $0 }
            let text = BenchMath.format(BenchMath.median(perSecond))
            print(
                "  " + label.padding(toLength: 46, withPad: " ", startingAt: 0)
                    + String(repeating: " ", count: max(0, 9 - text.count)) + text
                    + "   (max/min \(BenchMath.format(BenchMath.spread(perSecond), digits: 2)))")
        }
        func ratio(_ hearth: [Double], _ foundation: [Double], target: Double) -> Double {
            let value = BenchMath.median(hearth) / BenchMath.median(foundation)
            let perRound = zip(hearth, foundation).map { BenchMath.format($0 / $1, digits: 2) }.joined(separator: " ")
            print(
                "  Hearth time ÷ Foundation time = \(BenchMath.format(value, digits: 2))   target ≤ \(BenchMath.format(target, digits: 1)): \(value <= target ? "met" : "NOT met")   (per round: \(perRound))"
            )
            return value
        }

        print("decode, documents/s:")
        rate("Hearth REST bytes → model", restToModels)
        rate("  bytes → Documents", restToDocuments)
        rate("  Documents → model (DocumentDecoder)", documentsToModels)
        rate("Hearth REST bytes → JSON tree → model", treeToModels)
        rate("JSONDecoder plain JSON → model", plainToModels)
        let decodeRatio = ratio(restToModels, plainToModels, target: 1.0)
        print("")
        print("encode, documents/s:")
        rate("Hearth model → commit request bytes", modelsToCommits)
        rate("  Writes → bytes", writesToBytes)
        rate("  Writes → JSON tree → bytes", writesToBytesViaTree)
        rate("JSONEncoder model → plain JSON", modelsToPlain)
        let encodeRatio = ratio(modelsToCommits, modelsToPlain, target: 1.0)
        print("")
        try fixture.timestamps(rounds: rounds)
        return decodeRatio <= 1.0 && encodeRatio <= 1.0 ? 0 : 1
    }
}

/// The data of the `codec` scenario and the contenders, each a function of it.
struct CodecFixture {
    let orders: [CodecBenchOrder]
    let paths: [DocumentPath]
    let database: DatabaseID
    let batch: Int
    /// A runQuery answer as Firestore sends it: one element per document, each with a read time.
    let restBytes: [UInt8]
    /// The same models as plain JSON, written by `JSONEncoder`.
    let plainJSON: Data

    init(documents: Int, batch: Int) throws {
        database = try DatabaseID(projectID: "bench-project")
        orders = CodecBenchOrder.generate(count: documents)
        paths = try (0..<documents).map { index in try DocumentPath("orders/\(CodecBenchOrder.documentID(index))") }
        self.batch = batch
        plainJSON = try JSONEncoder().encode(orders)
        let encoder = DocumentEncoder()
        let readTime = try Timestamp(rfc3339: "2026-05-01T10:00:00.123456Z")
        var elements: [RESTRunQueryResponseElement] = []
        elements.reserveCapacity(orders.count)
        for (index, (order, path)) in zip(orders, paths).enumerated() {
            guard case .update(let fields, _) = try WriteBuilder.set(path, data: encoder.encode(order)).operation else {
                throw BenchUsageError("a set did not build an update")
            }
            let created = Timestamp(date: CodecBenchOrder.date(index, salt: 3))
            elements.append(
                RESTRunQueryResponseElement(
                    document: Document(path: path, fields: fields, createTime: created, updateTime: created),
                    readTime: readTime))
        }
        restBytes = JSONWriter.serialize(RESTReadCodec.encodeRunQueryResponse(elements, database: database))
    }

    // MARK: Decoding

    @inline(never)
    func decodePlain() throws -> [CodecBenchOrder] {
        try JSONDecoder().decode([CodecBenchOrder].self, from: plainJSON)
    }

    /// REST bytes → models: the byte entry point, then `DocumentDecoder` per document.
    @inline(never)
    func decodeREST() throws -> [CodecBenchOrder] {
        let elements = try RESTReadCodec.decodeRunQueryResponse(bytes: restBytes, database: database)
        let decoder = DocumentDecoder()
        var models: [CodecBenchOrder] = []
        models.reserveCapacity(elements.count)
        for element in elements {
            if let document = element.document {
                models.append(try decoder.decode(CodecBenchOrder.self, from: document))
            }
        }
        return models
    }

    @inline(never)
    func decodeDocuments() throws -> [Document] {
        try RESTReadCodec.decodeRunQueryResponse(bytes: restBytes, database: database).compactMap(\.document)
    }

    @inline(never)
    func decodeModels(_ documents: [Document]) throws -> [CodecBenchOrder] {
        let decoder = DocumentDecoder()
        var models: [CodecBenchOrder] = []
        models.reserveCapacity(documents.count)
        for document in documents { models.append(try decoder.decode(CodecBenchOrder.self, from: document)) }
        return models
    }

    /// The reference path: parse the whole answer into a `JSON` tree, decode the tree, then the models.
    @inline(never)
    func decodeRESTThroughTree() throws -> [CodecBenchOrder] {
        try decodeModels(
            RESTReadCodec.decodeRunQueryResponse(JSONParser.parse(restBytes), database: database).compactMap(\.document)
        )
    }

    // MARK: Encoding

    /// Models → plain JSON, `batch` models per `JSONEncoder` call.
    @inline(never)
    func encodePlain() throws -> Int {
        let encoder = JSONEncoder()
        var total = 0
        for range in batches { total += try encoder.encode(Array(orders[range])).count }
        return total
    }

    /// Models → `setData` writes (`DocumentEncoder`, `WriteBuilder.set`) → commit request bodies of `batch`
    /// writes, as a client builds and sends them.
    @inline(never)
    func encodeCommits() throws -> Int {
        let encoder = DocumentEncoder()
        var total = 0
        for range in batches {
            var writes: [Write] = []
            writes.reserveCapacity(range.count)
            for index in range {
                writes.append(try WriteBuilder.set(paths[index], data: encoder.encode(orders[index])))
            }
            total += RESTWriteCodec.encodeCommitRequestBytes(database: database, writes: writes, transaction: nil).count
        }
        return total
    }

    func buildWrites() throws -> [Write] {
        let encoder = DocumentEncoder()
        return try zip(orders, paths).map { order, path in try WriteBuilder.set(path, data: encoder.encode(order)) }
    }

    @inline(never)
    func encodeCommitBodies(_ writes: [Write]) -> [[UInt8]] {
        batches.map { range in
            RESTWriteCodec.encodeCommitRequestBytes(database: database, writes: Array(writes[range]), transaction: nil)
        }
    }

    @inline(never)
    func encodeCommitBodiesThroughTree(_ writes: [Write]) -> [[UInt8]] {
        batches.map { range in
            JSONWriter.serialize(
                RESTWriteCodec.encodeCommitRequest(database: database, writes: Array(writes[range]), transaction: nil))
        }
    }

    private var batches: [Range<Int>] {
        stride(from: 0, to: orders.count, by: batch).map { $0..<min($0 + batch, orders.count) }
    }

    // MARK: Checks

    /// Every contender must produce the same models, and the byte writer the tree's bytes, before their
    /// speed means anything.
    func check() throws {
        let viaREST = try decodeREST()
        let viaPlain = try decodePlain()
        let viaTree = try decodeRESTThroughTree()
        guard viaREST.count == orders.count, viaPlain.count == orders.count, viaTree.count == orders.count else {
            throw BenchUsageError(
                "check failed: decoded \(viaREST.count), \(viaPlain.count) and \(viaTree.count) of \(orders.count) documents"
            )
        }
        for index in orders.indices
        where
            !(viaREST[index].matches(orders[index]) && viaPlain[index].matches(orders[index])
            && viaTree[index].matches(orders[index]))
        {
            throw BenchUsageError("check failed: document \(index) decodes differently")
        }
        let writes = try buildWrites()
        guard encodeCommitBodies(writes) == encodeCommitBodiesThroughTree(writes) else {
            throw BenchUsageError("check failed: the byte writer and the tree wrote different commit bodies")
        }
    }

    // MARK: Timestamps

    func timestamps(rounds: Int) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let texts = orders.indices.map { index in formatter.string(from: CodecBenchOrder.date(index, salt: 7)) }
        let utf8 = texts.map { Array($0.utf8) }
        for (text, bytes) in zip(texts, utf8) {
            let parsed = bytes.withUnsafeBufferPointer(Timestamp.parseRFC3339)
            guard let parsed, let date = formatter.date(from: text), abs(parsed.date.timeIntervalSince(date)) < 1e-6
            else {
                throw BenchUsageError("check failed: the timestamp \(text) parses differently")
            }
        }
        var hearth: [Double] = []
        var foundation: [Double] = []
        for _ in 0..<rounds {
            hearth.append(
                cpuSeconds {
                    var sink: Int64 = 0
                    for bytes in utf8 {
                        sink &+= bytes.withUnsafeBufferPointer { Timestamp.parseRFC3339($0)?.seconds ?? 0 }
                    }
                    blackHole(sink)
                })
            foundation.append(
                cpuSeconds {
                    var sink = 0.0
                    for text in texts { sink += formatter.date(from: text)?.timeIntervalSince1970 ?? 0 }
                    blackHole(sink)
                })
        }
        let hearthMicros = BenchMath.median(hearth) / Double(texts.count) * 1e6
        let foundationMicros = BenchMath.median(foundation) / Double(texts.count) * 1e6
        print("RFC 3339 timestamp parse, µs per timestamp (\(texts.count) timestamps such as \(texts[0])):")
        print("  Hearth Timestamp.parseRFC3339                 \(BenchMath.format(hearthMicros, digits: 3))")
        print("  ISO8601DateFormatter.date(from:)              \(BenchMath.format(foundationMicros, digits: 3))")
        print("  ISO8601DateFormatter ÷ Hearth = \(BenchMath.format(foundationMicros / hearthMicros))×")
    }

    // MARK: Profiling

    /// One phase, once, for a profiler (`valgrind --tool=callgrind --toggle-collect='*CodecFixture*decodeREST*'`).
    func profile(_ phase: String) throws -> Int32 {
        let documents = phase == "models" ? try decodeDocuments() : []
        let writes = phase == "writes" ? try buildWrites() : []
        let start = threadCPUTime()
        switch phase {
        case "decode": blackHole(try decodeREST())
        case "documents": blackHole(try decodeDocuments())
        case "models": blackHole(try decodeModels(documents))
        case "plain-decode": blackHole(try decodePlain())
        case "encode": blackHole(try encodeCommits())
        case "writes": blackHole(encodeCommitBodies(writes))
        case "plain-encode": blackHole(try encodePlain())
        default: throw BenchUsageError("unknown phase '\(phase)'")
        }
        print(
            "\(phase): \(BenchMath.format((threadCPUTime() - start) * 1e6 / Double(orders.count), digits: 2)) µs per document"
        )
        return 0
    }
}

/// The CPU time of the calling thread, in seconds.
func threadCPUTime() -> Double {
    Double(BenchProbe.threadCPUNanoseconds()) / 1e9
}

/// The calling thread's CPU seconds spent in `work`.
func cpuSeconds(_ work: () throws -> Void) rethrows -> Double {
    let start = threadCPUTime()
    try work()
    return threadCPUTime() - start
}

/// Keeps `value` alive, so that the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
