import Foundation
import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

@Suite("Writes: validation as the server")
struct WriteValidationTests {
    private func commitCode(_ writes: [Write]) async -> DocumentStoreError.Code? {
        let sut = EngineHarness()
        return await errorCode { try await sut.commit(writes) }
    }

    @Test(arguments: ["__x__", "__name__", "____", "__é__"])
    func reservedFieldName_isInvalid(name: String) async throws {
        #expect(
            await commitCode([Write.update(try doc("c/d"), fields: MapValue([(name, Value.integer(1))]))])
                == .invalidArgument)
    }

    @Test func reservedNestedFieldName_isInvalid() async throws {
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["a": ["__x__": 1]])]) == .invalidArgument)
    }

    @Test(arguments: ["__", "__x", "x__", "___"])
    func underscoreNamesThatDoNotMatchTheReservedPattern_areAllowed(name: String) async throws {
        #expect(await commitCode([Write.update(try doc("c/d"), fields: MapValue([(name, Value.integer(1))]))]) == nil)
    }

    @Test func emptyFieldName_isInvalid() async throws {
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["": 1])]) == .invalidArgument)
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["m": ["": 1]])]) == .invalidArgument)
    }

    @Test func arrayDirectlyInsideArray_isInvalid() async throws {
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["a": [[1]]])]) == .invalidArgument)
    }

    @Test func arrayInsideMapInsideArray_isAllowed() async throws {
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["a": [["b": [1]]]])]) == nil)
    }

    @Test func nestingOf20Levels_isAllowedAnd21_isInvalid() async throws {
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["f": nestedMaps(20)])]) == nil)
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["f": nestedMaps(21)])]) == .invalidArgument)
    }

    @Test func vectorValue_isAllowedAndOtherTypeMarkers_areInvalid() async throws {
        let vector: Value = ["__type__": "__vector__", "value": [1.0, 2.0]]
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["v": vector])]) == nil)
        let integerVector: Value = ["__type__": "__vector__", "value": [1, 2]]
        #expect(await commitCode([Write.update(try doc("c/d"), fields: ["v": integerVector])]) == .invalidArgument)
        #expect(
            await commitCode([Write.update(try doc("c/d"), fields: ["v": ["__type__": "other"]])]) == .invalidArgument)
    }

    @Test func stringOf1048487Bytes_isAllowedAndOneMore_isInvalid() async throws {
        let limit = 1_048_487
        #expect(
            await commitCode([
                Write.update(try doc("c/d"), fields: ["f": .string(String(repeating: "x", count: limit))])
            ]) == nil)
        #expect(
            await commitCode([
                Write.update(try doc("c/d"), fields: ["f": .string(String(repeating: "x", count: limit + 1))])
            ])
                == .invalidArgument
        )
    }

    @Test func documentOfExactly1MiB_isAllowedAndOneByteMore_isInvalid() async throws {
        // name "c/d": 2 + 2 + 16 = 20; fields "f" and "g": 2 each; strings L + 1 each; + 32 → 2L + 58.
        let length = (1_048_576 - 58) / 2
        let exact: MapValue = [
            "f": .string(String(repeating: "x", count: length)), "g": .string(String(repeating: "y", count: length)),
        ]
        let over: MapValue = [
            "f": .string(String(repeating: "x", count: length)), "gg": .string(String(repeating: "y", count: length)),
        ]

        #expect(await commitCode([Write.update(try doc("c/d"), fields: exact)]) == nil)
        #expect(await commitCode([Write.update(try doc("c/d"), fields: over)]) == .invalidArgument)
    }

    @Test func reservedMaskPath_isInvalid() async throws {
        #expect(
            await commitCode([Write.update(try doc("c/d"), fields: [:], mask: [try FieldPath(["__x__"])])])
                == .invalidArgument)
        #expect(
            await commitCode([Write.update(try doc("c/d"), fields: [:], mask: [FieldPath.documentID])])
                == .invalidArgument)
    }

    @Test func transformOnReservedOrNameField_isInvalid() async throws {
        for path in [try FieldPath(["__x__"]), FieldPath.documentID] {
            let write = Write(
                path: try doc("c/d"), operation: .transform,
                transforms: [FieldTransform(fieldPath: path, operation: .increment(1))])
            #expect(await commitCode([write]) == .invalidArgument)
        }
    }

    @Test(arguments: [FieldTransform.Operation.increment("x"), .maximum(.null), .minimum(["a": 1]), .increment(true)])
    func nonNumericOperandOfNumericTransform_isInvalid(operation: FieldTransform.Operation) async throws {
        let write = Write(
            path: try doc("c/d"), operation: .transform,
            transforms: [FieldTransform(fieldPath: try field("n"), operation: operation)])
        #expect(await commitCode([write]) == .invalidArgument)
    }

    @Test func arrayTransformWithArrayElement_isInvalid() async throws {
        for operation in [FieldTransform.Operation.appendMissingElements([[1]]), .removeAllFromArray([[1]])] {
            let write = Write(
                path: try doc("c/d"), operation: .transform,
                transforms: [FieldTransform(fieldPath: try field("a"), operation: operation)])
            #expect(await commitCode([write]) == .invalidArgument)
        }
    }

    @Test func transformWriteWithoutTransforms_isInvalid() async throws {
        #expect(await commitCode([Write(path: try doc("c/d"), operation: .transform)]) == .invalidArgument)
    }

    @Test func deleteWithTransforms_isInvalid() async throws {
        let write = Write(
            path: try doc("c/d"), operation: .delete,
            transforms: [FieldTransform(fieldPath: try field("a"), operation: .serverTimestamp)])
        #expect(await commitCode([write]) == .invalidArgument)
    }

    @Test func moreThan500TransformsOnOneDocument_isInvalid() async throws {
        let transforms = try (0..<501).map { FieldTransform(fieldPath: try field("f\($0)"), operation: .increment(1)) }
        #expect(
            await commitCode([Write(path: try doc("c/d"), operation: .transform, transforms: transforms)])
                == .invalidArgument)
        #expect(
            await commitCode([
                Write(path: try doc("c/d"), operation: .transform, transforms: Array(transforms.prefix(500)))
            ]) == nil
        )
    }

    @Test func invalidWrite_appliesNothing() async throws {
        let sut = EngineHarness()

        let code = await errorCode {
            try await sut.commit([
                Write.update(try doc("c/a"), fields: ["v": 1]), Write.update(try doc("c/b"), fields: ["a": [[1]]]),
            ])
        }

        #expect(code == .invalidArgument)
        #expect(try sut.get("c/a") == nil)
    }

    private func nestedMaps(_ depth: Int) -> Value {
        var value: Value = 1
        for _ in 0..<depth { value = ["a": value] }
        return value
    }
}
