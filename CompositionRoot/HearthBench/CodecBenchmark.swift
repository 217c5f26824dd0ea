import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec

#if canImport(Glibc)
    import Glibc
#endif

/// The `codec` scenario: Firestore REST bytes → Codable models against Foundation's `JSONDecoder` on
/// the same data as plain JSON, model → commit request bytes against `JSONEncoder`, and the cost of
/// one RFC 3339 timestamp against `ISO8601DateFormatter`.
///
/// Every figure is the median of several rounds, each round timing every contender once in turn, in
/// one process. Time is the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), which other processes on a
/// busy machine disturb far less than wall-clock time.
enum CodecBenchmark {
    static let documentCount = 10_000
    static let batchSize = 500

    static func run(arguments: [String]) throws {
        let rounds = arguments.first.flatMap(Int.init) ?? 7
        let database = try DatabaseID(projectID: "bench-project")
        let orders = BenchOrder.generate(count: documentCount)
        let paths = try (0..<documentCount).map { index in try DocumentPath("orders/\(BenchOrder.documentID(index))") }

        let plainJSON = try plainEncoder().encode(orders)
        let restBytes = try runQueryAnswer(orders, paths: paths, database: database)
        print("codec: \(documentCount) documents, \(rounds) rounds, medians of thread CPU time")
        print("  input: REST runQuery answer \(restBytes.count) bytes, plain JSON \(plainJSON.count) bytes (\(ratio(Double(restBytes.count), Double(plainJSON.count)))× the bytes)")

        try check(restBytes: restBytes, plainJSON: plainJSON, orders: orders, database: database)

        // Decoding.
        var restToModel: [Double] = []
        var restToDocuments: [Double] = []
        var documentsToModel: [Double] = []
        var treeToModel: [Double] = []
        var plainToModel: [Double] = []
        for _ in 0..<rounds {
            plainToModel.append(try time { _ = try decodePlain(plainJSON) })
            restToModel.append(try time { _ = try decodeREST(restBytes, database: database) })
            restToDocuments.append(try time { _ = try RESTReadCodec.decodeRunQueryResponse(bytes: restBytes, database: database) })
            let documents = try RESTReadCodec.decodeRunQueryResponse(bytes: restBytes, database: database).compactMap(\.document)
            documentsToModel.append(try time { _ = try decodeModels(documents) })
            treeToModel.append(try time { _ = try decodeRESTThroughTree(restBytes, database: database) })
        }
        let decodeRatio = median(restToModel) / median(plainToModel)
        print("  decode, documents/s:")
        report("Hearth REST bytes → model", restToModel)
        report("  of which bytes → Documents", restToDocuments)
        report("  of which Documents → model", documentsToModel)
        report("Hearth via the JSON tree (reference)", treeToModel)
        report("JSONDecoder plain JSON → model", plainToModel)
        print("  decode ratio Hearth ÷ JSONDecoder (time): \(format(decodeRatio, digits: 2))  (target ≤ 1.00)")

        // Encoding.
        var modelToCommit: [Double] = []
        var writesToCommit: [Double] = []
        var treeToCommit: [Double] = []
        var modelToPlain: [Double] = []
        let writes = try buildWrites(orders, paths: paths)
        for _ in 0..<rounds {
            modelToPlain.append(try time { _ = try encodePlain(orders) })
            modelToCommit.append(try time { _ = try encodeCommits(orders, paths: paths, database: database) })
            writesToCommit.append(time { _ = encodeCommitBodies(writes, database: database) })
            treeToCommit.append(time { _ = encodeCommitBodiesThroughTree(writes, database: database) })
        }
        let encodeRatio = median(modelToCommit) / median(modelToPlain)
        print("  encode, documents/s:")
        report("Hearth model → commit request bytes", modelToCommit)
        report("  of which Writes → bytes", writesToCommit)
        report("  Writes → bytes via the JSON tree (reference)", treeToCommit)
        report("JSONEncoder model → plain JSON", modelToPlain)
        print("  encode ratio Hearth ÷ JSONEncoder (time): \(format(encodeRatio, digits: 2))  (target ≤ 1.00)")

        // Timestamps.
        try timestamps(rounds: rounds)
    }

