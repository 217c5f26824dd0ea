import HearthTestSupport
import Foundation
import HearthDomain
import Testing

@Suite("Timestamps")
struct TimestampTests {
    // MARK: Construction and range

    @Test func range_isYearOneToYearNineThousandNineHundredNinetyNine() throws {
        #expect(Timestamp.min.seconds == -62_135_596_800)
        #expect(Timestamp.min.nanoseconds == 0)
        #expect(Timestamp.max.seconds == 253_402_300_799)
        #expect(Timestamp.max.nanoseconds == 999_999_999)
        #expect(try Timestamp(seconds: -62_135_596_800) == .min)
        #expect(try Timestamp(seconds: 253_402_300_799, nanoseconds: 999_999_999) == .max)
    }

    @Test(arguments: [(Int64(-62_135_596_801), Int32(0)), (253_402_300_800, 0), (.min, 0), (.max, 0)])
    func init_rejectsSecondsOutOfRange(_ seconds: Int64, _ nanoseconds: Int32) {
        expectInvalidArgument(containing: ["\(seconds)"]) { () throws(DocumentStoreError) in
            try Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        }
    }

    @Test(arguments: [Int32(-1), 1_000_000_000, .min, .max])
    func init_rejectsNanosecondsOutOfRange(_ nanoseconds: Int32) {
        expectInvalidArgument(containing: ["nanoseconds", "\(nanoseconds)"]) { () throws(DocumentStoreError) in
            try Timestamp(seconds: 0, nanoseconds: nanoseconds)
        }
    }

    // MARK: RFC 3339 parsing and printing

    @Test(arguments: [
        // (text, nanoseconds, printed)
        ("1970-01-01T00:00:00Z", Int32(0), "1970-01-01T00:00:00Z"),
        ("1970-01-01T00:00:00.0Z", 0, "1970-01-01T00:00:00Z"),
        ("1970-01-01T00:00:00.000000000Z", 0, "1970-01-01T00:00:00Z"),
        ("1970-01-01T00:00:00.1Z", 100_000_000, "1970-01-01T00:00:00.100Z"),
        ("1970-01-01T00:00:00.12Z", 120_000_000, "1970-01-01T00:00:00.120Z"),
        ("1970-01-01T00:00:00.123Z", 123_000_000, "1970-01-01T00:00:00.123Z"),
        ("1970-01-01T00:00:00.1234Z", 123_400_000, "1970-01-01T00:00:00.123400Z"),
        ("1970-01-01T00:00:00.12345Z", 123_450_000, "1970-01-01T00:00:00.123450Z"),
        ("1970-01-01T00:00:00.123456Z", 123_456_000, "1970-01-01T00:00:00.123456Z"),
        ("1970-01-01T00:00:00.1234567Z", 123_456_700, "1970-01-01T00:00:00.123456700Z"),
        ("1970-01-01T00:00:00.12345678Z", 123_456_780, "1970-01-01T00:00:00.123456780Z"),
        ("1970-01-01T00:00:00.123456789Z", 123_456_789, "1970-01-01T00:00:00.123456789Z"),
        ("1970-01-01T00:00:00.001Z", 1_000_000, "1970-01-01T00:00:00.001Z"),
        ("1970-01-01T00:00:00.000001Z", 1_000, "1970-01-01T00:00:00.000001Z"),
        ("1970-01-01T00:00:00.000000001Z", 1, "1970-01-01T00:00:00.000000001Z"),
        ("1970-01-01T00:00:00.999999999Z", 999_999_999, "1970-01-01T00:00:00.999999999Z"),
        ("1970-01-01T00:00:00.010Z", 10_000_000, "1970-01-01T00:00:00.010Z"),
        ("1970-01-01T00:00:00.000100Z", 100_000, "1970-01-01T00:00:00.000100Z"),
    ])
    func fractions_parseAndPrintWithZeroThreeSixOrNineDigits(
        _ text: String, _ nanoseconds: Int32, _ printed: String
    ) throws {
        let timestamp = try Timestamp(rfc3339: text)

        #expect(timestamp.seconds == 0)
        #expect(timestamp.nanoseconds == nanoseconds)
        #expect(timestamp.rfc3339 == printed)
        #expect(timestamp.description == printed)
        #expect(try Timestamp(rfc3339: printed) == timestamp)
    }

