import HearthTestSupport
import HearthDomain
import Testing

@Suite("Automatic document IDs")
struct AutoIDTests {
    @Test func alphabet_isExactlyASCIILettersAndDigits() {
        let expected = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

        #expect(AutoID.alphabet.count == 62)
        #expect(Set(AutoID.alphabet) == expected)
        #expect(AutoID.length == 20)
    }

    @Test func autoID_hasTwentyCharactersFromTheAlphabet() throws {
        var generator = SplitMix64(seed: 1)
        for _ in 0..<500 {
            let id = DocumentIdentifier.autoID(using: &generator)
            #expect(id.rawValue.utf8.count == 20)
            #expect(id.rawValue.utf8.allSatisfy(isAlphanumericASCII))
            #expect(try DocumentIdentifier(id.rawValue) == id, "an auto-ID is a valid document ID")
        }
    }

    @Test func autoID_fromTheSystemGenerator_isValid() throws {
        let ids = (0..<100).map { _ in DocumentIdentifier.autoID() }

        for id in ids {
            #expect(id.rawValue.utf8.count == 20)
            #expect(id.rawValue.utf8.allSatisfy(isAlphanumericASCII))
        }
        #expect(Set(ids).count == ids.count)
    }

    @Test func autoID_isReproducibleWithASplitMix64() {
        var first = SplitMix64(seed: 2024)
        var second = SplitMix64(seed: 2024)
        var other = SplitMix64(seed: 2025)

        let firstIDs = (0..<10).map { _ in DocumentIdentifier.autoID(using: &first) }
        let secondIDs = (0..<10).map { _ in DocumentIdentifier.autoID(using: &second) }
        let otherIDs = (0..<10).map { _ in DocumentIdentifier.autoID(using: &other) }

        #expect(firstIDs == secondIDs)
        #expect(firstIDs != otherIDs)
        #expect(Set(firstIDs).count == 10, "successive draws differ")
    }

    /// Over 62 × 2,000 characters every character's count must stay within 5 standard deviations of 2,000
    /// (about ±220). A generator that maps random *bytes* with `% 62` (the classic bias: 256 = 4 × 62 + 8, so
    /// the first 8 characters are 25 % more likely) expects ~2,420 for those characters and fails; the next
    /// test proves that this check catches it. (`% 62` over a full 64-bit word has a bias of 2⁻⁵⁸, which no
    /// sample can reveal; the byte-wise form is the one implementations actually get wrong.)
    @Test func autoID_charactersAreUniform() {
        var generator = SplitMix64(seed: 62)
        let counts = characterCounts(ids: 6_200) { AutoID.make(using: &generator) }

        #expect(counts.count == 62, "every character occurs")
        #expect(isUniform(counts, total: 62 * 2_000), "\(counts.sorted { $0.value > $1.value }.prefix(8))")
        #expect(chiSquare(counts, total: 62 * 2_000) < 125, "χ² with 61 degrees of freedom, p ≈ 10⁻⁶")
    }

    @Test func uniformityCheck_detectsByteModuloBias() {
        var generator = SplitMix64(seed: 62)
        let counts = characterCounts(ids: 6_200) { byteModuloAutoID(using: &generator) }

        #expect(!isUniform(counts, total: 62 * 2_000))
        #expect(chiSquare(counts, total: 62 * 2_000) >= 125)
    }

    // MARK: Helpers

    private func isAlphanumericASCII(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func characterCounts(ids: Int, make: () -> String) -> [Character: Int] {
        var counts: [Character: Int] = [:]
        for _ in 0..<ids {
            for character in make() { counts[character, default: 0] += 1 }
        }
        return counts
    }

    private func isUniform(_ counts: [Character: Int], total: Int) -> Bool {
        let probability = 1.0 / 62
        let expected = Double(total) * probability
        let tolerance = 5 * (Double(total) * probability * (1 - probability)).squareRoot()
        return AutoID.alphabet.allSatisfy { abs(Double(counts[$0, default: 0]) - expected) <= tolerance }
    }

    private func chiSquare(_ counts: [Character: Int], total: Int) -> Double {
        let expected = Double(total) / 62
        return AutoID.alphabet.reduce(0) { sum, character in
            let difference = Double(counts[character, default: 0]) - expected
            return sum + difference * difference / expected
        }
    }

    /// The biased algorithm the uniformity check must reject: one random byte per character, reduced `% 62`.
    private func byteModuloAutoID(using generator: inout SplitMix64) -> String {
        String((0..<20).map { _ in AutoID.alphabet[Int(UInt8.random(in: .min ... .max, using: &generator)) % 62] })
    }
}
