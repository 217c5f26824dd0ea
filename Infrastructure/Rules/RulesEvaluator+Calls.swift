import Foundation
import HearthCrypto
import HearthDomain

extension RulesEvaluator {
    /// Calls a global (`get`, `exists`, `int`, `math.abs`, `timestamp.date` …) or a method of a value (`'x'.size()`, `map.keys()` …).
    mutating func call(
        _ callee: RulesExpression, _ arguments: [RulesValue], _ variables: [String: RulesValue], _ functions: Scope
    ) throws(RulesEvaluationError) -> RulesValue {
        switch callee {
        case .identifier(let name, _):
            // User functions are called by `evaluate`, which binds their arguments lazily.
            return try global(name, arguments)
        case .member(.identifier(let namespace, _), let name, _)
        where variables[namespace] == nil && ["math", "timestamp", "duration", "latlng", "hashing"].contains(namespace):
            return try Self.namespaced(namespace, name, arguments)
        case .member(let base, let name, _):
            return try Self.method(try evaluate(base, variables, functions), name, arguments)
        default:
            throw RulesEvaluationError("not a function")
        }
    }

    mutating func callUser(
        _ function: RulesFunction, _ arguments: [Result<RulesValue, RulesEvaluationError>],
        _ variables: [String: RulesValue], _ functions: Scope
    ) throws(RulesEvaluationError) -> RulesValue {
        guard arguments.count == function.parameters.count else {
            throw RulesEvaluationError("\(function.name) takes \(function.parameters.count) arguments")
        }
        guard callDepth < 20 else { throw RulesEvaluationError("function calls nested deeper than 20") }
        callDepth += 1
        defer { callDepth -= 1 }
        // A function sees the match's variables (wildcards), its parameters and its let bindings.
        var scope = variables
        let outerFailures = failedBindings
        defer { failedBindings = outerFailures }
        for (name, argument) in zip(function.parameters, arguments) {
            switch argument {
            case .success(let value):
                scope[name] = value
                if !failedBindings.isEmpty { failedBindings[name] = nil }
            case .failure(let error):
                scope[name] = nil
                failedBindings[name] = error
            }
        }
        for binding in function.bindings {
            do {
                scope[binding.name] = try evaluate(binding.value, scope, functions)
                if !failedBindings.isEmpty { failedBindings[binding.name] = nil }
            } catch {
                scope[binding.name] = nil
                failedBindings[binding.name] = error
            }
        }
        return try evaluate(function.body, scope, functions)
    }

    mutating func global(_ name: String, _ arguments: [RulesValue]) throws(RulesEvaluationError) -> RulesValue {
        switch (name, RulesArguments(arguments)) {
        case ("get", .one(.path(let path))), ("getAfter", .one(.path(let path))):
            return try read(path, after: name == "getAfter", existence: false).map { fields in
                .map(["data": .map(fields), "id": .string(path.last ?? ""), "__name__": .path(path)])
            } ?? .null
        case ("exists", .one(.path(let path))), ("existsAfter", .one(.path(let path))):
            return .bool(try read(path, after: name == "existsAfter", existence: true) != nil)
        case ("int", .one(let value)):
            switch value {
            case .int: return value
            case .float(let double):
                guard double.isFinite, let int = Int64(exactly: double.rounded(.towardZero)) else {
                    throw RulesEvaluationError("int() out of range")
                }
                return .int(int)
            case .string(let text):
                guard let int = Int64(text) else { throw RulesEvaluationError("int() of a non-number") }
                return .int(int)
            default: throw RulesEvaluationError("int() of \(value.typeName)")
            }
        case ("float", .one(let value)):
            switch value {
            case .int(let int): return .float(Double(int))
            case .float: return value
            case .string(let text):
                guard let double = Double(text) else { throw RulesEvaluationError("float() of a non-number") }
                return .float(double)
            default: throw RulesEvaluationError("float() of \(value.typeName)")
            }
        case ("string", .one(let value)):
            switch value {
            case .string: return value
            case .int(let int): return .string(String(int))
            case .float(let double): return .string(String(double))
            case .bool(let bool): return .string(bool ? "true" : "false")
            case .null: return .string("null")
            default: throw RulesEvaluationError("string() of \(value.typeName)")
            }
        case ("path", .one(.string(let text))):
            return .path(UTF8Split.split(text, separator: UInt8(ascii: "/")).filter { !$0.isEmpty })
        default:
            throw RulesEvaluationError("unknown function \(name) with \(arguments.count) arguments")
        }
    }

    /// A document read by `get()` and friends: the path must be under this database's documents. Reads
    /// count as the emulator counts them: each document once per kind (`get`/`getAfter` one kind,
    /// `exists`/`existsAfter` the other), at most ``maximumReads`` per request and, in a commit, at most
    /// ``RulesReadLedger/maximum`` across all its writes.
    mutating func read(
        _ path: [String], after: Bool, existence: Bool
    ) throws(RulesEvaluationError) -> [String: RulesValue]? {
        guard path.count >= 5, path[0] == "databases", path[2] == "documents", (path.count - 3) % 2 == 0 else {
            throw RulesEvaluationError("get() needs a document path under /databases/<db>/documents")
        }
        let key = RulesReadKey(path: path, existence: existence)
        readKeys.insert(key)
        guard readKeys.count <= maximumReads else {
            throw RulesEvaluationError("more than \(maximumReads) document reads")
        }
        if let ledger {
            ledger.keys.insert(key)
            guard ledger.keys.count <= RulesReadLedger.maximum else {
                throw RulesEvaluationError("more than \(RulesReadLedger.maximum) document reads in one commit")
            }
        }
        do {
            return try reader.document(at: Array(path.dropFirst(3)), after: after)
        } catch {
            throw RulesEvaluationError("reading \(path.joined(separator: "/")) failed")
        }
    }