    @Test(arguments: [
        // (text, seconds since the epoch computed independently with Python's proleptic datetime)
        ("2024-05-01T12:34:56Z", Int64(1_714_566_896)),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("2024-02-29T23:30:00Z", 1_709_249_400),
        ("1969-12-31T23:59:59Z", -1),
        ("1582-10-14T00:00:00Z", -12_219_379_200),
        ("1000-03-01T00:00:00Z", -30_605_126_400),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
    ])
    func knownInstants_parseAndPrint(_ text: String, _ seconds: Int64) throws {
        let timestamp = try Timestamp(rfc3339: text)

        #expect(timestamp.seconds == seconds)
        #expect(timestamp.nanoseconds == 0)
        #expect(try Timestamp(seconds: seconds).rfc3339 == text)
    }

    @Test(arguments: [
        ("2024-05-01T18:04:56+05:30", "2024-05-01T12:34:56Z"),
        ("2024-05-01T07:04:56-05:30", "2024-05-01T12:34:56Z"),
        ("2024-05-01T12:34:56-00:00", "2024-05-01T12:34:56Z"),
        ("2024-05-01T12:34:56+00:00", "2024-05-01T12:34:56Z"),
        ("2024-05-01T00:00:00-01:00", "2024-05-01T01:00:00Z"),
        ("2024-03-01T00:30:00+01:00", "2024-02-29T23:30:00Z"),
        ("2023-03-01T00:30:00+01:00", "2023-02-28T23:30:00Z"),
        ("2024-12-31T23:00:00-01:00", "2025-01-01T00:00:00Z"),
        ("2024-01-01T00:00:00+23:59", "2023-12-31T00:01:00Z"),
        ("2024-01-01T00:00:00.5-23:59", "2024-01-01T23:59:00.500Z"),
        ("2024-05-01t12:34:56z", "2024-05-01T12:34:56Z"),
        ("2024-05-01t12:34:56.123456789+02:00", "2024-05-01T10:34:56.123456789Z"),
        ("0001-01-01T01:00:00+01:00", "0001-01-01T00:00:00Z"),
        ("9999-12-31T22:59:59.999999999-01:00", "9999-12-31T23:59:59.999999999Z"),
    ])
    func offsetsAndLowercase_normalizeToUTC(_ text: String, _ utc: String) throws {
        let timestamp = try Timestamp(rfc3339: text)

        #expect(timestamp.rfc3339 == utc)
        #expect(try Timestamp(rfc3339: utc) == timestamp)
    }

    @Test func minAndMax_roundTrip() throws {
        #expect(Timestamp.min.rfc3339 == "0001-01-01T00:00:00Z")
        #expect(Timestamp.max.rfc3339 == "9999-12-31T23:59:59.999999999Z")
        #expect(try Timestamp(rfc3339: "0001-01-01T00:00:00Z") == .min)
        #expect(try Timestamp(rfc3339: "9999-12-31T23:59:59.999999999Z") == .max)
    }

    @Test(arguments: [
        "0000-12-31T23:59:59Z",  // year 0
        "0001-01-01T00:00:00+00:01",  // year 0 once the offset is applied
        "0001-01-01T00:59:59.999999999+01:00",
        "9999-12-31T23:59:59-00:01",  // year 10000 once the offset is applied
        "9999-12-31T23:30:00-01:00",
    ])
    func rfc3339_rejectsInstantsOutsideTheRange(_ text: String) {
        expectInvalidArgument(containing: [text]) { () throws(DocumentStoreError) in try Timestamp(rfc3339: text) }
    }

