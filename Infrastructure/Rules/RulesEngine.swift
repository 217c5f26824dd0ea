import HearthDomain
import Foundation

/// Decides requests against a parsed rules file, as Firestore does: a request is allowed when some `allow`
/// for its method, in a `match` block whose path matches the document's whole path, has a condition that
/// evaluates to `true`. A condition that fails to evaluate (a missing field, a wrong type, too many
/// document reads) denies, as in Firestore.
public struct RulesEngine: Sendable {
    /// The rules.
    public let file: RulesFile
    /// How many `get()`/`exists()`/`getAfter()`/`existsAfter()` calls one request may make (Firestore: 10
    /// for a single-document request).
    public var maximumDocumentReads = 10
    /// The file's `match` blocks, each with the functions in scope inside it, built once.
    let matches: [ScopedMatch]

    /// An engine deciding by `file`.
    public init(file: RulesFile) {
        self.file = file
        let functions = Dictionary(file.functions.map { ($0.name, $0) }) { _, last in last }
        matches = file.matches.map { ScopedMatch($0, enclosing: functions) }
    }

    /// Whether `request` is allowed; `reader` answers the rules' document reads.
    public func allows(_ request: RulesRequest, reader: any RulesDocumentReader = NoDocuments()) -> Bool {
        allows(request, reader: reader, ledger: nil)
    }

    /// The first of a commit's writes that is denied (`nil`: all allowed), deciding them as one request as
    /// Firestore does: each write reads at most ``maximumDocumentReads`` documents, and all of them together
    /// at most 20 (a document read by several writes counts once).
    public func firstDenied(_ writes: [RulesRequest], reader: any RulesDocumentReader = NoDocuments()) -> Int? {
        let ledger = RulesReadLedger()
        return writes.indices.first { !allows(writes[$0], reader: reader, ledger: ledger) }
    }

    private func allows(_ request: RulesRequest, reader: any RulesDocumentReader, ledger: RulesReadLedger?) -> Bool {
        if let query = request.query, let (field, values) = query.choices.min(by: { $0.key < $1.key }) {
            // `field in [a, b]`: allowed when allowed for `field == a` and for `field == b`.
            guard !values.isEmpty else { return false }
            return values.allSatisfy { value in
                var each = request
                each.query = query.choosing(value, for: field)
                return allows(each, reader: reader, ledger: ledger)
            }
        }
        var full: [String] = []
        full.reserveCapacity(request.path.count + 3)
        full.append("databases")
        full.append(request.database)
        full.append("documents")
        full.append(contentsOf: request.path)
        var evaluator = RulesEvaluator(
            request: request, reader: reader, maximumReads: maximumDocumentReads, ledger: ledger)
        for match in matches where evaluator.visit(match, full[...], bindings: [:], version: file.version) {
            return true
        }
        return false
    }
}

/// A `match` block with the functions visible inside it (the file's, then each enclosing block's, then
/// its own), and its nested blocks likewise.
struct ScopedMatch: Sendable {
    let match: RulesMatch
    let functions: [String: RulesFunction]
    let nested: [ScopedMatch]
    /// Whether the path has no recursive wildcard: it then matches a prefix in at most one way.
    let isSimple: Bool

    init(_ match: RulesMatch, enclosing: [String: RulesFunction]) {
        var functions = enclosing
        for function in match.functions { functions[function.name] = function }
        self.match = match
        self.functions = functions
        isSimple = !match.path.segments.contains(where: RulesEvaluator.isRecursive)
        nested = match.matches.map { ScopedMatch($0, enclosing: functions) }
    }
}

/// One document read by a decision, as reads are counted: by path and kind (`get`/`getAfter` or
/// `exists`/`existsAfter`; the emulator counts `exists(p)` and `get(p)` as two reads, `exists(p)` and
/// `existsAfter(p)` as one).
struct RulesReadKey: Hashable {
    let path: [String]
    let existence: Bool
}

/// The documents one commit's decisions read together (Firestore allows 20 across a batch or a
/// transaction's writes). A class: the decisions of one commit share it, one after another.
final class RulesReadLedger {
    static let maximum = 20
    var keys: Set<RulesReadKey> = []
}

/// Why an evaluation failed (the request is denied).
struct RulesEvaluationError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

