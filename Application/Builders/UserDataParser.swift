import HearthDomain

/// Turns user data (``FieldValue`` trees) into plain fields plus the sentinels found in them, enforcing
/// where each sentinel may appear, as Firebase's SDKs do.
///
/// Sentinels are removed from the fields; a map left empty only because its sentinels were removed is
/// removed too, while a map that was empty in the input is kept.
struct UserDataParser {
    enum Mode {
        /// `create` and `set` without merge: no `delete()`.
        case overwrite
        /// `set` with merge: `delete()` anywhere outside arrays; leaves are collected for the mask.
        case mergeAll
        /// `set` with merge fields: `delete()` anywhere outside arrays (checked against the fields later).
        case mergeFields
        /// `update`: `delete()` only as the value of an update path itself.
        case update
    }

    let mode: Mode
    /// The user-facing operation, for messages (`"create"`, `"setData"`, `"updateData"`).
    let operation: String

    private(set) var transforms: [FieldTransform] = []
    private(set) var deletes: [FieldPath] = []
    /// Paths of plain leaves, deletes and explicitly empty nested maps (the merge-all mask).
    private(set) var leaves: [FieldPath] = []
    /// The arrays the walk is inside, and the element it is at in each (for messages only).
    private var arrayIndices: [ArrayIndex] = []

    /// An array element on the current path: the element `index` of the array whose field path is the
    /// first `position` segments. Kept beside the segments, not in them, so that walking an array
    /// allocates nothing per element; messages insert it (`'members.0.age'`).
    struct ArrayIndex {
        let position: Int
        let index: Int
    }

    init(mode: Mode, operation: String) {
        self.mode = mode
        self.operation = operation
    }

    /// The transforms sorted by field path (the order in which they go on the wire).
    var sortedTransforms: [FieldTransform] { transforms.sorted { $0.fieldPath < $1.fieldPath } }

    /// Parses a whole document; the top-level map is always kept, even when left empty.
    mutating func parseDocument(_ data: UserFields) throws(DocumentStoreError) -> MapValue {
        try parseMap(data, at: []) ?? MapValue()
    }

    /// Parses the value of one update path; `nil` when nothing is left to write at `path`.
    mutating func parseUpdateValue(
        _ value: FieldValue, at path: FieldPath
    ) throws(DocumentStoreError) -> HearthDomain.Value? {
        try parse(value, at: path.segments, context: .updateRoot)
    }

    // MARK: - Tree walk

    private enum Context {
        /// The value of an update path (where `delete()` is allowed in updates).
        case updateRoot
        /// A value in a map, outside any array.
        case field
        /// An array element or something inside one: no sentinel allowed.
        case arrayElement
        /// An element of an `arrayUnion` / `arrayRemove` operand: no sentinel allowed.
        case transformElement(String)
    }

    private mutating func parse(
        _ value: FieldValue,
        at segments: [String],
        context: Context
    ) throws(DocumentStoreError) -> HearthDomain.Value? {
        switch value.storage {
        case .value(let plain):
            try validatePlain(plain, at: segments, inArray: isInsideArray(context))
            recordLeaves(of: plain, at: segments, context: context)
            return plain
        case .array(let elements):
            var values: [HearthDomain.Value] = []
            values.reserveCapacity(elements.count)
            let elementContext: Context = if case .transformElement = context { context } else { .arrayElement }
            for (index, element) in elements.enumerated() {
                if element.isArray {
                    throw invalid("nested arrays are not supported (an array directly inside an array)", at: segments)
                }
                if case .value(let plain) = element.storage, !plain.isContainer {
                    values.append(plain)
                    continue
                }
                arrayIndices.append(ArrayIndex(position: segments.count, index: index))
                defer { arrayIndices.removeLast() }
                guard let parsed = try parse(element, at: segments, context: elementContext) else {
                    throw invalid("an array element must not be empty", at: segments)
                }
                values.append(parsed)
            }
            recordLeaf(segments, context: context)
            return .array(values)
        case .map(let fields):
            if fields.isEmpty {
                if !segments.isEmpty { recordLeaf(segments, context: context) }
                return .map(MapValue())
            }
            let childContext: Context = isInsideArray(context) ? context : .field
            return try parseMap(fields, at: segments, childContext: childContext).map { .map($0) }
        case .invalid(let reason):
            throw invalid(reason, at: segments)
        default:
            try parseSentinel(value, at: segments, context: context)
            return nil
        }
    }

