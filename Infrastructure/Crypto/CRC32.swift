/// A reflected 32-bit CRC, computed slicing-by-8 (hand-written: the toolchain has no CRC on Linux). Two are
/// defined: ``castagnoli`` (CRC-32C, the file store's records; `hashing.crc32c` in Firestore's rules) and
/// ``isoHDLC`` (CRC-32 of zlib, PNG and Ethernet; `hashing.crc32`).
public struct CRC32: Sendable {
    /// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), as iSCSI, ext4 and LevelDB use it;
    /// `checksum("123456789")` is `0xE3069283`.
    public static let castagnoli = CRC32(polynomial: 0x82F6_3B78)
    /// CRC-32 (ISO-HDLC, reflected polynomial 0xEDB88320); `checksum("123456789")` is `0xCBF43926`.
    public static let isoHDLC = CRC32(polynomial: 0xEDB8_8320)

    private let tables: [UInt32]

    private init(polynomial: UInt32) { tables = Self.tables(polynomial: polynomial) }

    /// The checksum of `bytes`.
    public func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 { update(0, bytes) }

    /// Continues the checksum `crc` (of earlier bytes) over `bytes`; `update(0, x)` is `checksum(x)`.
    public func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        Self.update(crc, bytes, tables)
    }

    /// The checksum of an array of bytes.
    public func checksum(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { checksum($0) } }
}

/// Slicing-by-8: eight 256-entry tables, eight bytes per step.
extension CRC32 {
    private static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer, _ tables: [UInt32]) -> UInt32 {
        var state = ~crc
        let count = bytes.count
        var index = 0
        tables.withUnsafeBufferPointer { table in
            while count - index >= 8 {
                let word =
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ UInt64(state)
                state =
                    table[7 &* 256 &+ Int(word & 0xFF)] ^ table[6 &* 256 &+ Int((word &>> 8) & 0xFF)]
                    ^ table[5 &* 256 &+ Int((word &>> 16) & 0xFF)] ^ table[4 &* 256 &+ Int((word &>> 24) & 0xFF)]
                    ^ table[3 &* 256 &+ Int((word &>> 32) & 0xFF)] ^ table[2 &* 256 &+ Int((word &>> 40) & 0xFF)]
                    ^ table[1 &* 256 &+ Int((word &>> 48) & 0xFF)] ^ table[Int(word &>> 56)]
                index &+= 8
            }
            while index < count {
                state = table[Int((state ^ UInt32(bytes[index])) & 0xFF)] ^ (state &>> 8)
                index &+= 1
            }
        }
        return ~state
    }

    /// Table `k` (entries `k*256 ..< (k+1)*256`) advances the CRC of one byte followed by `k` zero bytes.
    private static func tables(polynomial: UInt32) -> [UInt32] {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }
}
