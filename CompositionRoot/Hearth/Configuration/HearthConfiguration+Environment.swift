import Foundation
public import HearthDomain

extension HearthConfiguration {
    /// The variables read by ``fromEnvironment(_:)``, for help texts.
    public static let environmentHelp = """
        HEARTH_STORE             memory | file:<directory> | file | firestore (default: file:\(StoreSelection.defaultDirectory))
        HEARTH_ENV               development (default) | production
        HEARTH_ALLOW_PRODUCTION  1 lets development reach a production Firestore project
        HEARTH_LOG               off (default) | error | warning | info | debug: log store calls to stderr
        GOOGLE_CLOUD_PROJECT     the Firestore project (with HEARTH_STORE=firestore; GCLOUD_PROJECT also read)
        FIRESTORE_EMULATOR_HOST  host:port of the Firestore emulator
        FIRESTORE_DATABASE       the Firestore database ID (default: (default))
        FIRESTORE_ACCESS_TOKEN, FIRESTORE_TOKEN_COMMAND, GCE_METADATA_HOST  Firestore credentials
        HEARTH_AUTH              memory | file:<directory> | file | firebase (default: the one matching HEARTH_STORE)
        FIREBASE_AUTH_EMULATOR_HOST  host:port of the Firebase Auth emulator
        FIREBASE_API_KEY         the Firebase project's Web API key (Firebase Authentication)
        HEARTH_RULES             <file>: the security rules the local stores (memory, file) enforce
        HEARTH_AS_UID            <uid>: make the local store's requests as this user (with HEARTH_RULES)
        HEARTH_AS_CLAIMS         <JSON object>: the user's token claims, such as {"admin": true}
        HEARTH_AS_ANONYMOUS      1: make them unauthenticated (request.auth == null)
        HEARTH_CACHE             off (default) | memory | file:<directory> | file (file:\(CacheSelection.defaultDirectory)): an offline cache in front of the store
        """

