import HearthDomain

/// Compact JSON text from ``JSON`` trees: members in order, strings escaped minimally (quotes,
/// backslashes and control characters; other characters as raw UTF-8).
public struct JSONWriter {
    /// The UTF-8 text written so far.
    public private(set) var bytes: [UInt8] = []

    /// A writer with no text yet.
    public init() {}

    /// The compact UTF-8 text of `value`.
    public static func serialize(_ value: JSON) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }

    /// The compact text of `value` as a string.
    public static func string(_ value: JSON) -> String {
        String(decoding: serialize(value), as: UTF8.self)
    }

    /// Indented text of `value` for people (the command line): two spaces per level, `"key": value`,
    /// empty arrays and objects as `[]` and `{}`. Strings are escaped as in the compact form.
    public static func prettyString(_ value: JSON) -> String {
        var writer = JSONWriter()
        writer.writePretty(value, indent: 0)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private mutating func writePretty(_ value: JSON, indent: Int) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                writePretty(element, indent: indent + 1)
            }
            newline(indent: indent)
            bytes.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                writeString(member.key)
                appendASCII(": ")
                writePretty(member.value, indent: indent + 1)
            }
            newline(indent: indent)
            bytes.append(UInt8(ascii: "}"))
        default:
            write(value)
        }
    }

    private mutating func newline(indent: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Appends the compact text of `value`: numbers as their lexemes, members in order, no whitespace.
    public mutating func write(_ value: JSON) {
        switch value {
        case .null: appendASCII("null")
        case .bool(let flag): appendASCII(flag ? "true" : "false")
        case .number(let lexeme): bytes.append(contentsOf: lexeme.utf8)
        case .string(let text): writeString(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `text` as a JSON string: quoted, with `"`, `\` and control characters escaped, everything else
    /// as raw UTF-8.
    public mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendASCII("\\\"")
            case UInt8(ascii: "\\"): appendASCII("\\\\")
            case 0x0A: appendASCII("\\n")
            case 0x0D: appendASCII("\\r")
            case 0x09: appendASCII("\\t")
            case 0x08: appendASCII("\\b")
            case 0x0C: appendASCII("\\f")
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                appendASCII("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
