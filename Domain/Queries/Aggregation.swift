/// One aggregation of an aggregation query, with the alias its result is reported under.
public struct Aggregation: Sendable, Hashable {
    /// What an aggregation computes over the documents a query matches (Firestore's `count`, `sum` and `avg`).
    public enum Operation: Sendable, Hashable {
        /// The number of matching documents, stopping at `upTo` when given (which must be positive).
        case count(upTo: Int64?)
        /// The sum of the numeric values of a field: an integer unless a double is involved or the sum
        /// overflows, then a double; NaN if any value is NaN; non-numeric values are skipped; 0 when empty.
        case sum(FieldPath)
        /// The average of the numeric values of a field as a double, or null when there are none.
        case average(FieldPath)
    }

    /// The name the result is reported under (unique within a query).
    public var alias: String
    /// What is computed.
    public var operation: Operation

    /// An aggregation reported under `alias`. Not validated here: an empty or repeated alias, or a reserved
    /// one, fails with `invalidArgument` when the query runs.
    public init(alias: String, _ operation: Operation) {
        self.alias = alias
        self.operation = operation
    }
}
