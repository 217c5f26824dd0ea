import Foundation
import HearthDomain
import HearthPort

/// The one writer of Firestore REST JSON: request bodies, documents and values written straight to
/// compact UTF-8 bytes, without a ``JSON`` tree. Members come in a fixed order, strings are escaped as
/// ``JSONWriter`` escapes them (quotes, backslashes and control characters), numbers and timestamps are
/// printed in their shortest exact form; the tests hold the output to Google's conformance vectors and to
/// the reference (tree) encoder of the test server.
struct RESTEncoder {
    private let sink: ByteSink
    /// `"projects/{p}/databases/{d}/documents/` (with the opening quote), escaped, for document names;
    /// empty without a database (then no message with a document name may be written).
    private let namePrefix: [UInt8]

    /// An encoder whose document names are in `database` (`nil` when it writes none).
    init(database: DatabaseID? = nil, capacity: Int) {
        sink = ByteSink(capacity: capacity)
        guard let database else {
            namePrefix = []
            return
        }
        let prefix = RESTEncoder(sink: ByteSink(capacity: 128), namePrefix: [])
        prefix.byte("\"")
        prefix.appendEscaped(database.documentsRoot)
        prefix.byte("/")
        namePrefix = prefix.bytes
    }

    private init(sink: ByteSink, namePrefix: [UInt8]) {
        self.sink = sink
        self.namePrefix = namePrefix
    }

    /// The bytes written so far.
    var bytes: [UInt8] { sink.bytes }

    /// The bytes `write` writes with a new encoder (document names in `database`, `capacity` bytes
    /// reserved up front): how every encoding function of the codec makes its message.
    static func encode(database: DatabaseID? = nil, capacity: Int, _ write: (RESTEncoder) -> Void) -> [UInt8] {
        let encoder = RESTEncoder(database: database, capacity: capacity)
        write(encoder)
        return encoder.bytes
    }

    // MARK: - Messages