    /// A configuration from environment variables:
    ///
    /// | Variable | Meaning |
    /// |---|---|
    /// | `HEARTH_STORE` | `memory`; `file:<directory>` (`file` alone: `.hearth/data`); `firestore`. Default: `file:.hearth/data` |
    /// | `HEARTH_ENV` | `development` (default) or `production` (see ``HearthProfile``) |
    /// | `HEARTH_ALLOW_PRODUCTION` | `1`/`true` lets development reach a production Firestore project; `0`/`false` (default) does not |
    /// | `HEARTH_LOG` | `off` (default), `error`, `warning`, `info` or `debug`: store calls logged to standard error |
    /// | `GOOGLE_CLOUD_PROJECT`, then `GCLOUD_PROJECT` | the Firestore project (required for `firestore`, except with the emulator: `demo-hearth`) |
    /// | `FIRESTORE_EMULATOR_HOST` | `host:port` of the emulator |
    /// | `FIRESTORE_DATABASE` | the Firestore database ID (default `(default)`) |
    /// | `HEARTH_AUTH` | `memory`; `file:<directory>` (`file` alone: the store's; see ``AuthSelection``); `firebase`. Default: the one matching `HEARTH_STORE` (``effectiveAuth``) |
    /// | `FIREBASE_AUTH_EMULATOR_HOST`, `FIREBASE_API_KEY` | Firebase Authentication's emulator and Web API key (with `firebase`) |
    /// | `HEARTH_RULES` | a `firestore.rules` file the local stores enforce (``rules``; parsed by ``makeStore()``) |
    /// | `HEARTH_AS_UID`, `HEARTH_AS_CLAIMS` | make the local store's requests as that user, with those claims (a JSON object); ``actingAs`` |
    /// | `HEARTH_AS_ANONYMOUS` | `1`/`true`: make them unauthenticated (`request.auth == null`); not with `HEARTH_AS_UID` |
    /// | `HEARTH_CACHE` | `off` (default); `memory`; `file:<directory>` (`file` alone: `.hearth/cache`): an offline cache in front of the store (see ``CacheSelection``) |
    ///
    /// Credentials and the other REST settings are read later by the REST adapter from the same
    /// environment (see ``FirestoreTarget/environment``). Names and values are trimmed; empty counts as
    /// unset. Throws `invalidArgument` naming the variable whose value is not understood. The profile's
    /// rules are not checked here but by ``validate()``.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(DocumentStoreError) -> HearthConfiguration {
        func value(_ name: String) -> String? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            return text
        }
        var configuration = HearthConfiguration()

        if let profile = value("HEARTH_ENV") {
            guard let known = HearthProfile(rawValue: profile.lowercased()) else {
                throw .invalidArgument("HEARTH_ENV must be development or production, not \(Excerpt.quoted(profile)).")
            }
            configuration.profile = known
        }

        if let allow = value("HEARTH_ALLOW_PRODUCTION") {
            switch allow.lowercased() {
            case "1", "true", "yes": configuration.allowsProduction = true
            case "0", "false", "no": configuration.allowsProduction = false
            default: throw .invalidArgument("HEARTH_ALLOW_PRODUCTION must be 1 or 0, not \(Excerpt.quoted(allow)).")
            }
        }

        if let log = value("HEARTH_LOG"), log.lowercased() != "off" {
            guard let level = HearthLogLevel(name: log) else {
                throw .invalidArgument(
                    "HEARTH_LOG must be off, error, warning, info or debug, not \(Excerpt.quoted(log)).")
            }
            configuration.logger = StandardErrorLogger(minimumLevel: level)
        }

        if let store = value("HEARTH_STORE") {
            configuration.store = try storeSelection(store, environment: environment, value: value)
        }
        if let auth = value("HEARTH_AUTH") {
            configuration.auth = try authSelection(auth, store: configuration.store, value: value)
        }
        if let cache = value("HEARTH_CACHE") {
            configuration.cache = try cacheSelection(cache)
        }
        if let rules = value("HEARTH_RULES") { configuration.rules = .file(rules) }
        configuration.actingAs = try actingAs(
            uid: value("HEARTH_AS_UID"), claims: value("HEARTH_AS_CLAIMS"), anonymous: value("HEARTH_AS_ANONYMOUS"))
        return configuration
    }

    private static func actingAs(
        uid: String?, claims: String?, anonymous: String?
    ) throws(DocumentStoreError) -> AuthContext {
        var isAnonymous = false
        if let anonymous {
            switch anonymous.lowercased() {
            case "1", "true", "yes": isAnonymous = true
            case "0", "false", "no": isAnonymous = false
            default: throw .invalidArgument("HEARTH_AS_ANONYMOUS must be 1 or 0, not \(Excerpt.quoted(anonymous)).")
            }
        }
        switch (uid, isAnonymous) {
        case (nil, false):
            if claims != nil {
                throw .invalidArgument("HEARTH_AS_CLAIMS needs HEARTH_AS_UID (the user they belong to).")
            }
            return .admin
        case (nil, true):
            return .unauthenticated
        case (_?, true):
            throw .invalidArgument("HEARTH_AS_UID and HEARTH_AS_ANONYMOUS exclude each other.")
        case (let uid?, false):
            do {
                return try AuthContext.user(uid, claimsJSON: claims ?? "{}")
            } catch {
                throw .invalidArgument("HEARTH_AS_UID/HEARTH_AS_CLAIMS: \(error.message)")
            }
        }
    }

    private static func cacheSelection(_ text: String) throws(DocumentStoreError) -> CacheSelection {
        switch text.lowercased() {
        case "off": return .off
        case "memory": return .memory
        case "file": return .file(CacheSelection.defaultDirectory)
        default:
            if text.hasPrefix("file:"), let path = String(text.dropFirst("file:".count)).nonBlank {
                return .file(path)
            }
            throw .invalidArgument(
                "HEARTH_CACHE must be off, memory, file or file:<directory>, not \(Excerpt.quoted(text)).")
        }
    }

    private static func authSelection(
        _ text: String, store: StoreSelection, value: (String) -> String?
    ) throws(DocumentStoreError) -> AuthSelection {
        switch text.lowercased() {
        case "memory":
            return .memory
        case "firebase":
            return .firebase(apiKey: value("FIREBASE_API_KEY"), emulatorHost: value("FIREBASE_AUTH_EMULATOR_HOST"))
        case "file":
            if case .file(let directory) = store { return .file(besideStoreIn: directory) }
            return .file(besideStoreIn: URL(fileURLWithPath: StoreSelection.defaultDirectory))
        default:
            if text.hasPrefix("file:"), let path = String(text.dropFirst("file:".count)).nonBlank {
                return .file(directory: URL(fileURLWithPath: path))
            }
            throw .invalidArgument(
                "HEARTH_AUTH must be memory, file, file:<directory> or firebase, not \(Excerpt.quoted(text)).")
        }
    }

    private static func storeSelection(
        _ text: String,
        environment: [String: String],
        value: (String) -> String?
    ) throws(DocumentStoreError) -> StoreSelection {
        switch text.lowercased() {
        case "memory":
            return .memory
        case "file":
            return .default
        case "firestore":
            let emulatorHost = value("FIRESTORE_EMULATOR_HOST")
            guard
                let projectID = value("GOOGLE_CLOUD_PROJECT") ?? value("GCLOUD_PROJECT")
                    ?? (emulatorHost == nil ? nil : "demo-hearth")
            else {
                throw .invalidArgument(
                    "HEARTH_STORE=firestore needs a project: set GOOGLE_CLOUD_PROJECT (or FIRESTORE_EMULATOR_HOST for the emulator)."
                )
            }
            return .firestore(
                FirestoreTarget(
                    projectID: projectID,
                    databaseID: value("FIRESTORE_DATABASE") ?? DatabaseID.defaultDatabase,
                    emulatorHost: emulatorHost,
                    environment: environment
                )
            )
        default:
            if text.hasPrefix("file:") {
                let path = String(text.dropFirst("file:".count))
                guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw .invalidArgument(
                        "HEARTH_STORE=file: needs a directory, for example file:\(StoreSelection.defaultDirectory).")
                }
                return .file(path)
            }
            throw .invalidArgument(
                "HEARTH_STORE must be memory, file:<directory> or firestore, not \(Excerpt.quoted(text)).")
        }
    }
}
