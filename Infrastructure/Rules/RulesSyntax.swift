/// A parsed `firestore.rules` file (`rules_version = '2'`): the `service cloud.firestore` block's
/// top-level functions and `match` blocks. Made by ``RulesParser``; evaluated against requests later.
public struct RulesFile: Sendable, Hashable {
    /// The declared `rules_version` (`"2"`), or `nil` when the file declares none (version 1).
    public let version: String?
    /// The service the rules are for (`cloud.firestore`).
    public let service: String
    /// The functions declared directly in the service block.
    public let functions: [RulesFunction]
    /// The service block's `match` blocks, in file order.
    public let matches: [RulesMatch]
}

/// Where something stands in a rules file: a 1-based line and column (the column counts UTF-8 bytes).
public struct RulesPosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in UTF-8 bytes.
    public let column: Int

    /// A position: `line` and `column`, both from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// A `match <path> { … }` block: its path pattern, the `allow` statements, functions and nested matches.
public struct RulesMatch: Sendable, Hashable {
    /// The pattern the block matches, relative to the enclosing block's.
    public let path: RulesPathPattern
    /// The block's `allow` statements, in file order.
    public let allows: [RulesAllow]
    /// The functions declared in the block (visible in it and in nested blocks).
    public let functions: [RulesFunction]
    /// The nested `match` blocks.
    public let matches: [RulesMatch]
    /// Where the block starts.
    public let position: RulesPosition
}

/// A path pattern of a `match`: literal segments, single-segment wildcards `{name}` and a trailing
/// recursive wildcard `{name=**}`.
public struct RulesPathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// A literal segment (`users`, `documents`).
        case literal(String)
        /// `{name}`: one segment, bound to `name`.
        case wildcard(String)
        /// `{name=**}`: zero or more segments (rules version 2), bound to `name` as a path.
        case recursive(String)
    }

    /// The segments, in order.
    public let segments: [Segment]

    /// The pattern as written (`/users/{userId}`).
    public var description: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): "/\(text)"
            case .wildcard(let name): "/{\(name)}"
            case .recursive(let name): "/{\(name)=**}"
            }
        }.joined()
    }
}

/// The methods an `allow` names: `read` is `get` + `list`, `write` is `create` + `update` + `delete`.
public enum RulesMethod: String, Sendable, Hashable, CaseIterable {
    /// Reading one document.
    case get
    /// Running a query (or a listing).
    case list
    /// Writing a document that does not exist.
    case create
    /// Writing a document that exists.
    case update
    /// Deleting a document.
    case delete

    /// The methods a name in an `allow` stands for, or `nil` when it is none.
    public static func named(_ name: String) -> [RulesMethod]? {
        switch name {
        case "read": [.get, .list]
        case "write": [.create, .update, .delete]
        default: RulesMethod(rawValue: name).map { [$0] }
        }
    }
}

/// `allow <methods>: if <condition>;` (no condition: always allowed).
public struct RulesAllow: Sendable, Hashable {
    /// The methods it allows, expanded (`read` → `get`, `list`).
    public let methods: [RulesMethod]
    /// The condition, or `nil` for an unconditional `allow`.
    public let condition: RulesExpression?
    /// Where the statement starts.
    public let position: RulesPosition
}

/// `function name(params) { let x = …; return …; }`.
public struct RulesFunction: Sendable, Hashable {
    /// The function's name.
    public let name: String
    /// Its parameters' names.
    public let parameters: [String]
    /// Its `let` bindings, in order.
    public let bindings: [RulesBinding]
    /// The returned expression.
    public let body: RulesExpression
    /// Where the declaration starts.
    public let position: RulesPosition
}

/// `let name = value;` in a function.
public struct RulesBinding: Sendable, Hashable {
    /// The bound name.
    public let name: String
    /// Its value.
    public let value: RulesExpression
}

/// `key: value` in a map literal.
public struct RulesMapEntry: Sendable, Hashable {
    /// The key (a string expression).
    public let key: RulesExpression
    /// The value.
    public let value: RulesExpression
}

/// An expression of the rules language, with where it starts.
public indirect enum RulesExpression: Sendable, Hashable {
    /// `null`.
    case null(RulesPosition)
    /// `true` / `false`.
    case bool(Bool, RulesPosition)
    /// An integer literal.
    case int(Int64, RulesPosition)
    /// A float literal.
    case float(Double, RulesPosition)
    /// A string literal (escapes resolved).
    case string(String, RulesPosition)
    /// A name: a variable, a wildcard, a `let` binding, a parameter, or a global (`request`, `resource`, `math`…).
    case identifier(String, RulesPosition)
    /// A path literal (`/databases/$(database)/documents/users/$(uid)`): literal text and `$(…)` parts per segment.
    case path([RulesPathLiteralSegment], RulesPosition)
    /// `[a, b]`.
    case list([RulesExpression], RulesPosition)
    /// `{'k': v}`.
    case map([RulesMapEntry], RulesPosition)
    /// `base.name`.
    case member(RulesExpression, String, RulesPosition)
    /// `base[index]`.
    case index(RulesExpression, RulesExpression, RulesPosition)
    /// `base[from:to]` (either bound may be missing).
    case slice(RulesExpression, RulesExpression?, RulesExpression?, RulesPosition)
    /// `callee(arguments)`.
    case call(RulesExpression, [RulesExpression], RulesPosition)
    /// A prefix operator: `!x`, `-x`.
    case unary(RulesUnaryOperator, RulesExpression, RulesPosition)
    /// A binary operator.
    case binary(RulesBinaryOperator, RulesExpression, RulesExpression, RulesPosition)
    /// `condition ? then : else`.
    case conditional(RulesExpression, RulesExpression, RulesExpression, RulesPosition)
    /// `value is type` (`string`, `int`, `map`, …).
    case isType(RulesExpression, String, RulesPosition)

    /// Where the expression starts.
    public var position: RulesPosition {
        switch self {
        case .null(let p), .bool(_, let p), .int(_, let p), .float(_, let p), .string(_, let p),
            .identifier(_, let p), .path(_, let p), .list(_, let p), .map(_, let p), .member(_, _, let p),
            .index(_, _, let p), .slice(_, _, _, let p), .call(_, _, let p), .unary(_, _, let p),
            .binary(_, _, _, let p), .conditional(_, _, _, let p), .isType(_, _, let p):
            p
        }
    }
}

/// One segment of a path literal: its parts, each literal text or a `$(expression)`.
public struct RulesPathLiteralSegment: Sendable, Hashable {
    /// A part of a segment.
    public enum Part: Sendable, Hashable {
        /// Literal text.
        case text(String)
        /// `$(expression)`: the expression's string value.
        case expression(RulesExpression)
    }

    /// The parts, in order (a segment is usually one part).
    public let parts: [Part]
}

/// A prefix operator.
public enum RulesUnaryOperator: String, Sendable, Hashable {
    /// Logical not.
    case not = "!"
    /// Arithmetic negation.
    case negate = "-"
}

/// A binary operator of the rules language.
public enum RulesBinaryOperator: String, Sendable, Hashable {
    /// Logical operators (short-circuit).
    case or = "||", and = "&&"
    /// Comparisons.
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    /// Membership: `x in list`, `key in map`.
    case `in`
    /// Arithmetic.
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
}
