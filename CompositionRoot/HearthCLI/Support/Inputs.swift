import Foundation
import Hearth
import HearthFirestoreCodec

/// Reading what commands are given: paths, JSON documents, field paths.
enum Inputs {
    static func documentPath(_ text: String) throws(CommandFailure) -> DocumentPath {
        try parse(text, as: "a document path (collection/document[/collection/document…])", DocumentPath.init)
    }

    static func collectionPath(_ text: String) throws(CommandFailure) -> CollectionPath {
        try parse(text, as: "a collection path (collection[/document/collection…])", CollectionPath.init)
    }

    /// A field path as typed: dotted (`address.city`), or canonical with backticks for other names
    /// (`` `first name`.x ``).
    static func fieldPath(_ text: String) throws(CommandFailure) -> FieldPath {
        try parse(text, as: "a field path") { (text) throws(DocumentStoreError) in
            UTF8Split.contains(text, UInt8(ascii: "`")) ? try FieldPath(canonical: text) : try FieldPath(dotted: text)
        }
    }

    /// `make(text)`, or a usage error saying `text` is not `what`, with the reason.
    private static func parse<Parsed>(
        _ text: String, as what: String, _ make: (String) throws(DocumentStoreError) -> Parsed
    ) throws(CommandFailure) -> Parsed {
        do {
            return try make(text)
        } catch {
            throw .usage("\(Excerpt.quoted(text)) is not \(what): \(error.message)")
        }
    }

    /// The text of a JSON argument: itself, or standard input for `-`. Standard input that is not valid
    /// UTF-8 is refused with a usage error naming the first bad byte's offset (never repaired with U+FFFD).
    static func jsonText(_ argument: String) throws(CommandFailure) -> String {
        guard argument == "-" else { return argument }
        var bytes: [UInt8] = []
        try POSIX.readStandardInput { chunk in bytes += chunk }
        if let offset = firstInvalidUTF8Offset(bytes) {
            throw .usage(
                "standard input is not valid UTF-8: the bytes at offset \(offset) (0x\(String(bytes[offset], radix: 16, uppercase: true))…) are not a UTF-8 character; nothing was written"
            )
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset of the first byte of `bytes` that is not part of a well-formed UTF-8 sequence, or `nil`
    /// when all of it is valid (so decoding it replaces nothing with U+FFFD).
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The JSON object `text` (`what` names it in errors).
    static func jsonObject(_ text: String, what: String) throws(CommandFailure) -> JSONObject {
        guard case .object(let object) = try PlainJSON.parse(text, what: what) else {
            throw .usage("\(what) must be a JSON object ({…})")
        }
        return object
    }

    /// A JSON object of fields: plain JSON, or Firestore REST values with `typed`.
    static func fields(_ object: JSONObject, typed: Bool, what: String) throws(CommandFailure) -> MapValue {
        guard typed else { return try PlainJSON.fields(object) }
        do {
            return try RESTValueCodec.decodeFields(bytes: JSONWriter.serialize(.object(object)))
        } catch {
            throw .usage("\(what) is not a map of Firestore REST values: \(error)")
        }
    }

    /// One value: plain JSON, or a Firestore REST value with `typed`.
    static func value(_ json: JSON, typed: Bool, what: String) throws(CommandFailure) -> Value {
        guard typed else { return try PlainJSON.value(json, at: what) }
        do {
            return try RESTValueCodec.decode(bytes: JSONWriter.serialize(json))
        } catch {
            throw .usage("\(what) is not a Firestore REST value (such as {\"integerValue\":\"1\"}): \(error)")
        }
    }

    /// User data for the write builders: each top-level field as a plain value, keyed by exact bytes (so
    /// `"é"` and `"e\u{301}"` stay two fields, as in the JSON and in Firestore).
    static func userData(_ fields: MapValue) -> UserFields {
        UserFields(fields.map { ($0.key, FieldValue.value($0.value)) })
    }

    /// The write built from user data, with builder errors as usage errors (nothing is written).
    static func write(_ build: () throws(DocumentStoreError) -> Write) throws(CommandFailure) -> Write {
        do {
            return try build()
        } catch {
            throw .usage(error.message)
        }
    }
}

/// How a document prints: plain fields, or the REST document.
enum Outputs {
    static func plainDocument(_ document: Document) -> JSON {
        .object(["path": .string(document.path.path), "fields": PlainJSON.json(document.fields)])
    }

    /// The document's REST JSON, as a tree to print (the codec's bytes read back; they are JSON).
    static func typedDocument(_ document: Document, database: DatabaseID) throws(CommandFailure) -> JSON {
        do {
            return try JSONParser.parse(RESTDocumentCodec.encode(document, database: database))
        } catch {
            throw .failed("the REST JSON of \(document.path) could not be read back: \(error)")
        }
    }
}
