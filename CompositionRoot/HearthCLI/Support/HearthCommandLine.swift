import Hearth

/// The `hearth` command: picks the subcommand, parses its arguments, reads the configuration, runs it,
/// and turns every outcome into an exit status (0 done, 1 failed, 2 usage error).
enum HearthCommandLine {
    static var commands: [any Command.Type] {
        [
            DemoCommand.self, GetCommand.self, SetCommand.self, UpdateCommand.self, DeleteCommand.self,
            QueryCommand.self,
            CountCommand.self, CollectionsCommand.self, ExportCommand.self, ImportCommand.self, WatchCommand.self,
            AuthCommand.self, RulesCommand.self,
        ]
    }

    static var help: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  " + $0.name.padding(width) + "  " + $0.summary }.joined(separator: "\n")
        return """
            hearth: Cloud Firestore's data model on your machine — a file store, memory, or Firestore itself.

            Usage: hearth <command> [arguments] [options]
                   hearth <command> --help
                   hearth help <command>

            Commands:
            \(list)

            Values are plain JSON by default: a number with a fraction or an exponent is a double, one
            without is an integer. --typed reads and prints Firestore REST JSON, which keeps timestamps,
            bytes, references and geo points.

            Environment:
            \(HearthConfiguration.environmentHelp.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
              HEARTH_PROGRESS          bar | lines | off (default: a bar when stderr is a terminal)

            Every command runs as the user signed in with hearth auth (on Firestore, under its security
            rules; on a local store, under HEARTH_RULES when set); --admin runs it with admin rights instead.
            On a local store with HEARTH_RULES, or on the emulator, --as-uid <uid> [--claims '<JSON
            object>'] runs it as that user without signing in (the emulator gets an unsigned ID token),
            and --anonymous unauthenticated (request.auth == null); a request the rules deny exits 1
            with PERMISSION_DENIED.

            Exit status: 0 done, 1 failed (the store's error, a missing document), 2 bad arguments,
            input or configuration (nothing is written).
            """
    }

    /// Runs `hearth` with `arguments` (without the program name) and returns the exit status.
    static func main(arguments: [String], environment: [String: String]) async -> Int32 {
        let console = Console()
        defer { console.flush() }
        guard let first = arguments.first else {
            console.printError("hearth: missing command (try hearth --help)")
            return CommandFailure.usageStatus
        }
        if first == "--help" || first == "-h" {
            console.print(help)
            return 0
        }
        if first == "help" {
            guard arguments.count <= 2 else {
                console.printError("hearth help: expected at most one command name")
                return CommandFailure.usageStatus
            }
            guard let name = arguments.dropFirst().first else {
                console.print(help)
                return 0
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                console.printError("hearth help: unknown command \(name) (try hearth --help)")
                return CommandFailure.usageStatus
            }
            console.print(command.help)
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = first.hasPrefix("-") ? "unknown option \(first)" : "unknown command \(first)"
            console.printError("hearth: \(hint) (try hearth --help)")
            return CommandFailure.usageStatus
        }
        return await run(command, arguments: Array(arguments.dropFirst()), environment: environment, console: console)
    }

    private static func run(
        _ command: any Command.Type, arguments: [String], environment: [String: String], console: Console
    ) async -> Int32 {
        var reader = Arguments(arguments, command: command.name)
        let admin: Bool
        let caller: (uid: String?, claims: String?, anonymous: Bool)
        do {
            admin = try reader.flag("--admin")
            caller = (try reader.option("--as-uid"), try reader.option("--claims"), try reader.flag("--anonymous"))
        } catch {
            console.printError("hearth \(command.name): \(error.message)")
            return CommandFailure.usageStatus
        }
        if reader.wantsHelp {
            console.print(command.help)
            return 0
        }
        var context: CommandContext?
        do {
            let parsed = try command.init(parsing: &reader)
            var configuration: HearthConfiguration
            do {
                configuration = try HearthConfiguration.fromEnvironment(environment)
                // A command returns once the cache keeps a write, then gives it a few seconds to reach
                // the store (sendPendingWrites): it never hangs offline.
                configuration.cachedWritesWaitForServer = false
                if let acting = try actingAs(caller) { configuration.actingAs = acting }
                if admin { configuration.actingAs = .admin }
                try configuration.validate()
            } catch {
                throw CommandFailure.usage(error.message)
            }
            let created = CommandContext(
                configuration: configuration, environment: environment, console: console, admin: admin)
            context = created
            try await parsed.run(created)
            await created.sendPendingWrites()
            try await created.keepUserSession()
            console.flush()
            try await created.openedDatabase?.close()
            return 0
        } catch {
            try? await context?.keepUserSession()
            try? await context?.openedDatabase?.close()
            let failure: CommandFailure =
                switch error {
                case let failure as CommandFailure: failure
                case let storeError as DocumentStoreError: .from(storeError)
                case let authError as AuthError: .from(authError)
                default: .failed("\(error)")
                }
            let suffix = failure.status == CommandFailure.usageStatus ? " (see hearth \(command.name) --help)" : ""
            console.printError("hearth \(command.name): \(failure.message.replacingNewlines)\(suffix)")
            return failure.status
        }
    }
}

extension HearthCommandLine {
    /// The caller `--as-uid`, `--claims` and `--anonymous` name, or `nil` when none is given (the
    /// environment's `HEARTH_AS_*` then apply). Throws `invalidArgument` for a contradiction or bad claims.
    static func actingAs(
        _ caller: (uid: String?, claims: String?, anonymous: Bool)
    ) throws(DocumentStoreError) -> AuthContext? {
        switch (caller.uid, caller.anonymous) {
        case (nil, false):
            if caller.claims != nil { throw .invalidArgument("--claims needs --as-uid (the user they belong to).") }
            return nil
        case (nil, true):
            if caller.claims != nil { throw .invalidArgument("--claims and --anonymous exclude each other.") }
            return .unauthenticated
        case (_?, true):
            throw .invalidArgument("--as-uid and --anonymous exclude each other.")
        case (let uid?, false):
            return try AuthContext.user(uid, claimsJSON: caller.claims ?? "{}")
        }
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The text on one line.
    var replacingNewlines: String {
        split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
