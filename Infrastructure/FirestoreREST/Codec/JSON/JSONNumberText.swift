/// Exact readings of JSON number text (`-12`, `1.0`, `6.02e23`), without going through `Double` where
/// an integer is wanted.
package enum JSONNumberText {
    /// Whether `text` is a JSON number lexeme per RFC 8259 (no sign `+`, no leading zeros, no spaces).
    package static func isValid(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { isValid($0) }
    }

    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, isDigit(bytes[index]) else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < count, isDigit(bytes[index]) { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, isDigit(bytes[index]) else { return false }
            while index < count, isDigit(bytes[index]) { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count, isDigit(bytes[index]) else { return false }
            while index < count, isDigit(bytes[index]) { index += 1 }
        }
        return index == count
    }

    package enum IntegerReading: Equatable {
        case value(Int64)
        case notIntegral
        case outOfRange
    }

    /// The exact integer a JSON number lexeme denotes (`12`, `-0`, `1.0`, `1e3`, `1200e-2`), or why there
    /// is none (text that is not a JSON number lexeme is `notIntegral`).
    package static func int64(_ text: String) -> IntegerReading {
        if text.utf8.first != UInt8(ascii: "+"), let plain = Int64(text) { return .value(plain) }
        var copy = text
        return copy.withUTF8 { bytes in
            isValid(bytes) ? int64(slowPath: bytes) : .notIntegral
        }
    }

    /// ``int64(_:)`` of a valid JSON number lexeme given as bytes (the caller has checked ``isValid(_:)``
    /// or has the lexeme from the scanner).
    package static func int64(lexeme bytes: UnsafeBufferPointer<UInt8>) -> IntegerReading {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var magnitude: UInt64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit <= 9, magnitude <= 922_337_203_685_477_579 else { return int64(slowPath: bytes) }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            index += 1
        }
        if negative { return .value(Int64(bitPattern: 0 &- magnitude)) }
        guard magnitude <= UInt64(Int64.max) else { return int64(slowPath: bytes) }
        return .value(Int64(magnitude))
    }

    private static func int64(slowPath bytes: UnsafeBufferPointer<UInt8>) -> IntegerReading {
        var work = 0
        return int64(slowPath: bytes, work: &work)
    }

    /// The slow path of ``int64(_:)``: linear in the lexeme's length (a megabyte of `0.000…01` is read
    /// once, not once per leading zero). `work` counts the bytes and digits visited, so that a test can
    /// hold the reading to linear work without timing it.
    package static func int64(slowPath bytes: UnsafeBufferPointer<UInt8>, work: inout Int) -> IntegerReading {
        let count = bytes.count
        var index = 0
        let negative = index < count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // The mantissa's digits are the integer digits then the fraction digits, around at most one dot.
        let mantissaStart = index
        var dot: Int?
        while index < count, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E") {
            work += 1
            if bytes[index] == UInt8(ascii: ".") { dot = index }
            index += 1
        }
        let mantissaEnd = index
        let fractionDigits = dot.map { mantissaEnd - $0 - 1 } ?? 0
        // The exponent saturates far beyond any lexeme's length, so that clamping never changes the answer.
        var exponent = 0
        if index < count {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < count {
                work += 1
                exponent = min(exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")), 1 << 50)
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        func isDigit(_ position: Int) -> Bool { position != dot }
        // The significant digits: from the first to the last non-zero digit of the mantissa.
        var first = mantissaStart
        while first < mantissaEnd, !isDigit(first) || bytes[first] == UInt8(ascii: "0") {
            work += 1
            first += 1
        }
        if first == mantissaEnd { return .value(0) }
        var last = mantissaEnd - 1
        var trailingZeros = 0
        while !isDigit(last) || bytes[last] == UInt8(ascii: "0") {
            work += 1
            if isDigit(last) { trailingZeros += 1 }
            last -= 1
        }
        var significantCount = last - first + 1
        if let dot, first < dot, dot < last { significantCount -= 1 }
        // value = significant × 10^shift, where the significant digits end in a non-zero digit.
        let shift = exponent - fractionDigits + trailingZeros
        if shift < 0 { return .notIntegral }
        if significantCount + shift > 19 { return .outOfRange }
        var magnitude: UInt64 = 0
        for position in first...last where isDigit(position) {
            work += 1
            magnitude = magnitude * 10 + UInt64(bytes[position] &- UInt8(ascii: "0"))  // at most 19 digits
        }
        for _ in 0..<shift {
            work += 1
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return .outOfRange }
            magnitude = times10
        }
        if negative {
            if magnitude > UInt64(Int64.max) + 1 { return .outOfRange }
            return .value(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        if magnitude > UInt64(Int64.max) { return .outOfRange }
        return .value(Int64(magnitude))
    }

    /// The nearest double to a valid JSON number lexeme; `nil` when it overflows to infinity.
    package static func double(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// ``double(_:)`` of a JSON number lexeme given as bytes.
    package static func double(lexeme bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        double(String(decoding: bytes, as: UTF8.self))
    }

    /// The JSON text of a finite double: the shortest text that reads back as the same double
    /// (`1.0`, `-0.0`, `2.5`, `1e-07`, `1.7976931348623157e+308`).
    package static func text(_ value: Double) -> String {
        value.description
    }
}