    private mutating func parseMap(
        _ fields: UserFields,
        at segments: [String],
        childContext: Context = .field
    ) throws(DocumentStoreError) -> MapValue? {
        // Keys are compared by exact UTF-8 bytes, as Firestore does: canonically equal keys with different
        // bytes are two fields; the same bytes twice is refused (which value was meant is unknowable).
        let (entries, order) = fields.sortedPositions()
        var parsed: [MapValue.Field] = []
        parsed.reserveCapacity(entries.count)
        var previousKey: String?
        for position in order {
            let (key, child) = (entries[position].key, entries[position].value)
            if let previousKey, UTF8Order.equal(previousKey, key) {
                throw invalid("the field name is given more than once", at: segments + [key])
            }
            previousKey = key
            try Self.checkFieldName(key, at: segments + [key], arrayIndices: arrayIndices, operation: operation)
            if case .value(let plain) = child.storage, !plain.isContainer {
                // A scalar: nothing to validate, and its path matters only for a merge-all mask.
                if mode == .mergeAll { recordLeaf(segments + [key], context: childContext) }
                parsed.append(MapValue.Field(key: key, value: plain))
            } else if let value = try parse(child, at: segments + [key], context: childContext) {
                parsed.append(MapValue.Field(key: key, value: value))
            }
        }
        if parsed.isEmpty && !fields.isEmpty && !segments.isEmpty { return nil }
        return MapValue(sortedUniqueFields: parsed)
    }

    private mutating func parseSentinel(
        _ value: FieldValue, at segments: [String], context: Context
    ) throws(DocumentStoreError) {
        let name = value.sentinelName
        switch context {
        case .arrayElement:
            throw invalid("\(name) is not supported inside arrays", at: segments)
        case .transformElement(let transform):
            throw invalid("\(name) is not supported inside the elements of \(transform)", at: segments)
        case .field, .updateRoot:
            break
        }
        let path = try fieldPath(segments)
        let operation: FieldTransform.Operation
        switch value.storage {
        case .delete:
            switch mode {
            case .overwrite:
                throw invalid("\(name) can only be used in updateData and in set with merge", at: segments)
            case .update:
                guard case .updateRoot = context else {
                    throw invalid("\(name) can only appear at the top level of the update data", at: segments)
                }
            case .mergeAll, .mergeFields:
                break
            }
            deletes.append(path)
            leaves.append(path)
            return
        case .serverTimestamp:
            operation = .serverTimestamp
        case .arrayUnion(let elements):
            operation = .appendMissingElements(try parseTransformElements(elements, of: name, at: segments))
        case .arrayRemove(let elements):
            operation = .removeAllFromArray(try parseTransformElements(elements, of: name, at: segments))
        case .increment(let operand):
            operation = .increment(try numericOperand(operand, of: name, at: segments))
        case .maximum(let operand):
            operation = .maximum(try numericOperand(operand, of: name, at: segments))
        case .minimum(let operand):
            operation = .minimum(try numericOperand(operand, of: name, at: segments))
        case .value, .array, .map, .invalid:
            return
        }
        transforms.append(FieldTransform(fieldPath: path, operation: operation))
    }

