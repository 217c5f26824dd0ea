public import HearthDomain
public import HearthPort

/// Where the Firestore store goes: a project (and database), through the emulator or not, with which
/// credentials.
public struct FirestoreTarget: Sendable {
    /// The Google Cloud project ID (`GOOGLE_CLOUD_PROJECT`). IDs starting with `demo-` can never reach
    /// production, which is why development insists on them.
    public var projectID: String
    /// The database ID (`FIRESTORE_DATABASE`; default `(default)`).
    public var databaseID: String
    /// `host:port` of the Firestore emulator (`FIRESTORE_EMULATOR_HOST`), or `nil` for Firestore itself.
    public var emulatorHost: String?
    /// The credentials; `nil` (the default) reads them from ``environment`` as the REST adapter's
    /// `FirestoreRESTConfiguration.fromEnvironment` does: `Bearer owner` with the emulator, otherwise
    /// `FIRESTORE_ACCESS_TOKEN`, else `FIRESTORE_TOKEN_COMMAND`, else the metadata server.
    public var tokenProvider: (any TokenProvider)?
    /// The other settings the REST adapter reads (`FIRESTORE_BASE_URL`, `FIRESTORE_REQUEST_TIMEOUT`, the
    /// credential variables). The three properties above win over the same variables here.
    public var environment: [String: String]

    /// A target; see each property for its meaning and default.
    public init(
        projectID: String,
        databaseID: String = DatabaseID.defaultDatabase,
        emulatorHost: String? = nil,
        tokenProvider: (any TokenProvider)? = nil,
        environment: [String: String] = [:]
    ) {
        self.projectID = projectID
        self.databaseID = databaseID
        self.emulatorHost = emulatorHost
        self.tokenProvider = tokenProvider
        self.environment = environment
    }

    /// The emulator at `host` (`127.0.0.1:8080`) for a `demo-` project (default `demo-hearth`).
    public static func emulator(host: String, projectID: String = "demo-hearth") -> FirestoreTarget {
        FirestoreTarget(projectID: projectID, emulatorHost: host)
    }

    /// The environment handed to the REST adapter: ``environment`` with this target's project, database
    /// and emulator host written over it.
    var restEnvironment: [String: String] {
        var environment = self.environment
        environment["GOOGLE_CLOUD_PROJECT"] = projectID
        environment["GCLOUD_PROJECT"] = nil
        environment["FIRESTORE_DATABASE"] = databaseID
        environment["FIRESTORE_EMULATOR_HOST"] = emulatorHost
        return environment
    }
}
