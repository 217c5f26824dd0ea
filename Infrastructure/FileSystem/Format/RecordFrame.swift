import HearthCrypto
import HearthLocalEngine

/// The frame around every record payload (see Docs/FileFormat.md):
///
/// | Offset | Size | Field |
/// |---|---|---|
/// | 0 | 4 | marker `0x0DC1E5A7` (little-endian) |
/// | 4 | 4 | payload length |
/// | 8 | 8 | sync epoch (log files; 1 in snapshots) |
/// | 16 | 4 | CRC-32C of the file's salt (8 bytes, little-endian), bytes 4..<16, and the payload |
/// | 20 | n | payload |
struct RecordFrame: Sendable {
    static let marker: UInt32 = 0x0DC1_E5A7
    static let headerSize = 20
    /// The largest payload a record may have.
    static let maximumPayload = Int(UInt32.max)
    /// The highest sync epoch a log record may carry. Epochs grow by one per flush from 1, so no store
    /// reaches it; recovery refuses a record above it as damaged, which keeps every epoch computation
    /// (the next epoch, "two epochs later") far from overflowing.
    static let maximumEpoch: UInt64 = 1 << 62

    /// The CRC-32C state after the file's salt, so each record only checksums its own bytes.
    let saltState: UInt32

    init(salt: UInt64) {
        saltState = withUnsafeBytes(of: salt.littleEndian) { CRC32.castagnoli.checksum($0) }
    }

    /// Appends a placeholder header to `writer`; returns where the record starts.
    func begin(_ writer: inout BinaryWriter) -> Int {
        let start = writer.count
        writer.fixed32(Self.marker)
        writer.fixed32(0)
        writer.fixed64(0)
        writer.fixed32(0)
        return start
    }

    /// Fills in the header of the record started at `start`, whose payload is everything written since.
    /// Returns `false` (and leaves the writer unchanged) when the payload is too large.
    func finish(_ writer: inout BinaryWriter, start: Int, epoch: UInt64) -> Bool {
        let length = writer.count - start - Self.headerSize
        guard length <= Self.maximumPayload else {
            writer.bytes.removeLast(writer.count - start)
            return false
        }
        writer.patchFixed32(UInt32(length), at: start + 4)
        writer.patchFixed64(epoch, at: start + 8)
        let checksum = writer.bytes.withUnsafeBytes { raw in
            let covered = CRC32.castagnoli.update(
                saltState, UnsafeRawBufferPointer(rebasing: raw[(start + 4)..<(start + 16)]))
            return CRC32.castagnoli.update(covered, UnsafeRawBufferPointer(rebasing: raw[(start + Self.headerSize)...]))
        }
        writer.patchFixed32(checksum, at: start + 16)
        return true
    }

    /// Checks the record at the start of `bytes`: `nil` when the frame is not a valid record, else its
    /// epoch and payload length. `bytes` may extend past the record.
    func validate(_ bytes: UnsafeRawBufferPointer) -> (epoch: UInt64, length: Int)? {
        guard bytes.count >= Self.headerSize,
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)) == Self.marker
        else { return nil }
        let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        guard length <= bytes.count - Self.headerSize else { return nil }
        let checksum = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        let covered = CRC32.castagnoli.update(saltState, UnsafeRawBufferPointer(rebasing: bytes[4..<16]))
        let computed = CRC32.castagnoli.update(
            covered, UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize..<(Self.headerSize + length)]))
        guard computed == checksum else { return nil }
        return (UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)), length)
    }
}