    private mutating func parseTransformElements(
        _ elements: [FieldValue],
        of transform: String,
        at segments: [String]
    ) throws(DocumentStoreError) -> [HearthDomain.Value] {
        var values: [HearthDomain.Value] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if element.isArray {
                throw invalid(
                    "the elements of \(transform) must not be arrays (nested arrays are not supported)", at: segments)
            }
            arrayIndices.append(ArrayIndex(position: segments.count, index: index))
            defer { arrayIndices.removeLast() }
            guard let parsed = try parse(element, at: segments, context: .transformElement(transform)) else {
                throw invalid("the elements of \(transform) must not be empty", at: segments)
            }
            values.append(parsed)
        }
        return values
    }

    private func numericOperand(
        _ operand: HearthDomain.Value,
        of transform: String,
        at segments: [String]
    ) throws(DocumentStoreError) -> HearthDomain.Value {
        guard operand.isNumber else {
            throw invalid(
                "the operand of \(transform) must be an integer or a double, not \(operand.kind.rawValue) \(operand)",
                at: segments)
        }
        return operand
    }

    // MARK: - Helpers

    private func isInsideArray(_ context: Context) -> Bool {
        switch context {
        case .arrayElement, .transformElement: true
        case .field, .updateRoot: false
        }
    }

    private mutating func recordLeaf(_ segments: [String], context: Context) {
        guard !isInsideArray(context), mode == .mergeAll, !segments.isEmpty, let path = try? FieldPath(segments) else {
            return
        }
        leaves.append(path)
    }

    /// A plain map is merged leaf by leaf, exactly like the same map written as user data.
    private mutating func recordLeaves(of value: HearthDomain.Value, at segments: [String], context: Context) {
        if case .map(let fields) = value, !fields.isEmpty {
            for field in fields { recordLeaves(of: field.value, at: segments + [field.key], context: context) }
        } else {
            recordLeaf(segments, context: context)
        }
    }

    private func fieldPath(_ segments: [String]) throws(DocumentStoreError) -> FieldPath {
        do {
            return try FieldPath(segments)
        } catch {
            throw invalid("invalid field path (\(error.message))", at: segments)
        }
    }

    private func invalid(_ reason: String, at segments: [String]) -> DocumentStoreError {
        Self.invalid(reason, at: segments, arrayIndices: arrayIndices, operation: operation)
    }

    static func invalid(
        _ reason: String, at segments: [String], arrayIndices: [ArrayIndex] = [], operation: String
    ) -> DocumentStoreError {
        .invalidArgument(
            "Invalid data in \(operation)() at field \(describe(segments, arrayIndices: arrayIndices)): \(reason).")
    }

    /// The field path in quotes (`'a.b'`, canonical: `'a.`x-y`'`), with the indices of the arrays it goes
    /// through as plain numbers (`'members.0.age'`).
    static func describe(_ segments: [String], arrayIndices: [ArrayIndex] = []) -> String {
        if segments.isEmpty && arrayIndices.isEmpty { return "<document>" }
        if arrayIndices.isEmpty {
            if let path = try? FieldPath(segments) { return "'\(path.canonicalString)'" }
            return "'" + segments.joined(separator: ".") + "'"
        }
        var parts: [String] = []
        for position in 0...segments.count {
            parts += arrayIndices.filter { $0.position == position }.map { String($0.index) }
            if position < segments.count {
                parts.append((try? FieldPath([segments[position]]))?.canonicalString ?? segments[position])
            }
        }
        return "'" + parts.joined(separator: ".") + "'"
    }

    /// Throws when a field name is empty or reserved (`__.*__`, as Firebase's mobile and web SDKs check).
    static func checkFieldName(
        _ name: String,
        at segments: @autoclosure () -> [String],
        arrayIndices: @autoclosure () -> [ArrayIndex] = [],
        operation: String
    ) throws(DocumentStoreError) {
        if name.isEmpty {
            throw invalid(
                "a field name must not be empty", at: segments(), arrayIndices: arrayIndices(), operation: operation)
        }
        if isReserved(name) {
            throw invalid(
                "field names must not begin and end with '__' (reserved)", at: segments(), arrayIndices: arrayIndices(),
                operation: operation)
        }
    }

    /// Whether `name` matches `__.*__` (at least four bytes, two underscores at each end).
    private static func isReserved(_ name: String) -> Bool {
        let underscore = UInt8(ascii: "_")
        let bytes = name.utf8
        guard bytes.count >= 4, bytes.first == underscore, bytes.last == underscore else { return false }
        return bytes[bytes.index(after: bytes.startIndex)] == underscore
            && bytes[bytes.index(bytes.endIndex, offsetBy: -2)] == underscore
    }

    /// Throws when `value` holds an array directly inside an array or an empty or reserved map key, at
    /// any depth. Checks first without building any path; only an invalid value walks again to name where.
    private func validatePlain(
        _ value: HearthDomain.Value, at segments: [String], inArray: Bool
    ) throws(DocumentStoreError) {
        if Self.isValidPlain(value, inArray: inArray) { return }
        try Self.locateInvalidPlain(
            value, at: segments, arrayIndices: arrayIndices, operation: operation, inArray: inArray)
    }

    private static func isValidPlain(_ value: HearthDomain.Value, inArray: Bool) -> Bool {
        switch value {
        case .array(let elements):
            if inArray { return false }
            for element in elements where element.isContainer {
                if !isValidPlain(element, inArray: true) { return false }
            }
            return true
        case .map(let fields):
            for field in fields {
                if field.key.isEmpty || isReserved(field.key)
                    || (field.value.isContainer && !isValidPlain(field.value, inArray: false))
                {
                    return false
                }
            }
            return true
        default:
            return true
        }
    }

    private static func locateInvalidPlain(
        _ value: HearthDomain.Value,
        at segments: [String],
        arrayIndices: [ArrayIndex],
        operation: String,
        inArray: Bool
    ) throws(DocumentStoreError) {
        let nestedArray = "nested arrays are not supported (an array directly inside an array)"
        switch value {
        case .array(let elements):
            if inArray { throw invalid(nestedArray, at: segments, arrayIndices: arrayIndices, operation: operation) }
            for (index, element) in elements.enumerated() where element.isContainer {
                if case .array = element {
                    throw invalid(nestedArray, at: segments, arrayIndices: arrayIndices, operation: operation)
                }
                try locateInvalidPlain(
                    element,
                    at: segments,
                    arrayIndices: arrayIndices + [ArrayIndex(position: segments.count, index: index)],
                    operation: operation,
                    inArray: true
                )
            }
        case .map(let fields):
            for field in fields {
                try checkFieldName(
                    field.key, at: segments + [field.key], arrayIndices: arrayIndices, operation: operation)
                try locateInvalidPlain(
                    field.value, at: segments + [field.key], arrayIndices: arrayIndices, operation: operation,
                    inArray: false)
            }
        default:
            break
        }
    }
}

extension HearthDomain.Value {
    /// Whether this is an array or a map (which hold values to validate).
    var isContainer: Bool {
        switch self {
        case .array, .map: true
        default: false
        }
    }
}

extension FieldValue {
    /// Whether this is an array (of user data or a plain array value).
    var isArray: Bool {
        switch storage {
        case .array: true
        case .value(.array): true
        default: false
        }
    }

    /// The Firebase spelling of a sentinel, for messages.
    var sentinelName: String {
        switch storage {
        case .serverTimestamp: "FieldValue.serverTimestamp()"
        case .delete: "FieldValue.delete()"
        case .arrayUnion: "FieldValue.arrayUnion()"
        case .arrayRemove: "FieldValue.arrayRemove()"
        case .increment: "FieldValue.increment()"
        case .maximum: "FieldValue.maximum()"
        case .minimum: "FieldValue.minimum()"
        case .value, .array, .map, .invalid: "a value"
        }
    }
}
