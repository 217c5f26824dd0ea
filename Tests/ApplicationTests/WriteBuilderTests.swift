import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite struct WriteBuilderTests {
    // MARK: create / set

    @Test func create_withPlainData_writesFieldsWithExistsFalse() throws {
        let write = try WriteBuilder.create(doc, data: ["name": "Ana", "visits": 3])

        #expect(write.operation == .update(fields: ["name": "Ana", "visits": 3], mask: nil))
        #expect(write.precondition == .exists(false))
        #expect(write.transforms.isEmpty)
    }

    @Test func create_withDeleteSentinel_throwsNamingTheField() {
        let error = expectInvalid { try WriteBuilder.create(doc, data: ["profile": ["nickname": .delete()]]) }
        #expect(error.contains("'profile.nickname'"))
        #expect(error.contains("FieldValue.delete()"))
    }

    @Test func set_overwrite_hasNoMaskAndNoPrecondition() throws {
        let write = try WriteBuilder.set(doc, data: ["a": 1])

        #expect(write.operation == .update(fields: ["a": 1], mask: nil))
        #expect(write.precondition == nil)
    }

    @Test func set_withSentinels_movesThemToTransformsSortedByPath() throws {
        let write = try WriteBuilder.set(
            doc,
            data: [
                "z": .serverTimestamp(),
                "a": ["c": .increment(Int64(2)), "b": .maximum(.double(1.5))],
                "m": .arrayUnion(["x", ["k": 1]]),
                "n": .arrayRemove([1]),
                "o": .minimum(.integer(-3)),
                "plain": true,
            ]
        )

        #expect(write.operation == .update(fields: ["plain": true], mask: nil))
        #expect(
            write.transforms == [
                FieldTransform(fieldPath: try FieldPath("a", "b"), operation: .maximum(.double(1.5))),
                FieldTransform(fieldPath: try FieldPath("a", "c"), operation: .increment(.integer(2))),
                FieldTransform(fieldPath: try FieldPath("m"), operation: .appendMissingElements(["x", ["k": 1]])),
                FieldTransform(fieldPath: try FieldPath("n"), operation: .removeAllFromArray([1])),
                FieldTransform(fieldPath: try FieldPath("o"), operation: .minimum(.integer(-3))),
                FieldTransform(fieldPath: try FieldPath("z"), operation: .serverTimestamp),
            ]
        )
    }

    @Test func set_mapEmptiedBySentinels_isDropped_butEmptyMapIsKept() throws {
        let write = try WriteBuilder.set(doc, data: ["gone": ["t": .serverTimestamp()], "kept": [:]])

        #expect(write.operation == .update(fields: ["kept": .map(MapValue())], mask: nil))
    }

    @Test func set_mergeAll_maskIsSortedLeavesWithDeletesAndEmptyMaps_withoutTransforms() throws {
        let write = try WriteBuilder.set(
            doc,
            data: ["h": ["g": 3, "f": ["x": .delete()]], "a": [1, 2], "e": [:], "t": .serverTimestamp()],
            options: .merge
        )

        let expectedFields: MapValue = ["h": ["g": 3], "a": [1, 2], "e": .map(MapValue())]
        #expect(write.operation == .update(fields: expectedFields, mask: try paths("a", "e", "h.f.x", "h.g")))
        #expect(write.transforms == [FieldTransform(fieldPath: try FieldPath("t"), operation: .serverTimestamp)])
    }

    @Test func set_mergeAll_plainMapValueMergesLeafByLeafLikeUserData() throws {
        let plain = try WriteBuilder.set(doc, data: ["h": .value(["g": 3, "f": 4])], options: .merge)
        let userData = try WriteBuilder.set(doc, data: ["h": ["g": 3, "f": 4]], options: .merge)

        #expect(plain == userData)
        #expect(plain.operation == .update(fields: ["h": ["f": 4, "g": 3]], mask: try paths("h.f", "h.g")))
    }

    @Test func set_mergeAll_withEmptyData_hasEmptyMask() throws {
        let write = try WriteBuilder.set(doc, data: [:], options: .merge)

        #expect(write.operation == .update(fields: MapValue(), mask: []))
    }

    @Test func set_mergeFields_writesOnlyTheListedPaths() throws {
        let write = try WriteBuilder.set(
            doc,
            data: ["h": ["g": 4, "f": 5, "t": .serverTimestamp()], "e": 7, "s": .serverTimestamp()],
            options: .mergeFields([try FieldPath("h", "g"), try FieldPath("s")])
        )

        #expect(write.operation == .update(fields: ["h": ["g": 4]], mask: try paths("h.g")))
        #expect(write.transforms == [FieldTransform(fieldPath: try FieldPath("s"), operation: .serverTimestamp)])
    }

    @Test func set_mergeFieldsFromDottedPaths_splitOnDots() throws {
        #expect(
            try SetOptions.mergeFields(dotted: ["a.b", "c"])
                == .mergeFields([try FieldPath("a", "b"), try FieldPath("c")]))
        #expect(throws: DocumentStoreError.self) { try SetOptions.mergeFields(dotted: ["a..b"]) }
    }

    @Test func set_mergeFields_missingFromData_throwsNamingThePath() {
        let error = expectInvalid {
            try WriteBuilder.set(
                doc, data: ["a": 1], options: .mergeFields([try FieldPath("a"), try FieldPath("b", "c")]))
        }
        #expect(error.contains("'b.c'"))
    }

    @Test func set_mergeFields_prefixOrDuplicate_throwsNamingThePaths() {
        let prefix = expectInvalid {
            try WriteBuilder.set(
                doc, data: ["a": ["b": 1]], options: .mergeFields([try FieldPath("a", "b"), try FieldPath("a")]))
        }
        #expect(prefix.contains("'a' is a prefix of 'a.b'"))
        let duplicate = expectInvalid {
            try WriteBuilder.set(doc, data: ["a": 1], options: .mergeFields([try FieldPath("a"), try FieldPath("a")]))
        }
        #expect(duplicate.contains("'a' is given more than once"))
    }

    @Test func set_mergeFields_deleteNotExactlyAtAListedPath_throws() {
        let error = expectInvalid {
            try WriteBuilder.set(doc, data: ["h": ["g": .delete()]], options: .mergeFields([try FieldPath("h")]))
        }
        #expect(error.contains("'h.g'"))
    }

    @Test func set_overwriteWithDelete_throws() {
        let error = expectInvalid { try WriteBuilder.set(doc, data: ["a": .delete()]) }
        #expect(error.contains("'a'"))
    }

    // MARK: update

    @Test func update_splitsDottedKeys_masksSortedPaths_andRequiresExistence() throws {
        let write = try WriteBuilder.update(
            doc, data: ["b.c": 1, "a": ["x.y": true], "d": .delete(), "t": .serverTimestamp()])

        #expect(
            write.operation == .update(fields: ["a": ["x.y": true], "b": ["c": 1]], mask: try paths("a", "b.c", "d")))
        #expect(write.precondition == .exists(true))
        #expect(write.transforms == [FieldTransform(fieldPath: try FieldPath("t"), operation: .serverTimestamp)])
    }

    @Test func update_withFieldPaths_doesNotSplitSegments() throws {
        let write = try WriteBuilder.update(doc, fields: [(try FieldPath("a.b", "c"), 1)])

        #expect(write.operation == .update(fields: ["a.b": ["c": 1]], mask: [try FieldPath("a.b", "c")]))
    }

    @Test func update_updateTimePrecondition_replacesTheExistsPrecondition() throws {
        let time = try Timestamp(seconds: 42)
        let write = try WriteBuilder.update(doc, data: ["a": 1], precondition: .updateTime(time))

        #expect(write.precondition == .updateTime(time))
    }

    @Test(arguments: [true, false])
    func update_existsPrecondition_throws(exists: Bool) {
        let error = expectInvalid { try WriteBuilder.update(doc, data: ["a": 1], precondition: .exists(exists)) }
        #expect(error.contains("exists"))
    }

    @Test func update_withoutFields_throws() {
        _ = expectInvalid { try WriteBuilder.update(doc, data: [:]) }
    }

    @Test func update_invalidDottedKey_throwsNamingTheKey() {
        let error = expectInvalid { try WriteBuilder.update(doc, data: ["a..b": 1]) }
        #expect(error.contains("a..b"))
    }

    @Test func update_prefixConflict_throwsNamingBothPaths() {
        let error = expectInvalid { try WriteBuilder.update(doc, data: ["a": ["b": 1], "a.d": 2]) }
        #expect(error.contains("'a' is a prefix of 'a.d'"))
    }

    @Test func update_duplicatePathsWithTransforms_throw() {
        let error = expectInvalid {
            try WriteBuilder.update(
                doc, fields: [(try FieldPath("a"), .arrayUnion([1])), (try FieldPath("a"), .arrayUnion([2]))])
        }
        #expect(error.contains("'a' is given more than once"))
    }

    @Test func update_nestedDelete_throwsNamingThePath() {
        let error = expectInvalid { try WriteBuilder.update(doc, data: ["a": ["b": .delete()]]) }
        #expect(error.contains("'a.b'"))
        #expect(error.contains("top level"))
    }

    @Test func update_transformsOnly_haveAnEmptyMask() throws {
        let write = try WriteBuilder.update(doc, data: ["a.b.c": .serverTimestamp()])

        #expect(write.operation == .update(fields: MapValue(), mask: []))
        #expect(
            write.transforms == [FieldTransform(fieldPath: try FieldPath("a", "b", "c"), operation: .serverTimestamp)])
    }

    // MARK: invalid data

    @Test func sentinelInsideArray_throwsNamingTheArrayFieldAndIndex() {
        let error = expectInvalid { try WriteBuilder.set(doc, data: ["list": [1, ["b": .serverTimestamp()]]]) }
        #expect(error.contains("'list.1.b'"))
        #expect(error.contains("inside arrays"))
    }

    @Test func sentinelInsideArrayUnion_throws() {
        let error = expectInvalid { try WriteBuilder.set(doc, data: ["a": .arrayRemove([1, .serverTimestamp()])]) }
        #expect(error.contains("FieldValue.serverTimestamp()"))
        #expect(error.contains("FieldValue.arrayRemove()"))
    }

    @Test func nestedArrays_throw() {
        let userData = expectInvalid { try WriteBuilder.set(doc, data: ["a": [1, [2]]]) }
        #expect(userData.contains("nested arrays"))
        let plain = expectInvalid { try WriteBuilder.set(doc, data: ["m": ["a": .value([[1]])]]) }
        #expect(plain.contains("'m.a'"))
        let union = expectInvalid { try WriteBuilder.set(doc, data: ["a": .arrayUnion([[1]])]) }
        #expect(union.contains("nested arrays"))
    }

    @Test func nonNumericIncrement_throws() {
        let error = expectInvalid { try WriteBuilder.update(doc, data: ["count": .increment(.string("1"))]) }
        #expect(error.contains("'count'"))
        #expect(error.contains("integer or a double"))
    }

    @Test func emptyFieldName_throws() {
        let error = expectInvalid { try WriteBuilder.set(doc, data: ["a": ["": 1]]) }
        #expect(error.contains("empty"))
    }

    @Test func reservedFieldName_throws() {
        #expect(expectInvalid { try WriteBuilder.set(doc, data: ["a": ["__x__": 1]]) }.contains("'a.__x__'"))
        #expect(expectInvalid { try WriteBuilder.update(doc, data: ["__name__": 1]) }.contains("reserved"))
        #expect(expectInvalid { try WriteBuilder.create(doc, data: ["list": [["__k__": 1]]]) }.contains("reserved"))
    }

    // MARK: delete

    @Test func delete_keepsThePrecondition() throws {
        #expect(WriteBuilder.delete(doc) == .delete(doc))
        #expect(WriteBuilder.delete(doc, precondition: .exists(true)) == .delete(doc, precondition: .exists(true)))
    }
}

// MARK: - Helpers

private let doc = try! DocumentPath("members/ana")

private func paths(_ dotted: String...) throws -> [FieldPath] {
    try dotted.map { try FieldPath(dotted: $0) }
}

/// Runs `body`, expects an `invalidArgument` error and returns its message ("" when it did not throw).
private func expectInvalid(_ body: () throws -> Write, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        let write = try body()
        Issue.record("Expected invalidArgument, built \(write)", sourceLocation: sourceLocation)
        return ""
    } catch let error as DocumentStoreError {
        #expect(error.code == .invalidArgument, sourceLocation: sourceLocation)
        return error.message
    } catch {
        Issue.record("Unexpected error \(error)", sourceLocation: sourceLocation)
        return ""
    }
}
