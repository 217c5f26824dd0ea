import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite("Codable property wrappers")
struct CodablePropertyWrapperTests {
    // MARK: @DocumentID

    @Test func documentID_isFilledFromTheDocumentPath() throws {
        let document = try CodableTestSupport.document("members/uuid-1234", ["name": "Juan"])

        let decoded = try DocumentDecoder().decode(Identified.self, from: document)

        #expect(decoded.id == "uuid-1234")
        #expect(decoded.path == (try DocumentPath("members/uuid-1234")))
    }

    @Test func documentID_pathWinsOverAStoredFieldOfTheSameName() throws {
        let document = try CodableTestSupport.document("members/from-path", ["id": "from-field", "name": "Juan"])

        let decoded = try DocumentDecoder().decode(Identified.self, from: document)

        #expect(decoded.id == "from-path")
    }

    @Test func documentID_withoutAPath_readsTheStoredFieldOrNil() throws {
        let stored = try DocumentDecoder().decode(Identified.self, from: ["id": "from-field", "name": "Juan"])
        let absent = try DocumentDecoder().decode(Identified.self, from: ["name": "Juan"])

        #expect(stored.id == "from-field")
        #expect(absent.id == nil)
        #expect(absent.path == nil)
    }

    @Test func documentID_isNeverEncoded() throws {
        let model = Identified(id: "uuid-1234", path: try DocumentPath("members/uuid-1234"), name: "Juan")

        let encoded = try DocumentEncoder().encode(model)

        #expect(encoded == ["name": "Juan"])
    }

    @Test func documentID_withJSONCoders_roundTripsAsAPlainValue() throws {
        let model = Identified(id: "uuid-1234", path: try DocumentPath("members/uuid-1234"), name: "Juan")

        let json = try JSONEncoder().encode(model)
        let decoded = try JSONDecoder().decode(Identified.self, from: json)
        let withoutID = try JSONDecoder().decode(Identified.self, from: Data(#"{"name":"Ana"}"#.utf8))

        #expect(decoded == model)
        #expect(withoutID.id == nil)
    }

    @Test func documentID_customWrappableType_canRejectAPath() throws {
        let accepted = try DocumentDecoder().decode(
            Tenanted.self, from: CodableTestSupport.document("gyms/sajarubox", [:]))
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Tenanted.self, from: CodableTestSupport.document("users/u1", [:]))
        }

        #expect(accepted.gym == GymID(rawValue: "sajarubox"))
        #expect(error?.message.contains("not a gym") == true)
    }

    // MARK: @ServerTimestamp

    @Test func serverTimestamp_nil_encodesTheSentinelAndAValueEncodesItself() throws {
        let stamp = try Timestamp(seconds: 1_768_046_400, nanoseconds: 7)

        let pending = try DocumentEncoder().encode(Stamped(createdAt: nil, seenAt: nil))
        let known = try DocumentEncoder().encode(Stamped(createdAt: stamp, seenAt: GymDates.created))

        #expect(pending["createdAt"] == FieldValue.serverTimestamp())
        #expect(pending["seenAt"] == FieldValue.serverTimestamp())
        #expect(known["createdAt"] == .timestamp(stamp))
        #expect(known["seenAt"] == .timestamp(Timestamp(date: GymDates.created)))
    }

    @Test func serverTimestamp_missingField_decodesAsNil() throws {
        let decoded = try DocumentDecoder().decode(Stamped.self, from: [:])

        #expect(decoded.createdAt == nil)
        #expect(decoded.seenAt == nil)
    }

    @Test func serverTimestamp_nullField_decodesAsNilAndATimestampAsItsValue() throws {
        let stamp = try Timestamp(seconds: 10, nanoseconds: 999_999_999)

        let decoded = try DocumentDecoder().decode(
            Stamped.self, from: ["createdAt": .timestamp(stamp), "seenAt": .null])

        #expect(decoded.createdAt == stamp)
        #expect(decoded.seenAt == nil)
    }