    /// One phase, once, for a profiler (`valgrind --tool=callgrind hearth-bench codec-profile decode`):
    /// `decode` (bytes → models), `documents` (bytes → Documents), `models` (Documents → models),
    /// `plain-decode`, `encode` (models → commit bytes), `writes` (Writes → bytes), `plain-encode`.
    static func profile(arguments: [String]) throws {
        let phase = arguments.first ?? "decode"
        let database = try DatabaseID(projectID: "bench-project")
        let orders = BenchOrder.generate(count: documentCount)
        let paths = try (0..<documentCount).map { index in try DocumentPath("orders/\(BenchOrder.documentID(index))") }
        switch phase {
        case "decode", "documents", "models", "plain-decode":
            let restBytes = try runQueryAnswer(orders, paths: paths, database: database)
            let plainJSON = try plainEncoder().encode(orders)
            let documents = phase == "models" ? try RESTReadCodec.decodeRunQueryResponse(bytes: restBytes, database: database).compactMap(\.document) : []
            let start = threadCPUTime()
            switch phase {
            case "decode": blackHole(try decodeREST(restBytes, database: database))
            case "documents": blackHole(try RESTReadCodec.decodeRunQueryResponse(bytes: restBytes, database: database))
            case "models": blackHole(try decodeModels(documents))
            default: blackHole(try decodePlain(plainJSON))
            }
            print("\(phase): \(format((threadCPUTime() - start) * 1e6 / Double(documentCount), digits: 2)) µs per document")
        case "encode", "writes", "plain-encode":
            let writes = try buildWrites(orders, paths: paths)
            let start = threadCPUTime()
            switch phase {
            case "encode": blackHole(try encodeCommits(orders, paths: paths, database: database))
            case "writes": blackHole(encodeCommitBodies(writes, database: database))
            default: blackHole(try encodePlain(orders))
            }
            print("\(phase): \(format((threadCPUTime() - start) * 1e6 / Double(documentCount), digits: 2)) µs per document")
        default:
            print("unknown phase \(phase)")
        }
    }

    // MARK: - Contenders

    static func plainDecoder() -> JSONDecoder { JSONDecoder() }

    static func plainEncoder() -> JSONEncoder { JSONEncoder() }

    @inline(never)
    static func decodePlain(_ data: Data) throws -> [BenchOrder] {
        try plainDecoder().decode([BenchOrder].self, from: data)
    }

