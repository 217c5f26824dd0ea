import Foundation

/// A point in time as Firestore stores it: seconds since the Unix epoch plus nanoseconds.
///
/// Valid from `0001-01-01T00:00:00Z` to `9999-12-31T23:59:59.999999999Z`; construction from runtime input
/// outside that range, or with nanoseconds outside `0..<1_000_000_000`, throws `invalidArgument` — except
/// ``init(date:)``, which clamps to the range as Firebase's non-throwing `Timestamp(date:)` must.
/// RFC 3339 text is parsed and printed by hand (``init(rfc3339:)``, ``rfc3339``), never through
/// `ISO8601DateFormatter` (which loses sub-millisecond digits) or `Date` (a `Double`).
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int64
    /// Nanoseconds within the second, `0..<1_000_000_000`.
    public let nanoseconds: Int32

    /// The earliest valid timestamp, 0001-01-01T00:00:00Z.
    public static let min = Timestamp(uncheckedSeconds: -62_135_596_800, nanoseconds: 0)
    /// The latest valid timestamp, 9999-12-31T23:59:59.999999999Z.
    public static let max = Timestamp(uncheckedSeconds: 253_402_300_799, nanoseconds: 999_999_999)

    /// Validates the range; throws `invalidArgument` naming the offending number.
    public init(seconds: Int64, nanoseconds: Int32 = 0) throws(DocumentStoreError) {
        guard (0..<1_000_000_000).contains(nanoseconds) else {
            throw .invalidArgument("Timestamp nanoseconds must be in 0..<1000000000; got \(nanoseconds).")
        }
        guard seconds >= Timestamp.min.seconds, seconds <= Timestamp.max.seconds else {
            throw .invalidArgument(
                "Timestamp seconds \(seconds) are outside 0001-01-01T00:00:00Z...9999-12-31T23:59:59.999999999Z."
            )
        }
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(uncheckedSeconds seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The timestamp of `date`, never failing: Firebase's `Timestamp(date:)`.
    ///
    /// Every `Date` inside Firestore's range (0001-01-01...9999-12-31, UTC) gives its timestamp as Firebase
    /// makes it: the seconds rounded down, the nanoseconds of the fraction cut toward zero. A
    /// `Date` outside it is clamped to the nearest end: earlier dates (including `Date.distantPast`, two
    /// days before 0001-01-01 in the proleptic Gregorian calendar, and -infinity) give ``min``, later ones
    /// (and +infinity) give ``max``, and a NaN interval (no instant at all) gives ``min``. Firebase's SDK
    /// raises an exception there instead; use ``init(validating:)`` to get an error.
    public init(date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, interval >= Double(Timestamp.min.seconds) else {
            self = interval > 0 ? .max : .min
            return
        }
        guard interval < Double(Timestamp.max.seconds) + 1 else {
            self = .max
            return
        }
        self = Timestamp.firebaseRounding(interval)
    }

    /// The timestamp of `date`, as ``init(date:)`` makes it. Throws `invalidArgument` when `date` is not
    /// finite or falls outside Firestore's range (where ``init(date:)`` clamps).
    public init(validating date: Date) throws(DocumentStoreError) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, interval >= Double(Timestamp.min.seconds), interval < Double(Timestamp.max.seconds) + 1
        else {
            throw .invalidArgument("Date at \(interval) seconds since 1970 is outside Firestore's timestamp range.")
        }
        self = Timestamp.firebaseRounding(interval)
    }

    /// The timestamp of a finite interval inside the range, as Firebase's `Timestamp(date:)` makes it:
    /// seconds rounded down, the fraction's nanoseconds cut toward zero (one rule for every `Date` that
    /// becomes a timestamp: this initializer, Codable, and Swift values in).
    private static func firebaseRounding(_ interval: Double) -> Timestamp {
        var whole = interval.rounded(.down)
        var nanos = ((interval - whole) * 1e9).rounded(.towardZero)
        if nanos >= 1e9 {
            whole += 1
            nanos -= 1e9
        }
        let seconds = Int64(whole)
        if seconds > Timestamp.max.seconds { return .max }
        return Timestamp(uncheckedSeconds: seconds, nanoseconds: Int32(nanos))
    }

    /// The nearest `Date` (a `Double`: precision below a microsecond is lost).
    public var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// The nearest `Date`: Firebase's spelling of ``date`` (the same value; precision below a
    /// microsecond is lost).
    public func dateValue() -> Date { date }

    /// This timestamp with its nanoseconds rounded down to whole microseconds (Firestore's stored precision).
    public var truncatedToMicroseconds: Timestamp {
        Timestamp(uncheckedSeconds: seconds, nanoseconds: nanoseconds - nanoseconds % 1_000)
    }

    /// This timestamp with its nanoseconds rounded down to whole milliseconds (server-time precision).
    public var truncatedToMilliseconds: Timestamp {
        Timestamp(uncheckedSeconds: seconds, nanoseconds: nanoseconds - nanoseconds % 1_000_000)
    }

    /// Earlier first: by seconds, then nanoseconds.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// The RFC 3339 form (``rfc3339``), such as `2024-05-01T12:34:56.123456Z`.
    public var description: String { rfc3339 }
}

