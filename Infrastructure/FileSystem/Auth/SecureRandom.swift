/// Bytes from the system's cryptographically secure generator (`getrandom` on Linux, `arc4random` on
/// Darwin): salts, signing keys, refresh tokens.
enum SecureRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(count, 0)).map { _ in UInt8.random(in: 0...UInt8.max, using: &generator) }
    }
}