struct RulesEvaluator {
    let request: RulesRequest
    let reader: any RulesDocumentReader
    let maximumReads: Int
    /// The documents this decision read (see `read(_:after:existence:)`).
    var readKeys: Set<RulesReadKey> = []
    /// The documents the whole commit read, when this decision is one write of a commit.
    var ledger: RulesReadLedger?
    var callDepth = 0
    /// `request`, built at its first use.
    var cachedRequest: RulesValue?
    /// `resource` (`get`, `update`, `delete`) and `request.resource` (`create`, `update`), built at their
    /// first use: the request holds the stored documents, converted only when a rule reads them.
    var cachedResource: RulesValue?
    var cachedIncoming: RulesValue?
    /// The `let` bindings of the functions being called whose value is an error: the error is thrown where
    /// the name is used, not where it is bound, so that `&&` and `||` can absorb it as the emulator does
    /// (`let isAdmin = request.auth.token.admin == true; return isAdmin || isSelf;` allows the user
    /// without an `admin` claim).
    var failedBindings: [String: RulesEvaluationError] = [:]

    init(
        request: RulesRequest, reader: any RulesDocumentReader, maximumReads: Int, ledger: RulesReadLedger? = nil
    ) {
        self.request = request
        self.reader = reader
        self.maximumReads = maximumReads
        self.ledger = ledger
    }

    // MARK: - Matching paths

    /// Whether some allow under `match` grants the request, for the part of the path `remaining`.
    mutating func visit(
        _ scoped: ScopedMatch, _ remaining: ArraySlice<String>, bindings: [String: RulesValue], version: String?
    ) -> Bool {
        if scoped.isSimple {
            // One way to match at most, binding straight into a copy of the outer variables.
            let pattern = scoped.match.path.segments
            guard remaining.count >= pattern.count else { return false }
            var variables = bindings
            for (segment, text) in zip(pattern, remaining) {
                switch segment {
                case .literal(let literal): guard text.utf8.elementsEqual(literal.utf8) else { return false }
                case .wildcard(let name): variables[name] = .string(text)
                case .recursive: return false
                }
            }
            return visit(scoped, remaining.dropFirst(pattern.count), variables: variables, version: version)
        }
        for (consumed, bound) in Self.prefixMatches(scoped.match.path.segments[...], remaining, version: version) {
            let variables = bound.isEmpty ? bindings : bindings.merging(bound) { _, new in new }
            if visit(scoped, remaining.dropFirst(consumed), variables: variables, version: version) { return true }
        }
        return false
    }

    /// Whether an allow of `scoped`, matched with `variables` bound, or of a block nested in it, grants the
    /// request, `rest` being the path left after the block's own.
    private mutating func visit(
        _ scoped: ScopedMatch, _ rest: ArraySlice<String>, variables: [String: RulesValue], version: String?
    ) -> Bool {
        if rest.isEmpty, !request.collectionGroup || variables.values.contains(where: Self.isPath) {
            for allow in scoped.match.allows where allow.methods.contains(request.method) {
                guard let condition = allow.condition else { return true }
                if (try? evaluate(condition, variables, scoped.functions)) == .bool(true) { return true }
            }
        }
        for nested in scoped.nested where visit(nested, rest, bindings: variables, version: version) {
            return true
        }
        return false
    }

    static func isRecursive(_ segment: RulesPathPattern.Segment) -> Bool {
        if case .recursive = segment { return true }
        return false
    }

    static func isPath(_ value: RulesValue) -> Bool {
        if case .path = value { return true }
        return false
    }

