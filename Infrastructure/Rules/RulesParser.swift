public import HearthDomain

/// Parses a `firestore.rules` file into a ``RulesFile``. Every error is `invalidArgument` with the file's
/// name, the line and the column (`firestore.rules:4:27: expected ';' after the allow statement`), and no
/// input traps: nesting deeper than ``maximumDepth`` is an error too.
public struct RulesParser: Sendable {
    /// How deeply blocks and expressions may nest.
    public static let maximumDepth = 200

    /// A parser for files reported as `fileName` in errors.
    public init() {}

    /// Parses `text`, reporting errors against `fileName`.
    public func parse(_ text: String, fileName: String = "firestore.rules") throws(DocumentStoreError) -> RulesFile {
        var lexer = RulesLexer(text, fileName: fileName)
        var state = ParserState(tokens: try lexer.tokens(), lexer: lexer)
        return try state.file()
    }
}

private struct ParserState {
    let tokens: [RulesToken]
    let lexer: RulesLexer
    var index = 0
    var depth = 0

    init(tokens: [RulesToken], lexer: RulesLexer) {
        self.tokens = tokens
        self.lexer = lexer
    }

    var current: RulesToken { tokens[min(index, tokens.count - 1)] }
    var next: RulesToken { tokens[min(index + 1, tokens.count - 1)] }

    func error(_ message: String, at token: RulesToken? = nil) -> DocumentStoreError {
        let token = token ?? current
        return lexer.error("\(message), found \(Self.describe(token.kind))", at: token.position)
    }

    static func describe(_ kind: RulesToken.Kind) -> String {
        switch kind {
        case .identifier(let name): "'\(name)'"
        case .int(let value): "\(value)"
        case .float(let value): "\(value)"
        case .string: "a string"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end of the file"
        }
    }

    func isSymbol(_ symbol: String, _ token: RulesToken? = nil) -> Bool {
        (token ?? current).kind == .symbol(symbol)
    }

    func isKeyword(_ word: String) -> Bool { current.kind == .identifier(word) }

