/// Firestore-style automatic document IDs.
public enum AutoID {
    /// The 62 characters an auto-ID is drawn from.
    public static let alphabet: [Character] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    /// The length of an auto-ID.
    public static let length = 20

    /// 20 characters from `[A-Za-z0-9]`, each drawn uniformly (`Int.random(in:using:)` rejects biased draws).
    public static func make<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var result = ""
        result.reserveCapacity(length)
        for _ in 0..<length {
            result.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
        return result
    }
}
