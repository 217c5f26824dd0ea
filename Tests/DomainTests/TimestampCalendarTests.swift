import HearthTestSupport
import Foundation
import HearthDomain
import Testing

/// Cross-checks Timestamp's hand-written civil-date conversion with Foundation's `Calendar`.
///
/// Foundation's Gregorian calendar switches to the Julian calendar before 1582-10-15, while Firestore (and
/// RFC 3339) use the proleptic Gregorian calendar. After the reform the two must agree date for date; before
/// it, both dates must name the same day, which Julian Day Numbers make comparable.
@Suite("Timestamp against Foundation's calendar")
struct TimestampCalendarTests {
    /// 1582-10-15T00:00:00Z, the first day of the Gregorian calendar.
    static let gregorianReform: Int64 = -12_219_292_800

    @Test func printing_matchesFoundationAfterTheGregorianReform() throws {
        let calendar = utcGregorianCalendar()
        var generator = SplitMix64(seed: 1_582)
        for _ in 0..<10_000 {
            let seconds = Int64.random(in: Self.gregorianReform...Timestamp.max.seconds, using: &generator)
            let parts = components(of: seconds, in: calendar)

            let expected = rfc3339(parts)

            #expect(parts.era == 1)
            #expect(try Timestamp(seconds: seconds).rfc3339 == expected, "seconds \(seconds)")
            #expect(try Timestamp(rfc3339: expected).seconds == seconds, "\(expected)")
        }
    }

    @Test func parsing_matchesFoundationForRandomCivilDates() throws {
        let calendar = utcGregorianCalendar()
        var generator = SplitMix64(seed: 1_583)
        for _ in 0..<5_000 {
            let year = Int.random(in: 1_583...9_999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let firstOfMonth = try #require(calendar.date(from: DateComponents(year: year, month: month, day: 1)))
            let daysInMonth = try #require(calendar.range(of: .day, in: .month, for: firstOfMonth)).count
            let parts = Parts(
                era: 1, year: year, month: month, day: Int.random(in: 1...daysInMonth, using: &generator),
                hour: Int.random(in: 0...23, using: &generator), minute: Int.random(in: 0...59, using: &generator),
                second: Int.random(in: 0...59, using: &generator)
            )
            let date = try #require(
                calendar.date(
                    from: DateComponents(
                        year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute,
                        second: parts.second
                    )
                )
            )

            let timestamp = try Timestamp(rfc3339: rfc3339(parts))

            #expect(timestamp.seconds == Int64(date.timeIntervalSince1970), "\(rfc3339(parts))")
        }
    }

    @Test func leapYears_matchFoundation() throws {
        let calendar = utcGregorianCalendar()
        for year in stride(from: 1_600, through: 2_800, by: 1) {
            let february = try #require(calendar.date(from: DateComponents(year: year, month: 2, day: 1)))
            let foundationLeap = try #require(calendar.range(of: .day, in: .month, for: february)).count == 29
            let text = String(format: "%04d-02-29T00:00:00Z", year)

            let hearthLeap = accepts(text)

            #expect(hearthLeap == foundationLeap, "\(year)")
        }
    }

    @Test func printing_namesTheSameDayAsFoundationsJulianCalendarBeforeTheReform() throws {
        let calendar = utcGregorianCalendar()
        var generator = SplitMix64(seed: 1_581)
        for _ in 0..<10_000 {
            let seconds = Int64.random(in: Timestamp.min.seconds..<Self.gregorianReform, using: &generator)
            let julian = components(of: seconds, in: calendar)
            let text = try Timestamp(seconds: seconds).rfc3339
            let gregorian = try #require(parse(text))
            let dayNumber = Int(floorDivide(seconds, 86_400)) + 2_440_588

            #expect(julian.era == 1)
            #expect(julianDayNumber(julian, gregorian: false) == dayNumber, "oracle check at \(seconds)")
            #expect(julianDayNumber(gregorian, gregorian: true) == dayNumber, "\(text) at \(seconds)")
            let timeOfDay: [Int] = [gregorian.hour, gregorian.minute, gregorian.second]
            let julianTimeOfDay: [Int] = [julian.hour, julian.minute, julian.second]
            #expect(timeOfDay == julianTimeOfDay, "\(text)")
            #expect(try Timestamp(rfc3339: text).seconds == seconds)
        }
    }

    // MARK: Helpers

    private struct Parts {
        var era, year, month, day, hour, minute, second: Int
    }

    private func utcGregorianCalendar() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    private func components(of seconds: Int64, in calendar: Calendar) -> Parts {
        let parts = calendar.dateComponents(
            [.era, .year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds))
        )
        return Parts(
            era: parts.era ?? -1, year: parts.year ?? -1, month: parts.month ?? -1, day: parts.day ?? -1,
            hour: parts.hour ?? -1,
            minute: parts.minute ?? -1, second: parts.second ?? -1
        )
    }

    private func rfc3339(_ parts: Parts) -> String {
        String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year, parts.month, parts.day, parts.hour, parts.minute,
            parts.second)
    }

    /// Reads the `YYYY-MM-DDTHH:MM:SS` prefix of printed RFC 3339 text.
    private func parse(_ text: String) -> Parts? {
        let fields = text.prefix(19).split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard fields.count == 6 else { return nil }
        return Parts(
            era: 1, year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
            second: fields[5])
    }

    /// The Julian Day Number of a date in the Gregorian or the Julian calendar (the classic integer formulas).
    private func julianDayNumber(_ parts: Parts, gregorian: Bool) -> Int {
        let a = (14 - parts.month) / 12
        let y = parts.year + 4_800 - a
        let m = parts.month + 12 * a - 3
        let common = parts.day + (153 * m + 2) / 5 + 365 * y + y / 4
        return gregorian ? common - y / 100 + y / 400 - 32_045 : common - 32_083
    }

    private func accepts(_ text: String) -> Bool {
        do {
            _ = try Timestamp(rfc3339: text)
            return true
        } catch {
            #expect(error.code == .invalidArgument)
            return false
        }
    }

    private func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor != 0 && value < 0 ? quotient - 1 : quotient
    }
}
