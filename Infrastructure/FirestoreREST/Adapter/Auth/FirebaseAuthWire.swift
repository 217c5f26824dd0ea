import Foundation
import HearthDomain
import HearthFirestoreCodec

/// The one Identity Toolkit / Secure Token wire layer: building requests (JSON or form-encoded, the API
/// key in the header or the query), sending them, reading a success answer's fields, and translating
/// every failure into an `AuthError`. ``FirebaseAuthGateway`` and ``FirebaseUserTokenProvider`` both use
/// it; the Firebase code → `AuthError.Code` table is the Domain's `AuthError.Code(firebaseCode:)`.
///
/// Messages name the operation, the Firebase code and the field at fault; they never hold a password, a
/// token or the API key: the request's secrets are scrubbed from anything a server said, a success
/// answer's body is never quoted, and no URL is shown.
enum FirebaseAuthWire {
    /// An auth answer larger than this is broken (real ones are a few kilobytes): reading stops there.
    static let maximumResponseBytes = 1 << 20
    /// The most bytes of a server's error text a message quotes.
    static let messageLimit = 300

    // MARK: Requests

    /// A `POST` of `body` (a JSON object) to `url`, carrying `apiKey` as `placement` says.
    static func jsonRequest(
        _ url: URL, body: JSONObject, apiKey: String, placement: FirebaseAuthEndpoints.APIKeyPlacement,
        timeout: Duration
    ) -> HTTPRequest {
        request(
            url, contentType: "application/json", body: JSONWriter.serialize(.object(body)), apiKey: apiKey,
            placement: placement, timeout: timeout)
    }

