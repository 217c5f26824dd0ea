import HearthDomain
import HearthPort

/// Open transactions by ID. An ID is 16 bytes: this engine's random nonce and a sequence number, so the
/// engine can tell a closed transaction of its own (sequence already issued, no longer open) from an
/// unknown one without remembering every closed ID.
struct TransactionTable: Sendable {
    enum Lookup {
        case open(UInt64, TransactionRecord)
        /// Issued by this engine and since committed or rolled back (or forgotten after expiring).
        case closed
        /// Not an ID this engine issued.
        case unknown
    }

    private let nonce: UInt64
    private var nextSequence: UInt64 = 1
    private(set) var records: [UInt64: TransactionRecord] = [:]

    init(nonce: UInt64) {
        self.nonce = nonce
    }

    mutating func begin(_ mode: TransactionRecord.Mode, now: Timestamp) -> TransactionID {
        let sequence = nextSequence
        nextSequence += 1
        records[sequence] = TransactionRecord(mode: mode, began: now, lastActivity: now)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        withUnsafeBytes(of: nonce.bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: sequence.bigEndian) { bytes.append(contentsOf: $0) }
        return TransactionID(bytes: bytes)
    }

    /// What using an ID this engine never issued throws.
    static let unknownError = DocumentStoreError.invalidArgument("Invalid transaction.")

    /// The open transaction `id` names: its sequence number and record. Throws `invalidArgument` for an
    /// ID this engine never issued (``unknownError``) or a transaction already closed.
    func open(_ id: TransactionID) throws(DocumentStoreError) -> (sequence: UInt64, record: TransactionRecord) {
        switch lookup(id) {
        case .unknown: throw Self.unknownError
        case .closed: throw .invalidArgument("Transaction is invalid or closed.")
        case .open(let sequence, let record): return (sequence, record)
        }
    }

    func lookup(_ id: TransactionID) -> Lookup {
        let bytes = id.bytes
        guard bytes.count == 16 else { return .unknown }
        let idNonce = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let sequence = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard idNonce == nonce, sequence > 0, sequence < nextSequence else { return .unknown }
        if let record = records[sequence] { return .open(sequence, record) }
        return .closed
    }

    mutating func update(_ sequence: UInt64, _ record: TransactionRecord) {
        records[sequence] = record
    }

    mutating func close(_ sequence: UInt64) {
        records[sequence] = nil
    }

    /// Marks transactions idle longer than `idleTimeout` or older than `maximumLifetime` as expired, and
    /// forgets expired ones once they have been idle ten times the idle timeout.
    mutating func expire(now: Timestamp, idleTimeout: Int64, maximumLifetime: Int64) {
        let nowMicros = TimeMath.microseconds(now)
        for (sequence, var record) in records {
            let idle = nowMicros - TimeMath.microseconds(record.lastActivity)
            let age = nowMicros - TimeMath.microseconds(record.began)
            if record.expired {
                if idle > idleTimeout.multipliedReportingOverflow(by: 10).partialValue { records[sequence] = nil }
            } else if idle > idleTimeout || age > maximumLifetime {
                record.expired = true
                records[sequence] = record
            }
        }
    }

    /// The earliest snapshot of an open read-only transaction (versions it may read must be kept).
    var oldestReadOnlySnapshot: Timestamp? {
        records.values.compactMap { record -> Timestamp? in
            if case .readOnly(let snapshot) = record.mode, !record.expired { return snapshot }
            return nil
        }.min()
    }
}
