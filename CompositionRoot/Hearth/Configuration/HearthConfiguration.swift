public import HearthDomain

/// Everything the composition root needs to build a `Database`: which store, which profile, which
/// policies. Read it from the environment (``fromEnvironment(_:)``) or build it in code; then
/// ``makeDatabase(options:)``.
///
/// ```swift
/// let db = try HearthConfiguration(store: .memory).makeDatabase()
/// // let db = try HearthConfiguration(store: .file(".hearth/data")).makeDatabase()
/// // let db = try HearthConfiguration(store: .firestore(.emulator(host: "127.0.0.1:8080"))).makeDatabase()
/// // let db = try HearthConfiguration(
/// //     store: .firestore(.emulator(host: "127.0.0.1:8080")), cache: .file(".hearth/cache")).makeDatabase()
/// ```
///
/// The profile's rules (``HearthProfile``) are checked by ``validate()``, which the factories call
/// before opening anything.
public struct HearthConfiguration: Sendable {
    /// Which adapter holds the data (default ``StoreSelection/default``: the file store in `.hearth/data`).
    public var store: StoreSelection
    /// Development or production (default ``HearthProfile/development``).
    public var profile: HearthProfile
    /// Lets the development profile reach a production Firestore project (default `false`;
    /// `HEARTH_ALLOW_PRODUCTION=1`).
    public var allowsProduction: Bool
    /// The database identity of the local stores (memory, file): reference values and exported document
    /// names use it. Default `demo-hearth`, `(default)`. Firestore uses its target's project instead.
    public var localDatabase: DatabaseID
    /// How the local stores (memory, file) retry failed calls (default `RetryPolicy.default`).
    /// The Firestore REST store retries with its own policy, so it is not wrapped.
    public var retryPolicy: RetryPolicy
    /// When set, every store call is logged through it (``LoggingDocumentStore``); `nil` (the default)
    /// logs nothing.
    public var logger: (any HearthLogger)?
    /// Which adapter signs users in (`HEARTH_AUTH`); `nil` (the default) picks the one matching
    /// ``store``: see ``effectiveAuth``.
    public var auth: AuthSelection?
    /// The offline cache in front of ``store`` (`HEARTH_CACHE`; default ``CacheSelection/off``): see
    /// ``makeStore()``.
    public var cache: CacheSelection
    /// With a ``cache``: whether an awaited write returns once the server has it (`true`, the default, as
    /// in Firebase: offline it waits, and a rejection is thrown) or once the cache keeps it (`false`: the
    /// server's verdict comes later; what the `hearth` command uses, so that it never hangs offline).
    public var cachedWritesWaitForServer = true
    /// The security rules the local stores (memory, file) enforce for ``actingAs`` (`HEARTH_RULES`); `nil`
    /// (the default): none. The Firestore REST store leaves rules to the server.
    public var rules: RulesSource?
    /// Who the store's requests are made as (`HEARTH_AS_UID`, `HEARTH_AS_CLAIMS`, `HEARTH_AS_ANONYMOUS`):
    /// `AuthContext.admin` (the default) bypasses ``rules``, as the server SDKs do; a user or
    /// `unauthenticated` is checked against them on every request of a local store, and on the Firestore
    /// emulator sends an unsigned ID token (or none) so that the emulator's rules decide (see
    /// ``makeStore()``).
    public var actingAs: AuthContext = .admin

    /// A configuration; see each property for its default.
    public init(
        store: StoreSelection = .default,
        profile: HearthProfile = .development,
        allowsProduction: Bool = false,
        localDatabase: DatabaseID = HearthConfiguration.defaultLocalDatabase,
        retryPolicy: RetryPolicy = .default,
        logger: (any HearthLogger)? = nil,
        auth: AuthSelection? = nil,
        cache: CacheSelection = .off,
        rules: RulesSource? = nil,
        actingAs: AuthContext = .admin
    ) {
        self.rules = rules
        self.actingAs = actingAs
        self.store = store
        self.profile = profile
        self.allowsProduction = allowsProduction
        self.localDatabase = localDatabase
        self.retryPolicy = retryPolicy
        self.logger = logger
        self.auth = auth
        self.cache = cache
    }

    /// ``auth``, or when it is `nil` the adapter matching ``store``: memory for memory, the file adapter
    /// in the file store's `auth` folder for the file store, Firebase Authentication (with the target's
    /// `FIREBASE_AUTH_EMULATOR_HOST` and `FIREBASE_API_KEY`) for Firestore.
    public var effectiveAuth: AuthSelection {
        if let auth { return auth }
        switch store {
        case .memory: return .memory
        case .file(let directory): return .file(besideStoreIn: directory)
        case .firestore(let target):
            return .firebase(
                apiKey: target.environment["FIREBASE_API_KEY"].flatMap(\.nonBlank),
                emulatorHost: target.environment["FIREBASE_AUTH_EMULATOR_HOST"].flatMap(\.nonBlank))
        }
    }

    /// `projects/demo-hearth/databases/(default)`.
    public static let defaultLocalDatabase = DatabaseID(literalProjectID: "demo-hearth")
}

extension String {
    /// The text trimmed of spaces, or `nil` when nothing is left.
    var nonBlank: String? {
        let trimmed = trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}
