import Foundation
import HearthDomain

extension RulesEvaluator {
    /// A method of a value: strings, lists, maps, sets, map diffs, timestamps, durations, paths, latlngs.
    static func method(
        _ base: RulesValue, _ name: String, _ arguments: [RulesValue]
    ) throws(RulesEvaluationError)
        -> RulesValue
    {
        switch (base, name, RulesArguments(arguments)) {
        // Sizes
        case (.string(let text), "size", .none): return .int(Int64(text.unicodeScalars.count))
        case (.bytes(let bytes), "size", .none): return .int(Int64(bytes.count))
        // As the emulator prints them: hexadecimal in upper case, base64 URL-safe with its padding.
        case (.bytes(let bytes), "toHexString", .none):
            let digits = Array("0123456789ABCDEF".utf8)
            return .string(
                String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self))
        case (.bytes(let bytes), "toBase64", .none):
            return .string(
                Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_"))
        case (.list(let items), "size", .none), (.set(let items), "size", .none): return .int(Int64(items.count))
        case (.map(let map), "size", .none): return .int(Int64(map.count))

        // Strings
        case (.string(let text), "lower", .none): return .string(text.lowercased())
        case (.string(let text), "upper", .none): return .string(text.uppercased())
        case (.string(let text), "trim", .none): return .string(text.trimmingCharacters(in: .whitespaces))
        case (.string(let text), "matches", .one(.string(let pattern))):
            return .bool(try fullMatch(text, pattern))
        case (.string(let text), "split", .one(.string(let separator))):
            return .list(try split(text, separator).map(RulesValue.string))
        case (.string(let text), "replace", .two(.string(let pattern), .string(let replacement))):
            let expression = try regex(pattern)
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            return .string(
                expression.stringByReplacingMatches(in: text, range: range, withTemplate: template(replacement)))
        case (.string(let text), "toUtf8", .none): return .bytes(Array(text.utf8))

        // A bounded field of a query's documents: an array holding `contained`.
        case (.constraint(let bounds), "hasAll", .one(let other)):
            let wanted = try elements(other)
            guard wanted.allSatisfy({ element in bounds.contained.contains { $0.rulesEquals(element) } }) else {
                throw RulesEvaluationError("the query does not prove this for every document")
            }
            return .bool(true)
        case (.constraint(let bounds), "hasAny", .one(let other)):
            let wanted = try elements(other)
            guard wanted.contains(where: { element in bounds.contained.contains { $0.rulesEquals(element) } }) else {
                throw RulesEvaluationError("the query does not prove this for every document")
            }
            return .bool(true)

        // Lists and sets
        case (.list(let items), "hasAll", .one(let other)), (.set(let items), "hasAll", .one(let other)):
            return .bool(try elements(other).allSatisfy { element in items.contains { $0.rulesEquals(element) } })
        case (.list(let items), "hasAny", .one(let other)), (.set(let items), "hasAny", .one(let other)):
            return .bool(try elements(other).contains { element in items.contains { $0.rulesEquals(element) } })
        case (.list(let items), "hasOnly", .one(let other)), (.set(let items), "hasOnly", .one(let other)):
            let allowed = try elements(other)
            return .bool(items.allSatisfy { item in allowed.contains { $0.rulesEquals(item) } })
        case (.list(let items), "toSet", .none): return .set(unique(items))
        case (.list(let items), "join", .one(.string(let separator))):
            var parts: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw RulesEvaluationError("join needs strings") }
                parts.append(text)
            }
            return .string(parts.joined(separator: separator))
        case (.list(let items), "removeAll", .one(let other)):
            let removed = try elements(other)
            return .list(items.filter { item in !removed.contains { $0.rulesEquals(item) } })
        case (.list(let items), "concat", .one(.list(let other))): return .list(items + other)
        case (.set(let items), "difference", .one(.set(let other))):
            return .set(items.filter { item in !other.contains { $0.rulesEquals(item) } })
        case (.set(let items), "intersection", .one(.set(let other))):
            return .set(items.filter { item in other.contains { $0.rulesEquals(item) } })
        case (.set(let items), "union", .one(.set(let other))): return .set(unique(items + other))

