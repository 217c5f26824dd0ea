public import HearthDomain

/// The results of an aggregation query: one value per alias.
public struct AggregationResponse: Sendable, Hashable {
    /// Alias → result (`integer` for counts, `integer`/`double` for sums, `double`/`null` for averages).
    public var values: MapValue
    /// The time the aggregated results were read at.
    public var readTime: Timestamp

    /// A response with the given members.
    public init(values: MapValue, readTime: Timestamp) {
        self.values = values
        self.readTime = readTime
    }
}
