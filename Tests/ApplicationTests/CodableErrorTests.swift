import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite("Codable errors name the field path and the kinds")
struct CodableErrorTests {
    @Test func nestedMismatch_namesTheDottedPathAndBothKinds() throws {
        let fields: MapValue = ["address": ["city": 42, "zip": "06700"], "tags": [], "schedule": [:], "history": []]

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(DocumentEncoderTests.Nested.self, from: fields)
        }

        #expect(error?.message.contains("field address.city: expected string, found integer") == true)
        guard case .typeMismatch(let type, let context)? = error?.underlying as? DecodingError else {
            Issue.record("expected typeMismatch, got \(String(describing: error?.underlying))")
            return
        }
        #expect(type is String.Type)
        #expect(context.codingPath.map(\.stringValue) == ["address", "city"])
    }

    @Test func arrayElementMismatch_namesTheIndex() throws {
        let fields: MapValue = ["address": ["city": "CDMX"], "tags": ["a", "b", true], "schedule": [:], "history": []]

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(DocumentEncoderTests.Nested.self, from: fields)
        }

        #expect(error?.message.contains("field tags[2]: expected string, found boolean") == true)
    }

    @Test func mismatchInsideAMapInsideAnArray_namesTheWholePath() throws {
        let fields: MapValue = [
            "address": ["city": "CDMX"], "tags": [],
            "schedule": ["monday": [["city": "A"], ["city": .bytes(Data([1]))]]],
            "history": [],
        ]

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(DocumentEncoderTests.Nested.self, from: fields)
        }

        #expect(error?.message.contains("field schedule.monday[1].city: expected string, found bytes") == true)
    }

    @Test func missingNestedField_namesItsPath() throws {
        let fields: MapValue = ["address": ["zip": "06700"], "tags": [], "schedule": [:], "history": []]

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(DocumentEncoderTests.Nested.self, from: fields)
        }

        #expect(error?.message.contains("field address.city: expected string, found no value") == true)
    }

    @Test func fieldNamesThatAreNotSimple_areBacktickQuoted() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode([String: [String: Int]].self, from: ["first name": ["a.b": "x"]])
        }

        #expect(error?.message.contains("field `first name`.`a.b`: expected integer, found string") == true)
    }

    @Test func errorFromADocument_namesTheDocumentPathAndTheModel() throws {
        let document = try CodableTestSupport.document("classes/c1", ["nombre": 7])

        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Gym.GymClass.self, from: document)
        }

        #expect(error?.message.contains("GymClass from document classes/c1") == true)
        #expect(error?.message.contains("field nombre: expected string, found integer") == true)
    }

    @Test func topLevelMismatch_saysTheTopLevel() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decodeValue(DocumentEncoderTests.Nested.self, from: "not a map")
        }

        #expect(error?.message.contains("the top level: expected map, found string") == true)
    }

    @Test func mismatchedContainerKinds_nameWhatWasFound() throws {
        let arrayForMap = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(
                DocumentEncoderTests.Nested.self,
                from: ["address": ["CDMX"], "tags": [], "schedule": [:], "history": []])
        }
        let mapForArray = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(
                DocumentEncoderTests.Nested.self,
                from: ["address": ["city": "x"], "tags": [:], "schedule": [:], "history": []])
        }

        #expect(arrayForMap?.message.contains("field address: expected map, found array") == true)
        #expect(mapForArray?.message.contains("field tags: expected array, found map") == true)
    }

    @Test func encodingError_keepsTheEncodingErrorAsUnderlying() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encode(DocumentEncoderTests.BigNumbers(values: [UInt64.max]))
        }

        guard case .invalidValue(_, let context)? = error?.underlying as? EncodingError else {
            Issue.record("expected invalidValue, got \(String(describing: error?.underlying))")
            return
        }
        #expect(context.codingPath.count == 2)
        #expect(error?.message.contains("BigNumbers") == true)
    }

    @Test func sentinelWithAForeignEncoder_throwsInsteadOfWritingSomething() throws {
        #expect(throws: EncodingError.self) {
            _ = try JSONEncoder().encode(["count": FieldValue.increment(Int64(1))])
        }
    }

    @Test func documentStoreErrorFromAModel_passesThroughUnchanged() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Refusing.self, from: [:])
        }

        #expect(error?.message == "refused")
    }

    // MARK: - Helpers

    struct Refusing: Decodable {
        init(from decoder: any Decoder) throws {
            throw DocumentStoreError.invalidArgument("refused")
        }
    }
}