    @Test func serverTimestamp_wrongKind_throwsNamingTheField() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Stamped.self, from: ["createdAt": "yesterday"])
        }

        #expect(error?.message.contains("field createdAt: expected timestamp, found string") == true)
    }

    @Test func serverTimestamp_withJSONCoders_missingKeyIsNilAndNilEncodesNull() throws {
        let decoded = try JSONDecoder().decode(Stamped.self, from: Data("{}".utf8))
        let json = try JSONEncoder().encode(Stamped(createdAt: nil, seenAt: nil))

        #expect(decoded.createdAt == nil)
        #expect(String(decoding: json, as: UTF8.self).contains(#""createdAt":null"#))
    }

    // MARK: @ExplicitNull

    @Test func explicitNull_missingOrNull_decodesAsNil() throws {
        let missing = try DocumentDecoder().decode(DocumentEncoderTests.NullableNote.self, from: [:])
        let null = try DocumentDecoder().decode(DocumentEncoderTests.NullableNote.self, from: ["note": .null])
        let value = try DocumentDecoder().decode(DocumentEncoderTests.NullableNote.self, from: ["note": "hola"])

        #expect(missing.note == nil)
        #expect(null.note == nil)
        #expect(value.note == "hola")
    }

    // MARK: @DefaultValue

    @Test func defaultValue_missingOrNull_takesTheProviderDefault() throws {
        let missing = try DocumentDecoder().decode(Defaults.self, from: [:])
        let null = try DocumentDecoder().decode(
            Defaults.self, from: ["isActive": .null, "capacity": .null, "tags": .null])

        #expect(missing == Defaults(isActive: true, capacity: 20, tags: []))
        #expect(null == Defaults(isActive: true, capacity: 20, tags: []))
    }

    @Test func defaultValue_storedValue_winsAndIsWritten() throws {
        let model = Defaults(isActive: false, capacity: 8, tags: ["a"])

        let fields = try CodableTestSupport.roundTripFields(model)
        let decoded = try DocumentDecoder().decode(Defaults.self, from: fields)

        #expect(fields == ["isActive": false, "capacity": 8, "tags": ["a"]])
        #expect(decoded == model)
    }

    @Test func defaultValue_wrongKind_throwsInsteadOfDefaulting() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(Defaults.self, from: ["isActive": "yes"])
        }

        #expect(error?.message.contains("field isActive: expected boolean, found string") == true)
    }

    @Test func defaultValue_withJSONDecoder_missingKeyTakesTheDefault() throws {
        let decoded = try JSONDecoder().decode(Defaults.self, from: Data(#"{"capacity": 3}"#.utf8))

        #expect(decoded == Defaults(isActive: true, capacity: 3, tags: []))
    }

    // MARK: Generic decoding and conformances

    @Test func genericDecodeOfAWrapper_withAMissingField_usesTheWrapperEmptyValue() throws {
        let document = try CodableTestSupport.document("members/m1", [:])

        let decoded = try DocumentDecoder().decode(GenericallyDecoded.self, from: document)

        #expect(decoded.id.wrappedValue == "m1")
        #expect(decoded.createdAt.wrappedValue == nil)
        #expect(decoded.note.wrappedValue == nil)
        #expect(decoded.isActive.wrappedValue == true)
    }

    @Test func wrappers_areEquatableAndHashableLikeTheirValues() throws {
        let first = Identified(id: "a", path: nil, name: "x")
        let same = Identified(id: "a", path: nil, name: "x")
        let other = Identified(id: "b", path: nil, name: "x")

        #expect(first == same)
        #expect(first != other)
        #expect(Set([ServerTimestamp<Timestamp>(wrappedValue: nil), ServerTimestamp(wrappedValue: nil)]).count == 1)
        #expect(Set([ExplicitNull(wrappedValue: 1), ExplicitNull(wrappedValue: 2)]).count == 2)
        #expect(
            DefaultValue<DefaultValues.Zero>(wrappedValue: 0).hashValue
                == DefaultValue<DefaultValues.Zero>(wrappedValue: 0).hashValue)
        #expect(
            isSendable(first) && isSendable(Stamped(createdAt: nil, seenAt: nil)) && isSendable(GenericallyDecodedBox())
        )
    }

    // MARK: - Helpers

    struct Identified: Codable, Equatable, Sendable {
        @DocumentID var id: String?
        @DocumentID var path: DocumentPath?
        var name: String
    }

    struct GymID: DocumentIDWrappable, Equatable {
        var rawValue: String

        static func wrap(_ path: DocumentPath) throws -> GymID {
            guard path.collectionID == "gyms" else {
                throw DocumentStoreError.invalidArgument("\(path.path) is not a gym")
            }
            return GymID(rawValue: path.documentID)
        }
    }

    struct Tenanted: Codable {
        @DocumentID var gym: GymID?
    }

    struct Stamped: Codable, Sendable {
        @ServerTimestamp var createdAt: Timestamp?
        @ServerTimestamp var seenAt: Date?
    }

    enum TwentyPeople: DefaultValueProvider {
        static var defaultValue: Int { 20 }
    }

    struct Defaults: Codable, Equatable {
        @DefaultValue<DefaultValues.True> var isActive: Bool
        @DefaultValue<TwentyPeople> var capacity: Int
        @DefaultValue<DefaultValues.EmptyArray<String>> var tags: [String]
    }

    /// Decodes its wrappers through a generic helper, where the `KeyedDecodingContainer` overloads are
    /// not chosen, to exercise the decoder's own handling of missing wrapper fields.
    struct GenericallyDecoded: Decodable {
        var id: DocumentID<String>
        var createdAt: ServerTimestamp<Timestamp>
        var note: ExplicitNull<String>
        var isActive: DefaultValue<DefaultValues.True>

        enum Keys: String, CodingKey { case id, createdAt, note, isActive }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try Self.field(container, .id)
            createdAt = try Self.field(container, .createdAt)
            note = try Self.field(container, .note)
            isActive = try Self.field(container, .isActive)
        }

        static func field<T: Decodable>(_ container: KeyedDecodingContainer<Keys>, _ key: Keys) throws -> T {
            try container.decode(T.self, forKey: key)
        }
    }

    struct GenericallyDecodedBox: Sendable {
        var id = DocumentID<String>(wrappedValue: nil)
        var isActive = DefaultValue<DefaultValues.True>(wrappedValue: true)
    }

    private func isSendable(_ value: some Sendable) -> Bool { true }
}