// MARK: - RFC 3339

extension Timestamp {
    /// Parses RFC 3339 text such as `2024-05-01T12:34:56.123456789Z` or `2024-05-01T14:34:56+02:00`:
    /// 0 to 9 fraction digits, `Z` or a `±HH:MM` offset (either case of `T` and `Z`). Throws
    /// `invalidArgument` naming the text for anything else, including a date outside 0001...9999.
    public init(rfc3339 text: String) throws(DocumentStoreError) {
        var copy = text
        let parsed = copy.withUTF8 { Timestamp.parseRFC3339Unchecked($0) }
        guard let parsed else {
            throw .invalidArgument("Invalid RFC 3339 timestamp \(PathSegment.quoted(text)).")
        }
        guard parsed.seconds >= Timestamp.min.seconds, parsed.seconds <= Timestamp.max.seconds else {
            throw .invalidArgument("Timestamp \(PathSegment.quoted(text)) is outside 0001-01-01...9999-12-31.")
        }
        self = parsed
    }

    /// Parses RFC 3339 from UTF-8 bytes; `nil` when malformed or outside 0001-01-01...9999-12-31.
    public static func parseRFC3339(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        guard let parsed = parseRFC3339Unchecked(bytes), parsed >= .min, parsed <= .max else { return nil }
        return parsed
    }

    static func parseRFC3339Unchecked(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        let count = bytes.count
        guard count >= 20 else { return nil }
        @inline(__always) func digit(_ index: Int) -> Int64? {
            let value = Int64(bytes[index]) - 48
            return (0...9).contains(value) ? value : nil
        }
        @inline(__always) func number(_ start: Int, _ length: Int) -> Int64? {
            var result: Int64 = 0
            for index in start..<(start + length) {
                guard let value = digit(index) else { return nil }
                result = result * 10 + value
            }
            return result
        }
        guard let year = number(0, 4), bytes[4] == UInt8(ascii: "-"),
            let month = number(5, 2), bytes[7] == UInt8(ascii: "-"),
            let day = number(8, 2), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            let hour = number(11, 2), bytes[13] == UInt8(ascii: ":"),
            let minute = number(14, 2), bytes[16] == UInt8(ascii: ":"),
            let second = number(17, 2)
        else { return nil }
        guard year >= 1, (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var index = 19
        var nanos: Int64 = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < count, let value = digit(index) {
                guard digits < 9 else { return nil }
                nanos = nanos * 10 + value
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanos *= 10 }
        }
        guard index < count else { return nil }
        var offsetSeconds: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign: Int64 = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            guard count - index >= 6, let offsetHours = number(index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
                let offsetMinutes = number(index + 4, 2), offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3_600 + offsetMinutes * 60)
            index += 6
        default:
            return nil
        }
        guard index == count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        return Timestamp(uncheckedSeconds: seconds, nanoseconds: Int32(nanos))
    }

    /// RFC 3339 in UTC with `Z`, with 0, 3, 6 or 9 fraction digits (the fewest that are exact), as
    /// protobuf's JSON mapping prints timestamps: `2024-05-01T12:34:56.123456Z`.
    public var rfc3339: String {
        withRFC3339Bytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of ``rfc3339``, held in a temporary buffer (no allocation), for
    /// writers that build text without strings.
    public func withRFC3339Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return try withUnsafeMutableBytes(of: &storage) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            let count = writeRFC3339(into: buffer)
            return try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// Writes ``rfc3339`` into `buffer` (at least 30 bytes); returns the number of bytes written.
    private func writeRFC3339(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let days = Timestamp.floorDivide(seconds, 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = Timestamp.civilFromDays(days)
        var index = 0
        func put(_ value: Int, digits: Int) {
            var remaining = value
            var position = index + digits - 1
            while position >= index {
                buffer[position] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
                remaining /= 10
                position -= 1
            }
            index += digits
        }
        func put(_ byte: Unicode.Scalar) {
            buffer[index] = UInt8(ascii: byte)
            index += 1
        }
        put(Int(year), digits: 4)
        put("-")
        put(Int(month), digits: 2)
        put("-")
        put(Int(day), digits: 2)
        put("T")
        put(secondOfDay / 3_600, digits: 2)
        put(":")
        put(secondOfDay / 60 % 60, digits: 2)
        put(":")
        put(secondOfDay % 60, digits: 2)
        let nanos = Int(nanoseconds)
        if nanos != 0 {
            put(".")
            if nanos % 1_000_000 == 0 {
                put(nanos / 1_000_000, digits: 3)
            } else if nanos % 1_000 == 0 {
                put(nanos / 1_000, digits: 6)
            } else {
                put(nanos, digits: 9)
            }
        }
        put("Z")
        return index
    }

    static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = (month + 9) % 12
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