    @Test(arguments: [
        "",
        "garbage",
        "2024-05-01",
        "2024-05-01T12:34:56",  // missing zone
        "2024-05-01T12:34:56.123",  // missing zone after a fraction
        "2024-05-01T12:34Z",  // missing seconds
        "10000-01-01T00:00:00Z",  // five-digit year
        "-001-01-01T00:00:00Z",
        "+2024-05-01T12:34:56Z",
        "2024-5-01T12:34:56Z",
        "2024-05-1T12:34:56Z",
        "2024-05-01 12:34:56Z",
        "2024-05-01X12:34:56Z",
        "2024/05/01T12:34:56Z",
        "2024-05-01T12-34-56Z",
        "2023-02-29T00:00:00Z",  // not a leap year
        "1900-02-29T00:00:00Z",  // a century that is not a leap year
        "2024-02-30T00:00:00Z",
        "2024-04-31T00:00:00Z",
        "2024-00-10T00:00:00Z",
        "2024-13-01T00:00:00Z",
        "2024-01-00T00:00:00Z",
        "2024-01-32T00:00:00Z",
        "2024-01-01T24:00:00Z",
        "2024-01-01T23:60:00Z",
        "2016-12-31T23:59:60Z",  // leap second
        "2024-01-01T00:00:00.Z",  // no fraction digits
        "2024-01-01T00:00:00.1234567890Z",  // ten fraction digits
        "2024-01-01T00:00:00.000000000000Z",
        "2024-01-01T00:00:00,5Z",
        "2024-01-01T00:00:00+05",
        "2024-01-01T00:00:00+0530",
        "2024-01-01T00:00:00+05:3",
        "2024-01-01T00:00:00+24:00",
        "2024-01-01T00:00:00+05:60",
        "2024-01-01T00:00:00+05:30:00",
        "2024-01-01T00:00:00ZZ",
        "2024-01-01T00:00:00Z ",
        " 2024-01-01T00:00:00Z",
        "2024-01-01T00:00:00UTC",
        "2024-01-01T00:00:00+",
        "2024-01-01T00:00:00.",
        "２０２４-01-01T00:00:00Z",  // full-width digits
        "2024-01-01T0a:00:00Z",
    ])
    func rfc3339_rejectsMalformedText(_ text: String) {
        expectInvalidArgument(containing: ["RFC 3339"]) { () throws(DocumentStoreError) in try Timestamp(rfc3339: text)
        }
    }

    @Test func parseRFC3339Bytes_agreesWithTheInitializer() throws {
        for text in ["2024-05-01T12:34:56.5+01:00", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z"] {
            #expect(parseBytes(text) == (try Timestamp(rfc3339: text)), "\(text)")
        }
    }

    @Test(arguments: ["0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01", "0000-06-01T00:00:00Z", "garbage", ""])
    func parseRFC3339Bytes_returnsNilOutsideTheRangeOrWhenMalformed(_ text: String) {
        #expect(parseBytes(text) == nil)
    }

    @Test func rfc3339_randomTextEitherParsesOrThrows() {
        var generator = SplitMix64(seed: 3_339)
        let alphabet = Array("0123456789-:.TtZz+ ")
        let template = Array("2024-05-01T12:34:56.123456789+05:30")
        for round in 0..<20_000 {
            var characters: [Character]
            if round % 2 == 0 {
                characters = (0..<Int.random(in: 0...36, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? "0"
                }
            } else {
                characters = template
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = Int.random(in: 0..<characters.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: characters[index] = alphabet.randomElement(using: &generator) ?? "0"
                    case 1: characters.remove(at: index)
                    default: characters.insert(alphabet.randomElement(using: &generator) ?? "0", at: index)
                    }
                    if characters.isEmpty { break }
                }
            }
            let text = String(characters)
            do {
                let timestamp = try Timestamp(rfc3339: text)
                #expect(timestamp >= .min && timestamp <= .max)
                #expect(try Timestamp(rfc3339: timestamp.rfc3339) == timestamp, "\(text)")
            } catch {
                #expect(error.code == .invalidArgument)
            }
        }
    }