        // Maps
        case (.map(let map), "keys", .none): return .list(sortedKeys(map).map(RulesValue.string))
        case (.map(let map), "values", .none): return .list(sortedKeys(map).compactMap { map[$0] })
        case (.map(let map), "get", .two(let key, let fallback)):
            switch key {
            case .string(let name): return map[name] ?? fallback
            case .list(let path):
                var current: RulesValue = .map(map)
                for segment in path {
                    guard case .string(let name) = segment, case .map(let inner) = current, let next = inner[name]
                    else {
                        return fallback
                    }
                    current = next
                }
                return current
            default: throw RulesEvaluationError("map.get needs a key or a list of keys")
            }
        case (.map(let after), "diff", .one(.map(let before))):
            var added: [String] = []
            var removed: [String] = []
            var changed: [String] = []
            var unchanged: [String] = []
            for key in sortedKeys(after) {
                guard let old = before[key] else {
                    added.append(key)
                    continue
                }
                if let new = after[key], new.rulesEquals(old) { unchanged.append(key) } else { changed.append(key) }
            }
            for key in sortedKeys(before) where after[key] == nil { removed.append(key) }
            return .mapDiff(added: added, removed: removed, changed: changed, unchanged: unchanged)
        case (.mapDiff(let added, _, _, _), "addedKeys", .none): return .set(added.map(RulesValue.string))
        case (.mapDiff(_, let removed, _, _), "removedKeys", .none): return .set(removed.map(RulesValue.string))
        case (.mapDiff(_, _, let changed, _), "changedKeys", .none): return .set(changed.map(RulesValue.string))
        case (.mapDiff(_, _, _, let unchanged), "unchangedKeys", .none): return .set(unchanged.map(RulesValue.string))
        case (.mapDiff(let added, let removed, let changed, _), "affectedKeys", .none):
            return .set((added + removed + changed).map(RulesValue.string))

        // Timestamps and durations
        case (.timestamp(let time), "toMillis", .none):
            return .int(time.seconds * 1_000 + Int64(time.nanoseconds / 1_000_000))
        case (.timestamp(let time), "nanos", .none): return .int(Int64(time.nanoseconds))
        case (.timestamp(let time), let part, .none)
        where ["year", "month", "day", "hours", "minutes", "seconds", "dayOfWeek", "dayOfYear"].contains(part):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let date = Date(timeIntervalSince1970: TimeInterval(time.seconds))
            let value: Int =
                switch part {
                case "year": calendar.component(.year, from: date)
                case "month": calendar.component(.month, from: date)
                case "day": calendar.component(.day, from: date)
                case "hours": calendar.component(.hour, from: date)
                case "minutes": calendar.component(.minute, from: date)
                case "seconds": calendar.component(.second, from: date)
                case "dayOfWeek": (calendar.component(.weekday, from: date) + 5) % 7 + 1
                default: calendar.ordinality(of: .day, in: .year, for: date) ?? 0
                }
            return .int(Int64(value))
        case (.duration(let nanos), "seconds", .none): return .int(nanos / 1_000_000_000)
        case (.duration(let nanos), "nanos", .none): return .int(nanos % 1_000_000_000)

        // Paths and latlngs
        case (.latlng(let latitude, _), "latitude", .none): return .float(latitude)
        case (.latlng(_, let longitude), "longitude", .none): return .float(longitude)

        default:
            throw RulesEvaluationError("\(base.typeName) has no method \(name) with \(arguments.count) arguments")
        }
    }

    static func elements(_ value: RulesValue) throws(RulesEvaluationError) -> [RulesValue] {
        switch value {
        case .list(let items), .set(let items): return items
        default: throw RulesEvaluationError("expected a list or a set, got \(value.typeName)")
        }
    }

    static func unique(_ items: [RulesValue]) -> [RulesValue] {
        var result: [RulesValue] = []
        for item in items where !result.contains(where: { $0.rulesEquals(item) }) { result.append(item) }
        return result
    }

    /// Keys in UTF-8 byte order.
    static func sortedKeys(_ map: [String: RulesValue]) -> [String] {
        map.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// A regular expression (RE2 syntax, which Firestore uses; the common subset NSRegularExpression shares).
    static func regex(_ pattern: String) throws(RulesEvaluationError) -> NSRegularExpression {
        guard pattern.utf8.count <= 2_048, let expression = try? NSRegularExpression(pattern: pattern) else {
            throw RulesEvaluationError("not a regular expression: \(pattern)")
        }
        return expression
    }

    /// Whether `pattern` matches the whole of `text` (as `matches` does).
    static func fullMatch(_ text: String, _ pattern: String) throws(RulesEvaluationError) -> Bool {
        let expression = try regex("^(?:\(pattern))$")
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }

    /// `split`: the separator is a regular expression.
    static func split(_ text: String, _ separator: String) throws(RulesEvaluationError) -> [String] {
        let expression = try regex(separator)
        var parts: [String] = []
        var start = text.startIndex
        for match in expression.matches(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) {
            guard let range = Range(match.range, in: text), !range.isEmpty else { continue }
            parts.append(String(text[start..<range.lowerBound]))
            start = range.upperBound
        }
        parts.append(String(text[start...]))
        return parts
    }

    /// RE2's `\1` references as NSRegularExpression's `$1`, with literal `$` escaped.
    static func template(_ replacement: String) -> String {
        var result = ""
        var iterator = replacement.makeIterator()
        while let character = iterator.next() {
            if character == "$" {
                result += "\\$"
            } else if character == "\\", let next = iterator.next() {
                result += next.isNumber ? "$\(next)" : String(next)
            } else {
                result.append(character)
            }
        }
        return result
    }
}