    /// `{"database"?, "writes": [...], "transaction"?}`: a commit request; without `database`, it has no
    /// `database` member.
    func commitRequest(database: DatabaseID?, writes: [Write], transaction: TransactionID?) {
        writesMessage(database: database, writes: writes)
        if let transaction {
            ascii(#","transaction":"#)
            base64(transaction.bytes)
        }
        byte("}")
    }

    /// `{"database"?, "writes": [...]` (left open): the start of a commit or batch-write request.
    func writesMessage(database: DatabaseID?, writes: [Write]) {
        if let database {
            ascii(#"{"database":"#)
            string(database.resourceName)
            ascii(#","writes":["#)
        } else {
            ascii(#"{"writes":["#)
        }
        for (offset, write) in writes.enumerated() {
            if offset > 0 { byte(",") }
            self.write(write)
        }
        byte("]")
    }

    /// One `Write` message (the forms of ``RESTWriteCodec``).
    func write(_ write: Write) {
        switch write.operation {
        case .update(let fields, let mask):
            ascii(#"{"update":{"name":"#)
            documentName(write.path)
            if !(fields.isEmpty && !(mask ?? []).isEmpty) {
                ascii(#","fields":"#)
                self.fields(fields)
            }
            byte("}")
            if let mask {
                ascii(#","updateMask":"#)
                documentMask(mask)
            }
        case .delete:
            ascii(#"{"delete":"#)
            documentName(write.path)
        case .transform:
            ascii(#"{"transform":{"document":"#)
            documentName(write.path)
            ascii(#","fieldTransforms":"#)
            fieldTransforms(write.transforms)
            byte("}")
        }
        if let precondition = write.precondition {
            ascii(#","currentDocument":"#)
            switch precondition {
            case .exists(let exists): ascii(exists ? #"{"exists":true}"# : #"{"exists":false}"#)
            case .updateTime(let time):
                ascii(#"{"updateTime":"#)
                timestamp(time)
                byte("}")
            }
        }
        if write.operation != .transform, !write.transforms.isEmpty {
            ascii(#","updateTransforms":"#)
            fieldTransforms(write.transforms)
        }
        byte("}")
    }

    /// A stored `Document` message: `{"name", "fields"?, "createTime", "updateTime"}`.
    func document(_ document: Document) {
        ascii(#"{"name":"#)
        documentName(document.path)
        if !document.fields.isEmpty {
            ascii(#","fields":"#)
            fields(document.fields)
        }
        ascii(#","createTime":"#)
        timestamp(document.createTime)
        ascii(#","updateTime":"#)
        timestamp(document.updateTime)
        byte("}")
    }

    func fieldTransforms(_ transforms: [FieldTransform]) {
        byte("[")
        for (offset, transform) in transforms.enumerated() {
            if offset > 0 { byte(",") }
            ascii(#"{"fieldPath":"#)
            string(transform.fieldPath.canonicalString)
            switch transform.operation {
            case .serverTimestamp:
                ascii(#","setToServerValue":"REQUEST_TIME""#)
            case .increment(let value):
                ascii(#","increment":"#)
                self.value(value)
            case .maximum(let value):
                ascii(#","maximum":"#)
                self.value(value)
            case .minimum(let value):
                ascii(#","minimum":"#)
                self.value(value)
            case .appendMissingElements(let values):
                ascii(#","appendMissingElements":{"values":"#)
                self.values(values)
                byte("}")
            case .removeAllFromArray(let values):
                ascii(#","removeAllFromArray":{"values":"#)
                self.values(values)
                byte("}")
            }
            byte("}")
        }
        byte("]")
    }

    /// `{"fieldPaths": [...]}`.
    func documentMask(_ paths: [FieldPath]) {
        ascii(#"{"fieldPaths":["#)
        for (offset, path) in paths.enumerated() {
            if offset > 0 { byte(",") }
            string(path.canonicalString)
        }
        ascii("]}")
    }

    // MARK: - Values

    /// A `Value` object (the table of ``RESTValueCodec``): its kind member's name, its payload.
    func value(_ value: Value) {
        ascii(Self.kindMember(of: value))
        switch value {
        case .null: ascii("null")
        case .boolean(let flag): ascii(flag ? "true" : "false")
        case .integer(let number): integer(number)
        case .double(let number): double(number)
        case .timestamp(let time): timestamp(time)
        case .string(let text): string(text)
        case .bytes(let data): base64(data)
        case .reference(let name): string(name.resourceName)
        case .geoPoint(let point):
            ascii(#"{"latitude":"#)
            ascii(JSONNumberText.text(point.latitude))
            ascii(#","longitude":"#)
            ascii(JSONNumberText.text(point.longitude))
            byte("}")
        case .array(let elements): arrayValue(elements)
        case .map(let fields):
            ascii(#"{"fields":"#)
            self.fields(fields)
            byte("}")
        }
        byte("}")
    }

    /// `{"<kind>Value":` for the kind of `value`.
    private static func kindMember(of value: Value) -> StaticString {
        switch value {
        case .null: #"{"nullValue":"#
        case .boolean: #"{"booleanValue":"#
        case .integer: #"{"integerValue":"#
        case .double: #"{"doubleValue":"#
        case .timestamp: #"{"timestampValue":"#
        case .string: #"{"stringValue":"#
        case .bytes: #"{"bytesValue":"#
        case .reference: #"{"referenceValue":"#
        case .geoPoint: #"{"geoPointValue":"#
        case .array: #"{"arrayValue":"#
        case .map: #"{"mapValue":"#
        }
    }

    /// A JSON object of `Value`s, `{"name": Value, ...}`, keys in the map's (UTF-8) order.
    func fields(_ fields: MapValue) {
        byte("{")
        var first = true
        for field in fields {
            if !first { byte(",") }
            first = false
            string(field.key)
            byte(":")
            value(field.value)
        }
        byte("}")
    }

    /// An `ArrayValue` message: `{"values": [...]}`, or `{}` when empty.
    func arrayValue(_ elements: [Value]) {
        if elements.isEmpty {
            ascii("{}")
        } else {
            ascii(#"{"values":"#)
            values(elements)
            byte("}")
        }
    }

    /// A JSON array of `Value`s.
    func values(_ values: [Value]) {
        byte("[")
        for (offset, element) in values.enumerated() {
            if offset > 0 { byte(",") }
            value(element)
        }
        byte("]")
    }

    // MARK: - Scalars

    /// `"projects/{p}/databases/{d}/documents/{path}"` in the encoder's database.
    func documentName(_ path: DocumentPath) {
        namePrefix.withUnsafeBufferPointer { sink.append($0) }
        for (offset, segment) in path.segments.enumerated() {
            if offset > 0 { byte("/") }
            appendEscaped(segment)
        }
        byte("\"")
    }

    /// An int64 as protobuf writes it: its decimal digits in quotes.
    private func integer(_ number: Int64) {
        var magnitude = number.magnitude
        var count = 1
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            buffer[31] = UInt8(ascii: "\"")
            repeat {
                count += 1
                buffer[32 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                count += 1
                buffer[32 - count] = UInt8(ascii: "-")
            }
            count += 1
            buffer[32 - count] = UInt8(ascii: "\"")
            sink.append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(32 - count)...]))
        }
    }

    /// A finite double as its shortest exact JSON number; NaN and the infinities as `"NaN"`, `"Infinity"`,
    /// `"-Infinity"`.
    private func double(_ number: Double) {
        if number.isNaN {
            ascii(#""NaN""#)
        } else if number.isInfinite {
            ascii(number < 0 ? #""-Infinity""# : #""Infinity""#)
        } else {
            ascii(JSONNumberText.text(number))
        }
    }

    /// `Timestamp.rfc3339`, quoted.
    func timestamp(_ time: Timestamp) {
        byte("\"")
        time.withRFC3339Bytes { sink.append($0) }
        byte("\"")
    }

    /// Standard padded base64, quoted.
    func base64(_ data: some Collection<UInt8>) {
        byte("\"")
        ascii(Base64.encode(data))
        byte("\"")
    }

    /// `JSONWriter.writeString`: quoted, with quotes, backslashes and control characters escaped.
    func string(_ text: String) {
        byte("\"")
        appendEscaped(text)
        byte("\"")
    }

    private func appendEscaped(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var copy = text
            copy.withUTF8 { appendEscaped($0) }
        }
    }

    private func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        sink.reserve(utf8.count)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): ascii(#"\""#)
            case UInt8(ascii: "\\"): ascii(#"\\"#)
            case 0x0A: ascii(#"\n"#)
            case 0x0D: ascii(#"\r"#)
            case 0x09: ascii(#"\t"#)
            case 0x08: ascii(#"\b"#)
            case 0x0C: ascii(#"\f"#)
            case 0..<0x20:
                ascii(#"\u00"#)
                sink.append(RESTEncoder.hex[Int(byte >> 4)])
                sink.append(RESTEncoder.hex[Int(byte & 0xF)])
            default: sink.append(byte)
            }
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Text known to need no escaping (ASCII literals, numbers, base64).
    func ascii(_ text: StaticString) {
        sink.append(text)
    }

    /// Text known to need no escaping (numbers, protobuf enum names).
    func ascii(_ text: String) {
        var copy = text
        copy.withUTF8 { sink.append($0) }
    }

    @inline(__always)
    func byte(_ character: Unicode.Scalar) {
        sink.append(UInt8(ascii: character))
    }
}
