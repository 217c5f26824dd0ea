import HearthTestSupport
import HearthDomain

/// Builds dataset `index` of a run from its seed: the same seed and index always give the same documents.
enum DatasetGenerator {
    /// Document IDs that sort or encode unusually (non-ASCII, decomposed, digits, punctuation).
    static let specialIDs = ["é", "e\u{301}", "a b", "Z", "_", "10", "9", "😀", "-", "A", "a", "~", "Ω", "d1", "d01"]

    static func make(index: Int, runSeed: UInt64) throws -> DifferentialDataset {
        let seed = SplitMix64.derive(runSeed, 0xDA7A, UInt64(index))
        var random = SplitMix64(seed: seed)
        let database = try DatabaseID(projectID: "demo-diff\(index)-\(hex(seed))")
        let size: Int
        switch index {
        case 0: size = random.int(40...80)
        case 1: size = random.int(100...180)
        case 2: size = random.int(180...280)
        default: size = random.int(40...280)
        }

        var taken: [[UInt8]: Set<[UInt8]>] = [:]
        func newPath(in collection: CollectionPath, _ random: inout SplitMix64) throws -> DocumentPath {
            while true {
                let id =
                    random.chance(0.15) ? random.pick(specialIDs) : "d" + String(random.below(1000)).leftPadded(to: 3)
                if taken[Array(collection.path.utf8), default: []].insert(Array(id.utf8)).inserted {
                    return try collection.document(id)
                }
            }
        }

        var paths: [DocumentPath] = []
        let rootCount = size * 55 / 100
        let c1 = try CollectionPath("c1")
        let c2 = try CollectionPath("c2")
        let rootSub = try CollectionPath("sub")
        for _ in 0..<rootCount {
            let collection = random.weighted([(c1, 70), (c2, 25), (rootSub, 5)])
            paths.append(try newPath(in: collection, &random))
        }
        let ghosts = try (0..<3).map { try DocumentPath("ghost/g\($0)") }
        var nested: [DocumentPath] = []
        for _ in rootCount..<size {
            let parent: DocumentPath
            switch random.below(100) {
            case 0..<70: parent = random.pick(paths)
            case 70..<82: parent = random.pick(ghosts)
            default: parent = nested.isEmpty ? random.pick(paths) : random.pick(nested)
            }
            let collection = try parent.collection(random.chance(0.75) ? "sub" : "c1")
            let path = try newPath(in: collection, &random)
            nested.append(path)
        }
        paths += nested

        var parentSet: [DocumentPath] = []
        for path in nested {
            if let parent = path.parent.parent, !parentSet.contains(parent) { parentSet.append(parent) }
        }

        let missingTargets = try ["c1/missing", "c2/zzz", "ghost/g0", "c1/d000/sub/nope"].map { try DocumentPath($0) }
        let values = try ValueGenerator(database: database, referenceTargets: paths + missingTargets)
        let common = (0..<10).map { _ in values.any(&random) }

        var documents: [DatasetDocument] = []
        for path in paths {
            documents.append(DatasetDocument(path: path, fields: fields(&random, values: values, common: common)))
        }
        return DifferentialDataset(
            index: index,
            seed: seed,
            database: database,
            documents: documents,
            parents: parentSet,
            values: values
        )
    }

    /// The fields of one document: each field present with some probability, its value biased to the
    /// kind the field's name suggests (`n` numbers, `s` strings, ...) but any kind possible.
    static func fields(_ random: inout SplitMix64, values: ValueGenerator, common: [Value]) -> MapValue {
        if random.chance(0.03) { return MapValue() }
        var pairs: [(String, Value)] = []
        for name in DifferentialDataset.topLevelFields {
            let presence: Double
            switch name {
            case "vec": presence = 0.12
            case "é", "a b", "x.y": presence = 0.3
            default: presence = 0.72
            }
            guard random.chance(presence) else { continue }
            let biased = random.chance(0.85)
            let value: Value
            switch name {
            case "a", "b", "c":
                value = random.chance(0.7) ? random.pick(common) : values.any(&random)
            case "n" where biased: value = values.number(&random)
            case "s" where biased: value = values.string(&random)
            case "t" where biased: value = values.timestamp(&random)
            case "arr" where biased: value = values.array(&random, depth: 0)
            case "m" where biased: value = values.map(&random, depth: 0)
            case "vec" where biased: value = values.vector(&random)
            default: value = values.any(&random)
            }
            pairs.append((name, value))
        }
        return MapValue(pairs)
    }

    static func hex(_ value: UInt64) -> String {
        String(value, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
