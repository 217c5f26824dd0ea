import HearthDomain
public import HearthPort

/// Field transforms: server timestamp, increment, maximum, minimum, array union and array remove, and
/// the transform results a commit reports.
public enum TransformsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("serverTimestamp_storesTimeAndReportsIt", serverTimestamp_storesTimeAndReportsIt),
        b("serverTimestamp_sameTimeForEveryTransformOfCommit", serverTimestamp_sameTimeForEveryTransformOfCommit),
        b("serverTimestamp_hasMillisecondPrecision", serverTimestamp_hasMillisecondPrecision),
        b("serverTimestamp_isNotAfterCommitTime", serverTimestamp_isNotAfterCommitTime),
        b("serverTimestamp_nestedPath_createsMap", serverTimestamp_nestedPath_createsMap),
        b("increment_integer_addsExactly", increment_integer_addsExactly),
        b("increment_integerOverflow_saturatesAtMaximum", increment_integerOverflow_saturatesAtMaximum),
        b("increment_integerUnderflow_saturatesAtMinimum", increment_integerUnderflow_saturatesAtMinimum),
        b("increment_integerByDouble_givesDouble", increment_integerByDouble_givesDouble),
        b("increment_doubleByInteger_givesDouble", increment_doubleByInteger_givesDouble),
        b("increment_largeIntegerByDouble_convertsIntegerFirst", increment_largeIntegerByDouble_convertsIntegerFirst),
        b("increment_missingField_setsOperand", increment_missingField_setsOperand),
        b("increment_nonNumericField_setsOperand", increment_nonNumericField_setsOperand),
        b("increment_NaN_staysNaN", increment_NaN_staysNaN),
        b("increment_missingDocument_createsIt", increment_missingDocument_createsIt),
        b("increment_nestedPathWithoutMap_createsMap", increment_nestedPathWithoutMap_createsMap),
        b("maximum_largerOperandOfOtherKind_takesOperand", maximum_largerOperandOfOtherKind_takesOperand),
        b("maximum_smallerOperand_keepsStored", maximum_smallerOperand_keepsStored),
        b("maximum_equalDouble_keepsStoredInteger", maximum_equalDouble_keepsStoredInteger),
        b("maximum_equalInteger_keepsStoredDouble", maximum_equalInteger_keepsStoredDouble),
        b("maximum_zeroes_storedZeroWins", maximum_zeroes_storedZeroWins),
        b("maximum_NaNOperand_givesNaN", maximum_NaNOperand_givesNaN),
        b("maximum_nonNumericField_setsOperand", maximum_nonNumericField_setsOperand),
        b("minimum_smallerDouble_takesOperand", minimum_smallerDouble_takesOperand),
        b("minimum_largerOperand_keepsStored", minimum_largerOperand_keepsStored),
        b("minimum_zeroes_storedZeroWins", minimum_zeroes_storedZeroWins),
        b("minimum_storedNaN_givesNaN", minimum_storedNaN_givesNaN),
        b("minimum_missingField_setsOperand", minimum_missingField_setsOperand),
        b("arrayUnion_appendsMissingElementsInOrder", arrayUnion_appendsMissingElementsInOrder),
        b("arrayUnion_numericallyEqualElement_notAdded", arrayUnion_numericallyEqualElement_notAdded),
        b("arrayUnion_NaNAlreadyPresent_notAdded", arrayUnion_NaNAlreadyPresent_notAdded),
        b("arrayUnion_duplicateOperands_addedOnce", arrayUnion_duplicateOperands_addedOnce),
        b("arrayUnion_equalMap_notAdded", arrayUnion_equalMap_notAdded),
        b("arrayUnion_nonArrayField_isReplaced", arrayUnion_nonArrayField_isReplaced),
        b("arrayUnion_missingField_setsElements", arrayUnion_missingField_setsElements),
        b("arrayUnion_transformResult_isNull", arrayUnion_transformResult_isNull),
        b("arrayRemove_removesEveryEquivalentElement", arrayRemove_removesEveryEquivalentElement),
        b("arrayRemove_NaN_removesNaN", arrayRemove_NaN_removesNaN),
        b("arrayRemove_null_removesNull", arrayRemove_null_removesNull),
        b("arrayRemove_nonArrayField_becomesEmptyArray", arrayRemove_nonArrayField_becomesEmptyArray),
        b("arrayRemove_missingField_setsEmptyArray", arrayRemove_missingField_setsEmptyArray),
        b("arrayRemove_transformResult_isNull", arrayRemove_transformResult_isNull),
        b("transforms_sameFieldTwice_applyInOrder", transforms_sameFieldTwice_applyInOrder),
        b(
            "transforms_serverTimestampThenIncrement_incrementSetsOperand",
            transforms_serverTimestampThenIncrement_incrementSetsOperand),
        b("transforms_resultsOnePerTransformInOrder", transforms_resultsOnePerTransformInOrder),
        b("transform_afterMaskedUpdate_seesUpdatedValue", transform_afterMaskedUpdate_seesUpdatedValue),
        b("transform_afterFullSet_seesSetValue", transform_afterFullSet_seesSetValue),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .transforms, name: name, traits: traits, run: run)
    }

    /// Stores `initial` as field `v` of `t/a` (unless `nil`), applies one transform to `v`, and returns the
    /// stored `v` and the transform's result.
    private static func apply(
        _ operation: FieldTransform.Operation,
        to initial: Value?,
        in store: any DocumentStore
    ) async throws -> (stored: Value?, result: Value?) {
        try await store.set("t/a", initial.map { ["v": $0] } ?? ["other": true])
        let response = try await store.transform("t/a", try transform("v", operation))
        let stored = try await store.get("t/a")?.value(at: try field("v"))
        return (stored, response.writeResults.first?.transformResults.first)
    }

    // MARK: Server timestamp

    /// A server timestamp stores a timestamp and reports the same value as the transform result.
    public static func serverTimestamp_storesTimeAndReportsIt(_ store: any DocumentStore) async throws {
        let (stored, result) = try await apply(.serverTimestamp, to: nil, in: store)

        guard case .timestamp? = stored else {
            throw fail("stored value: expected a timestamp, got \(String(describing: stored))")
        }
        try expectEqual(result, stored, "transform result")
    }

    /// Every server timestamp of one commit, in one or several documents, is the same time.
    public static func serverTimestamp_sameTimeForEveryTransformOfCommit(_ store: any DocumentStore) async throws {
        try await store.commit(
            .update(
                try path("t/a"), fields: [:], mask: [],
                transforms: [try transform("x", .serverTimestamp), try transform("y", .serverTimestamp)]),
            Write(path: try path("t/b"), operation: .transform, transforms: [try transform("z", .serverTimestamp)])
        )

        let a = try unwrap(try await store.get("t/a"), "t/a")
        let b = try unwrap(try await store.get("t/b"), "t/b")
        let x = try unwrap(a.value(at: try field("x")), "t/a x")
        try expectEqual(a.value(at: try field("y")), x, "t/a y")
        try expectEqual(b.value(at: try field("z")), x, "t/b z")
    }

    /// A server timestamp has millisecond precision.
    public static func serverTimestamp_hasMillisecondPrecision(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.serverTimestamp, to: nil, in: store)

        guard case .timestamp(let time)? = stored else {
            throw fail("expected a timestamp, got \(String(describing: stored))")
        }
        try expectEqual(time.nanoseconds % 1_000_000, 0, "nanoseconds beyond milliseconds of \(time)")
    }

    /// A server timestamp is not later than the commit time of its commit.
    public static func serverTimestamp_isNotAfterCommitTime(_ store: any DocumentStore) async throws {
        let response = try await store.transform("t/a", try transform("v", .serverTimestamp))

        guard case .timestamp(let time)? = response.writeResults.first?.transformResults.first else {
            throw fail("expected a timestamp result, got \(response.writeResults)")
        }
        try expectTrue(time <= response.commitTime, "server time \(time) <= commitTime \(response.commitTime)")
    }

    /// A server timestamp on a nested path creates the enclosing map.
    public static func serverTimestamp_nestedPath_createsMap(_ store: any DocumentStore) async throws {
        try await store.set("t/a", ["keep": 1])

        try await store.transform("t/a", try transform("m.at", .serverTimestamp))

        let document = try unwrap(try await store.get("t/a"), "t/a")
        guard case .timestamp? = document.value(at: try field("m.at")) else {
            throw fail("m.at: expected a timestamp, got \(document.fields)")
        }
        try expectField(document, try field("keep"), 1)
    }

    // MARK: Increment

    /// Incrementing an integer by an integer adds exactly and stays an integer.
    public static func increment_integer_addsExactly(_ store: any DocumentStore) async throws {
        let (stored, result) = try await apply(.increment(5), to: 37, in: store)

        try expectEqual(stored, 42, "stored")
        try expectEqual(result, 42, "transform result")
    }

    /// Integer increments saturate at Int64.max instead of overflowing.
    public static func increment_integerOverflow_saturatesAtMaximum(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.increment(5), to: .integer(.max - 1), in: store)

        try expectEqual(stored, .integer(.max), "stored")
    }

    /// Integer increments saturate at Int64.min instead of underflowing.
    public static func increment_integerUnderflow_saturatesAtMinimum(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.increment(-5), to: .integer(.min + 1), in: store)

        try expectEqual(stored, .integer(.min), "stored")
    }

    /// An integer incremented by a double becomes a double.
    public static func increment_integerByDouble_givesDouble(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.increment(1.5), to: 5, in: store)

        try expectEqual(stored, 6.5, "stored")
    }

    /// A double incremented by an integer stays a double.
    public static func increment_doubleByInteger_givesDouble(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.increment(1), to: 1.5, in: store)

        try expectEqual(stored, 2.5, "stored")
    }

    /// With a double involved, the integer is converted to a double first, then added (IEEE rounding).
    public static func increment_largeIntegerByDouble_convertsIntegerFirst(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.increment(1.0), to: .integer(twoTo53 + 1), in: store)

        try expectEqual(stored, .double(9_007_199_254_740_992.0), "stored")
    }

    /// Incrementing a missing field sets it to the operand, keeping the operand's kind.
    public static func increment_missingField_setsOperand(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.increment(2), to: nil, in: store)

        try expectEqual(stored, 2, "stored")
    }

    /// Incrementing a non-numeric field replaces it with the operand.
    public static func increment_nonNumericField_setsOperand(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.increment(2.0), to: "text", in: store)

        try expectEqual(stored, 2.0, "stored")
    }

    /// NaN plus anything is NaN.
    public static func increment_NaN_staysNaN(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.increment(1), to: .double(.nan), in: store)

        try expectNaN(stored, "stored")
    }

    /// A transform-only write on a missing document creates it with the transformed field.
    public static func increment_missingDocument_createsIt(_ store: any DocumentStore) async throws {
        try await store.transform("t/new", try transform("n", .increment(1)))

        try expectEqual(try await store.get("t/new")?.fields, ["n": 1], "fields")
    }

    /// Incrementing `m.k` when there is no map `m` creates `m: {k: operand}`.
    public static func increment_nestedPathWithoutMap_createsMap(_ store: any DocumentStore) async throws {
        try await store.set("t/a", ["x": 1])

        try await store.transform("t/a", try transform("m.k", .increment(1)))

        try expectEqual(try await store.get("t/a")?.fields, ["x": 1, "m": ["k": 1]], "fields")
    }

    // MARK: Maximum / minimum

    /// A larger operand wins and keeps its own kind (stored 3.0, maximum 4 → integer 4).
    public static func maximum_largerOperandOfOtherKind_takesOperand(_ store: any DocumentStore) async throws {
        let (stored, result) = try await apply(.maximum(4), to: 3.0, in: store)

        try expectEqual(stored, 4, "stored")
        try expectEqual(result, 4, "transform result")
    }

    /// A smaller operand leaves the stored value.
    public static func maximum_smallerOperand_keepsStored(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.maximum(2), to: 5, in: store)

        try expectEqual(stored, 5, "stored")
    }

    /// Equal values of different kinds: the stored integer stays (maximum(3, 3.0) → 3).
    public static func maximum_equalDouble_keepsStoredInteger(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.maximum(3.0), to: 3, in: store)

        try expectEqual(stored, 3, "stored")
    }

    /// Equal values of different kinds: the stored double stays (maximum(3.0, 3) → 3.0).
    public static func maximum_equalInteger_keepsStoredDouble(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.maximum(3), to: 3.0, in: store)

        try expectEqual(stored, 3.0, "stored")
    }

    /// All zeroes are equal, so the stored zero wins (stored 0, maximum -0.0 → integer 0).
    public static func maximum_zeroes_storedZeroWins(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.maximum(.double(-0.0)), to: 0, in: store)

        try expectEqual(stored, 0, "stored")
    }

    /// Anything against NaN is NaN.
    public static func maximum_NaNOperand_givesNaN(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.maximum(.double(.nan)), to: 5, in: store)

        try expectNaN(stored, "stored")
    }

    /// A non-numeric field is replaced by the operand.
    public static func maximum_nonNumericField_setsOperand(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.maximum(1), to: "text", in: store)

        try expectEqual(stored, 1, "stored")
    }

    /// A smaller double operand wins and stays a double (stored 3, minimum 2.5 → 2.5).
    public static func minimum_smallerDouble_takesOperand(_ store: any DocumentStore) async throws {
        let (stored, result) = try await apply(.minimum(2.5), to: 3, in: store)

        try expectEqual(stored, 2.5, "stored")
        try expectEqual(result, 2.5, "transform result")
    }

    /// A larger operand leaves the stored value.
    public static func minimum_largerOperand_keepsStored(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.minimum(10), to: 3, in: store)

        try expectEqual(stored, 3, "stored")
    }

    /// All zeroes are equal, so the stored zero wins (stored 0.0, minimum 0 → double 0.0).
    public static func minimum_zeroes_storedZeroWins(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.minimum(0), to: 0.0, in: store)

        try expectDoubleZero(stored, "stored")
    }

    /// A stored NaN stays NaN.
    public static func minimum_storedNaN_givesNaN(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.minimum(1), to: .double(.nan), in: store)

        try expectNaN(stored, "stored")
    }

    /// A missing field is set to the operand.
    public static func minimum_missingField_setsOperand(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.minimum(2.5), to: nil, in: store)

        try expectEqual(stored, 2.5, "stored")
    }

    // MARK: Array union / remove

    /// Array union appends, in operand order, each element not already present (Firestore equality).
    public static func arrayUnion_appendsMissingElementsInOrder(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(
            .appendMissingElements([1.0, 3, 3, .double(.nan)]), to: [1, 2, 1.0, .null], in: store)

        try expectEqual(stored, [1, 2, 1.0, .null, 3, .double(.nan)], "stored")
    }

    /// `1.0` counts as present when the array holds `1`.
    public static func arrayUnion_numericallyEqualElement_notAdded(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.appendMissingElements([1.0]), to: [1], in: store)

        try expectEqual(stored, [1], "stored")
    }

    /// For array transforms NaN equals NaN: a NaN already present is not added again.
    public static func arrayUnion_NaNAlreadyPresent_notAdded(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.appendMissingElements([.double(.nan)]), to: [.double(.nan)], in: store)

        try expectEqual(stored, [.double(.nan)], "stored")
    }

    /// An element repeated in the operand is added once.
    public static func arrayUnion_duplicateOperands_addedOnce(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.appendMissingElements(["b", "b", "c"]), to: ["a"], in: store)

        try expectEqual(stored, ["a", "b", "c"], "stored")
    }

    /// Maps compare by value (`{a: 1.0}` equals `{a: 1}`).
    public static func arrayUnion_equalMap_notAdded(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.appendMissingElements([["a": 1.0]]), to: [["a": 1]], in: store)

        try expectEqual(stored, [["a": 1]], "stored")
    }

    /// A field that is not an array is replaced by the operand's elements.
    public static func arrayUnion_nonArrayField_isReplaced(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.appendMissingElements([1]), to: 7, in: store)

        try expectEqual(stored, [1], "stored")
    }

    /// A missing field becomes the operand's distinct elements.
    public static func arrayUnion_missingField_setsElements(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.appendMissingElements([1, 2, 1]), to: nil, in: store)

        try expectEqual(stored, [1, 2], "stored")
    }

    /// Array union reports `null` as its transform result.
    public static func arrayUnion_transformResult_isNull(_ store: any DocumentStore) async throws {
        let (_, result) = try await apply(.appendMissingElements([1]), to: [], in: store)

        try expectEqual(result, .null, "transform result")
    }

    /// Array remove removes every element equal to an operand (`1.0` removes both `1` and `1.0`).
    public static func arrayRemove_removesEveryEquivalentElement(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.removeAllFromArray([1.0]), to: [1, 2, 1.0, 3, 1], in: store)

        try expectEqual(stored, [2, 3], "stored")
    }

    /// Array remove of NaN removes NaN elements.
    public static func arrayRemove_NaN_removesNaN(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.removeAllFromArray([.double(.nan)]), to: [.double(.nan), 1], in: store)

        try expectEqual(stored, [1], "stored")
    }

    /// Array remove of null removes null elements.
    public static func arrayRemove_null_removesNull(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.removeAllFromArray([.null]), to: [.null, 1, .null], in: store)

        try expectEqual(stored, [1], "stored")
    }

    /// A field that is not an array becomes an empty array.
    public static func arrayRemove_nonArrayField_becomesEmptyArray(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.removeAllFromArray([7]), to: 7, in: store)

        try expectEqual(stored, [], "stored")
    }

    /// A missing field becomes an empty array.
    public static func arrayRemove_missingField_setsEmptyArray(_ store: any DocumentStore) async throws {
        let (stored, _) = try await apply(.removeAllFromArray([1]), to: nil, in: store)

        try expectEqual(stored, [], "stored")
    }

    /// Array remove reports `null` as its transform result.
    public static func arrayRemove_transformResult_isNull(_ store: any DocumentStore) async throws {
        let (_, result) = try await apply(.removeAllFromArray([1]), to: [1, 2], in: store)

        try expectEqual(result, .null, "transform result")
    }

    // MARK: Sequencing

    /// Two transforms of one field apply in order, each reporting its own result.
    public static func transforms_sameFieldTwice_applyInOrder(_ store: any DocumentStore) async throws {
        let response = try await store.transform(
            "t/a", try transform("n", .increment(1)), try transform("n", .increment(1)))

        try expectEqual(response.writeResults.first?.transformResults, [1, 2], "transform results")
        try expectField(try await store.get("t/a"), try field("n"), 2)
    }

    /// An increment after a server timestamp on the same field sees a non-number and sets its operand.
    public static func transforms_serverTimestampThenIncrement_incrementSetsOperand(
        _ store: any DocumentStore
    ) async throws {
        let response = try await store.transform(
            "t/a", try transform("n", .serverTimestamp), try transform("n", .increment(1)))

        let results = try unwrap(response.writeResults.first?.transformResults, "transform results")
        try expectEqual(results.count, 2, "number of transform results")
        guard case .timestamp = results[0] else { throw fail("first result: expected a timestamp, got \(results[0])") }
        try expectEqual(results[1], 1, "second result")
        try expectField(try await store.get("t/a"), try field("n"), 1)
    }

    /// A write reports one transform result per transform, in the transforms' order.
    public static func transforms_resultsOnePerTransformInOrder(_ store: any DocumentStore) async throws {
        try await store.set("t/a", ["i": 10, "lo": 5, "list": [1]])

        let response = try await store.transform(
            "t/a",
            try transform("list", .appendMissingElements([2])),
            try transform("i", .increment(5)),
            try transform("lo", .minimum(3))
        )

        try expectEqual(response.writeResults.first?.transformResults, [.null, 15, 3], "transform results")
    }

    /// A transform applies after its write's masked update (update x = 10, then increment x by 1 → 11).
    public static func transform_afterMaskedUpdate_seesUpdatedValue(_ store: any DocumentStore) async throws {
        try await store.set("t/a", ["x": 1, "y": 1])

        try await store.commit(
            .update(
                try path("t/a"), fields: ["x": 10], mask: [try field("x")],
                transforms: [try transform("x", .increment(1))]))

        try expectEqual(try await store.get("t/a")?.fields, ["x": 11, "y": 1], "fields")
    }

    /// A transform applies after its write's full set (the set replaces the document first).
    public static func transform_afterFullSet_seesSetValue(_ store: any DocumentStore) async throws {
        try await store.set("t/a", ["x": 1, "y": 1])

        try await store.commit(
            .update(try path("t/a"), fields: ["x": 10], transforms: [try transform("x", .increment(1))]))

        try expectEqual(try await store.get("t/a")?.fields, ["x": 11], "fields")
    }
}
