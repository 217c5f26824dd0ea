import HearthDomain

/// Applies Firestore's field transforms to a document's fields.
enum FieldTransformer {
    /// Applies `transform` to `fields` and returns its transform result (the new value, or `null` for the
    /// array transforms). `serverTime` is the commit's request time.
    static func apply(_ transform: FieldTransform, to fields: inout MapValue, serverTime: Timestamp) -> Value {
        let current = fields.value(at: transform.fieldPath)
        let newValue: Value
        let result: Value
        switch transform.operation {
        case .serverTimestamp:
            newValue = .timestamp(serverTime)
            result = newValue
        case .increment(let operand):
            newValue = increment(current, by: operand)
            result = newValue
        case .maximum(let operand):
            newValue = extreme(current, operand, keepLarger: true)
            result = newValue
        case .minimum(let operand):
            newValue = extreme(current, operand, keepLarger: false)
            result = newValue
        case .appendMissingElements(let elements):
            var array = current?.arrayValue ?? []
            for element in elements where !array.contains(where: { $0.isEquivalent(to: element) }) {
                array.append(element)
            }
            newValue = .array(array)
            result = .null
        case .removeAllFromArray(let elements):
            let array = current?.arrayValue ?? []
            newValue = .array(array.filter { stored in !elements.contains(where: { $0.isEquivalent(to: stored) }) })
            result = .null
        }
        let stored = ValueRules.normalized(newValue)
        fields.setValue(stored, at: transform.fieldPath)
        return result.isNull ? result : stored
    }

    /// `current + operand`: integers saturate at the Int64 bounds; a double on either side makes a double;
    /// a missing or non-numeric field becomes the operand.
    static func increment(_ current: Value?, by operand: Value) -> Value {
        switch (current, operand) {
        case (.integer(let left)?, .integer(let right)):
            let (sum, overflow) = left.addingReportingOverflow(right)
            if overflow { return .integer(right > 0 ? Int64.max : Int64.min) }
            return .integer(sum)
        case (.integer(let left)?, .double(let right)):
            return .double(Double(left) + right)
        case (.double(let left)?, .integer(let right)):
            return .double(left + Double(right))
        case (.double(let left)?, .double(let right)):
            return .double(left + right)
        default:
            return operand
        }
    }

    /// The larger (or smaller) of the stored number and the operand. A missing or non-numeric field becomes
    /// the operand; NaN on either side gives NaN; equivalent values (3 and 3.0, any two zeros) keep the
    /// stored value; otherwise the winner keeps its own type.
    static func extreme(_ current: Value?, _ operand: Value, keepLarger: Bool) -> Value {
        guard let current, current.isNumber else { return operand }
        if current.isNaN || operand.isNaN { return .double(.nan) }
        let order = Value.compare(current, operand)
        if order == 0 { return current }
        return (order > 0) == keepLarger ? current : operand
    }
}
