import Foundation
import GymApplication
import GymDomain
import Hearth
import HearthInMemory

/// `hearth demo`
struct DemoCommand: Command {
    static let name = "demo"
    static let summary = "Run the gym teaching scenario on the configured store"
    static let help = """
        Usage: hearth demo

        Runs the teaching example (the gym of the course: Docs/Examples/Gym) through its own use cases on
        the configured store, narrating each step: the front desk's login (on an in-memory auth gateway,
        with one mistyped password shown refused), membership plans, members with a unique email index,
        ordered and filtered lists, text search, soft delete, counts, a recurring class schedule written
        in one batch and cancelled by its recurrence group, and attendance by date range.

        The data stays in the store: by default the file store in ./\(StoreSelection.defaultDirectory), so a
        second run finds the first run's members. Other stores, one variable away:
          HEARTH_STORE=memory hearth demo
          HEARTH_STORE=firestore FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 GOOGLE_CLOUD_PROJECT=demo-gym hearth demo

        Options:
          -h, --help       show this help
        """

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        let positionals = try arguments.positionals()
        guard positionals.isEmpty else { throw .usage("takes no arguments, got \(Excerpt.of(positionals[0]))") }
    }

    func run(_ context: CommandContext) async throws {
        let console = context.console
        let database = try context.database()
        console.print(
            "Hearth demo: the gym of the course, on the \(context.configuration.store.summary) store (\(context.configuration.profile))."
        )
        console.flush()
        // The staff accounts live in memory for the run: swapping the gateway is this one line.
        let demo = GymDemo(database: database, auth: InMemoryAuthGateway(projectID: "demo-gym")) { line in
            console.print(line)
            console.flush()
        }
        do {
            try await demo.run()
        } catch let error as GymError {
            throw CommandFailure.failed("the gym reported \(error)")
        }
        console.print("")
        switch context.configuration.store {
        case .memory:
            console.print(
                "Done. The memory store forgets everything at exit; try the file store: hearth demo (HEARTH_STORE unset)."
            )
        case .file(let directory):
            console.print(
                "Done. The data is in \(directory.relativePath): run hearth demo again to find it, or look around:")
            console.print("  hearth collections · hearth query members --order-by paternalLastName · hearth export")
        case .firestore:
            console.print(
                "Done. The data is in Firestore: run hearth demo again to find it, or try hearth query members.")
        }
    }
}