    static func namespaced(
        _ namespace: String, _ name: String, _ arguments: [RulesValue]
    ) throws(RulesEvaluationError)
        -> RulesValue
    {
        switch (namespace, name, RulesArguments(arguments)) {
        case ("hashing", let algorithm, .one(let input)):
            let bytes: [UInt8]
            switch input {
            case .string(let text): bytes = Array(text.utf8)
            case .bytes(let data): bytes = data
            default: throw RulesEvaluationError("hashing.\(algorithm) takes a string or bytes")
            }
            switch algorithm {
            case "sha256": return .bytes(SHA256.hash(bytes))
            case "md5": return .bytes(MD5.hash(bytes))
            // The checksum's bytes least significant first: the emulator's `crc32('abc').toHexString()`
            // is 'C2412435' for the CRC 0x352441C2.
            case "crc32": return .bytes(littleEndianBytes(CRC32.isoHDLC.checksum(bytes)))
            case "crc32c": return .bytes(littleEndianBytes(CRC32.castagnoli.checksum(bytes)))
            default: throw RulesEvaluationError("no function hashing.\(algorithm)")
            }
        case ("math", "abs", .one(.int(let value))):
            guard value != .min else { throw RulesEvaluationError("integer overflow") }
            return .int(abs(value))
        case ("math", "abs", .one(.float(let value))): return .float(abs(value))
        case ("math", "ceil", .one(let value)): return .float((try double(value)).rounded(.up))
        case ("math", "floor", .one(let value)): return .float((try double(value)).rounded(.down))
        case ("math", "round", .one(let value)): return .float((try double(value)).rounded(.toNearestOrAwayFromZero))
        case ("math", "sqrt", .one(let value)): return .float((try double(value)).squareRoot())
        case ("math", "pow", .two(let base, let exponent)):
            return .float(Foundation.pow(try double(base), try double(exponent)))
        case ("math", "isInfinite", _):
            // Documented, but the emulator fails on every argument (`math.isInfinite(2.0)` denies): the oracle wins.
            throw RulesEvaluationError("math.isInfinite is not available (as in the emulator)")
        case ("math", "isNaN", .one(let value)): return .bool((try double(value)).isNaN)
        case ("timestamp", "date", .three(.int(let year), .int(let month), .int(let day))):
            var components = DateComponents()
            (components.year, components.month, components.day) = (Int(year), Int(month), Int(day))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
                let date = calendar.date(from: components),
                calendar.component(.day, from: date) == Int(day)
            else { throw RulesEvaluationError("timestamp.date: not a date") }
            return .timestamp(try timestamp(seconds: Int64(date.timeIntervalSince1970.rounded()), nanos: 0))
        case ("timestamp", "value", .one(.int(let milliseconds))):
            let (seconds, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
            let adjust = remainder < 0 ? Int64(1) : 0
            return .timestamp(
                try timestamp(seconds: seconds - adjust, nanos: Int32((remainder + adjust * 1_000) * 1_000_000)))
        case ("duration", "value", .two(.int(let magnitude), .string(let unit))):
            let scale: Int64? =
                switch unit {
                case "w": 604_800_000_000_000
                case "d": 86_400_000_000_000
                case "h": 3_600_000_000_000
                case "m": 60_000_000_000
                case "s": 1_000_000_000
                case "ms": 1_000_000
                case "ns": 1
                default: nil
                }
            guard let scale else { throw RulesEvaluationError("duration.value: unknown unit \(unit)") }
            let result = magnitude.multipliedReportingOverflow(by: scale)
            guard !result.overflow else { throw RulesEvaluationError("duration overflow") }
            return .duration(nanoseconds: result.partialValue)
        case ("duration", "time", .four(.int(let hours), .int(let minutes), .int(let seconds), .int(let nanos))):
            let total = (Double(hours) * 3600 + Double(minutes) * 60 + Double(seconds)) * 1e9 + Double(nanos)
            guard abs(total) < 9.2e18 else { throw RulesEvaluationError("duration overflow") }
            return .duration(nanoseconds: ((hours * 3600 + minutes * 60 + seconds) * 1_000_000_000) + nanos)
        case ("latlng", "value", .two(let latitude, let longitude)):
            let (lat, lng) = (try double(latitude), try double(longitude))
            guard (-90...90).contains(lat), (-180...180).contains(lng) else {
                throw RulesEvaluationError("latlng out of range")
            }
            return .latlng(latitude: lat, longitude: lng)
        default:
            throw RulesEvaluationError("unknown function \(namespace).\(name) with \(arguments.count) arguments")
        }
    }

    static func timestamp(seconds: Int64, nanos: Int32) throws(RulesEvaluationError) -> Timestamp {
        guard let time = try? Timestamp(seconds: seconds, nanoseconds: nanos) else {
            throw RulesEvaluationError("timestamp out of range")
        }
        return time
    }
}

/// A call's arguments, in a form `switch` can take apart.
enum RulesArguments {
    case none
    case one(RulesValue)
    case two(RulesValue, RulesValue)
    case three(RulesValue, RulesValue, RulesValue)
    case four(RulesValue, RulesValue, RulesValue, RulesValue)
    case many

    init(_ values: [RulesValue]) {
        switch values.count {
        case 0: self = .none
        case 1: self = .one(values[0])
        case 2: self = .two(values[0], values[1])
        case 3: self = .three(values[0], values[1], values[2])
        case 4: self = .four(values[0], values[1], values[2], values[3])
        default: self = .many
        }
    }
}

/// The four bytes of `value`, least significant first.
private func littleEndianBytes(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}
