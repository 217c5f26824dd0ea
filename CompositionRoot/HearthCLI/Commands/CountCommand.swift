import Hearth

/// `hearth count <collection> [query options]`
struct CountCommand: Command {
    static let name = "count"
    static let summary = "Count the documents matching a query (computed by the store)"
    static let help = """
        Usage: hearth count <collection-path> [--where 'FIELD OP VALUE']… [--order-by FIELD [asc|desc]]…
                            [--limit N] [--collection-group] [--typed]

        Prints the number of matching documents, computed by the store without reading them (an
        aggregation). Takes the same options as query; --limit counts up to N.

        Options:
        \(QueryOptions.help)
          -h, --help                 show this help

        Example:
          hearth count members --where 'isActive == true'
        """

    let options: QueryOptions

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        options = try QueryOptions(parsing: &arguments)
    }

    func run(_ context: CommandContext) async throws {
        let builder = try options.builder(database: context.databaseID)
        let database = try context.database()
        let snapshot = try await Query(database: database, builder: builder).count.getAggregation()
        context.console.print("\(snapshot.countValue ?? 0)")
    }
}
