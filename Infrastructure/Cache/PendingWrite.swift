public import HearthDomain

/// One user commit waiting in the cache's queue to be sent to the remote store: its writes, in order,
/// and its place in the queue.
///
/// The queue lives in the local store itself, one document per entry in the reserved collection
/// ``PendingWrite/collectionID`` (its ID is the sequence number, zero-padded so that name order is queue
/// order), written in the same local commit as the writes' local effect.
public struct PendingWrite: Sendable, Hashable {
    /// The reserved collection of the local store that holds the queue.
    public static let collectionID = "__hearth_pending_writes"

    /// The entry's place in the queue: strictly increasing in the order the commits were acknowledged locally.
    public let sequence: Int64
    /// The writes of the user's commit, as given (preconditions included).
    public let writes: [Write]
    /// For a commit that is not idempotent: the remote versions of its documents (`nil`: missing) read
    /// just before it was last sent. While set, the commit may have been applied, and it is re-checked
    /// against the remote before it is sent again (see `Docs/Offline.md`).
    public let guardVersions: [DocumentPath: Timestamp?]?

    /// An entry.
    public init(sequence: Int64, writes: [Write], guardVersions: [DocumentPath: Timestamp?]? = nil) {
        self.sequence = sequence
        self.writes = writes
        self.guardVersions = guardVersions
    }

    /// The documents the entry writes, each once, in first-write order.
    public var paths: [DocumentPath] {
        var seen = Set<DocumentPath>()
        return writes.map(\.path).filter { seen.insert($0).inserted }
    }

    /// The path of the entry's document in the local store.
    func documentPath() throws(DocumentStoreError) -> DocumentPath {
        try DocumentPath(segments: [Self.collectionID, Self.documentID(sequence)])
    }

    /// The zero-padded document ID of `sequence`.
    static func documentID(_ sequence: Int64) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 19 - digits.count)) + digits
    }
}

// MARK: - Encoding as a document

extension PendingWrite {
    /// The entry as the fields of its queue document.
    var fields: MapValue {
        var fields: MapValue = ["sequence": .integer(sequence), "writes": .array(writes.map(Self.encode))]
        if let guardVersions {
            fields.setValue(
                .array(
                    guardVersions.sorted { $0.key < $1.key }.map { path, version in
                        var entry: MapValue = ["path": .string(path.path)]
                        if let version { entry.setValue(Self.encode(version), at: FieldPath.field("updateTime")) }
                        return .map(entry)
                    }), at: FieldPath.field("guard"))
        }
        return fields
    }

    /// Reads an entry back from its queue document; a document that is not one is `dataLoss`, naming it.
    init(document: Document) throws(DocumentStoreError) {
        func damaged(_ what: String) -> DocumentStoreError {
            DocumentStoreError(
                .dataLoss, "The pending write \(document.path) of the offline cache is damaged: \(what).")
        }
        guard let sequence = document.fields["sequence"]?.integerValue else { throw damaged("no sequence") }
        guard let encoded = document.fields["writes"]?.arrayValue else { throw damaged("no writes") }
        var writes: [Write] = []
        for value in encoded {
            guard let write = Self.decodeWrite(value) else { throw damaged("an unreadable write") }
            writes.append(write)
        }
        var guardVersions: [DocumentPath: Timestamp?]?
        if let entries = document.fields["guard"]?.arrayValue {
            var versions: [DocumentPath: Timestamp?] = [:]
            for entry in entries {
                guard let map = entry.mapValue, let text = map["path"]?.stringValue,
                    let path = try? DocumentPath(text)
                else { throw damaged("an unreadable guard") }
                if let time = map["updateTime"] {
                    guard let version = Self.decodeTimestamp(time) else { throw damaged("an unreadable guard time") }
                    versions[path] = .some(version)
                } else {
                    versions[path] = .some(nil)
                }
            }
            guardVersions = versions
        }
        self.init(sequence: sequence, writes: writes, guardVersions: guardVersions)
    }

