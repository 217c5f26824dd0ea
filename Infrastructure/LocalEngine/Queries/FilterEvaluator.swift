import HearthDomain

/// Evaluates a structured-query filter against a document, with the server's semantics (checked against
/// the official emulator):
/// - a filter on a missing field never matches;
/// - equality is Firestore equivalence (`1 == 1.0`, element-wise inside arrays and maps), but a top-level
///   `null` or NaN operand (of `==`, `in`, `array-contains`, `array-contains-any`) equals nothing;
/// - `<`, `<=`, `>`, `>=` match only values of the operand's type class; a `null` or NaN operand, or a
///   stored NaN, never matches;
/// - `!=` and `not-in` never match `null`; a `null` operand (or a `null` in the `not-in` list) matches
///   nothing; a NaN operand excludes nothing (NaN equals nothing), so stored NaN matches `!= NaN`;
/// - `IS_NOT_NULL` and `IS_NOT_NAN` need the field to exist; `IS_NOT_NAN` also excludes `null`.
struct FilterEvaluator {
    let database: DatabaseID

    func matches(_ filter: StructuredQuery.Filter, _ document: Document) -> Bool {
        switch filter {
        case .composite(.and, let filters):
            return filters.allSatisfy { matches($0, document) }
        case .composite(.or, let filters):
            return filters.contains { matches($0, document) }
        case .unary(let path, let op):
            guard let value = value(at: path, in: document) else { return false }
            switch op {
            case .isNaN: return value.isNaN
            case .isNull: return value.isNull
            case .isNotNaN: return !value.isNull && !value.isNaN
            case .isNotNull: return !value.isNull
            }
        case .field(let path, let op, let operand):
            guard let value = value(at: path, in: document) else { return false }
            return Self.matches(value, op, operand)
        }
    }

    /// The value a filter or order sees at `path`: `__name__` is the document's reference.
    func value(at path: FieldPath, in document: Document) -> Value? {
        let segments = path.segments
        if segments.count == 1 {
            if segments[0] == "__name__" { return .reference(DocumentName(database: database, path: document.path)) }
            return document.fields[segments[0]]
        }
        return document.fields.value(at: path)
    }

    static func matches(_ value: Value, _ op: FieldOperator, _ operand: Value) -> Bool {
        switch op {
        case .equal:
            return equals(value, operand)
        case .notEqual:
            if value.isNull || operand.isNull { return false }
            return !equals(value, operand)
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            if operand.isNull || operand.isNaN || value.isNaN || value.typeOrder != operand.typeOrder { return false }
            let order = Value.compare(value, operand)
            switch op {
            case .lessThan: return order < 0
            case .lessThanOrEqual: return order <= 0
            case .greaterThan: return order > 0
            default: return order >= 0
            }
        case .arrayContains:
            guard let elements = value.arrayValue else { return false }
            return elements.contains { equals($0, operand) }
        case .arrayContainsAny:
            guard let elements = value.arrayValue, let candidates = operand.arrayValue else { return false }
            return elements.contains { element in candidates.contains { equals(element, $0) } }
        case .in:
            guard let candidates = operand.arrayValue else { return false }
            return candidates.contains { equals(value, $0) }
        case .notIn:
            guard let candidates = operand.arrayValue else { return false }
            if value.isNull || candidates.contains(where: \.isNull) { return false }
            return !candidates.contains { equals(value, $0) }
        }
    }

    /// Query equality: Firestore equivalence, except that a top-level null or NaN operand equals nothing.
    static func equals(_ value: Value, _ operand: Value) -> Bool {
        if operand.isNull || operand.isNaN { return false }
        return value.isEquivalent(to: operand)
    }
}
