import Foundation
import HearthCrypto
import HearthDomain
import HearthFirestoreREST
import HearthPort

/// The credentials that make the Firestore emulator see a caller (`HEARTH_AS_UID`, `--as-uid`,
/// `--anonymous`): an unsigned ID token (`alg: none`, which the emulator accepts and production never
/// does) naming the user with their claims, or no credentials at all.
enum EmulatorCallerToken {
    /// The provider for `context` in `projectID` (`nil` for `admin`: the configured credentials apply).
    static func provider(for context: AuthContext, projectID: String, now: Date = Date()) -> (any TokenProvider)? {
        switch context {
        case .admin: return nil
        case .unauthenticated: return StaticTokenProvider.unauthenticated
        case .user(let id, let claims):
            return StaticTokenProvider(
                AccessToken(token(uid: id.rawValue, claims: claims, projectID: projectID, now: now)),
                kind: .firebaseUser)
        }
    }

    /// An unsigned JWT whose payload has Firebase's claims for `uid` (`sub`, `user_id`, `iss`, `aud`,
    /// `iat`, `exp` an hour later, `auth_time`, `firebase`) and `claims` over them.
    static func token(uid: String, claims: [String: Value], projectID: String, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince1970)
        var payload: [String: Any] = [
            "iss": "https://securetoken.google.com/\(projectID)", "aud": projectID, "sub": uid, "user_id": uid,
            "iat": seconds, "exp": seconds + 3600, "auth_time": seconds,
            "firebase": ["sign_in_provider": "custom", "identities": [String: Any]()] as [String: Any],
        ]
        for (key, value) in claims { payload[key] = json(value) }
        let header = (try? JSONSerialization.data(withJSONObject: ["alg": "none", "typ": "JWT"])) ?? Data()
        let body = (try? JSONSerialization.data(withJSONObject: payload)) ?? Data()
        return "\(Base64URL.encode(header)).\(Base64URL.encode(body))."
    }

    private static func json(_ value: Value) -> Any {
        switch value {
        case .null: return NSNull()
        case .boolean(let bool): return bool
        case .integer(let int): return int
        case .double(let double): return double.isFinite ? double : NSNull()
        case .string(let text): return text
        case .array(let values): return values.map(json)
        case .map(let map): return Dictionary(map.fields.map { ($0.key, json($0.value)) }) { first, _ in first }
        case .timestamp(let time): return time.description
        case .bytes(let data): return data.base64EncodedString()
        case .reference(let name): return name.path.path
        case .geoPoint(let point): return ["latitude": point.latitude, "longitude": point.longitude]
        }
    }
}
