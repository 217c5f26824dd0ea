import Hearth

/// `hearth collections [document-path]`
struct CollectionsCommand: Command {
    static let name = "collections"
    static let summary = "List the root collections, or a document's subcollections"
    static let help = """
        Usage: hearth collections [<document-path>]

        Prints the IDs of the root collections (or of the subcollections of the document), one per line,
        in UTF-8 order. A collection exists while it holds a document, at any depth.

        Options:
          -h, --help       show this help

        Example:
          hearth collections
          hearth collections members/ana
        """

    let parent: DocumentPath?

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        parent = try arguments.optionalPositional("<document-path>", dashMeansStandardInput: false).map {
            text throws(CommandFailure) in try Inputs.documentPath(text)
        }
    }

    func run(_ context: CommandContext) async throws {
        let database = try context.database()
        let collections =
            if let parent { try await database.document(parent).collections() } else {
                try await database.collections()
            }
        for collection in collections { context.console.print(collection.collectionID) }
    }
}
