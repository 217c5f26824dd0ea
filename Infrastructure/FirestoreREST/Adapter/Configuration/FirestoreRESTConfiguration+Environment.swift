import Foundation
public import HearthDomain
import HearthPort

extension FirestoreRESTConfiguration {
    /// A configuration from environment variables:
    ///
    /// | Variable | Meaning |
    /// |---|---|
    /// | `FIRESTORE_EMULATOR_HOST` | `host:port` of the emulator: plain `http`, `Bearer owner`, no concurrency mode |
    /// | `GOOGLE_CLOUD_PROJECT`, then `GCLOUD_PROJECT` | the project ID (required, except with the emulator, where it defaults to `demo-hearth`) |
    /// | `FIRESTORE_DATABASE` | the database ID (default `(default)`) |
    /// | `FIRESTORE_BASE_URL` | overrides the base URL (wins over the emulator host's URL) |
    /// | `FIRESTORE_REQUEST_TIMEOUT` | seconds per request attempt, from 0.001 to 86400 (default 60) |
    /// | `FIRESTORE_ACCESS_TOKEN` | a static Google OAuth access token (outside the emulator) |
    /// | `FIRESTORE_TOKEN_COMMAND` | a command printing a token, run by `/bin/sh -c` (e.g. `gcloud auth print-access-token`) |
    /// | `GCE_METADATA_HOST` | the metadata server host, used when neither of the two above is set |
    /// | `FIRESTORE_LISTEN` | `push` (default: Firestore's Listen stream) or `poll` (read every second, see ``ListenTransport``) |
    ///
    /// Outside the emulator the credentials are, in order: `FIRESTORE_ACCESS_TOKEN`, `FIRESTORE_TOKEN_COMMAND`,
    /// else the Google metadata server (Cloud Run, GCE). The composition root may replace
    /// ``tokenProvider`` afterwards (for a Firebase user). Throws `invalidArgument` naming the variable
    /// when one is malformed or the project is missing.
    public static func fromEnvironment(
        _ environment: [String: String],
        httpClient: any HTTPClient
    ) throws(DocumentStoreError) -> FirestoreRESTConfiguration {
        let value = environment.variable
        let emulatorHost = value("FIRESTORE_EMULATOR_HOST")
        guard
            let projectID = value("GOOGLE_CLOUD_PROJECT") ?? value("GCLOUD_PROJECT")
                ?? (emulatorHost == nil ? nil : "demo-hearth")
        else {
            throw .invalidArgument("No project ID: set GOOGLE_CLOUD_PROJECT (or GCLOUD_PROJECT).")
        }
        let database = try DatabaseID(
            projectID: projectID, databaseID: value("FIRESTORE_DATABASE") ?? DatabaseID.defaultDatabase)

        var configuration: FirestoreRESTConfiguration
        if let emulatorHost {
            configuration = try .emulator(hostAndPort: emulatorHost, database: database)
        } else {
            let provider: any TokenProvider
            if let token = value("FIRESTORE_ACCESS_TOKEN") {
                provider = StaticTokenProvider(AccessToken(token), kind: .googleOAuth)
            } else if let command = value("FIRESTORE_TOKEN_COMMAND") {
                provider = CommandTokenProvider(executable: "/bin/sh", arguments: ["-c", command])
            } else {
                provider = MetadataServerTokenProvider(
                    httpClient: httpClient, host: MetadataServerTokenProvider.host(fromEnvironment: environment))
            }
            configuration = FirestoreRESTConfiguration(database: database, tokenProvider: provider)
        }
        if let base = value("FIRESTORE_BASE_URL") {
            guard let url = URL(string: base), let scheme = url.scheme, ["http", "https"].contains(scheme),
                url.host != nil
            else {
                throw .invalidArgument("FIRESTORE_BASE_URL is not an http(s) URL: \(Excerpt.quoted(base)).")
            }
            configuration.baseURL = url
        }
        if let timeout = value("FIRESTORE_REQUEST_TIMEOUT") {
            configuration.requestTimeout = try requestTimeout(timeout)
        }
        if let listen = value("FIRESTORE_LISTEN") {
            guard let transport = ListenTransport(rawValue: listen.lowercased()) else {
                throw .invalidArgument("FIRESTORE_LISTEN must be push or poll, not \(Excerpt.quoted(listen)).")
            }
            configuration.listenTransport = transport
        }
        return configuration
    }

    /// The seconds a `FIRESTORE_REQUEST_TIMEOUT` may give: a millisecond to a day. Outside it (or NaN, an
    /// infinity, a huge value such as `1e17` whose milliseconds overflow `Int64`) the variable is refused.
    public static let requestTimeoutSeconds: ClosedRange<Double> = 0.001...86_400

    /// The timeout `text` gives, in whole milliseconds; `invalidArgument` naming the variable otherwise.
    static func requestTimeout(_ text: String) throws(DocumentStoreError) -> Duration {
        guard let seconds = Double(text), requestTimeoutSeconds.contains(seconds) else {
            throw .invalidArgument(
                "FIRESTORE_REQUEST_TIMEOUT must be a number of seconds from 0.001 to 86400, not \(Excerpt.quoted(text))."
            )
        }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }
}