    @Test func nineDigitFractions_roundTripAtRandomInstants() throws {
        var generator = SplitMix64(seed: 9)
        for _ in 0..<5_000 {
            let timestamp = try Timestamp(
                seconds: Int64.random(in: Timestamp.min.seconds...Timestamp.max.seconds, using: &generator),
                nanoseconds: Int32.random(in: 0..<1_000_000_000, using: &generator)
            )
            let text = timestamp.rfc3339

            #expect(try Timestamp(rfc3339: text) == timestamp)
            #expect(text.utf8.count == 20 || [24, 27, 30].contains(text.utf8.count), "\(text)")
        }
    }

    // MARK: Date conversion

    /// `Date` keeps a `Double` of seconds since 2001, so only multiples of 2⁻²³ s (about 119 ns) survive near
    /// 1970; these cases use such values so that the expected nanoseconds are exact.
    @Test(arguments: TimestampTests.dateCases)
    func initFromDate_roundsToTheNearestNanosecond(_ interval: Double, _ seconds: Int64, _ nanoseconds: Int32) throws {
        let timestamp = Timestamp(date: Date(timeIntervalSince1970: interval))

        #expect(timestamp.seconds == seconds)
        #expect(timestamp.nanoseconds == nanoseconds)
    }

    /// (seconds since 1970 as a Double, seconds, nanoseconds)
    static let dateCases: [(Double, Int64, Int32)] = [
        (1.5, 1, 500_000_000),
        (-1.5, -2, 500_000_000),
        (0.25, 0, 250_000_000),
        (0x1p-23, 0, 119),  // 119.209 ns
        (3 * 0x1p-23, 0, 357),  // 357.628 ns: the nanoseconds are cut toward zero, as Firebase's Timestamp(date:)
        (-3 * 0x1p-23, -1, 999_999_642),  // 999,999,642.372 ns after the previous second
        (-62_135_596_800, -62_135_596_800, 0),
        (253_402_300_799.5, 253_402_300_799, 500_000_000),
    ]

    @Test(arguments: [Double.nan, .infinity, -.infinity, -62_135_596_801, -62_135_596_800.5, 253_402_300_800, 1e300])
    func initValidatingDate_rejectsUnrepresentableDates(_ interval: Double) {
        expectInvalidArgument(containing: ["range"]) { () throws(DocumentStoreError) in
            try Timestamp(validating: Date(timeIntervalSince1970: interval))
        }
    }

    @Test(arguments: TimestampTests.dateCases)
    func initValidatingDate_agreesWithInitDate_insideTheRange(
        _ interval: Double, _ seconds: Int64, _ nanoseconds: Int32
    ) throws {
        let date = Date(timeIntervalSince1970: interval)

        #expect(try Timestamp(validating: date) == Timestamp(date: date))
    }

    /// Firebase's `Timestamp(date:)` does not throw (it raises an exception outside the range); Hearth's
    /// clamps instead, so that no `Date` traps or throws.
    @Test(arguments: [
        (-.infinity, Timestamp.min), (-1e300, .min), (-62_135_596_801, .min), (-62_135_596_800.5, .min),
        (Double.nan, .min),
        (253_402_300_800, .max), (1e300, .max), (.infinity, .max),
    ])
    func initFromDate_clampsDatesOutsideTheRange_toItsEnds(_ interval: Double, _ expected: Timestamp) {
        #expect(Timestamp(date: Date(timeIntervalSince1970: interval)) == expected)
    }

    @Test func initFromDate_distantPastAndFuture_areRepresentedOrClamped() {
        // Date.distantPast is 0001-01-01 in the Julian calendar: two days before Firestore's first instant.
        #expect(Timestamp(date: .distantPast) == .min)
        #expect(Timestamp(date: .distantFuture).rfc3339 == "4001-01-01T00:00:00Z")
    }

    @Test func initFromDate_nearTheTopOfTheRange_staysInRange() throws {
        let timestamp = Timestamp(date: Date(timeIntervalSince1970: 253_402_300_800.0.nextDown))

        #expect(timestamp.seconds == Timestamp.max.seconds)
        #expect(timestamp <= .max)
    }