    /// Every way `pattern` matches a prefix of `path`: how many segments it consumed and the wildcards' values.
    static func prefixMatches(
        _ pattern: ArraySlice<RulesPathPattern.Segment>, _ path: ArraySlice<String>, version: String?
    ) -> [(Int, [String: RulesValue])] {
        guard let first = pattern.first else { return [(0, [:])] }
        if !pattern.contains(where: Self.isRecursive) {
            // No recursive wildcard: at most one way to match, found without recursion.
            guard path.count >= pattern.count else { return [] }
            var bound: [String: RulesValue] = [:]
            for (segment, text) in zip(pattern, path) {
                switch segment {
                case .literal(let literal): guard text.utf8.elementsEqual(literal.utf8) else { return [] }
                case .wildcard(let name): bound[name] = .string(text)
                case .recursive: return []
                }
            }
            return [(pattern.count, bound)]
        }
        let rest = pattern.dropFirst()
        switch first {
        case .literal(let text):
            guard let segment = path.first, Array(segment.utf8) == Array(text.utf8) else { return [] }
            return prefixMatches(rest, path.dropFirst(), version: version).map { ($0.0 + 1, $0.1) }
        case .wildcard(let name):
            guard let segment = path.first else { return [] }
            return prefixMatches(rest, path.dropFirst(), version: version).map { consumed, bound in
                (consumed + 1, bound.merging([name: .string(segment)]) { new, _ in new })
            }
        case .recursive(let name):
            var results: [(Int, [String: RulesValue])] = []
            let least = version == "2" ? 0 : 1
            guard path.count >= least else { return [] }
            for count in least...path.count {
                let taken = Array(path.prefix(count))
                for (consumed, bound) in prefixMatches(rest, path.dropFirst(count), version: version) {
                    results.append((consumed + count, bound.merging([name: .path(taken)]) { new, _ in new }))
                }
                // A recursive wildcard ends its pattern's matching only at the end of the path
                // when it is the pattern's last segment.
            }
            return rest.isEmpty ? results.filter { $0.0 == path.count } : results
        }
    }

    // MARK: - Expressions

    typealias Scope = [String: RulesFunction]

    mutating func evaluate(
        _ expression: RulesExpression, _ variables: [String: RulesValue], _ functions: Scope
    ) throws(RulesEvaluationError) -> RulesValue {
        switch expression {
        case .null: return .null
        case .bool(let value, _): return .bool(value)
        case .int(let value, _): return .int(value)
        case .float(let value, _): return .float(value)
        case .string(let value, _): return .string(value)
        case .identifier(let name, _): return try identifier(name, variables)
        case .path(let segments, _): return .path(try pathSegments(segments, variables, functions))
        case .list(let items, _):
            var values: [RulesValue] = []
            for item in items { values.append(try evaluate(item, variables, functions)) }
            return .list(values)
        case .map(let entries, _):
            var map: [String: RulesValue] = [:]
            for entry in entries {
                guard case .string(let key) = try evaluate(entry.key, variables, functions) else {
                    throw RulesEvaluationError("a map key is not a string")
                }
                map[key] = try evaluate(entry.value, variables, functions)
            }
            return .map(map)
        case .member(let base, let name, _):
            if case .identifier(let global, _) = base, variables[global] == nil {
                if Self.isNamespace(global) {
                    throw RulesEvaluationError("\(global).\(name) is a function")
                }
                // `request.x` without building all of `request`.
                if global == "request", failedBindings[global] == nil {
                    guard let value = requestMember(name) else { throw RulesEvaluationError("no field \(name)") }
                    return value
                }
            }
            // `request.auth.x` and `request.query.x` without building the map in between.
            if case .member(.identifier("request", _), let inner, _) = base, variables["request"] == nil,
                failedBindings["request"] == nil, let value = requestMember(inner, name)
            {
                return value
            }
            return try member(try evaluate(base, variables, functions), name)
        case .index(let base, let index, _):
            return try Self.index(try evaluate(base, variables, functions), try evaluate(index, variables, functions))
        case .slice(let base, let from, let to, _):
            guard case .list(let items) = try evaluate(base, variables, functions) else {
                throw RulesEvaluationError("only lists can be sliced")
            }
            let start =
                try from.map { expression throws(RulesEvaluationError) in
                    try Self.int(try evaluate(expression, variables, functions))
                } ?? 0
            let end =
                try to.map { expression throws(RulesEvaluationError) in
                    try Self.int(try evaluate(expression, variables, functions))
                } ?? Int64(items.count)
            guard start >= 0, end <= Int64(items.count), start <= end else {
                throw RulesEvaluationError("slice out of range")
            }
            return .list(Array(items[Int(start)..<Int(end)]))
        case .call(let callee, let arguments, _):
            if case .identifier(let name, _) = callee, let function = functions[name] {
                // A user function's arguments, like its `let`s, fail where they are used (see
                // `failedBindings`): `canWrite(resource.data.owner)` of a query allows an admin whose check
                // does not read it.
                var values: [Result<RulesValue, RulesEvaluationError>] = []
                for argument in arguments {
                    do throws(RulesEvaluationError) {
                        values.append(.success(try evaluate(argument, variables, functions)))
                    } catch {
                        values.append(.failure(error))
                    }
                }
                return try callUser(function, values, variables, functions)
            }
            var values: [RulesValue] = []
            for argument in arguments { values.append(try evaluate(argument, variables, functions)) }
            return try call(callee, values, variables, functions)
        case .unary(.not, let operand, _):
            guard case .bool(let value) = try evaluate(operand, variables, functions) else {
                throw RulesEvaluationError("! needs a bool")
            }
            return .bool(!value)
        case .unary(.negate, let operand, _):
            switch try evaluate(operand, variables, functions) {
            case .int(let value):
                guard value != .min else { throw RulesEvaluationError("integer overflow") }
                return .int(-value)
            case .float(let value): return .float(-value)
            case .duration(let value): return .duration(nanoseconds: -value)
            default: throw RulesEvaluationError("- needs a number")
            }
        case .binary(.and, let left, let right, _):
            return try logical(left, right, variables, functions, deciding: false)
        case .binary(.or, let left, let right, _):
            return try logical(left, right, variables, functions, deciding: true)
        case .binary(let op, let left, let right, _):
            return try Self.binary(
                op, try evaluate(left, variables, functions), try evaluate(right, variables, functions))
        case .conditional(let condition, let then, let otherwise, _):
            guard case .bool(let value) = try evaluate(condition, variables, functions) else {
                throw RulesEvaluationError("a condition is not a bool")
            }
            return try evaluate(value ? then : otherwise, variables, functions)
        case .isType(let operand, let type, _):
            let value = try evaluate(operand, variables, functions)
            switch type {
            case "number": return .bool(value.typeName == "int" || value.typeName == "float")
            case "constraint": return .bool(false)
            default: return .bool(value.typeName == type)
            }
        }
    }

