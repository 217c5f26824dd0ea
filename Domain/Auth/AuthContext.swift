import Foundation

/// Who makes a request, as Firestore's security rules see it (`request.auth`).
///
/// - ``admin`` (the default everywhere): the rules are bypassed, as for the server SDKs and the emulator's
///   `Bearer owner`.
/// - ``unauthenticated``: `request.auth == null`.
/// - ``user(_:claims:)``: `request.auth.uid` is the user's ID and `request.auth.token` holds `claims`
///   (the ID token's claims: `email`, `email_verified`, custom claims such as `admin`…).
public enum AuthContext: Sendable, Hashable, CustomStringConvertible {
    /// Bypasses the rules (the server SDKs' privilege).
    case admin
    /// No user: `request.auth` is `null`.
    case unauthenticated
    /// A signed-in user and the claims of their ID token.
    case user(UserID, claims: [String: Value])

    /// The user of `session`, with the claims of its ID token's payload (a JWT's middle part, read without
    /// verifying the signature: the session is already trusted). A payload that cannot be read gives the
    /// claim `sub` alone.
    public init(session: Session) {
        let claims = Self.payloadClaims(of: session.idToken) ?? ["sub": .string(session.userID.rawValue)]
        self = .user(session.userID, claims: claims)
    }

    /// The user `uid` with the claims of `json`, a JSON object (`{"admin": true}`), as `HEARTH_AS_CLAIMS`
    /// and `--claims` give them: strings, booleans, integers, doubles, `null`, arrays and objects.
    /// Throws `invalidArgument` naming `claims` when `json` is not a JSON object, and naming `uid` when
    /// `uid` is empty or longer than 128 bytes.
    public static func user(_ uid: String, claimsJSON json: String) throws(DocumentStoreError) -> AuthContext {
        let userID: UserID
        do { userID = try UserID(uid) } catch { throw .invalidArgument("uid: must be 1 to 128 bytes long.") }
        guard let claims = claims(fromJSON: Data(json.utf8)) else {
            throw .invalidArgument("claims: must be a JSON object, such as {\"admin\": true}.")
        }
        return .user(userID, claims: claims)
    }

    /// The user's ID (`nil` for ``admin`` and ``unauthenticated``).
    public var userID: UserID? {
        if case .user(let id, _) = self { return id }
        return nil
    }

    /// `admin`, `unauthenticated`, or `user <uid>` followed by the claims' names (never their values:
    /// a claim may hold personal data).
    public var description: String {
        switch self {
        case .admin: "admin"
        case .unauthenticated: "unauthenticated"
        case .user(let id, let claims):
            claims.isEmpty ? "user \(id)" : "user \(id) (claims: \(claims.keys.sorted().joined(separator: ", ")))"
        }
    }

    private static func payloadClaims(of token: String) -> [String: Value]? {
        let parts = UTF8Split.split(token, separator: UInt8(ascii: "."))
        guard parts.count >= 2 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.utf8.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return nil }
        return claims(fromJSON: data)
    }

    private static func claims(fromJSON data: Data) -> [String: Value]? {
        guard case .map(let map)? = try? JSONDecoder().decode(JSONClaim.self, from: data).value else { return nil }
        var claims: [String: Value] = [:]
        for field in map.fields { claims[field.key] = field.value }
        return claims
    }
}

/// One JSON value of a token's claims, as a Firestore value.
private struct JSONClaim: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .boolean(bool)
        } else if let int = try? container.decode(Int64.self) {
            value = .integer(int)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else if let list = try? container.decode([JSONClaim].self) {
            value = .array(list.map(\.value))
        } else {
            let object = try container.decode([String: JSONClaim].self)
            value = .map(MapValue(object.mapValues(\.value)))
        }
    }
}