    @Test func date_isSecondsPlusFraction() throws {
        #expect(try Timestamp(seconds: 1, nanoseconds: 500_000_000).date == Date(timeIntervalSince1970: 1.5))
        #expect(try Timestamp(seconds: -2, nanoseconds: 500_000_000).date == Date(timeIntervalSince1970: -1.5))
        let now = try Timestamp(seconds: 1_714_566_896, nanoseconds: 123_456_000)
        #expect(abs(now.date.timeIntervalSince1970 - 1_714_566_896.123456) < 1e-6)
        #expect(Timestamp(date: now.date).truncatedToMilliseconds == now.truncatedToMilliseconds)
    }

    // MARK: Truncation and order

    @Test func truncation_roundsDownToMicrosecondsAndMilliseconds() throws {
        let timestamp = try Timestamp(seconds: 5, nanoseconds: 123_456_789)
        let negative = try Timestamp(seconds: -1, nanoseconds: 999_999_999)

        #expect(timestamp.truncatedToMicroseconds == (try Timestamp(seconds: 5, nanoseconds: 123_456_000)))
        #expect(timestamp.truncatedToMilliseconds == (try Timestamp(seconds: 5, nanoseconds: 123_000_000)))
        #expect(negative.truncatedToMicroseconds == (try Timestamp(seconds: -1, nanoseconds: 999_999_000)))
        #expect(negative.truncatedToMilliseconds == (try Timestamp(seconds: -1, nanoseconds: 999_000_000)))
        #expect(timestamp.truncatedToMicroseconds.truncatedToMicroseconds == timestamp.truncatedToMicroseconds)
        #expect(Timestamp.max.truncatedToMicroseconds.rfc3339 == "9999-12-31T23:59:59.999999Z")
        #expect(Timestamp.max.truncatedToMilliseconds.rfc3339 == "9999-12-31T23:59:59.999Z")
    }

    @Test func order_isBySecondsThenNanoseconds() throws {
        let ascending = try [
            Timestamp.min,
            Timestamp(seconds: -1, nanoseconds: 0),
            Timestamp(seconds: -1, nanoseconds: 999_999_999),
            Timestamp(seconds: 0, nanoseconds: 0),
            Timestamp(seconds: 0, nanoseconds: 1),
            Timestamp(seconds: 0, nanoseconds: 999_999_999),
            Timestamp(seconds: 1, nanoseconds: 0),
            Timestamp.max,
        ]
        for (i, left) in ascending.enumerated() {
            for (j, right) in ascending.enumerated() {
                #expect((left < right) == (i < j))
                #expect((left == right) == (i == j))
            }
        }
        #expect(Array(ascending.reversed()).sorted() == ascending)
    }

    @Test func order_agreesWithTheTextOfPrintedTimestamps() throws {
        // Printed with a fixed nine-digit fraction, later instants have later text.
        var generator = SplitMix64(seed: 12)
        let timestamps = try (0..<300).map { _ in
            try Timestamp(
                seconds: Int64.random(in: Timestamp.min.seconds...Timestamp.max.seconds, using: &generator),
                nanoseconds: Int32.random(in: 0..<1_000_000_000, using: &generator)
            )
        }
        func nineDigits(_ timestamp: Timestamp) -> String {
            let text = timestamp.rfc3339
            let base = String(text.prefix(19))
            let fraction = String(text.dropFirst(19).dropLast()).replacingOccurrences(of: ".", with: "")
            return base + "." + fraction.padding(toLength: 9, withPad: "0", startingAt: 0)
        }
        for left in timestamps.prefix(50) {
            for right in timestamps {
                #expect((left < right) == utf8Precedes(nineDigits(left), nineDigits(right)))
            }
        }
    }

    // MARK: Helpers

    private func parseBytes(_ text: String) -> Timestamp? {
        var copy = text
        return copy.withUTF8 { Timestamp.parseRFC3339($0) }
    }
}
