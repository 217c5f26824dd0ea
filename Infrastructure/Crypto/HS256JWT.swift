import Foundation

/// JSON Web Tokens (RFC 7519) signed with HMAC-SHA-256 (JWS `HS256`, RFC 7515 and RFC 7518 section 3.2):
/// what the local auth adapters issue as ID tokens and accept back.
///
/// ``sign(claims:key:)`` writes `base64url(header).base64url(claims).base64url(signature)` with the header
/// ``header``. ``verify(_:key:now:)`` accepts a token only when its header names `HS256`, its signature
/// matches (compared in constant time), and its `exp` claim is later than the time given: unsigned
/// (`alg: none`) tokens, other algorithms and tokens without `exp` are refused. Errors name the part at
/// fault and never quote the token, the claims or the key.
public enum HS256JWT {
    /// The header every token signed here carries: `{"alg":"HS256","typ":"JWT"}`.
    public static let header = #"{"alg":"HS256","typ":"JWT"}"#

    /// The shortest key accepted: 32 bytes, the hash's output size, as RFC 7518 section 3.2 requires.
    public static let minimumKeyByteCount = 32

    /// The longest token ``verify(_:key:now:)`` reads: 16 KiB; longer input is refused before decoding.
    public static let maximumTokenByteCount = 16 << 10

    /// The compact token of `claims` (the UTF-8 bytes of a JSON object, signed as given) under `key`.
    ///
    /// - Throws: ``CryptoError/invalidParameter(_:reason:)`` naming `key` when it is shorter than
    ///   ``minimumKeyByteCount``; ``CryptoError/invalidEncoding(_:reason:)`` (`"JSON"`) when `claims` is not
    ///   a JSON object.
    public static func sign(claims: some Sequence<UInt8>, key: some Collection<UInt8>) throws(CryptoError) -> String {
        guard key.count >= minimumKeyByteCount else {
            throw .invalidParameter("key", reason: "must be at least \(minimumKeyByteCount) bytes")
        }
        let claimBytes = Array(claims)
        guard jsonObject(claimBytes) != nil else {
            throw .invalidEncoding("JSON", reason: "the claims are not a JSON object")
        }
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(claimBytes)
        let signature = HMACSHA256.authenticationCode(for: Array(signingInput.utf8), key: key)
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The claims (the UTF-8 bytes of their JSON object, as signed) of `token` when it is an `HS256` token
    /// signed with `key` whose `exp` (seconds since 1970) is after `now`.
    ///
    /// - Throws: ``CryptoError/malformedToken(reason:)`` when the token is longer than
    ///   ``maximumTokenByteCount``, is not three base64url parts, its header is not a JSON object with
    ///   `"alg":"HS256"` (and `"typ":"JWT"` if it has a `typ`), or its claims are not a JSON object with a
    ///   numeric `exp`; ``CryptoError/invalidSignature`` when the signature does not match;
    ///   ``CryptoError/tokenExpired`` when `exp` is at or before `now`. The signature is checked before
    ///   the claims are read.
    public static func verify(
        _ token: some StringProtocol, key: some Collection<UInt8>, now: Date
    ) throws(CryptoError) -> [UInt8] {
        let bytes = Array(token.utf8)
        guard bytes.count <= maximumTokenByteCount else {
            throw .malformedToken(reason: "longer than \(maximumTokenByteCount) bytes")
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw .malformedToken(reason: "not three dot-separated parts")
        }
        let headerBytes = try decodePart(parts[0], named: "header")
        guard let header = jsonObject(headerBytes), header["alg"] as? String == "HS256",
            header["typ"] == nil || header["typ"] as? String == "JWT"
        else {
            throw .malformedToken(reason: "the header is not an HS256 JWT header")
        }
        let signature = try decodePart(parts[2], named: "signature")
        let signingInput = bytes[..<(parts[1].endIndex)]
        guard constantTimeEquals(HMACSHA256.authenticationCode(for: signingInput, key: key), signature) else {
            throw .invalidSignature
        }
        let claimBytes = try decodePart(parts[1], named: "claims")
        guard let claims = jsonObject(claimBytes), let expiry = seconds(claims["exp"]) else {
            throw .malformedToken(reason: "the claims are not a JSON object with a numeric exp")
        }
        guard expiry > now.timeIntervalSince1970 else {
            throw .tokenExpired
        }
        return claimBytes
    }

    private static func decodePart(_ part: ArraySlice<UInt8>, named name: String) throws(CryptoError) -> [UInt8] {
        do {
            return try Base64URL.decode(String(decoding: part, as: UTF8.self))
        } catch {
            throw .malformedToken(reason: "the \(name) is not base64url")
        }
    }

    private static func jsonObject(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    private static func seconds(_ value: Any?) -> Double? {
        // JSON's true and false also arrive as NSNumber (and `is Bool` holds for 0 and 1): tell them by class.
        guard let number = value as? NSNumber, type(of: number) != type(of: NSNumber(value: true)) else {
            return nil
        }
        let seconds = number.doubleValue
        return seconds.isFinite ? seconds : nil
    }
}
