import Hearth
import HearthFirestoreCodec

/// A command whose arguments are exactly the ``QueryOptions`` (`query`, `count`).
protocol QueryingCommand: Command {
    /// The command with its parsed options.
    init(options: QueryOptions)
}

extension QueryingCommand {
    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        self.init(options: try QueryOptions(parsing: &arguments))
    }
}

/// The query options `query` and `count` share: what to query, filters, orders and a limit.
struct QueryOptions {
    struct Condition {
        let field: FieldPath
        let op: FilterOperator
        let value: Value
    }

    struct Ordering {
        let field: FieldPath
        let descending: Bool
    }

    static let help = """
          --where 'FIELD OP VALUE'   a filter (repeatable; all must hold). OP is one of ==, !=, <, <=, >,
                                     >=, array-contains, array-contains-any, in, not-in; VALUE is JSON
                                     ("Ana", 30, true, ["a","b"]; --typed: a REST value). FIELD is a
                                     dotted path (address.city), `backticks` for other names, or __name__.
          --order-by FIELD [asc|desc]  an order (repeatable; default ascending)
          --limit N                  at most N results
          --collection-group         query every collection with this ID, at any depth
          --typed                    VALUEs are Firestore REST values (and query prints REST documents)
        """

    /// The usage line of the help of `hearth <command>` taking these options.
    static func usage(_ command: String) -> String {
        let indent = String(repeating: " ", count: "Usage: hearth \(command) ".count)
        return """
            Usage: hearth \(command) <collection-path> [--where 'FIELD OP VALUE']… [--order-by FIELD [asc|desc]]…
            \(indent)[--limit N] [--collection-group] [--typed]
            """
    }

    let target: String
    /// The document to watch, when the command accepts one (`watch`) and `target` is a document path.
    let document: DocumentPath?
    let collectionGroup: Bool
    let conditions: [Condition]
    let orderings: [Ordering]
    let limit: Int?
    /// Whether values are Firestore REST JSON (`--typed`), in and out.
    let typed: Bool

    /// Reads the options and one `<collection-path>`; with `allowsDocument`, a document path instead
    /// (then no filter, order or limit may be given).
    init(parsing arguments: inout Arguments, allowsDocument: Bool = false) throws(CommandFailure) {
        let collectionGroup = try arguments.flag("--collection-group")
        let typed = try arguments.flag("--typed")
        var conditions: [Condition] = []
        for clause in try arguments.options("--where") { conditions.append(try Self.condition(clause, typed: typed)) }
        var orderings: [Ordering] = []
        for (field, direction) in try arguments.options("--order-by", optionalWord: ["asc", "desc"]) {
            orderings.append(try Self.ordering(field, direction: direction))
        }
        var limit: Int?
        if let text = try arguments.option("--limit") {
            guard let value = Int(text), value > 0 else {
                throw .usage("--limit needs a positive integer, not \(Excerpt.quoted(text))")
            }
            limit = value
        }
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw .usage(
                positionals.isEmpty
                    ? "missing <collection-path>" : "expected one <collection-path>, got \(positionals.count) arguments"
            )
        }
        let target = positionals[0]
        var document: DocumentPath?
        if allowsDocument, !collectionGroup, UTF8Split.split(target, separator: UInt8(ascii: "/")).count % 2 == 0 {
            guard conditions.isEmpty, orderings.isEmpty, limit == nil else {
                throw .usage(
                    "\(Excerpt.quoted(target)) is a document: --where, --order-by and --limit apply to collections")
            }
            document = try Inputs.documentPath(target)
        } else if collectionGroup {
            guard !UTF8Split.contains(target, UInt8(ascii: "/")) else {
                throw .usage(
                    "with --collection-group, give a collection ID (no slashes), not \(Excerpt.quoted(target))")
            }
        } else {
            _ = try Inputs.collectionPath(target)
        }
        self.target = target
        self.document = document
        self.collectionGroup = collectionGroup
        self.conditions = conditions
        self.orderings = orderings
        self.limit = limit
        self.typed = typed
    }

    /// The validated query and then the opened store: an invalid query is a usage error, found before
    /// the store is opened.
    func open(in context: CommandContext) throws -> (database: Database, builder: QueryBuilder) {
        let query = try builder(database: context.databaseID)
        return (try context.database(), query)
    }

    /// The query, validated: an invalid query is a usage error, found before anything is opened.
    func builder(database: DatabaseID) throws(CommandFailure) -> QueryBuilder {
        do {
            var builder =
                collectionGroup
                ? try QueryBuilder(database: database, collectionGroup: target)
                : QueryBuilder(database: database, collection: try CollectionPath(target))
            for condition in conditions {
                builder = builder.whereField(condition.field, condition.op, .value(condition.value))
            }
            for ordering in orderings { builder = builder.order(by: ordering.field, descending: ordering.descending) }
            if let limit { builder = builder.limit(to: limit) }
            _ = try builder.build()
            return builder
        } catch {
            throw .usage(error.message)
        }
    }

    /// Parses `field op value`.
    static func condition(_ clause: String, typed: Bool) throws(CommandFailure) -> Condition {
        // Scanned by Unicode scalars: a backtick or a space followed by a combining mark is one Character.
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        let scalars = Substring(clause).unicodeScalars
        let fieldStart = scalars.firstIndex { !isSpace($0) } ?? scalars.endIndex
        var fieldEnd = fieldStart
        var inBackticks = false
        var escaped = false
        while fieldEnd < scalars.endIndex {
            let scalar = scalars[fieldEnd]
            if escaped {
                escaped = false
            } else if inBackticks, scalar == "\\" {
                escaped = true
            } else if scalar == "`" {
                inBackticks.toggle()
            } else if !inBackticks, isSpace(scalar) {
                break
            }
            fieldEnd = scalars.index(after: fieldEnd)
        }
        let fieldText = String(Substring(scalars[fieldStart..<fieldEnd]))
        let rest = scalars[fieldEnd...].drop(while: isSpace)
        let opEnd = rest.firstIndex(where: isSpace) ?? rest.endIndex
        let opText = String(Substring(rest[..<opEnd]))
        let valueText = String(Substring(rest[opEnd...].drop(while: isSpace)))
        guard !fieldText.isEmpty, !opText.isEmpty, !valueText.isEmpty else {
            throw .usage("--where \(Excerpt.quoted(clause)) must be 'FIELD OP VALUE', e.g. --where 'age >= 18'")
        }
        let field = try Inputs.fieldPath(fieldText)
        let op: FilterOperator
        do {
            op = try FilterOperator(symbol: opText)
        } catch {
            throw .usage("--where \(Excerpt.quoted(clause)): \(error.message)")
        }
        let json = try PlainJSON.parse(valueText, what: "the value of --where '\(clause)'")
        let value = try Inputs.value(json, typed: typed, what: "the value of --where '\(clause)'")
        return Condition(field: field, op: op, value: value)
    }

    static func ordering(_ text: String, direction: String?) throws(CommandFailure) -> Ordering {
        var field = text
        var direction = direction
        let words = UTF8Split.split(text, separator: UInt8(ascii: " ")).filter { !$0.isEmpty }
        if direction == nil, words.count == 2, let last = words.last, ["asc", "desc"].contains(last.lowercased()) {
            field = words[0]
            direction = last.lowercased()
        }
        return Ordering(field: try Inputs.fieldPath(field), descending: direction == "desc")
    }
}
