import Hearth
import HearthFirestoreCodec

/// `hearth query <collection> [--where …]… [--order-by …]… [--limit N] [--collection-group] [--typed]`
struct QueryCommand: QueryingCommand {
    static let name = "query"
    static let summary = "Print the documents matching a query, one JSON line each"
    static let help = """
        \(QueryOptions.usage(name))

        Prints each matching document on its own line: {"path":"members/ana","fields":{…}} in plain
        JSON, or with --typed the Firestore REST document (the format export writes and import reads).

        Options:
        \(QueryOptions.help)
          -h, --help                 show this help

        Examples:
          hearth query members --where 'isActive == true' --order-by paternalLastName
          hearth query classes --where 'duracionMin >= 60' --order-by fecha desc --limit 3
          hearth query visits --collection-group --where 'tags array-contains-any ["yoga","box"]'
        """

    let options: QueryOptions

    func run(_ context: CommandContext) async throws {
        let (database, builder) = try options.open(in: context)
        let built = try builder.build()
        for try await element in database.store.runQuery(parent: built.parent, query: built.query, consistency: .latest)
        {
            guard let document = element.document else { continue }
            let json =
                options.typed
                ? try Outputs.typedDocument(document, database: database.databaseID) : Outputs.plainDocument(document)
            var writer = JSONWriter()
            writer.write(json)
            context.console.write(writer.bytes)
            context.console.write([UInt8(ascii: "\n")])
        }
    }
}