    /// A `POST` of the form `grant_type=refresh_token&refresh_token=…` to the Secure Token endpoint `url`.
    static func refreshRequest(
        _ url: URL, refreshToken: String, apiKey: String, placement: FirebaseAuthEndpoints.APIKeyPlacement,
        timeout: Duration
    ) -> HTTPRequest {
        let form = PercentEncoding.query([("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
        return request(
            url, contentType: "application/x-www-form-urlencoded", body: Array(form.utf8), apiKey: apiKey,
            placement: placement, timeout: timeout)
    }

    private static func request(
        _ url: URL, contentType: String, body: [UInt8], apiKey: String,
        placement: FirebaseAuthEndpoints.APIKeyPlacement, timeout: Duration
    ) -> HTTPRequest {
        var target = url
        var headers: [(name: String, value: String)] = [("Content-Type", contentType)]
        switch placement {
        case .header:
            headers.append(("x-goog-api-key", apiKey))
        case .query:
            let separator = url.query == nil ? "?" : "&"
            target = URL(string: url.absoluteString + separator + PercentEncoding.query([("key", apiKey)])) ?? url
        }
        return HTTPRequest(
            method: .post, url: target, headers: headers, body: body, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }

    // MARK: Sending

    /// Sends `request` and returns the JSON object of its 2xx answer. Throws `AuthError`: the mapped
    /// Firebase code of an error answer (``error(for:operation:secrets:)``), `connectivity` for a transport
    /// failure, `internal` for a 2xx answer that is not a JSON object. `secrets` (the API key, passwords,
    /// tokens the request carried) are scrubbed from every message.
    static func send(
        _ request: HTTPRequest, with client: any HTTPClient, operation: String, secrets: [String]
    ) async throws(AuthError) -> JSONObject {
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            throw self.error(forThrown: error, operation: operation)
        }
        guard response.isSuccess else { throw self.error(for: response, operation: operation, secrets: secrets) }
        guard case .object(let object)? = try? JSONParser.parse(response.body) else {
            throw AuthError(
                .internal,
                "\(operation): the answer (HTTP \(response.statusCode), \(response.body.count) bytes, not shown) is not a JSON object."
            )
        }
        return object
    }

    /// The `AuthError` of a non-2xx answer.
    ///
    /// A JSON body `{"error": {"message": "CODE : detail"}}` gives the code before the first `:` (as the
    /// Apple SDK splits it), mapped by `AuthError.Code(firebaseCode:)`. A code the table does not list, or
    /// a body that is not such JSON (an HTML page from a proxy, an empty body), is decided by the HTTP
    /// status: 5xx → `connectivity` (the service or a proxy in front of it is failing and a retry may
    /// help, as `AuthError.Code.connectivity` documents; Firebase's JavaScript SDK also answers
    /// `network-request-failed` for an error page it cannot read, where the Apple SDK says
    /// `internalError`), 429 → `tooManyRequests`, anything else (a redirect, which is never followed,
    /// 400, 403 "missing a valid API key", …) → `internal`. The message names the operation, the code and
    /// the detail with `secrets` scrubbed.
    static func error(for response: HTTPResponse, operation: String, secrets: [String]) -> AuthError {
        let status = response.statusCode
        if (300..<400).contains(status) {
            return AuthError(
                .internal,
                "\(operation) was answered with HTTP \(status), a redirect, which is not followed (credentials go only to the configured endpoints)."
            )
        }
        guard let message = errorMessage(in: response.body) else {
            let shown =
                response.body.isEmpty
                ? "an empty body" : "a body that is not a JSON error (\(excerpt(response.body, secrets)))"
            return AuthError(
                fallbackCode(forStatus: status), "\(operation) failed: HTTP \(status) with \(shown).")
        }
        let (firebaseCode, detail) = split(message)
        let code = AuthError.Code(firebaseCode: firebaseCode) ?? fallbackCode(forStatus: status)
        let field =
            switch code {
            case .invalidEmail: "email: "
            case .weakPassword: "password: "
            default: ""
            }
        var said = scrub(firebaseCode, secrets)
        if let detail { said += " : " + scrub(detail, secrets) }
        return AuthError(
            code, "\(field)\(operation) was refused: \(Excerpt.of(said, limit: messageLimit)) (HTTP \(status)).")
    }

    /// A transport failure or cancellation: `connectivity`, keeping the cause; a response over
    /// ``maximumResponseBytes``: `internal`.
    static func error(forThrown error: any Error, operation: String) -> AuthError {
        switch error {
        case let error as AuthError:
            return error
        case let transport as HTTPTransportError where transport.kind == .responseTooLarge:
            return AuthError(
                .internal, "\(operation): the answer is larger than \(maximumResponseBytes) bytes.",
                underlying: transport
            )
        case let transport as HTTPTransportError:
            return AuthError(
                .connectivity, "\(operation): the authentication service could not be reached (\(transport.kind)).",
                underlying: transport)
        case is CancellationError:
            return AuthError(.connectivity, "\(operation) was cancelled.")
        default:
            return AuthError(
                .connectivity, "\(operation): the authentication service could not be reached (\(type(of: error))).",
                underlying: SendableDescription(error))
        }
    }

    /// `error.message` of an Identity Toolkit error body, or `nil` when the body is not one.
    static func errorMessage(in body: [UInt8]) -> String? {
        guard case .object(let root)? = try? JSONParser.parse(body), case .object(let error)? = root["error"],
            case .string(let message)? = error["message"], !message.isEmpty
        else { return nil }
        return message
    }

    /// `"CODE : detail"` split at the first `:`, both trimmed: `("CODE", "detail")`; `("CODE", nil)`
    /// without a colon or with nothing after it.
    static func split(_ message: String) -> (code: String, detail: String?) {
        guard let colon = message.firstIndex(of: ":") else {
            return (message.trimmingCharacters(in: .whitespaces), nil)
        }
        let code = message[..<colon].trimmingCharacters(in: .whitespaces)
        let detail = message[message.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return (code, detail.isEmpty ? nil : detail)
    }

    private static func fallbackCode(forStatus status: Int) -> AuthError.Code {
        switch status {
        case 500..<600: .connectivity
        case 429: .tooManyRequests
        default: .internal
        }
    }

    /// `text` with every non-empty secret replaced by `<redacted>`.
    static func scrub(_ text: String, _ secrets: [String]) -> String {
        secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacingOccurrences(of: $1, with: "<redacted>") }
    }

    /// A short, printable, scrubbed excerpt of an error body: secrets are removed from the whole text
    /// before it is cut, so a cut never leaves part of one.
    private static func excerpt(_ body: [UInt8], _ secrets: [String]) -> String {
        let scrubbed = scrub(String(decoding: body, as: UTF8.self), secrets)
        return "\(body.count) bytes: " + BodyExcerpt.of(Array(scrubbed.utf8), limit: 120)
    }

    // MARK: Reading answers

    /// The non-empty string member `field` of `object`; throws `internal` naming the field when it is
    /// missing, empty or not a string (its value is never quoted: it may be a token).
    static func string(_ field: String, in object: JSONObject, operation: String) throws(AuthError) -> String {
        switch object[field] {
        case .string(let text)? where !text.isEmpty: return text
        case .string?: throw AuthError(.internal, "\(operation): the answer's \(field) is empty.")
        case nil, .null?: throw AuthError(.internal, "\(operation): the answer has no \(field).")
        default: throw AuthError(.internal, "\(operation): the answer's \(field) is not a string.")
        }
    }

    /// The string member `field`, or `nil` when it is absent, `null` or empty; throws `internal` naming
    /// it when it is another JSON type.
    static func optionalString(_ field: String, in object: JSONObject, operation: String) throws(AuthError) -> String? {
        switch object[field] {
        case nil, .null?: return nil
        case .string(let text)?: return text.isEmpty ? nil : text
        default: throw AuthError(.internal, "\(operation): the answer's \(field) is not a string.")
        }
    }

    /// The most seconds an `expiresIn` may say: ten years (Firebase says 3600).
    static let maximumExpiresIn: Int64 = 315_360_000

    /// `expiresIn`/`expires_in` (`field`): whole seconds as a JSON string (`"3600"`, as Firebase sends
    /// it) or number, from 0 to ``maximumExpiresIn``; throws `internal` naming the field otherwise.
    static func seconds(_ field: String, in object: JSONObject, operation: String) throws(AuthError) -> Int64 {
        let text: String
        switch object[field] {
        case .string(let value)?, .number(let value)?: text = value
        case nil, .null?: throw AuthError(.internal, "\(operation): the answer has no \(field).")
        default: throw AuthError(.internal, "\(operation): the answer's \(field) is not a number of seconds.")
        }
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let seconds = Int64(text), seconds <= maximumExpiresIn
        else {
            throw AuthError(
                .internal,
                "\(operation): the answer's \(field) is not a whole number of seconds from 0 to \(maximumExpiresIn).")
        }
        return seconds
    }

    // MARK: The Secure Token API

    /// What a refresh grants: a new ID token, possibly a rotated refresh token, the ID token's lifetime
    /// and the user it names.
    struct TokenGrant: Sendable {
        var idToken: String
        var refreshToken: String?
        var expiresIn: Int64
        var userID: String?
    }

    /// Exchanges `refreshToken` at the Secure Token endpoint `url` (form-encoded
    /// `grant_type=refresh_token`). Reads `id_token` (else `access_token`), `refresh_token` (optional),
    /// `expires_in` and `user_id` (optional). Throws `AuthError` as ``send(_:with:operation:secrets:)``:
    /// `sessionExpired` for `TOKEN_EXPIRED`/`INVALID_REFRESH_TOKEN`/`USER_NOT_FOUND`, `userDisabled`, …
    static func refresh(
        _ refreshToken: String, at url: URL, apiKey: String, placement: FirebaseAuthEndpoints.APIKeyPlacement,
        client: any HTTPClient, timeout: Duration, operation: String
    ) async throws(AuthError) -> TokenGrant {
        let request = refreshRequest(
            url, refreshToken: refreshToken, apiKey: apiKey, placement: placement, timeout: timeout)
        let answer = try await send(request, with: client, operation: operation, secrets: [apiKey, refreshToken])
        let accessToken = try optionalString("access_token", in: answer, operation: operation)
        guard let idToken = try optionalString("id_token", in: answer, operation: operation) ?? accessToken else {
            throw AuthError(.internal, "\(operation): the answer has no id_token.")
        }
        return TokenGrant(
            idToken: idToken,
            refreshToken: try optionalString("refresh_token", in: answer, operation: operation),
            expiresIn: try seconds("expires_in", in: answer, operation: operation),
            userID: try optionalString("user_id", in: answer, operation: operation))
    }
}
