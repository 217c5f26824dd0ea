import HearthDomain

/// A structured query the engine accepted, with its orders normalised (explicit orders, then the
/// inequality fields not already ordered in field-path order, then aggregated fields, then `__name__`,
/// all in the direction of the last explicit order).
struct ValidatedQuery: Sendable, Hashable {
    let database: DatabaseID
    let scope: QueryScope
    let filter: StructuredQuery.Filter?
    /// The normalised orders; the last one is always `__name__`.
    let orders: [Order]
    let startAt: Cursor?
    let endAt: Cursor?
    let offset: Int
    let limit: Int?
    /// The fields returned (`nil`: all fields).
    let projection: [FieldPath]?
}
