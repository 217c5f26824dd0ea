import HearthDomain
import HearthFirestoreCodec
import Testing

/// The generator itself, without the emulator: a seed must replay exactly, and the cases must cover what
/// the differential run claims to cover.
@Suite("Differential generator")
struct DifferentialGeneratorTests {
    @Test func sameSeed_generatesTheSameDatasetAndCases() throws {
        let first = try DatasetGenerator.make(index: 1, runSeed: 42)
        let second = try DatasetGenerator.make(index: 1, runSeed: 42)

        #expect(first.database == second.database)
        #expect(first.documents.map(\.path) == second.documents.map(\.path))
        #expect(first.documents.map(\.fields) == second.documents.map(\.fields))
        for index in [0, 7, 99] {
            let left = QueryCaseGenerator.make(dataset: first, index: index, runSeed: 42)
            let right = QueryCaseGenerator.make(dataset: second, index: index, runSeed: 42)
            #expect(left.bodyText == right.bodyText)
            #expect(left.parent == right.parent)
        }
    }

    @Test func differentSeeds_generateDifferentDatasets() throws {
        let first = try DatasetGenerator.make(index: 0, runSeed: 1)
        let second = try DatasetGenerator.make(index: 0, runSeed: 2)

        #expect(first.documents.map(\.fields) != second.documents.map(\.fields))
    }

    @Test func datasets_holdEveryValueKindAndTheEdgeCases() throws {
        var kinds = Set<Value.Kind>()
        var seen = Set<String>()
        for index in 0..<3 {
            let dataset = try DatasetGenerator.make(index: index, runSeed: DifferentialConfiguration.defaultSeed)
            #expect(dataset.documents.count >= 40 && dataset.documents.count <= 300)
            for document in dataset.documents {
                visit(.map(document.fields)) { value in
                    kinds.insert(value.kind)
                    switch value {
                    case .double(let number) where number.isNaN: seen.insert("NaN")
                    case .double(let number) where number.isInfinite: seen.insert("infinity")
                    case .double(let number) where number == 0 && number.sign == .minus: seen.insert("-0.0")
                    case .integer(.max), .integer(.min): seen.insert("int64 extreme")
                    case .string("e\u{301}"): seen.insert("decomposed")
                    case .map(let map) where map.isVector: seen.insert("vector")
                    default: break
                    }
                }
                if document.path.segments.count > 2 { seen.insert("subcollection") }
            }
        }

        #expect(kinds == Set(Value.Kind.allCases))
        #expect(seen == ["NaN", "infinity", "-0.0", "int64 extreme", "decomposed", "vector", "subcollection"])
    }

    @Test func cases_useEveryOperatorAndFeature() throws {
        let dataset = try DatasetGenerator.make(index: 1, runSeed: DifferentialConfiguration.defaultSeed)
        var features = Set<String>()
        var invalid = Set<String>()
        for index in 0..<600 {
            let testCase = QueryCaseGenerator.make(
                dataset: dataset, index: index, runSeed: DifferentialConfiguration.defaultSeed)
            features.formUnion(testCase.features)
            if let shape = testCase.invalidShape { invalid.insert(shape) }
        }

        let operators = FieldOperator.allCases.map { $0.rawValue.lowercased() }
        for expected in operators + [
            "and", "or", "unary", "order", "order-name", "cursor", "cursor-prefix", "limit", "offset", "select",
            "aggregate", "default-aliases",
        ] {
            #expect(features.contains(expected), "no generated case uses \(expected)")
        }
        #expect(invalid.count >= 15)
    }

    private func visit(_ value: Value, _ body: (Value) -> Void) {
        body(value)
        switch value {
        case .array(let elements): for element in elements { visit(element, body) }
        case .map(let map): for field in map { visit(field.value, body) }
        default: break
        }
    }
}