    mutating func take() -> RulesToken {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    mutating func expect(_ symbol: String, _ context: String) throws(DocumentStoreError) {
        guard isSymbol(symbol) else { throw error("expected '\(symbol)' \(context)") }
        _ = take()
    }

    mutating func identifier(_ context: String) throws(DocumentStoreError) -> String {
        guard case .identifier(let name) = current.kind else { throw error("expected a name \(context)") }
        _ = take()
        return name
    }

    /// Enters one more level of nesting; pair with `depth -= 1` (in a `defer`).
    mutating func enter() throws(DocumentStoreError) {
        guard depth < RulesParser.maximumDepth else {
            throw error("nesting deeper than \(RulesParser.maximumDepth) levels")
        }
        depth += 1
    }

    // MARK: - File, service, match, allow, function

    mutating func file() throws(DocumentStoreError) -> RulesFile {
        var version: String?
        if isKeyword("rules_version") {
            _ = take()
            try expect("=", "after rules_version")
            guard case .string(let text) = current.kind else { throw error("expected the version as a string ('2')") }
            guard text == "1" || text == "2" else { throw error("rules_version must be '1' or '2'") }
            _ = take()
            version = text
            if isSymbol(";") { _ = take() }
        }
        guard isKeyword("service") else { throw error("expected 'service cloud.firestore'") }
        _ = take()
        let serviceStart = current.position
        var service = try identifier("after 'service'")
        while isSymbol(".") {
            _ = take()
            service += "." + (try identifier("in the service name"))
        }
        guard service == "cloud.firestore" else {
            throw lexer.error("these are rules for \(service), not cloud.firestore", at: serviceStart)
        }
        try expect("{", "to open the service block")
        var functions: [RulesFunction] = []
        var matches: [RulesMatch] = []
        while !isSymbol("}") {
            if isKeyword("match") {
                matches.append(try match(recursiveAllowed: version == "2"))
            } else if isKeyword("function") {
                functions.append(try function())
            } else {
                throw error("expected 'match' or 'function' in the service block")
            }
        }
        _ = take()
        guard current.kind == .end else { throw error("expected the end of the file after the service block") }
        return RulesFile(version: version, service: service, functions: functions, matches: matches)
    }

    mutating func match(recursiveAllowed: Bool) throws(DocumentStoreError) -> RulesMatch {
        try enter()
        defer { depth -= 1 }
        let start = take().position
        let path = try matchPath(recursiveAllowed: recursiveAllowed)
        try expect("{", "to open the match block of \(path)")
        var allows: [RulesAllow] = []
        var functions: [RulesFunction] = []
        var matches: [RulesMatch] = []
        while !isSymbol("}") {
            if isKeyword("match") {
                matches.append(try match(recursiveAllowed: recursiveAllowed))
            } else if isKeyword("allow") {
                allows.append(try allow())
            } else if isKeyword("function") {
                functions.append(try function())
            } else {
                throw error("expected 'match', 'allow' or 'function' in the match block of \(path)")
            }
        }
        _ = take()
        return RulesMatch(path: path, allows: allows, functions: functions, matches: matches, position: start)
    }

    mutating func matchPath(recursiveAllowed: Bool) throws(DocumentStoreError) -> RulesPathPattern {
        var segments: [RulesPathPattern.Segment] = []
        guard isSymbol("/") else { throw error("expected a path starting with '/' after 'match'") }
        while isSymbol("/") {
            _ = take()
            if isSymbol("{"), !current.spaceBefore {
                _ = take()
                let name = try identifier("for the wildcard")
                if isSymbol("=**") {
                    _ = take()
                    try expect("}", "to close the wildcard {\(name)=**}")
                    // Version 2 allows a recursive wildcard anywhere (`/{path=**}/reviews/{id}`); version 1 only last.
                    guard recursiveAllowed || !isSymbol("/") || current.spaceBefore else {
                        throw error("a recursive wildcard is the last segment unless rules_version = '2'")
                    }
                    segments.append(.recursive(name))
                } else {
                    try expect("}", "to close the wildcard {\(name)}")
                    segments.append(.wildcard(name))
                }
            } else {
                var text = ""
                while !current.spaceBefore || text.isEmpty, let part = literalPart() {
                    text += part
                    _ = take()
                }
                guard !text.isEmpty else { throw error("expected a path segment after '/'") }
                segments.append(.literal(text))
            }
            if current.spaceBefore { break }
        }
        return RulesPathPattern(segments: segments)
    }

    /// The text of the current token when it can be part of a literal path segment.
    func literalPart() -> String? {
        switch current.kind {
        case .identifier(let name): name
        case .int(let value): String(value)
        case .symbol(let symbol) where ["-", ".", ":", "%", "+", "*", "!", "="].contains(symbol): symbol
        default: nil
        }
    }

    mutating func allow() throws(DocumentStoreError) -> RulesAllow {
        let start = take().position
        var methods: [RulesMethod] = []
        repeat {
            if isSymbol(",") { _ = take() }
            let nameToken = current
            let name = try identifier("of a method (read, write, get, list, create, update, delete)")
            guard let named = RulesMethod.named(name) else {
                throw lexer.error(
                    "unknown method '\(name)' (read, write, get, list, create, update or delete)",
                    at: nameToken.position)
            }
            methods += named.filter { !methods.contains($0) }
        } while isSymbol(",")
        var condition: RulesExpression?
        if isSymbol(":") {
            _ = take()
            guard isKeyword("if") else { throw error("expected 'if' after ':'") }
            _ = take()
            condition = try expression()
        }
        try expect(";", "after the allow statement")
        return RulesAllow(methods: methods, condition: condition, position: start)
    }

    mutating func function() throws(DocumentStoreError) -> RulesFunction {
        let start = take().position
        let name = try identifier("for the function")
        try expect("(", "after the function's name")
        var parameters: [String] = []
        while !isSymbol(")") {
            if !parameters.isEmpty { try expect(",", "between parameters") }
            parameters.append(try identifier("of a parameter"))
        }
        _ = take()
        try expect("{", "to open the function \(name)")
        var bindings: [RulesBinding] = []
        while isKeyword("let") {
            _ = take()
            let bound = try identifier("after 'let'")
            try expect("=", "after 'let \(bound)'")
            bindings.append(RulesBinding(name: bound, value: try expression()))
            try expect(";", "after the let binding \(bound)")
        }
        guard isKeyword("return") else { throw error("expected 'return' in the function \(name)") }
        _ = take()
        let body = try expression()
        if isSymbol(";") { _ = take() }
        try expect("}", "to close the function \(name)")
        return RulesFunction(name: name, parameters: parameters, bindings: bindings, body: body, position: start)
    }

    // MARK: - Expressions (lowest precedence first)

    mutating func expression() throws(DocumentStoreError) -> RulesExpression {
        try enter()
        defer { depth -= 1 }
        return try conditional()
    }

    mutating func conditional() throws(DocumentStoreError) -> RulesExpression {
        let condition = try or()
        guard isSymbol("?") else { return condition }
        _ = take()
        let then = try expression()
        try expect(":", "in the conditional expression")
        let otherwise = try expression()
        return .conditional(condition, then, otherwise, condition.position)
    }

    mutating func or() throws(DocumentStoreError) -> RulesExpression {
        var left = try and()
        while isSymbol("||") {
            _ = take()
            left = .binary(.or, left, try and(), left.position)
        }
        return left
    }

    mutating func and() throws(DocumentStoreError) -> RulesExpression {
        var left = try relation()
        while isSymbol("&&") {
            _ = take()
            left = .binary(.and, left, try relation(), left.position)
        }
        return left
    }

    static let relations: [String: RulesBinaryOperator] = [
        "==": .equal, "!=": .notEqual, "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual,
    ]

    mutating func relation() throws(DocumentStoreError) -> RulesExpression {
        let left = try additive()
        if case .symbol(let symbol) = current.kind, let op = Self.relations[symbol] {
            _ = take()
            return .binary(op, left, try additive(), left.position)
        }
        if isKeyword("in") {
            _ = take()
            return .binary(.in, left, try additive(), left.position)
        }
        if isKeyword("is") {
            _ = take()
            return .isType(left, try identifier("of a type after 'is'"), left.position)
        }
        return left
    }

    mutating func additive() throws(DocumentStoreError) -> RulesExpression {
        var left = try multiplicative()
        while isSymbol("+") || isSymbol("-") {
            let op: RulesBinaryOperator = isSymbol("+") ? .add : .subtract
            _ = take()
            left = .binary(op, left, try multiplicative(), left.position)
        }
        return left
    }

    mutating func multiplicative() throws(DocumentStoreError) -> RulesExpression {
        var left = try unary()
        while isSymbol("*") || isSymbol("/") || isSymbol("%") {
            let op: RulesBinaryOperator = isSymbol("*") ? .multiply : isSymbol("/") ? .divide : .remainder
            _ = take()
            left = .binary(op, left, try unary(), left.position)
        }
        return left
    }

    mutating func unary() throws(DocumentStoreError) -> RulesExpression {
        if isSymbol("!") || isSymbol("-") {
            let token = take()
            let op: RulesUnaryOperator = token.kind == .symbol("!") ? .not : .negate
            try enter()
            defer { depth -= 1 }
            return .unary(op, try unary(), token.position)
        }
        return try postfix()
    }

    mutating func postfix() throws(DocumentStoreError) -> RulesExpression {
        var value = try primary()
        while true {
            if isSymbol(".") {
                _ = take()
                value = .member(value, try identifier("after '.'"), value.position)
            } else if isSymbol("[") {
                _ = take()
                var from: RulesExpression?
                if !isSymbol(":") { from = try expression() }
                if isSymbol(":") {
                    _ = take()
                    var to: RulesExpression?
                    if !isSymbol("]") { to = try expression() }
                    try expect("]", "to close the slice")
                    value = .slice(value, from, to, value.position)
                } else {
                    try expect("]", "to close the index")
                    guard let from else { throw error("expected an index") }
                    value = .index(value, from, value.position)
                }
            } else if isSymbol("(") {
                _ = take()
                let arguments = try list(closing: ")", "of the call's arguments")
                value = .call(value, arguments, value.position)
            } else {
                return value
            }
        }
    }

    mutating func list(closing: String, _ context: String) throws(DocumentStoreError) -> [RulesExpression] {
        var items: [RulesExpression] = []
        while !isSymbol(closing) {
            if !items.isEmpty {
                try expect(",", "between the items \(context)")
                if isSymbol(closing) { break }
            }
            items.append(try expression())
        }
        _ = take()
        return items
    }

    mutating func primary() throws(DocumentStoreError) -> RulesExpression {
        let token = current
        switch token.kind {
        case .int(let value):
            _ = take()
            return .int(value, token.position)
        case .float(let value):
            _ = take()
            return .float(value, token.position)
        case .string(let text):
            _ = take()
            return .string(text, token.position)
        case .identifier("true"):
            _ = take()
            return .bool(true, token.position)
        case .identifier("false"):
            _ = take()
            return .bool(false, token.position)
        case .identifier("null"):
            _ = take()
            return .null(token.position)
        case .identifier(let name):
            _ = take()
            return .identifier(name, token.position)
        case .symbol("("):
            _ = take()
            let inner = try expression()
            try expect(")", "to close the parenthesis")
            return inner
        case .symbol("["):
            _ = take()
            return .list(try list(closing: "]", "of the list"), token.position)
        case .symbol("{"):
            _ = take()
            var entries: [RulesMapEntry] = []
            while !isSymbol("}") {
                if !entries.isEmpty {
                    try expect(",", "between the map's entries")
                    if isSymbol("}") { break }
                }
                let key = try expression()
                try expect(":", "after the map key")
                entries.append(RulesMapEntry(key: key, value: try expression()))
            }
            _ = take()
            return .map(entries, token.position)
        case .symbol("/"):
            return try pathLiteral()
        default:
            throw error("expected an expression")
        }
    }

    /// `/databases/$(database)/documents/users/$(uid)`: segments until a space or a token that cannot
    /// be part of one.
    mutating func pathLiteral() throws(DocumentStoreError) -> RulesExpression {
        let start = current.position
        var segments: [RulesPathLiteralSegment] = []
        while isSymbol("/") {
            _ = take()
            var parts: [RulesPathLiteralSegment.Part] = []
            while !current.spaceBefore {
                if isSymbol("$(") {
                    _ = take()
                    let inner = try expression()
                    try expect(")", "to close '$('")
                    parts.append(.expression(inner))
                } else if let text = pathTextPart() {
                    _ = take()
                    if case .text(let previous)? = parts.last {
                        parts[parts.count - 1] = .text(previous + text)
                    } else {
                        parts.append(.text(text))
                    }
                } else {
                    break
                }
            }
            guard !parts.isEmpty else { throw error("expected a path segment after '/'") }
            segments.append(RulesPathLiteralSegment(parts: parts))
            if current.spaceBefore { break }
        }
        return .path(segments, start)
    }

    func pathTextPart() -> String? {
        switch current.kind {
        case .identifier(let name): name
        case .int(let value): String(value)
        case .symbol("-"): "-"
        default: nil
        }
    }
}
