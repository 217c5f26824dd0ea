import HearthDomain

extension QueryBuilder: QueryBuilding {}

extension QueryBuilder {
    /// The domain filter for a user filter; `nil` for an empty composite.
    func resolve(_ filter: Filter) throws(DocumentStoreError) -> StructuredQuery.Filter? {
        switch filter.storage {
        case .composite(let op, let children):
            var resolved: [StructuredQuery.Filter] = []
            for child in children {
                if let child = try resolve(child) { resolved.append(child) }
            }
            switch resolved.count {
            case 0: return nil
            case 1: return resolved[0]
            default: return .composite(op, resolved)
            }
        case .field(let field, let op, let userValue):
            let call = "whereField(\"\(field.text)\", \(op.symbol))"
            let path = try Self.path(of: field, call: call)
            var value = try Self.queryValue(userValue, call: call, field: field.text)
            if path.isDocumentID {
                switch op {
                case .arrayContains, .arrayContainsAny:
                    throw Self.invalid(call, "'\(op.symbol)' cannot be used on the document ID (__name__)")
                case .in, .notIn:
                    let elements = try Self.nonEmptyList(value, op: op, call: call)
                    var references: [Value] = []
                    for element in elements { references.append(try documentReference(element, call: call)) }
                    value = .array(references)
                default:
                    value = try documentReference(value, call: call)
                }
            } else if op.takesArray {
                _ = try Self.nonEmptyList(value, op: op, call: call)
            }
            if value.isNull || value.isNaN {
                let what = value.isNull ? "null" : "NaN"
                switch op {
                case .equal: return .unary(path, value.isNull ? .isNull : .isNaN)
                case .notEqual: return .unary(path, value.isNull ? .isNotNull : .isNotNaN)
                default: throw Self.invalid(call, "\(what) can only be compared with == and !=")
                }
            }
            return .field(path, op, value)
        }
    }

    /// The plain value of user data used in a filter or a cursor; sentinels are invalid there.
    /// A value Firestore cannot store is named by its field (`field`, then its place inside the value).
    static func queryValue(_ value: FieldValue, call: String, field: String? = nil) throws(DocumentStoreError) -> Value
    {
        if let plain = value.plainValue { return plain }
        if let (reason, location) = value.firstInvalid {
            let path = [field ?? "", location].filter { !$0.isEmpty }.joined(separator: ".")
            throw invalid(call, path.isEmpty ? reason : "field \(path): \(reason)")
        }
        guard let sentinel = value.firstSentinel else {
            throw invalid(call, "a map in the value gives the same key (the same bytes) more than once")
        }
        throw invalid(call, "\(sentinel.sentinelName) can only be used in writes, not in queries")
    }

    private static func nonEmptyList(
        _ value: Value, op: FilterOperator, call: String
    ) throws(DocumentStoreError) -> [Value] {
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw invalid(call, "'\(op.symbol)' needs a non-empty list of values")
        }
        return elements
    }

    /// A `__name__` operand as a reference value: a reference to a document of the query, or a document ID
    /// (collection query) or a path relative to the parent (collection group query).
    func documentReference(_ value: Value, call: String) throws(DocumentStoreError) -> Value {
        let base = (parent?.segments ?? []) + (collection.allDescendants ? [] : [collection.collectionID])
        let path: DocumentPath
        switch value {
        case .string(let text):
            if text.isEmpty { throw Self.invalid(call, "a document ID used with __name__ must not be empty") }
            let relative = UTF8Split.split(text, separator: UInt8(ascii: "/"))
            if !collection.allDescendants && relative.count > 1 {
                throw Self.invalid(
                    call, "querying a collection by __name__ needs a plain document ID, but '\(text)' contains a slash")
            }
            let segments = base + relative
            do {
                path = try DocumentPath(segments: segments)
            } catch {
                throw Self.invalid(call, "'\(text)' does not name a document under the query (\(error.message))")
            }
        case .reference(let name):
            guard name.database == database else {
                throw Self.invalid(
                    call,
                    "the reference '\(name.resourceName)' belongs to another database than \(database.resourceName)")
            }
            path = name.path
        default:
            throw Self.invalid(
                call,
                "a value used with __name__ must be a document ID string or a reference, not \(value.kind.rawValue) \(value)"
            )
        }
        let belongs: Bool
        if collection.allDescendants {
            belongs = parent.map { path.isDescendant(of: $0) } ?? true
        } else {
            belongs = (try? CollectionPath(segments: base)).map { path.parent == $0 } ?? false
        }
        guard belongs else {
            let scope =
                collection.allDescendants
                ? "under \(parent.map { "'\($0.path)'" } ?? "the database root")"
                : "in the queried collection '\(base.joined(separator: "/"))'"
            throw Self.invalid(call, "the document '\(path.path)' is not \(scope)")
        }
        return .reference(DocumentName(database: database, path: path))
    }

    static func invalid(_ call: String, _ reason: String) -> DocumentStoreError {
        .invalidArgument("Invalid query: \(call): \(reason).")
    }
}

extension FieldValue {
    /// The first sentinel in this user data (depth first), or `nil` when there is none.
    var firstSentinel: FieldValue? {
        switch storage {
        case .value, .invalid: return nil
        case .array(let elements): return elements.lazy.compactMap(\.firstSentinel).first
        case .map(let fields):
            return fields.sorted { UTF8Order.compare($0.key, $1.key) < 0 }.lazy.compactMap(\.value.firstSentinel).first
        default: return self
        }
    }
}

extension FieldValue {
    /// The reason and the location (`"0.age"`; empty for this value itself) of the first value in this
    /// user data that Firestore cannot store, depth first, or `nil` when there is none.
    var firstInvalid: (reason: String, location: String)? {
        switch storage {
        case .invalid(let reason):
            return (reason, "")
        case .array(let elements), .arrayUnion(let elements), .arrayRemove(let elements):
            for (index, element) in elements.enumerated() {
                if let (reason, location) = element.firstInvalid { return (reason, Self.join(String(index), location)) }
            }
            return nil
        case .map(let fields):
            for field in fields.sortedByKey {
                if let (reason, location) = field.value.firstInvalid {
                    let key = (try? FieldPath([field.key]))?.canonicalString ?? field.key
                    return (reason, Self.join(key, location))
                }
            }
            return nil
        case .value, .serverTimestamp, .delete, .increment, .maximum, .minimum:
            return nil
        }
    }

    private static func join(_ head: String, _ tail: String) -> String { tail.isEmpty ? head : head + "." + tail }
}
