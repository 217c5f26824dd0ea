import HearthCrypto
import HearthDomain
import HearthLocalEngine

/// The 48-byte header that starts every log and snapshot file (see Docs/FileFormat.md).
///
/// | Offset | Size | Field |
/// |---|---|---|
/// | 0 | 8 | magic: `HEARTHLG` (log) or `HEARTHSN` (snapshot) |
/// | 8 | 4 | format version (little-endian), currently 3 |
/// | 12 | 4 | flags, 0 in versions 1 to 3 |
/// | 16 | 8 | salt: random, mixed into every record checksum of the file |
/// | 24 | 8 | log generation (0 in a snapshot) |
/// | 32 | 8 | log: the length of the previous generation's log when this one was started (0: none) |
/// | 40 | 4 | CRC-32C of bytes 0..<40 |
/// | 44 | 4 | zero |
struct FileHeader: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case log
        case snapshot

        var magic: [UInt8] {
            switch self {
            case .log: Array("HEARTHLG".utf8)
            case .snapshot: Array("HEARTHSN".utf8)
            }
        }

        var name: String {
            switch self {
            case .log: "log"
            case .snapshot: "snapshot"
            }
        }
    }

    static let size = 48
    /// The format version this build writes and the newest it reads.
    static let currentVersion: UInt32 = 3
    /// The oldest format version this build reads (a store with a log of it is opened, and new records
    /// go to a new log of ``currentVersion``).
    static let oldestReadableVersion: UInt32 = 1

    var kind: Kind
    var version: UInt32 = FileHeader.currentVersion
    var salt: UInt64
    var generation: UInt64 = 0
    var previousLogLength: UInt64 = 0

    func encoded() -> [UInt8] {
        var writer = BinaryWriter(capacity: Self.size)
        writer.bytes.append(contentsOf: kind.magic)
        writer.fixed32(version)
        writer.fixed32(0)
        writer.fixed64(salt)
        writer.fixed64(generation)
        writer.fixed64(previousLogLength)
        writer.fixed32(CRC32.castagnoli.checksum(writer.bytes))
        writer.fixed32(0)
        return writer.bytes
    }

    /// Reads the header of `file`, expected to be of `kind`. The checksum is checked first (every format
    /// version keeps these 48 bytes and their checksum), so a damaged header is `dataLoss` whatever its
    /// version field says; an intact header of a newer format version (or with unknown flags) is
    /// `failedPrecondition` naming both versions. Each error names the file.
    static func decode(_ bytes: [UInt8], kind: Kind, file: String) throws(DocumentStoreError) -> FileHeader {
        guard bytes.count >= size else {
            throw DocumentStoreError(
                .dataLoss,
                "The \(kind.name) file \(file) is damaged: its header is incomplete (\(bytes.count) of \(size) bytes)."
            )
        }
        guard Array(bytes[0..<8]) == kind.magic else {
            throw DocumentStoreError(
                .dataLoss, "The file \(file) is not a Hearth \(kind.name) file (wrong magic number).")
        }
        let fields:
            (
                version: UInt32, flags: UInt32, salt: UInt64, generation: UInt64, previous: UInt64, checksum: UInt32,
                computed: UInt32
            )
        do {
            fields = try bytes.withRawBytes { (raw) throws(FormatError) in
                var reader = BinaryReader(raw, offset: 8)
                return (
                    try reader.fixed32(), try reader.fixed32(), try reader.fixed64(), try reader.fixed64(),
                    try reader.fixed64(),
                    try reader.fixed32(), CRC32.castagnoli.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<40]))
                )
            }
        } catch {
            throw DocumentStoreError(.dataLoss, "The \(kind.name) file \(file) is damaged: \(error).")
        }
        guard fields.checksum == fields.computed, bytes[44..<48].allSatisfy({ $0 == 0 }) else {
            throw DocumentStoreError(
                .dataLoss, "The \(kind.name) file \(file) is damaged: its header checksum does not match.")
        }
        guard fields.version <= currentVersion, fields.flags == 0 else {
            throw DocumentStoreError(
                .failedPrecondition,
                "The \(kind.name) file \(file) has format version \(fields.version)\(fields.flags == 0 ? "" : " with flags \(fields.flags)"); this version of Hearth reads format versions \(oldestReadableVersion) to \(currentVersion) only. Open it with a newer Hearth."
            )
        }
        guard fields.version >= oldestReadableVersion else {
            throw DocumentStoreError(
                .dataLoss, "The \(kind.name) file \(file) is damaged: its header says format version 0.")
        }
        return FileHeader(
            kind: kind, version: fields.version, salt: fields.salt, generation: fields.generation,
            previousLogLength: fields.previous)
    }
}
