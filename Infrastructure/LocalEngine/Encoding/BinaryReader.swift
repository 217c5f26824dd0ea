import Foundation

/// Reads what ``BinaryWriter`` writes from a buffer the caller keeps alive. Every read is bounds-checked
/// and throws ``FormatError`` instead of trapping: file contents and page tokens are untrusted. Values
/// are read by ``value(depth:names:)``.
package struct BinaryReader {
    /// The bytes being read.
    package let buffer: UnsafeRawBufferPointer
    /// Where the next read starts.
    package private(set) var offset: Int

    /// A reader of `buffer`, starting at `offset`.
    package init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    /// The number of bytes not read yet.
    package var remaining: Int { buffer.count - offset }
    /// Whether every byte was read.
    package var isAtEnd: Bool { offset >= buffer.count }

    /// One byte.
    @inline(__always)
    package mutating func byte() throws(FormatError) -> UInt8 {
        guard offset < buffer.count else { throw FormatError("unexpected end of record", offset: offset) }
        let value = buffer[offset]
        offset &+= 1
        return value
    }

    /// A LEB128 varint of at most 64 bits.
    @inline(__always)
    package mutating func varint() throws(FormatError) -> UInt64 {
        if offset < buffer.count, buffer[offset] < 0x80 {
            offset &+= 1
            return UInt64(buffer[offset &- 1])
        }
        return try longVarint()
    }

    /// A varint of more than one byte (or a truncated one).
    private mutating func longVarint() throws(FormatError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < buffer.count else {
                throw FormatError("unexpected end of record in a varint", offset: offset)
            }
            let byte = buffer[offset]
            offset &+= 1
            if shift == 63, byte > 1 { throw FormatError("varint overflows 64 bits", offset: offset) }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// A zigzag-encoded varint.
    @inline(__always)
    package mutating func signedVarint() throws(FormatError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// A varint count of elements that each take at least `minimumElementSize` bytes: larger than what
    /// remains is corruption (so a corrupt count never allocates gigabytes).
    @inline(__always)
    package mutating func count(minimumElementSize: Int = 1) throws(FormatError) -> Int {
        let start = offset
        let raw = try varint()
        guard raw <= UInt64(remaining / max(minimumElementSize, 1)) else {
            throw FormatError("count \(raw) exceeds the record", offset: start)
        }
        return Int(raw)
    }

    /// A varint that must fit an `Int`.
    package mutating func integer() throws(FormatError) -> Int {
        let start = offset
        let raw = try varint()
        guard raw <= UInt64(Int.max) else { throw FormatError("number \(raw) out of range", offset: start) }
        return Int(raw)
    }

    /// 4 bytes, little-endian.
    package mutating func fixed32() throws(FormatError) -> UInt32 {
        guard remaining >= 4 else { throw FormatError("unexpected end of record", offset: offset) }
        let value = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        offset &+= 4
        return value
    }

    /// 8 bytes, little-endian.
    package mutating func fixed64() throws(FormatError) -> UInt64 {
        guard remaining >= 8 else { throw FormatError("unexpected end of record", offset: offset) }
        let value = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset &+= 8
        return value
    }

    /// Skips `count` bytes.
    package mutating func skip(_ count: Int) throws(FormatError) {
        guard count <= remaining else { throw FormatError("unexpected end of record", offset: offset) }
        offset &+= count
    }

    /// A varint length, then that many bytes (a view into the buffer).
    @inline(__always)
    package mutating func lengthPrefixed() throws(FormatError) -> UnsafeRawBufferPointer {
        let length = try count()
        let slice = UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + length)])
        offset &+= length
        return slice
    }

    /// A length-prefixed UTF-8 string (invalid UTF-8 is repaired, never trapped on; in files the checksum
    /// makes it impossible in practice).
    package mutating func string() throws(FormatError) -> String {
        String(decoding: try lengthPrefixed(), as: UTF8.self)
    }

    /// Length-prefixed bytes.
    package mutating func data() throws(FormatError) -> Data {
        Data(try lengthPrefixed())
    }
}

/// A malformed record, header or token: a reason and the offset within the buffer being read.
package struct FormatError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package let reason: String
    /// Where, in the buffer being read.
    package let offset: Int

    /// A format error at `offset`.
    package init(_ reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// "`reason` (at byte `offset` of the record)".
    package var description: String { "\(reason) (at byte \(offset) of the record)" }
}