    static func decodeREST(_ bytes: [UInt8], database: DatabaseID) throws -> [BenchOrder] {
        let elements = try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: database)
        let decoder = DocumentDecoder()
        var models: [BenchOrder] = []
        models.reserveCapacity(elements.count)
        for element in elements {
            if let document = element.document { models.append(try decoder.decode(BenchOrder.self, from: document)) }
        }
        return models
    }

    static func decodeRESTThroughTree(_ bytes: [UInt8], database: DatabaseID) throws -> [BenchOrder] {
        let elements = try RESTReadCodec.decodeRunQueryResponse(JSONParser.parse(bytes), database: database)
        return try decodeModels(elements.compactMap(\.document))
    }

    static func decodeModels(_ documents: [Document]) throws -> [BenchOrder] {
        let decoder = DocumentDecoder()
        var models: [BenchOrder] = []
        models.reserveCapacity(documents.count)
        for document in documents { models.append(try decoder.decode(BenchOrder.self, from: document)) }
        return models
    }

    static func buildWrites(_ orders: [BenchOrder], paths: [DocumentPath]) throws -> [Write] {
        let encoder = DocumentEncoder()
        var writes: [Write] = []
        writes.reserveCapacity(orders.count)
        for (order, path) in zip(orders, paths) {
            writes.append(try WriteBuilder.set(path, data: encoder.encode(order)))
        }
        return writes
    }

    /// Models → `setData` writes → commit request bodies of `batchSize` writes, as a client sends them.
    static func encodeCommits(_ orders: [BenchOrder], paths: [DocumentPath], database: DatabaseID) throws -> Int {
        var total = 0
        let encoder = DocumentEncoder()
        var start = 0
        while start < orders.count {
            let end = min(start + batchSize, orders.count)
            var writes: [Write] = []
            writes.reserveCapacity(end - start)
            for index in start..<end {
                writes.append(try WriteBuilder.set(paths[index], data: encoder.encode(orders[index])))
            }
            total += RESTWriteCodec.encodeCommitRequestBytes(database: database, writes: writes, transaction: nil).count
            start = end
        }
        return total
    }

    static func encodeCommitBodies(_ writes: [Write], database: DatabaseID) -> Int {
        var total = 0
        var start = 0
        while start < writes.count {
            let end = min(start + batchSize, writes.count)
            total += RESTWriteCodec.encodeCommitRequestBytes(database: database, writes: Array(writes[start..<end]), transaction: nil).count
            start = end
        }
        return total
    }

    static func encodeCommitBodiesThroughTree(_ writes: [Write], database: DatabaseID) -> Int {
        var total = 0
        var start = 0
        while start < writes.count {
            let end = min(start + batchSize, writes.count)
            let tree = RESTWriteCodec.encodeCommitRequest(database: database, writes: Array(writes[start..<end]), transaction: nil)
            total += JSONWriter.serialize(tree).count
            start = end
        }
        return total
    }

    /// Models → plain JSON bodies of `batchSize` models.
    static func encodePlain(_ orders: [BenchOrder]) throws -> Int {
        let encoder = plainEncoder()
        var total = 0
        var start = 0
        while start < orders.count {
            let end = min(start + batchSize, orders.count)
            total += try encoder.encode(Array(orders[start..<end])).count
            start = end
        }
        return total
    }

    // MARK: - Timestamps

    static func timestamps(rounds: Int) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let texts = (0..<documentCount).map { index in formatter.string(from: BenchOrder.date(index, salt: 7)) }
        let utf8 = texts.map { Array($0.utf8) }
        guard formatter.date(from: texts[0]) != nil, (try? Timestamp(rfc3339: texts[0])) != nil else {
            throw BenchError.mismatch("the timestamp texts do not parse: \(texts[0])")
        }
        var hearth: [Double] = []
        var foundation: [Double] = []
        for _ in 0..<rounds {
            hearth.append(time {
                var sink: Int64 = 0
                for bytes in utf8 {
                    sink &+= bytes.withUnsafeBufferPointer { Timestamp.parseRFC3339($0)?.seconds ?? 0 }
                }
                blackHole(sink)
            })
            foundation.append(time {
                var sink = 0.0
                for text in texts { sink += formatter.date(from: text)?.timeIntervalSince1970 ?? 0 }
                blackHole(sink)
            })
        }
        let hearthMicros = median(hearth) / Double(texts.count) * 1e6
        let foundationMicros = median(foundation) / Double(texts.count) * 1e6
        print("  RFC 3339 timestamp parse, µs per timestamp:")
        print("    \(pad("Hearth Timestamp.parseRFC3339")) \(format(hearthMicros, digits: 3))")
        print("    \(pad("ISO8601DateFormatter.date(from:)")) \(format(foundationMicros, digits: 3))")
        print("  timestamp ratio ISO8601DateFormatter ÷ Hearth: \(format(foundationMicros / hearthMicros, digits: 0))×")
    }

    // MARK: - Data

    /// A runQuery answer as Firestore sends it: one element per document, each with a read time.
    static func runQueryAnswer(_ orders: [BenchOrder], paths: [DocumentPath], database: DatabaseID) throws -> [UInt8] {
        let encoder = DocumentEncoder()
        let readTime = try Timestamp(rfc3339: "2026-05-01T10:00:00.123456Z")
        var elements: [RESTRunQueryResponseElement] = []
        elements.reserveCapacity(orders.count)
        for (index, (order, path)) in zip(orders, paths).enumerated() {
            let write = try WriteBuilder.set(path, data: encoder.encode(order))
            guard case .update(let fields, _) = write.operation else { throw BenchError.mismatch("not an update") }
            let created = try Timestamp(date: BenchOrder.date(index, salt: 3))
            let document = Document(path: path, fields: fields, createTime: created, updateTime: created)
            elements.append(RESTRunQueryResponseElement(document: document, readTime: readTime))
        }
        return JSONWriter.serialize(RESTReadCodec.encodeRunQueryResponse(elements, database: database))
    }

    /// Both decoders must produce the same models before their speed means anything.
    static func check(restBytes: [UInt8], plainJSON: Data, orders: [BenchOrder], database: DatabaseID) throws {
        let viaREST = try decodeREST(restBytes, database: database)
        let viaPlain = try plainDecoder().decode([BenchOrder].self, from: plainJSON)
        let viaTree = try decodeRESTThroughTree(restBytes, database: database)
        guard viaREST.count == orders.count, viaPlain.count == orders.count else {
            throw BenchError.mismatch("decoded \(viaREST.count) and \(viaPlain.count) of \(orders.count) documents")
        }
        for index in orders.indices {
            guard viaREST[index].matches(orders[index]), viaPlain[index].matches(orders[index]), viaTree[index].matches(orders[index]) else {
                throw BenchError.mismatch("document \(index) decodes differently")
            }
        }
        let writes = try buildWrites(orders, paths: Array(try (0..<orders.count).map { try DocumentPath("orders/\(BenchOrder.documentID($0))") }))
        guard encodeCommitBodies(writes, database: database) == encodeCommitBodiesThroughTree(writes, database: database) else {
            throw BenchError.mismatch("the commit bodies differ in size between the byte writer and the tree")
        }
    }

    // MARK: - Measuring

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = threadCPUTime()
        try body()
        return threadCPUTime() - start
    }

    static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func report(_ label: String, _ samples: [Double]) {
        let perSecond = Double(documentCount) / median(samples)
        let spread = samples.map { Double(documentCount) / $0 }
        let low = spread.min() ?? 0
        let high = spread.max() ?? 0
        print("    \(pad(label)) \(pad(format(perSecond, digits: 0), width: 9, left: true))  (range \(format(low, digits: 0))…\(format(high, digits: 0)))")
    }

    static func ratio(_ lhs: Double, _ rhs: Double) -> String { format(lhs / rhs, digits: 2) }

    static func format(_ value: Double, digits: Int) -> String { String(format: "%.\(digits)f", value) }

    static func pad(_ text: String, width: Int = 48, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }

    @inline(never)
    static func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
}

