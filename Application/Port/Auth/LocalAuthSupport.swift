package import Foundation
package import HearthDomain

/// What the local auth gateways (in memory, file) share besides their tokens' claims
/// (`LocalIDTokenClaims`): random user IDs, token IDs and bytes, and durations as seconds.
package enum LocalAuthSupport {
    /// `count` characters from `[A-Za-z0-9]` (`AutoID`'s alphabet), each drawn uniformly from the system's
    /// cryptographically secure generator: what the local gateways use for user IDs and token IDs.
    package static func randomText(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String(
            (0..<max(count, 0)).map { _ in
                AutoID.alphabet[Int.random(in: 0..<AutoID.alphabet.count, using: &generator)]
            })
    }

    /// `count` bytes from the system's cryptographically secure generator (`getrandom` on Linux,
    /// `arc4random` on Darwin): the local gateways' salts, signing keys and refresh tokens.
    package static func randomBytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(count, 0)).map { _ in UInt8.random(in: 0...UInt8.max, using: &generator) }
    }

    /// A new random user ID: 28 characters from `[A-Za-z0-9]`, as Firebase's are. Never throws in practice
    /// (28 characters are within `UserID`'s limits); typed so that no caller needs a `try!`.
    package static func newUserID() throws(AuthError) -> UserID {
        try UserID(randomText(count: 28))
    }

    /// `duration` in seconds, as a `TimeInterval`.
    package static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
