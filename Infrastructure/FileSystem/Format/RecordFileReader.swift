import HearthCrypto
import HearthDomain

/// Reads the framed records (``RecordFrame``) of one log or snapshot file in order, through a window buffer (a few system calls
/// per megabyte, however small the records). Nothing larger than the window is read at once unless it
/// is a valid record: a damaged length or a damaged rest of the file is checked a window at a time.
struct RecordFileReader {
    /// What is found at the next position.
    enum Next {
        /// A valid record: its epoch and payload (a view valid until the next call).
        case record(epoch: UInt64, offset: Int, payload: ArraySlice<UInt8>)
        /// The end of the file, exactly after the last record.
        case end
        /// No valid record at `offset` (torn, truncated or corrupt): why.
        case invalid(offset: Int, reason: String)
    }

    let file: POSIXFile
    let frame: RecordFrame
    let fileSize: Int
    /// Where the next record starts.
    private(set) var position: Int
    private var window: [UInt8] = []
    private var windowStart = 0

    static let windowSize = 1 << 20

    init(file: POSIXFile, salt: UInt64, fileSize: Int, start: Int = FileHeader.size) {
        self.file = file
        self.frame = RecordFrame(salt: salt)
        self.fileSize = fileSize
        self.position = start
        self.windowStart = start
    }

    mutating func next() throws(DocumentStoreError) -> Next {
        let available = fileSize - position
        if available == 0 { return .end }
        if available < RecordFrame.headerSize {
            return .invalid(
                offset: position, reason: "an incomplete record header (\(available) bytes before the end of the file)")
        }
        try fill(RecordFrame.headerSize)
        let local = position - windowStart
        let header = window.withUnsafeBytes { raw -> (UInt32, Int) in
            (
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: local, as: UInt32.self)),
                Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: local + 4, as: UInt32.self)))
            )
        }
        guard header.0 == RecordFrame.marker else {
            return .invalid(offset: position, reason: "no record marker")
        }
        let total = RecordFrame.headerSize + header.1
        guard total <= available else {
            return .invalid(
                offset: position, reason: "a record of \(header.1) bytes extending past the end of the file")
        }
        if total > Self.windowSize {
            // Only a record that validates is read whole: a damaged length field costs no allocation.
            let frameHeader = Array(window[local..<(local + RecordFrame.headerSize)])
            let valid = try frameHeader.withRawBytes { (raw) throws(DocumentStoreError) in
                try validateInPieces(header: raw, at: position, length: header.1)
            }
            guard valid != nil else {
                return .invalid(offset: position, reason: "a record whose checksum does not match")
            }
        }
        try fill(total)
        let start = position - windowStart
        let validated = window.withUnsafeBytes { raw in
            frame.validate(UnsafeRawBufferPointer(rebasing: raw[start..<(start + total)]))
        }
        guard let validated else {
            return .invalid(offset: position, reason: "a record whose checksum does not match")
        }
        let offset = position
        position += total
        return .record(
            epoch: validated.epoch,
            offset: offset,
            payload: window[(start + RecordFrame.headerSize)..<(start + total)]
        )
    }

    /// Makes the window hold `count` bytes from `position` (the caller checked they are in the file).
    private mutating func fill(_ count: Int) throws(DocumentStoreError) {
        if position >= windowStart, position + count <= windowStart + window.count { return }
        let wanted = min(max(count, Self.windowSize), fileSize - position)
        window = try file.read(count: wanted, at: position)
        windowStart = position
        guard window.count >= count else {
            throw DocumentStoreError(.dataLoss, "The file \(file.path) became shorter while it was read.")
        }
    }

    /// Whether every byte from `offset` to the end of the file is zero: the log's end followed by
    /// zeros written ahead of it, not a torn record.
    func onlyZeros(from offset: Int) throws(DocumentStoreError) -> Bool {
        var position = offset
        while position < fileSize {
            let chunk = try file.read(count: min(Self.windowSize, fileSize - position), at: position)
            guard !chunk.isEmpty else { return true }
            if chunk.contains(where: { $0 != 0 }) { return false }
            position += chunk.count
        }
        return true
    }

    /// The highest epoch among valid records anywhere after `offset` (not aligned to records), or `nil`
    /// when there is none: used to tell a torn tail from corruption followed by acknowledged records.
    /// Reads the file a window at a time (windows overlap by a record header, so every position is
    /// tried once); a candidate record longer than its window is checked piece by piece. Memory stays
    /// bounded by two windows however long the damaged rest of the file is.
    func highestEpochOfValidRecords(after offset: Int) throws(DocumentStoreError) -> UInt64? {
        let headerSize = RecordFrame.headerSize
        var highest: UInt64?
        var windowStart = offset + 1
        while fileSize - windowStart >= headerSize {
            let window = try file.read(count: min(Self.windowSize, fileSize - windowStart), at: windowStart)
            guard window.count >= headerSize else { break }
            let lastCandidate = window.count - headerSize
            let found = try window.withRawBytes { (raw) throws(DocumentStoreError) -> UInt64? in
                var found: UInt64?
                for index in 0...lastCandidate
                where raw.loadUnaligned(fromByteOffset: index, as: UInt32.self) == RecordFrame.marker.littleEndian {
                    let length = Int(
                        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self)))
                    let position = windowStart + index
                    guard length <= fileSize - position - headerSize else { continue }
                    let epoch =
                        if length <= raw.count - index - headerSize {
                            frame.validate(UnsafeRawBufferPointer(rebasing: raw[index...]))?.epoch
                        } else {
                            try validateInPieces(
                                header: UnsafeRawBufferPointer(rebasing: raw[index..<(index + headerSize)]),
                                at: position, length: length)
                        }
                    if let epoch { found = max(found ?? 0, epoch) }
                }
                return found
            }
            if let found { highest = max(highest ?? 0, found) }
            windowStart += lastCandidate + 1
        }
        return highest
    }

    /// The epoch of the record at `position` whose header is `header` and payload `length` bytes, read
    /// and checksummed a window at a time; `nil` when it does not validate.
    private func validateInPieces(
        header: UnsafeRawBufferPointer, at position: Int, length: Int
    ) throws(DocumentStoreError) -> UInt64? {
        let expected = UInt32(littleEndian: header.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        let epoch = UInt64(littleEndian: header.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        var checksum = CRC32.castagnoli.update(frame.saltState, UnsafeRawBufferPointer(rebasing: header[4..<16]))
        var done = 0
        while done < length {
            let piece = try file.read(
                count: min(Self.windowSize, length - done), at: position + RecordFrame.headerSize + done)
            guard !piece.isEmpty else { return nil }
            checksum = piece.withUnsafeBytes { CRC32.castagnoli.update(checksum, $0) }
            done += piece.count
        }
        return checksum == expected ? epoch : nil
    }
}
