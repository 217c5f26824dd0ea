import Foundation

/// Appends the primitive encodings of Hearth's one binary format (Docs/FileFormat.md, "Integers and
/// strings") to a byte buffer: LEB128 varints, zigzag signed varints, little-endian fixed-width integers
/// and length-prefixed byte strings. ``DocumentRecord``s, the file store's records and headers, and page
/// tokens are all written with it; values are written by ``value(_:names:)``.
package struct BinaryWriter {
    /// The bytes written so far.
    package var bytes: [UInt8]

    /// An empty writer whose buffer has room for `capacity` bytes before it grows.
    package init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written so far.
    package var count: Int { bytes.count }

    /// Appends one byte.
    package mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// Appends `value` as a LEB128 varint: 7 bits per byte, low bits first (at most 10 bytes).
    package mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends a non-negative count or length as a varint.
    package mutating func varint(_ value: Int) {
        varint(UInt64(UInt(bitPattern: value)))
    }

    /// Appends `value` zigzag-encoded (0, -1, 1, -2, … become 0, 1, 2, 3, …), then as a varint.
    package mutating func signedVarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Appends 4 bytes, little-endian.
    package mutating func fixed32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends 8 bytes, little-endian.
    package mutating func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a varint length, then the UTF-8 bytes of `text`.
    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            varint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends a varint length, then `data`.
    package mutating func data(_ data: Data) {
        varint(data.count)
        bytes.append(contentsOf: data)
    }

    /// Appends a varint length, then `other` (bytes already encoded elsewhere, copied as they are).
    package mutating func lengthPrefixed(_ other: [UInt8]) {
        varint(other.count)
        bytes.append(contentsOf: other)
    }

    /// Overwrites four bytes at `offset` (which must already be written) with `value`, little-endian.
    package mutating func patchFixed32(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { source in
            for index in 0..<4 { bytes[offset + index] = source[index] }
        }
    }

    /// Overwrites eight bytes at `offset` (which must already be written) with `value`, little-endian.
    package mutating func patchFixed64(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { source in
            for index in 0..<8 { bytes[offset + index] = source[index] }
        }
    }
}
