import Foundation

/// Appends the primitive encodings of the file format to a byte buffer: LEB128 varints, zigzag signed
/// varints, little-endian fixed-width integers and length-prefixed byte strings.
struct BinaryWriter {
    var bytes: [UInt8]

    init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func varint(_ value: Int) {
        varint(UInt64(UInt(bitPattern: value)))
    }

    /// Zigzag: 0, -1, 1, -2, … become 0, 1, 2, 3, …
    mutating func signedVarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func fixed32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A varint length, then the UTF-8 bytes.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            varint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A varint length, then the bytes.
    mutating func data(_ data: Data) {
        varint(data.count)
        bytes.append(contentsOf: data)
    }

    mutating func raw(_ other: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: other)
    }

    /// Overwrites four bytes at `offset` (which must already be written) with `value`, little-endian.
    mutating func patchFixed32(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { source in
            for index in 0..<4 { bytes[offset + index] = source[index] }
        }
    }
}
