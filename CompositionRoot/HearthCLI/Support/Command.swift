import Hearth

/// One `hearth` subcommand: parsed completely (and so validated) before anything is opened, then run.
protocol Command {
    /// The word that selects the command (`get`).
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }

    /// Reads the command's arguments; throws ``CommandFailure/usage(_:)`` for anything wrong with them.
    init(parsing arguments: inout Arguments) throws(CommandFailure)

    /// Runs the command.
    func run(_ context: CommandContext) async throws
}

/// What a running command may use.
final class CommandContext {
    let configuration: HearthConfiguration
    let environment: [String: String]
    let console: Console
    /// `--admin`: run with admin rights rather than as the signed-in user.
    let admin: Bool
    private(set) var openedDatabase: Database?
    /// The signed-in user's session holder the opened store takes its tokens from, if any.
    private(set) var userSession: (holder: AuthSession, kept: Session)?

    init(configuration: HearthConfiguration, environment: [String: String], console: Console, admin: Bool = false) {
        self.configuration = configuration
        self.environment = environment
        self.console = console
        self.admin = admin
    }

    /// Opens the configured store (once). On Firestore, unless ``admin``, a session kept by
    /// `hearth auth signin` makes every request carry that user's ID token (refreshed through the auth
    /// gateway when it nears expiry), so security rules apply; without one, the configured credentials
    /// are used as before. On a local store with security rules (`HEARTH_RULES`), unless ``admin`` or
    /// another caller was named (`--as-uid`, `--anonymous`, `HEARTH_AS_*`), the signed-in user is the
    /// caller the rules check.
    func database() throws -> Database {
        if let openedDatabase { return openedDatabase }
        var configuration = self.configuration
        if !admin, configuration.rules != nil, configuration.actingAs == .admin, !configuration.isFirestore,
            let kept = try storedSession?.load()
        {
            configuration.actingAs = AuthContext(session: kept)
        }
        if !admin, case .firestore(var target) = configuration.store, let kept = try storedSession?.load() {
            let holder = AuthSession(gateway: try authGateway(), session: kept)
            target.tokenProvider = holder
            configuration.store = .firestore(target)
            userSession = (holder, kept)
        }
        let database = try configuration.makeDatabase()
        openedDatabase = database
        return database
    }

    /// Keeps the signed-in user's session when the run refreshed it (the refresh token may rotate), or
    /// removes it when the run found it ended.
    func keepUserSession() async throws {
        guard let (holder, kept) = userSession, let stored = storedSession else { return }
        guard let current = await holder.currentSession else { return try stored.remove() }
        if current != kept { try stored.save(current) }
    }

    /// The configured auth gateway (`HEARTH_AUTH`, by default the one matching the store).
    func authGateway() throws(AuthError) -> any AuthGateway {
        try configuration.makeAuthGateway()
    }

    /// Where the signed-in session is kept, or `nil` for the memory store (which keeps none).
    var storedSession: StoredSession? {
        configuration.sessionFile.map(StoredSession.init(file:))
    }

    /// The database the commands address, known before the store is opened (queries and reference
    /// values are built against it).
    var databaseID: DatabaseID {
        if case .firestore(let target) = configuration.store,
            let database = try? DatabaseID(projectID: target.projectID, databaseID: target.databaseID)
        {
            return database
        }
        return configuration.localDatabase
    }

    /// How progress is shown: `HEARTH_PROGRESS` (`bar`, `lines`, `off`), else a bar on a terminal and
    /// lines otherwise.
    var progressStyle: ProgressReporter.Style {
        switch environment["HEARTH_PROGRESS"]?.lowercased() {
        case "bar": .bar
        case "lines": .lines
        case "off", "none": .off
        default: console.standardErrorIsTerminal ? .bar : .lines
        }
    }
}

extension HearthConfiguration {
    /// Whether the store is Firestore (rather than memory or a file).
    var isFirestore: Bool {
        if case .firestore = store { return true }
        return false
    }
}
