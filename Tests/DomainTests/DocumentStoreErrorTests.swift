import HearthDomain
import Testing

@Suite("DocumentStoreError")
struct DocumentStoreErrorTests {
    /// google.rpc.Code, transcribed from google/rpc/code.proto.
    static let canonicalCodes: [(String, Int)] = [
        ("CANCELLED", 1), ("UNKNOWN", 2), ("INVALID_ARGUMENT", 3), ("DEADLINE_EXCEEDED", 4), ("NOT_FOUND", 5),
        ("ALREADY_EXISTS", 6), ("PERMISSION_DENIED", 7), ("RESOURCE_EXHAUSTED", 8), ("FAILED_PRECONDITION", 9),
        ("ABORTED", 10), ("OUT_OF_RANGE", 11), ("UNIMPLEMENTED", 12), ("INTERNAL", 13), ("UNAVAILABLE", 14),
        ("DATA_LOSS", 15), ("UNAUTHENTICATED", 16),
    ]

    @Test(arguments: DocumentStoreErrorTests.canonicalCodes)
    func code_isFoundByNameAndByNumber(_ name: String, _ number: Int) throws {
        let byName = try #require(DocumentStoreError.Code(name: name))
        let byNumber = try #require(DocumentStoreError.Code(number: number))

        #expect(byName == byNumber)
        #expect(byName.name == name)
        #expect(byName.number == number)
        #expect(byName.description == name)
    }

    @Test func namedConstants_carryTheCanonicalNamesAndNumbers() {
        let constants: [DocumentStoreError.Code] = [
            .cancelled, .unknown, .invalidArgument, .deadlineExceeded, .notFound, .alreadyExists, .permissionDenied,
            .resourceExhausted, .failedPrecondition, .aborted, .outOfRange, .unimplemented, .internal, .unavailable,
            .dataLoss, .unauthenticated,
        ]

        #expect(constants.map(\.name) == Self.canonicalCodes.map(\.0))
        #expect(constants.map(\.number) == Self.canonicalCodes.map(\.1))
        #expect(DocumentStoreError.Code.allCases == constants)
        #expect(Set(constants).count == constants.count)
    }

    @Test(arguments: ["", "OK", "not_found", "Not_Found", "NOT FOUND", " NOT_FOUND", "NOT_FOUND ", "ABORT"])
    func code_unknownNames_areNil(_ name: String) {
        #expect(DocumentStoreError.Code(name: name) == nil)
    }

    @Test(arguments: [0, -1, 17, 404, Int.max, Int.min])
    func code_unknownNumbers_areNil(_ number: Int) {
        #expect(DocumentStoreError.Code(number: number) == nil)
    }

    @Test func description_namesCodeMessageAndCause() {
        let plain = DocumentStoreError(.notFound, "No document to update: users/alice")
        let caused = DocumentStoreError(.unavailable, "The connection dropped.", underlying: Cause())

        #expect(plain.description == "NOT_FOUND: No document to update: users/alice")
        #expect(caused.description == "UNAVAILABLE: The connection dropped. (cause: the cause)")
        #expect(caused.underlying is Cause)
        #expect(plain.underlying == nil)
    }

    @Test func invalidArgumentHelper_setsTheCode() {
        let error = DocumentStoreError.invalidArgument("bad")

        #expect(error.code == .invalidArgument)
        #expect(error.message == "bad")
        #expect(error.underlying == nil)
    }

    // MARK: Helpers

    private struct Cause: Error, Sendable, CustomStringConvertible {
        var description: String { "the cause" }
    }
}
