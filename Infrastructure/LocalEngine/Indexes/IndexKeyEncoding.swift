import Foundation
import HearthDomain

/// Order-preserving byte encodings of values and document names, for index keys: comparing two encodings
/// byte by byte (unsigned, a prefix first) gives Firestore's order of the values they encode, and
/// Firestore-equal values (`1` and `1.0`, `0.0` and `-0.0`, any two NaNs) encode identically.
///
/// Every value encoding is prefix-free, so encodings can be concatenated (composite keys, then the
/// document name) and still compare component by component:
/// - a type byte (``Value/TypeOrder`` + 1; never 0), then
/// - null: nothing; booleans: 0 or 1;
/// - numbers: 0 for NaN, otherwise 1, the value rounded to the nearest double (8 bytes, order-preserving),
///   then the exact remainder of an integer beyond 2^53 (2 bytes), so that integers and doubles compare
///   exactly;
/// - timestamps: seconds (8 bytes, sign-flipped), nanoseconds (4 bytes);
/// - strings and bytes: the bytes with 0x00 escaped as 0x00 0xFF, ended by 0x00 0x01;
/// - references: project, database and each path segment as escaped text, ended by 0x00 0x00;
/// - geo points: latitude then longitude (8 bytes each);
/// - arrays: each element, then 0x00; vectors: the length (8 bytes), each element, then 0x00;
/// - maps: each key (escaped text) and value, then 0x00 0x00.
enum IndexKeyEncoding {
    static let nameTerminator: [UInt8] = [0x00, 0x01]

    /// Appends the encoding of `value`.
    static func append(_ value: Value, to key: inout [UInt8]) {
        let typeOrder = value.typeOrder
        key.append(UInt8(typeOrder.rawValue + 1))
        switch value {
        case .null:
            break
        case .boolean(let flag):
            key.append(flag ? 1 : 0)
        case .integer(let integer):
            appendNumber(integer: integer, to: &key)
        case .double(let double):
            if double.isNaN {
                key.append(0)
            } else {
                key.append(1)
                appendDouble(double, to: &key)
                appendBigEndian(UInt16(0x8000), to: &key)
            }
        case .timestamp(let timestamp):
            appendBigEndian(UInt64(bitPattern: timestamp.seconds) ^ (1 << 63), to: &key)
            appendBigEndian(UInt32(bitPattern: timestamp.nanoseconds), to: &key)
        case .string(let text):
            appendText(text, to: &key)
        case .bytes(let data):
            data.withUnsafeBytes { appendEscaped($0, to: &key) }
        case .reference(let name):
            appendText(name.database.projectID, to: &key)
            appendText(name.database.databaseID, to: &key)
            for segment in name.path.segments { appendText(segment, to: &key) }
            key.append(0)
            key.append(0)
        case .geoPoint(let point):
            appendDouble(point.latitude, to: &key)
            appendDouble(point.longitude, to: &key)
        case .array(let elements):
            for element in elements { append(element, to: &key) }
            key.append(0)
        case .map(let fields):
            if typeOrder == .vector {
                let elements = fields["value"]?.arrayValue ?? []
                appendBigEndian(UInt64(elements.count), to: &key)
                for element in elements { append(element, to: &key) }
                key.append(0)
            } else {
                for field in fields {
                    appendText(field.key, to: &key)
                    append(field.value, to: &key)
                }
                key.append(0)
                key.append(0)
            }
        }
    }

    /// The encoding of `value` alone.
    static func encode(_ value: Value) -> [UInt8] {
        var key: [UInt8] = []
        append(value, to: &key)
        return key
    }

    /// Appends the name part of an index entry: the document ID as escaped text, then the 4-byte slot
    /// that locates the document in its collection (not part of the order: names are unique).
    static func appendName(_ documentID: String, slot: UInt32, to key: inout [UInt8]) {
        appendText(documentID, to: &key)
        appendBigEndian(slot, to: &key)
    }

    /// The slot stored in the last four bytes of an index entry.
    static func slot(of entry: UnsafeRawBufferPointer) -> UInt32 {
        let count = entry.count
        return UInt32(entry[count - 4]) << 24 | UInt32(entry[count - 3]) << 16 | UInt32(entry[count - 2]) << 8
            | UInt32(entry[count - 1])
    }

    /// The first byte of each type class, and the byte after the last (range bounds for a type class).
    static func typeStart(_ typeOrder: Value.TypeOrder) -> [UInt8] { [UInt8(typeOrder.rawValue + 1)] }
    static func typeEnd(_ typeOrder: Value.TypeOrder) -> [UInt8] { [UInt8(typeOrder.rawValue + 2)] }

    /// The lower bound of the numbers that are not NaN.
    static let firstNonNaNNumber: [UInt8] = [UInt8(Value.TypeOrder.number.rawValue + 1), 1]

    /// The smallest byte string greater than every string starting with `prefix`, or `nil` when there is
    /// none (only 0xFF bytes).
    static func prefixEnd(_ prefix: [UInt8]) -> [UInt8]? {
        var end = prefix
        while let last = end.last {
            if last == 0xFF {
                end.removeLast()
            } else {
                end[end.count - 1] = last + 1
                return end
            }
        }
        return nil
    }

    // MARK: Pieces

    static func appendText(_ text: String, to key: inout [UInt8]) {
        var copy = text
        copy.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), to: &key) }
    }

    private static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to key: inout [UInt8]) {
        if let base = bytes.baseAddress, memchr(base, 0, bytes.count) != nil {
            for byte in bytes {
                key.append(byte)
                if byte == 0 { key.append(0xFF) }
            }
        } else {
            key.append(contentsOf: bytes)
        }
        key.append(contentsOf: nameTerminator)
    }

    private static func appendNumber(integer: Int64, to key: inout [UInt8]) {
        key.append(1)
        let rounded = Double(integer)
        let remainder: Int64
        if rounded >= 9_223_372_036_854_775_808.0 {
            remainder = Int64(bitPattern: UInt64(bitPattern: integer) &- (1 << 63))
        } else {
            remainder = integer - Int64(rounded)
        }
        appendDouble(rounded, to: &key)
        appendBigEndian(UInt16(bitPattern: Int16(truncatingIfNeeded: remainder)) ^ 0x8000, to: &key)
    }

    /// A non-NaN double, order-preserving, with `-0.0` as `0.0`.
    private static func appendDouble(_ double: Double, to key: inout [UInt8]) {
        let normalized = double == 0 ? 0.0 : double
        let bits = normalized.bitPattern
        appendBigEndian(bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63), to: &key)
    }

    private static func appendBigEndian<T: FixedWidthInteger>(_ value: T, to key: inout [UInt8]) {
        var shift = T.bitWidth - 8
        while shift >= 0 {
            key.append(UInt8(truncatingIfNeeded: value >> shift))
            shift -= 8
        }
    }
}
