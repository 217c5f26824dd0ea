public import HearthDomain

/// A field filter's operator, named by the symbols of Firebase's other SDKs (`"=="`, `"array-contains"`,
/// ...), so that textual queries (a command line, test vectors) map onto the typed builder.
public enum FilterOperator: String, Sendable, Hashable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqual = "<="
    case equal = "=="
    case notEqual = "!="
    case greaterThanOrEqual = ">="
    case greaterThan = ">"
    case arrayContains = "array-contains"
    case `in` = "in"
    case notIn = "not-in"
    case arrayContainsAny = "array-contains-any"

    /// The operator written `symbol` (`"<"`, `"=="`, `"array-contains-any"`, ...). Throws
    /// `invalidArgument` naming the symbol when it is not one of the ten operators.
    public init(symbol: String) throws(DocumentStoreError) {
        guard let known = FilterOperator(rawValue: symbol) else {
            let valid = FilterOperator.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw .invalidArgument("Invalid query operator '\(symbol)'. Valid operators are \(valid).")
        }
        self = known
    }

    /// The symbol, for example `"<="`.
    public var symbol: String { rawValue }

    /// The wire operator.
    public var fieldOperator: FieldOperator {
        switch self {
        case .lessThan: .lessThan
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .notEqual: .notEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        case .greaterThan: .greaterThan
        case .arrayContains: .arrayContains
        case .in: .in
        case .notIn: .notIn
        case .arrayContainsAny: .arrayContainsAny
        }
    }

    /// Whether the operand must be a non-empty array (`in`, `not-in`, `array-contains-any`).
    var takesArray: Bool {
        switch self {
        case .in, .notIn, .arrayContainsAny: true
        default: false
        }
    }
}
