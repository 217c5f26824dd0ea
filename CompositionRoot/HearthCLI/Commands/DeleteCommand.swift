import Hearth

/// `hearth delete <path> [--recursive]`
struct DeleteCommand: Command {
    static let name = "delete"
    static let summary = "Delete a document, or with --recursive everything under a path"
    static let help = """
        Usage: hearth delete <document-path> [--recursive]
               hearth delete <collection-path> --recursive

        Deletes the document (deleting a missing document succeeds). Its subcollections are kept unless
        --recursive is given; with --recursive a collection path deletes every document of the
        collection and everything under them.

        Options:
          --recursive      also delete subcollections, at any depth (not atomic: in batches)
          -h, --help       show this help

        Example:
          hearth delete members/ana
          hearth delete classes --recursive
        """

    enum Target {
        case document(DocumentPath)
        case collection(CollectionPath)
    }

    let target: Target
    let recursive: Bool

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        recursive = try arguments.flag("--recursive")
        let text = try arguments.positionals(exactly: "<path>")[0]
        if UTF8Split.split(text, separator: UInt8(ascii: "/")).count % 2 == 1 {
            let collection = try Inputs.collectionPath(text)
            guard recursive else {
                throw .usage("\(collection) is a collection; add --recursive to delete all its documents")
            }
            target = .collection(collection)
        } else {
            target = .document(try Inputs.documentPath(text))
        }
    }

    func run(_ context: CommandContext) async throws {
        let database = try context.database()
        switch target {
        case .document(let path):
            if recursive {
                try await database.recursiveDelete(database.document(path))
                context.console.print("deleted \(path) and everything under it")
            } else {
                try await database.document(path).delete()
                context.console.print("deleted \(path)")
            }
        case .collection(let path):
            try await database.recursiveDelete(database.collection(path))
            context.console.print("deleted every document of \(path) and everything under them")
        }
    }
}
