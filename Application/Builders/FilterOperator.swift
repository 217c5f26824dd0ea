public import HearthDomain

/// A field filter's operator: the query model's `FieldOperator` itself, so the builder and the model
/// share one list of the ten operators. In user code and messages an operator is written as in Firebase's
/// other SDKs (`symbol`: `"=="`, `"array-contains"`, ...), so that textual queries (a
/// command line, test vectors) map onto the typed builder with `init(symbol:)`.
public typealias FilterOperator = FieldOperator

extension FieldOperator {
    /// The operators with their symbols, in the order Firebase's SDKs list them.
    private static let symbols: [(op: FieldOperator, symbol: String)] = [
        (.lessThan, "<"), (.lessThanOrEqual, "<="), (.equal, "=="), (.notEqual, "!="), (.greaterThanOrEqual, ">="),
        (.greaterThan, ">"),
        (.arrayContains, "array-contains"), (.in, "in"), (.notIn, "not-in"), (.arrayContainsAny, "array-contains-any"),
    ]

    /// The operator written `symbol` (`"<"`, `"=="`, `"array-contains-any"`, ...). Throws
    /// `invalidArgument` naming the symbol and listing the valid ones when it is not one of the ten.
    public init(symbol: String) throws(DocumentStoreError) {
        guard let known = Self.symbols.first(where: { UTF8Order.equal($0.symbol, symbol) }) else {
            let valid = Self.symbols.map { "'\($0.symbol)'" }.joined(separator: ", ")
            throw .invalidArgument("Invalid query operator '\(symbol)'. Valid operators are \(valid).")
        }
        self = known.op
    }

    /// The operator as Firebase's SDKs write it, for example `"<="` or `"not-in"`.
    public var symbol: String { Self.symbols.first { $0.op == self }?.symbol ?? "\(self)" }

    /// Whether the operand must be a non-empty array (`in`, `not-in`, `array-contains-any`).
    var takesArray: Bool {
        switch self {
        case .in, .notIn, .arrayContainsAny: true
        default: false
        }
    }
}
