import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// Drives ``QueryBuilder`` with the clauses of a `query` vector, in order.
enum QueryVector {
    static func encodedQuery(_ input: VectorInput) throws -> JSON {
        let collectionName = try input.string("collPath")
        let parsed: ResourceName.Parsed
        do {
            parsed = try ResourceName.parse(collectionName)
        } catch {
            throw HarnessError("'collPath' is not a resource name: \(error.message)")
        }
        guard let collection = parsed.collectionPath else {
            throw HarnessError("'collPath' does not name a collection.")
        }
        let clauses = try VectorInput.repeated(input.body, "clauses")

        var query = QueryBuilder(database: parsed.database, collection: collection)
        for clause in clauses {
            query = try apply(clause, to: query, database: parsed.database)
        }
        let built = try query.build()
        return RESTQueryCodec.encodeStructuredQuery(built.query, database: parsed.database)
    }

    private static func apply(_ clause: JSON, to query: QueryBuilder, database: DatabaseID) throws -> QueryBuilder {
        guard case .object(let object) = clause, object.count == 1, let member = object.members.first else {
            throw HarnessError("A clause must be an object with one member: \(JSONWriter.string(clause)).")
        }
        let body = member.value
        switch member.key {
        case "select":
            guard case .object(let select) = body else { throw HarnessError("Bad select clause.") }
            var paths: [FieldPath] = []
            for field in try VectorInput.repeated(select, "fields") { paths.append(try VectorInput.fieldPath(field)) }
            return query.select(paths)
        case "where":
            guard case .object(let filter) = body, let path = filter["path"], case .string(let symbol)? = filter["op"],
                case .string(let valueText)? = filter["jsonValue"]
            else { throw HarnessError("Bad where clause.") }
            // Ruby's vectors spell equality "=" (its SDK accepts both); every other symbol goes to Hearth.
            let op = try FilterOperator(symbol: symbol == "=" ? "==" : symbol)
            return query.whereField(
                try VectorInput.fieldPath(path), op, try VectorInput.userData(text: valueText, what: "jsonValue"))
        case "orderBy":
            guard case .object(let order) = body, let path = order["path"] else {
                throw HarnessError("Bad orderBy clause.")
            }
            let descending: Bool
            switch order["direction"] {
            case nil, .string("asc")?: descending = false
            case .string("desc")?: descending = true
            default: throw HarnessError("Unsupported orderBy direction in \(JSONWriter.string(body)).")
            }
            return query.order(by: try VectorInput.fieldPath(path), descending: descending)
        case "offset":
            return query.offset(try integer(body, "offset"))
        case "limit":
            return query.limit(to: try integer(body, "limit"))
        case "startAt", "startAfter", "endAt", "endBefore":
            return try cursor(member.key, body, on: query, database: database)
        default:
            throw HarnessError("Unknown query clause '\(member.key)'.")
        }
    }

    private static func cursor(
        _ name: String, _ body: JSON, on query: QueryBuilder, database: DatabaseID
    ) throws -> QueryBuilder {
        guard case .object(let object) = body else { throw HarnessError("Bad \(name) clause.") }
        if let snapshotJSON = object["docSnapshot"] {
            let snapshot = VectorInput(body: try objectValue(snapshotJSON, name))
            let document = CursorDocument(
                path: try snapshot.documentName("path").path, fields: try plainFields(snapshot.userDocument("jsonData"))
            )
            switch name {
            case "startAt": return query.start(atDocument: document)
            case "startAfter": return query.start(afterDocument: document)
            case "endAt": return query.end(atDocument: document)
            default: return query.end(beforeDocument: document)
            }
        }
        guard object.keys.allSatisfy({ $0 == "jsonValues" }) else {
            throw HarnessError("Unsupported cursor \(JSONWriter.string(body)).")
        }
        var values: [FieldValue] = []
        for text in try VectorInput.repeated(object, "jsonValues") {
            guard case .string(let text) = text else { throw HarnessError("A jsonValues element is not a string.") }
            values.append(try VectorInput.userData(text: text, what: "jsonValues"))
        }
        switch name {
        case "startAt": return query.start(at: values)
        case "startAfter": return query.start(after: values)
        case "endAt": return query.end(at: values)
        default: return query.end(before: values)
        }
    }

    private static func integer(_ json: JSON, _ clause: String) throws(HarnessError) -> Int {
        guard case .number(let lexeme) = json, let value = Int(lexeme) else {
            throw HarnessError("Bad \(clause) value.")
        }
        return value
    }

    private static func objectValue(_ json: JSON, _ clause: String) throws(HarnessError) -> JSONObject {
        guard case .object(let object) = json else { throw HarnessError("Bad \(clause) snapshot.") }
        return object
    }

    private static func plainFields(_ fields: [String: FieldValue]) throws(HarnessError) -> MapValue {
        guard case .map(let map)? = FieldValue.map(fields).plainValue else {
            throw HarnessError("A snapshot's data must not contain sentinels.")
        }
        return map
    }
}