    /// `&&` and `||` absorb an error when the other side decides (CEL's commutative logic): `false && x`
    /// is false and `true || x` true whatever `x` is.
    mutating func logical(
        _ left: RulesExpression, _ right: RulesExpression, _ variables: [String: RulesValue], _ functions: Scope,
        deciding: Bool
    ) throws(RulesEvaluationError) -> RulesValue {
        // Left, then right (no array of the two: this runs for every && and ||).
        let first = side(left, variables, functions)
        if first.value == deciding { return .bool(deciding) }
        let second = side(right, variables, functions)
        if second.value == deciding { return .bool(deciding) }
        if let failure = first.error ?? second.error { throw failure }
        return .bool(!deciding)
    }

    /// One side of `&&` or `||`: its bool, or why it has none.
    private mutating func side(
        _ expression: RulesExpression, _ variables: [String: RulesValue], _ functions: Scope
    ) -> (value: Bool?, error: RulesEvaluationError?) {
        do throws(RulesEvaluationError) {
            guard case .bool(let value) = try evaluate(expression, variables, functions) else {
                return (nil, RulesEvaluationError("&& and || need bools"))
            }
            return (value, nil)
        } catch {
            return (nil, error)
        }
    }

    mutating func identifier(
        _ name: String, _ variables: [String: RulesValue]
    ) throws(RulesEvaluationError) -> RulesValue {
        if let value = variables[name] { return value }
        if let error = failedBindings[name] { throw error }
        switch name {
        case "request":
            if let cachedRequest { return cachedRequest }
            let value = requestValue
            cachedRequest = value
            return value
        case "resource":
            if let cachedResource { return cachedResource }
            let value: RulesValue
            if request.method == .list {
                // A query's documents: only what its filters fix or bound is known (anything else errors).
                var data = request.query?.equalities ?? [:]
                for (field, bounds) in request.query?.bounds ?? [:] { data[field] = .constraint(bounds) }
                value = .map(["data": .map(data)])
            } else {
                value = resourceValue(request.existingFields?.values, request.path)
            }
            cachedResource = value
            return value
        default: throw RulesEvaluationError("unknown name \(name)")
        }
    }

    var requestValue: RulesValue {
        mutating get {
            var map: [String: RulesValue] = [:]
            for key in ["method", "path", "time", "auth", "resource", "query"] { map[key] = requestMember(key) }
            return .map(map)
        }
    }