enum BenchError: Error, CustomStringConvertible {
    case mismatch(String)

    var description: String {
        switch self {
        case .mismatch(let text): "codec benchmark check failed: \(text)"
        }
    }
}

/// The model of the `codec` scenario: the shape of a typical `list`/`runQuery` document (strings,
/// integers, doubles, booleans, two timestamps, a nested map, an array of five strings, a null).
struct BenchOrder: Codable {
    struct Address: Codable, Equatable {
        var street: String
        var city: String
        var zip: String
        var floor: Int
    }

    var customer: String
    var email: String
    var status: String
    var quantity: Int
    var totalCents: Int
    var price: Double
    var discount: Double
    var paid: Bool
    var express: Bool
    var createdAt: Date
    var updatedAt: Date
    var address: Address
    var tags: [String]
    var note: String?

    enum CodingKeys: String, CodingKey {
        case customer, email, status, quantity, totalCents, price, discount, paid, express, createdAt, updatedAt, address, tags, note
    }

    /// Writes `note` even when `nil` (as null), so that both forms of the data carry the null.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(customer, forKey: .customer)
        try container.encode(email, forKey: .email)
        try container.encode(status, forKey: .status)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(totalCents, forKey: .totalCents)
        try container.encode(price, forKey: .price)
        try container.encode(discount, forKey: .discount)
        try container.encode(paid, forKey: .paid)
        try container.encode(express, forKey: .express)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(address, forKey: .address)
        try container.encode(tags, forKey: .tags)
        try container.encode(note, forKey: .note)
    }

    func matches(_ other: BenchOrder) -> Bool {
        customer == other.customer && email == other.email && status == other.status && quantity == other.quantity
            && totalCents == other.totalCents && price == other.price && discount == other.discount && paid == other.paid
            && express == other.express && abs(createdAt.timeIntervalSince(other.createdAt)) < 1e-6
            && abs(updatedAt.timeIntervalSince(other.updatedAt)) < 1e-6 && address == other.address && tags == other.tags
            && note == other.note
    }

    static let firstNames = ["Ana", "Bruno", "Carla", "Diego", "Elena", "Fabián", "Gloria", "Hugo", "Inés", "Julián"]
    static let lastNames = ["García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Fernández", "Díaz"]
    static let statuses = ["pending", "paid", "shipped", "delivered", "cancelled"]
    static let cities = ["Madrid", "Barcelona", "Valencia", "Sevilla", "Zaragoza", "Málaga", "Bilbao"]
    static let tagWords = ["gift", "express", "fragile", "bulk", "returning", "vip", "promo", "eco", "night", "weekend", "new"]

    static func documentID(_ index: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        var id = ""
        for _ in 0..<20 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            id.append(alphabet[Int(state >> 33) % alphabet.count])
        }
        return id
    }

    /// A millisecond-precision date in 2025-2026.
    static func date(_ index: Int, salt: Int) -> Date {
        let milliseconds = 1_735_689_600_000 + Int64((index &* 7_919 &+ salt &* 104_729) % 31_536_000) * 1_000 + Int64(index % 1_000)
        return Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    static func generate(count: Int) -> [BenchOrder] {
        (0..<count).map { index in
            let first = firstNames[index % firstNames.count]
            let last = lastNames[(index / 3) % lastNames.count]
            return BenchOrder(
                customer: "\(first) \(last)",
                email: "\(first.lowercased()).\(last.lowercased())\(index)@example.com",
                status: statuses[index % statuses.count],
                quantity: 1 + index % 9,
                totalCents: 1_999 + index * 37 % 100_000,
                price: Double(1_999 + index * 37 % 100_000) / 100,
                discount: Double(index % 20) * 0.05,
                paid: index % 3 != 0,
                express: index % 5 == 0,
                createdAt: date(index, salt: 1),
                updatedAt: date(index, salt: 2),
                address: Address(
                    street: "Calle \(lastNames[index % lastNames.count]) \(index % 200 + 1)",
                    city: cities[index % cities.count],
                    zip: String(28_000 + index % 1_000),
                    floor: index % 12
                ),
                tags: (0..<5).map { tagWords[(index + $0 * 3) % tagWords.count] },
                note: nil
            )
        }
    }
}
