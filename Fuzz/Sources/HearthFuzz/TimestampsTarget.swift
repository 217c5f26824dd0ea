import HearthDomain

/// RFC 3339 text: `Timestamp(rfc3339:)` throws or parses; a parsed time prints as text that parses back
/// to the same time; the byte parser agrees with the text parser.
enum TimestampsTarget: FuzzTarget {
    static let name = "timestamps"

    static func run(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        let parsed = try? Timestamp(rfc3339: text)
        let viaBytes = input.withUnsafeBufferPointer { Timestamp.parseRFC3339($0) }
        if String(validating: input, as: UTF8.self) != nil, viaBytes != parsed {
            FuzzCheck.fail(name, "bytes gave \(String(describing: viaBytes)), text gave \(String(describing: parsed))")
        }
        guard let time = parsed else { return }
        let printed = time.rfc3339
        guard let again = try? Timestamp(rfc3339: printed) else { FuzzCheck.fail(name, "\(printed) does not parse") }
        guard again == time, again.rfc3339 == printed else {
            FuzzCheck.fail(name, "\(text) → \(printed) → \(again.rfc3339)")
        }
    }

    static func corpus() throws -> [[UInt8]] {
        var texts = [
            "2024-02-29T23:59:59.999999999Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
            "1970-01-01T00:00:00+14:00", "2024-06-01T12:30:00.5-07:30", "2024-06-01t12:30:00z", "2024-06-01T12:30:60Z",
        ]
        for seconds: Int64 in [0, 1, -1, 1_700_000_000, 253_402_300_799, -62_135_596_800, 951_782_400] {
            for nanos: Int32 in [0, 1, 999_999_999, 123_000_000] {
                texts.append(try Timestamp(seconds: seconds, nanoseconds: nanos).rfc3339)
            }
        }
        return texts.map { Array($0.utf8) }
    }
}