    /// Whether `name` is a namespace of functions (`math.abs(x)`), not a value.
    static func isNamespace(_ name: String) -> Bool {
        switch name {
        case "math", "timestamp", "duration", "latlng", "hashing": true
        default: false
        }
    }

    /// `request.<inner>.<name>` for `auth` and `query` (`nil`: any other, or a field it lacks, which the
    /// general path then reports).
    func requestMember(_ inner: String, _ name: String) -> RulesValue? {
        switch inner {
        case "auth":
            guard case .map(let auth)? = request.auth?.value else { return nil }
            return auth[name]
        case "query":
            guard let query = request.query else { return nil }
            switch name {
            case "limit": return query.limit.map(RulesValue.int) ?? .null
            case "offset": return query.offset.map(RulesValue.int) ?? .null
            case "orderBy": return query.orderBy.map(RulesValue.string) ?? .null
            default: return nil
            }
        default: return nil
        }
    }

    /// One field of `request` (`nil`: it has none of that name).
    mutating func requestMember(_ name: String) -> RulesValue? {
        switch name {
        case "method": return .string(request.method.rawValue)
        case "path": return .path(["databases", request.database, "documents"] + request.path)
        case "time": return .timestamp(request.time)
        case "auth": return request.auth?.value ?? .null
        case "resource":
            guard request.method == .create || request.method == .update else { return nil }
            if let cachedIncoming { return cachedIncoming }
            let value = resourceValue(request.incomingFields?.values, request.path)
            cachedIncoming = value
            return value
        case "query":
            guard request.query != nil else { return nil }
            var map: [String: RulesValue] = [:]
            for key in ["limit", "offset", "orderBy"] { map[key] = requestMember("query", key) }
            return .map(map)
        default: return nil
        }
    }

    func resourceValue(_ fields: [String: RulesValue]?, _ path: [String]) -> RulesValue {
        guard let fields else { return .null }
        return .map([
            "data": .map(fields), "id": .string(path.last ?? ""),
            "__name__": .path(["databases", request.database, "documents"] + path),
        ])
    }

    mutating func pathSegments(
        _ segments: [RulesPathLiteralSegment], _ variables: [String: RulesValue], _ functions: Scope
    ) throws(RulesEvaluationError) -> [String] {
        var result: [String] = []
        for segment in segments {
            var text = ""
            for part in segment.parts {
                switch part {
                case .text(let literal): text += literal
                case .expression(let expression):
                    switch try evaluate(expression, variables, functions) {
                    case .string(let value): text += value
                    case .int(let value): text += String(value)
                    case .path(let inner): text += inner.joined(separator: "/")
                    default: throw RulesEvaluationError("$( ) needs a string")
                    }
                }
            }
            result += UTF8Split.split(text, separator: UInt8(ascii: "/")).filter { !$0.isEmpty }
        }
        return result
    }

    func member(_ base: RulesValue, _ name: String) throws(RulesEvaluationError) -> RulesValue {
        switch base {
        case .map(let map):
            guard let value = map[name] else { throw RulesEvaluationError("no field \(name)") }
            return value
        default: throw RulesEvaluationError("\(base.typeName) has no field \(name)")
        }
    }

    static func int(_ value: RulesValue) throws(RulesEvaluationError) -> Int64 {
        guard case .int(let int) = value else { throw RulesEvaluationError("expected an int") }
        return int
    }

    static func index(_ base: RulesValue, _ index: RulesValue) throws(RulesEvaluationError) -> RulesValue {
        switch (base, index) {
        case (.list(let items), .int(let at)):
            guard at >= 0, at < Int64(items.count) else { throw RulesEvaluationError("index out of range") }
            return items[Int(at)]
        case (.map(let map), .string(let key)):
            guard let value = map[key] else { throw RulesEvaluationError("no key \(key)") }
            return value
        case (.path(let segments), .int(let at)):
            guard at >= 0, at < Int64(segments.count) else { throw RulesEvaluationError("index out of range") }
            return .string(segments[Int(at)])
        case (.string(let text), .int(let at)):
            let scalars = Array(text.unicodeScalars)
            guard at >= 0, at < Int64(scalars.count) else { throw RulesEvaluationError("index out of range") }
            return .string(String(scalars[Int(at)]))
        default: throw RulesEvaluationError("cannot index \(base.typeName) with \(index.typeName)")
        }
    }
}
