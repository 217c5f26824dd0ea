/// The fields of a map value or of a document: string keys to ``Value``s.
///
/// Keys are kept sorted by UTF-8 bytes and compared by exact bytes, as Firestore does (a precomposed and
/// a decomposed `"é"` are two different keys, unlike in a Swift `Dictionary`). Iteration is in key order,
/// which is also Firestore's map comparison order, and makes encoding deterministic.
public struct MapValue: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field: a key (any UTF-8 string, compared by bytes) and its value.
    public typealias Field = KeyedField<Value>

    /// The fields in key order (UTF-8 byte order), keys unique.
    public private(set) var fields: [Field]

    /// An empty map.
    public init() { fields = [] }

    /// A map of `pairs`; a later pair replaces an earlier one with the same key.
    public init(_ pairs: some Sequence<(String, Value)>) {
        fields = []
        for (key, value) in pairs { self[key] = value }
    }

    /// A map of a dictionary's entries.
    public init(_ dictionary: [String: Value]) {
        fields = dictionary.map { Field(key: $0.key, value: $0.value) }.sorted { UTF8Order.compare($0.key, $1.key) < 0 }
    }

    /// A map from fields already sorted by UTF-8 key with unique keys (the caller guarantees both).
    public init(sortedUniqueFields: [Field]) {
        fields = sortedUniqueFields
    }

    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }

    /// The number of fields.
    public var count: Int { fields.count }
    /// Whether the map has no field.
    public var isEmpty: Bool { fields.isEmpty }
    /// The keys, in UTF-8 byte order.
    public var keys: [String] { fields.map(\.key) }

    /// The value at a top-level key; setting `nil` removes the key.
    public subscript(key: String) -> Value? {
        get {
            let (index, found) = position(of: key)
            return found ? fields[index].value : nil
        }
        set {
            let (index, found) = position(of: key)
            switch (found, newValue) {
            case (true, let value?): fields[index].value = value
            case (true, nil): fields.remove(at: index)
            case (false, let value?): fields.insert(Field(key: key, value: value), at: index)
            case (false, nil): break
            }
        }
    }

    /// The value at a (possibly nested) field path, or `nil` when any segment is missing or a
    /// non-final segment is not a map.
    public func value(at path: FieldPath) -> Value? {
        var current = self
        let segments = path.segments
        for segment in segments.dropLast() {
            guard case .map(let next)? = current[segment] else { return nil }
            current = next
        }
        return current[segments[segments.count - 1]]
    }

    /// Sets the value at a field path, creating intermediate maps and replacing non-map intermediates.
    public mutating func setValue(_ value: Value, at path: FieldPath) {
        setValue(value, at: path.segments[...])
    }

    private mutating func setValue(_ value: Value, at segments: ArraySlice<String>) {
        let key = segments[segments.startIndex]
        if segments.count == 1 {
            self[key] = value
            return
        }
        var child = self[key]?.mapValue ?? MapValue()
        self[key] = nil
        child.setValue(value, at: segments.dropFirst())
        self[key] = .map(child)
    }

    /// Removes the value at a field path; returns it, or `nil` when nothing was there.
    @discardableResult
    public mutating func removeValue(at path: FieldPath) -> Value? {
        removeValue(at: path.segments[...])
    }

    private mutating func removeValue(at segments: ArraySlice<String>) -> Value? {
        let key = segments[segments.startIndex]
        if segments.count == 1 {
            let old = self[key]
            self[key] = nil
            return old
        }
        guard case .map(var child)? = self[key] else { return nil }
        let removed = child.removeValue(at: segments.dropFirst())
        if removed != nil { self[key] = .map(child) }
        return removed
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Binary search by UTF-8 key: the index of `key`, or where it would be inserted.
    private func position(of key: String) -> (index: Int, found: Bool) {
        let contiguous = key.utf8.withContiguousStorageIfAvailable { keyBytes -> (index: Int, found: Bool)? in
            let target = UnsafeRawBufferPointer(keyBytes)
            var low = 0
            var high = fields.count
            while low < high {
                let middle = (low + high) / 2
                guard
                    let order = fields[middle].key.utf8.withContiguousStorageIfAvailable({
                        UTF8Order.compareBytes(UnsafeRawBufferPointer($0), target)
                    })
                else { return nil }
                if order == 0 { return (middle, true) }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return (low, false)
        }
        if let contiguous, let position = contiguous { return position }
        var low = 0
        var high = fields.count
        while low < high {
            let middle = (low + high) / 2
            let order = UTF8Order.compare(fields[middle].key, key)
            if order == 0 { return (middle, true) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }
}
