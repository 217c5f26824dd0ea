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
    private(set) var openedDatabase: Database?

    init(configuration: HearthConfiguration, environment: [String: String], console: Console) {
        self.configuration = configuration
        self.environment = environment
        self.console = console
    }

    /// Opens the configured store (once).
    func database() throws -> Database {
        if let openedDatabase { return openedDatabase }
        let database = try configuration.makeDatabase()
        openedDatabase = database
        return database
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
