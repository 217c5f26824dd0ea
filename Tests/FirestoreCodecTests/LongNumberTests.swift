import HearthDomain
@testable import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

/// A number lexeme of a megabyte (`0.000…01`, `1.000…0`) is read in work linear in its length: the reading
/// counts the bytes and digits it visits, and the count is held to a small multiple of the length.
@Suite struct LongNumberTests {
    static let megabyte = 1 << 20

    /// The integer reading of `text`, and the work it took.
    private func reading(_ text: String) -> (JSONNumberText.IntegerReading, work: Int) {
        var copy = text
        return copy.withUTF8 { bytes in
            var work = 0
            let result = JSONNumberText.int64(slowPath: bytes, work: &work)
            return (result, work)
        }
    }

    @Test func aMegabyteOfLeadingFractionZeros_isReadInLinearWork() {
        let text = "0." + String(repeating: "0", count: Self.megabyte) + "1"
        let (result, work) = reading(text)
        #expect(result == .notIntegral)
        #expect(work <= 3 * text.utf8.count, "\(work) steps for \(text.utf8.count) bytes")
    }

    @Test func aMegabyteOfLeadingIntegerZerosIsNotJSON_butTheReadingIsStillLinear() {
        let text = String(repeating: "0", count: Self.megabyte) + "7"
        let (result, work) = reading(text)
        #expect(result == .value(7))
        #expect(work <= 3 * text.utf8.count, "\(work) steps for \(text.utf8.count) bytes")
    }

    @Test func aMegabyteOfTrailingZeros_readsAsTheIntegerInLinearWork() {
        let text = "-1." + String(repeating: "0", count: Self.megabyte)
        let (result, work) = reading(text)
        #expect(result == .value(-1))
        #expect(work <= 3 * text.utf8.count, "\(work) steps for \(text.utf8.count) bytes")
    }

    @Test func aLargeExponentCancellingALongFraction_isExact() {
        // 0.(300000 zeros)1 × 10^300001 = 1: the exponent is not clamped below the fraction's length.
        let text = "0." + String(repeating: "0", count: 300_000) + "1e300001"
        #expect(reading(text).0 == .value(1))
        #expect(reading("0." + String(repeating: "0", count: 300_000) + "1e300002").0 == .value(10))
        #expect(reading("12.5e-1").0 == .notIntegral)
        #expect(reading("1250e-2").0 == .notIntegral)
        #expect(reading("1200e-2").0 == .value(12))
        #expect(reading("9223372036854775807.0").0 == .value(.max))
        #expect(reading("-9223372036854775808e0").0 == .value(.min))
        #expect(reading("9223372036854775808e0").0 == .outOfRange)
        #expect(reading("1e19").0 == .outOfRange)
        #expect(reading("-0.0e5").0 == .value(0))
    }

    @Test func aMegabyteNumberThroughBothDecoders_isRefusedOrRead() throws {
        let long = "0." + String(repeating: "0", count: Self.megabyte) + "1"
        let integer = #"{"integerValue": "\#(long)"}"#
        #expect(throws: RESTDecodingError.self) { try RESTValueCodec.decode(bytes: Array(integer.utf8)) }
        #expect(throws: RESTDecodingError.self) { try TreeValueCodec.decode(JSONParser.parse(integer)) }
        let double = #"{"doubleValue": \#(long)}"#
        #expect(try RESTValueCodec.decode(bytes: Array(double.utf8)) == .double(0))
        #expect(try TreeValueCodec.decode(JSONParser.parse(double)) == .double(0))
    }
}
