import Hearth

/// `hearth count <collection> [query options]`
struct CountCommand: QueryingCommand {
    static let name = "count"
    static let summary = "Count the documents matching a query (computed by the store)"
    static let help = """
        \(QueryOptions.usage(name))

        Prints the number of matching documents, computed by the store without reading them (an
        aggregation). Takes the same options as query; --limit counts up to N.

        Options:
        \(QueryOptions.help)
          -h, --help                 show this help

        Example:
          hearth count members --where 'isActive == true'
        """

    let options: QueryOptions

    func run(_ context: CommandContext) async throws {
        let (database, builder) = try options.open(in: context)
        let snapshot = try await Query(database: database, builder: builder).count.getAggregation()
        context.console.print("\(snapshot.countValue ?? 0)")
    }
}