    private static func encode(_ write: Write) -> Value {
        var map: MapValue = ["path": .string(write.path.path)]
        switch write.operation {
        case .update(let fields, let mask):
            map.setValue("update", at: .field("op"))
            map.setValue(.map(fields), at: .field("fields"))
            if let mask { map.setValue(.array(mask.map { .string($0.canonicalString) }), at: .field("mask")) }
        case .delete: map.setValue("delete", at: .field("op"))
        case .transform: map.setValue("transform", at: .field("op"))
        }
        if !write.transforms.isEmpty {
            map.setValue(.array(write.transforms.map(encode)), at: .field("transforms"))
        }
        switch write.precondition {
        case nil: break
        case .exists(let exists)?: map.setValue(.boolean(exists), at: .field("exists"))
        case .updateTime(let time)?: map.setValue(encode(time), at: .field("updateTime"))
        }
        return .map(map)
    }

    private static func encode(_ transform: FieldTransform) -> Value {
        let (name, operand): (String, Value) =
            switch transform.operation {
            case .serverTimestamp: ("serverTimestamp", .null)
            case .increment(let value): ("increment", value)
            case .maximum(let value): ("maximum", value)
            case .minimum(let value): ("minimum", value)
            case .appendMissingElements(let values): ("appendMissingElements", .array(values))
            case .removeAllFromArray(let values): ("removeAllFromArray", .array(values))
            }
        return .map(["field": .string(transform.fieldPath.canonicalString), "op": .string(name), "value": operand])
    }

    /// A timestamp as a map of its exact parts (a stored timestamp value keeps only microseconds, and an
    /// `updateTime` precondition needs every digit).
    private static func encode(_ time: Timestamp) -> Value {
        .map(["seconds": .integer(time.seconds), "nanos": .integer(Int64(time.nanoseconds))])
    }

    private static func decodeTimestamp(_ value: Value) -> Timestamp? {
        guard let map = value.mapValue, let seconds = map["seconds"]?.integerValue,
            let nanos = map["nanos"]?.integerValue, let small = Int32(exactly: nanos)
        else { return nil }
        return try? Timestamp(seconds: seconds, nanoseconds: small)
    }

    private static func decodeWrite(_ value: Value) -> Write? {
        guard let map = value.mapValue, let text = map["path"]?.stringValue, let path = try? DocumentPath(text),
            let op = map["op"]?.stringValue
        else { return nil }
        let operation: Write.Operation
        switch op {
        case "update":
            guard let fields = map["fields"]?.mapValue else { return nil }
            var mask: [FieldPath]?
            if let encoded = map["mask"] {
                guard let items = encoded.arrayValue else { return nil }
                var paths: [FieldPath] = []
                for item in items {
                    guard let text = item.stringValue, let path = try? FieldPath(canonical: text) else { return nil }
                    paths.append(path)
                }
                mask = paths
            }
            operation = .update(fields: fields, mask: mask)
        case "delete": operation = .delete
        case "transform": operation = .transform
        default: return nil
        }
        var transforms: [FieldTransform] = []
        for item in map["transforms"]?.arrayValue ?? [] {
            guard let transform = decodeTransform(item) else { return nil }
            transforms.append(transform)
        }
        var precondition: Precondition?
        if let exists = map["exists"] {
            guard let flag = exists.booleanValue else { return nil }
            precondition = .exists(flag)
        } else if let time = map["updateTime"] {
            guard let timestamp = decodeTimestamp(time) else { return nil }
            precondition = .updateTime(timestamp)
        }
        return Write(path: path, operation: operation, transforms: transforms, precondition: precondition)
    }

    private static func decodeTransform(_ value: Value) -> FieldTransform? {
        guard let map = value.mapValue, let text = map["field"]?.stringValue,
            let field = try? FieldPath(canonical: text), let name = map["op"]?.stringValue,
            let operand = map["value"]
        else { return nil }
        let operation: FieldTransform.Operation
        switch name {
        case "serverTimestamp": operation = .serverTimestamp
        case "increment": operation = .increment(operand)
        case "maximum": operation = .maximum(operand)
        case "minimum": operation = .minimum(operand)
        case "appendMissingElements":
            guard let values = operand.arrayValue else { return nil }
            operation = .appendMissingElements(values)
        case "removeAllFromArray":
            guard let values = operand.arrayValue else { return nil }
            operation = .removeAllFromArray(values)
        default: return nil
        }
        return FieldTransform(fieldPath: field, operation: operation)
    }
}

extension FieldPath {
    /// A one-segment field path with a name known to be valid (the queue's own field names).
    static func field(_ name: String) -> FieldPath {
        (try? FieldPath([name])) ?? .documentID
    }
}
