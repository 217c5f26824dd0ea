import Foundation
import HearthPort
import HearthDomain

/// The messages of the REST API's answers (and of exported documents).
extension RESTDecoder {
    // MARK: - Documents

    private static let documentMembers = Members("name", "fields", "createTime", "updateTime", "error")

    /// A `Document` message: `name`, `createTime` and `updateTime` required, `fields` optional (absent is
    /// empty). With `listed`, one with only a name (no `fields`, `createTime`, `updateTime`) is a missing
    /// document (`document` is `nil`). Under ``strict``, an `error` member is the server's error.
    mutating func document(listed: Bool = false) throws(RESTDecodingError) -> (name: ReadName, document: Document?) {
        var name: ReadName?
        var fields: MapValue?
        var createTime: Timestamp?
        var updateTime: Timestamp?
        var error: RESTErrorBody?
        let strict = self.strict
        try message("Document", Self.documentMembers) { (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0: name = try decoder.documentName()
            case 1: fields = try decoder.fields()
            case 2: createTime = try decoder.timestamp()
            case 3: updateTime = try decoder.timestamp()
            default:
                if strict { error = try decoder.errorObject() } else { try decoder.skipValue() }
            }
        }
        if let error { throw Self.serverError(error) }
        guard let name else { throw Self.missing("name") }
        if listed, fields == nil, createTime == nil, updateTime == nil { return (name, nil) }
        guard let createTime else { throw Self.missing("createTime") }
        guard let updateTime else { throw Self.missing("updateTime") }
        return (
            name,
            Document(path: name.path, fields: fields ?? MapValue(), createTime: createTime, updateTime: updateTime)
        )
    }

    /// A stored document (not a listed missing one).
    mutating func storedDocument() throws(RESTDecodingError) -> (name: ReadName, document: Document) {
        let read = try document()
        guard let document = read.document else { throw Self.missing("createTime") }
        return (read.name, document)
    }

    /// A document name in ``database`` (any database when it is `nil`), as its path.
    mutating func documentPath() throws(RESTDecodingError) -> DocumentPath {
        try documentName().path
    }

    /// A document name as the decoder read it: its path, and its database when the decoder keeps names
    /// (under ``strict``).
    struct ReadName {
        var path: DocumentPath
        var database: DatabaseID?

        /// The whole name (`nil` when the database was not kept).
        var name: DocumentName? { database.map { DocumentName(database: $0, path: path) } }
    }

    // MARK: - Streamed answers

    /// A streamed answer (batchGet, runQuery, runAggregationQuery): a JSON array of elements, or a single
    /// element object. `element` reads one, or returns `nil` for one that carries an `error` (left in
    /// ``errorElement``); that element ends the elements: it is returned with the elements before it (the
    /// rest of the answer is read as JSON only).
    @inline(__always)
    mutating func stream<T>(
        _ element: (inout RESTDecoder) throws(RESTDecodingError) -> T?
    ) throws(RESTDecodingError) -> (
        elements: [T], error: (body: RESTErrorBody, path: [RESTDecodingError.PathComponent])?
    ) {
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "{") {
            if let result = try element(&self) { return ([result], nil) }
            return ([], errorElement.map { ($0, []) })
        }
        guard scanner.current == UInt8(ascii: "[") else { throw mismatch("an array of response elements") }
        var elements: [T] = []
        guard try beginArray() else { return (elements, nil) }
        repeat {
            let index = elements.count
            let decoded: T?
            do {
                decoded = try element(&self)
            } catch {
                throw error.prefixed(by: .index(index))
            }
            guard let decoded else {
                while try nextElement() { try skipValue() }
                return (elements, errorElement.map { ($0, [.index(index)]) })
            }
            elements.append(decoded)
        } while try nextElement()
        return (elements, nil)
    }

    /// The elements of a streamed answer; an element carrying an error throws, naming it (the server's
    /// error is the `underlying` cause: ``RESTDecodingError/serverError``).
    @inline(__always)
    mutating func streamElements<T>(
        _ element: (inout RESTDecoder) throws(RESTDecodingError) -> T?
    ) throws(RESTDecodingError) -> [T] {
        let (elements, error) = try stream(element)
        if let error {
            throw RESTDecodingError(
                path: error.path, reason: Self.errorElementReason, underlying: error.body.documentStoreError)
        }
        return elements
    }

    static let errorElementReason = "the answer carries an error instead of a result"

    /// The error for an answer that is the server's error: ``RESTDecodingError/serverError`` is `body`.
    static func serverError(_ body: RESTErrorBody) -> RESTDecodingError {
        RESTDecodingError(reason: errorElementReason, underlying: body.documentStoreError)
    }

    private static let runQueryMembers = Members(
        "document", "readTime", "skippedResults", "transaction", "done", "explainMetrics", "error")

    /// A `RunQueryResponse` element: every member optional (`explainMetrics` ignored), made into an
    /// `Element` by `make` (document with its name, transaction, read time, skipped results, done); `nil`
    /// for an element that carries an error (in ``errorElement``). Under ``strict``, an element whose
    /// members are all unknown is refused.
    @inline(__always)
    mutating func runQueryElement<Element>(
        _ make: ((name: ReadName, document: Document)?, TransactionID?, Timestamp?, Int, Bool) -> Element
    ) throws(RESTDecodingError) -> Element? {
        var document: (name: ReadName, document: Document)?
        var transaction: TransactionID?
        var readTime: Timestamp?
        var skippedResults = 0
        var done = false
        var error: RESTErrorBody?
        scanner.skipWhitespace()
        let start = scanner.index
        let shape = try message("RunQueryResponse", Self.runQueryMembers) {
            (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0: document = try decoder.storedDocument()
            case 1: readTime = try decoder.timestamp()
            case 2: skippedResults = try decoder.count()
            case 3: transaction = try decoder.transactionID()
            case 4: done = try decoder.bool()
            case 5: try decoder.skipValue()
            default: error = try decoder.errorObject()
            }
        }
        if let error {
            errorElement = error
            return nil
        }
        try expectKnownMember(shape, Self.runQueryMembers, first: 6, from: start, "a runQuery answer element")
        return make(document, transaction, readTime, skippedResults, done)
    }

    private static let batchGetMembers = Members("found", "missing", "transaction", "readTime", "error")

    /// A `BatchGetDocumentsResponse` element: at most one of `found` and `missing`; with neither, it must
    /// carry a `transaction`.
    mutating func batchGetElement() throws(RESTDecodingError) -> RESTBatchGetResponseElement? {
        var found: Document?
        var missing: DocumentPath?
        var transaction: TransactionID?
        var readTime: Timestamp?
        var error: RESTErrorBody?
        try message("BatchGetDocumentsResponse", Self.batchGetMembers) { (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0: found = try decoder.storedDocument().document
            case 1: missing = try decoder.documentPath()
            case 2: transaction = try decoder.transactionID()
            case 3: readTime = try decoder.timestamp()
            default: error = try decoder.errorObject()
            }
        }
        if let error {
            errorElement = error
            return nil
        }
        let read: DocumentRead?
        switch (found, missing) {
        case (let document?, nil): read = .found(document)
        case (nil, let path?): read = .missing(path)
        case (nil, nil):
            guard transaction != nil else {
                throw RESTDecodingError(
                    reason: "a BatchGetDocumentsResponse must set \"found\", \"missing\" or \"transaction\"")
            }
            read = nil
        case (.some, .some):
            throw RESTDecodingError(
                reason:
                    "a BatchGetDocumentsResponse must set only one of \"found\", \"missing\"; found \"found\" and \"missing\""
            )
        }
        return RESTBatchGetResponseElement(read: read, transaction: transaction, readTime: readTime)
    }

    private static let aggregationMembers = Members("result", "transaction", "readTime", "done", "error")
    private static let aggregationResultMembers = Members("aggregateFields")

    /// A `RunAggregationQueryResponse` element: every member optional.
    mutating func aggregationElement() throws(RESTDecodingError) -> RESTRunAggregationQueryResponseElement? {
        var element = RESTRunAggregationQueryResponseElement(result: nil, readTime: nil)
        var error: RESTErrorBody?
        try message("RunAggregationQueryResponse", Self.aggregationMembers) {
            (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0:
                var fields = MapValue()
                try decoder.message("AggregationResult", Self.aggregationResultMembers) {
                    (decoder, _) throws(RESTDecodingError) in
                    fields = try decoder.fields()
                }
                element.result = fields
            case 1: element.transaction = try decoder.transactionID()
            case 2: element.readTime = try decoder.timestamp()
            case 3: element.done = try decoder.bool()
            default: error = try decoder.errorObject()
            }
        }
        if let error {
            errorElement = error
            return nil
        }
        return element
    }

    // MARK: - Pages

    private static let listMembers = Members("documents", "nextPageToken", "error")

    /// A `ListDocumentsResponse`: both members optional (an empty last page); an empty token is no token.
    /// Under ``strict``, an `error` member is the server's error, and an object whose members are all
    /// unknown is refused.
    mutating func listDocumentsPage() throws(RESTDecodingError) -> (
        documents: [(name: ReadName, document: Document?)], nextPageToken: String?
    ) {
        var documents: [(name: ReadName, document: Document?)] = []
        var token: String?
        var error: RESTErrorBody?
        let strict = self.strict
        scanner.skipWhitespace()
        let start = scanner.index
        let shape = try message("ListDocumentsResponse", Self.listMembers) {
            (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0:
                documents = try decoder.array { (decoder) throws(RESTDecodingError) in
                    try decoder.document(listed: true)
                }
            case 1: token = try decoder.string()
            default:
                if strict { error = try decoder.errorObject() } else { try decoder.skipValue() }
            }
        }
        if let error { throw Self.serverError(error) }
        try expectKnownMember(shape, Self.listMembers, first: 2, from: start, "a list answer")
        return (documents, token.flatMap { $0.isEmpty ? nil : $0 })
    }

    private static let collectionIDsMembers = Members("collectionIds", "nextPageToken")

    /// A `ListCollectionIdsResponse`: both members optional; an empty token is no token.
    mutating func listCollectionIDsResponse() throws(RESTDecodingError) -> ListCollectionIDsResponse {
        let (ids, token) = try page("ListCollectionIdsResponse", Self.collectionIDsMembers) {
            (decoder) throws(RESTDecodingError) in try decoder.string()
        }
        return ListCollectionIDsResponse(collectionIDs: ids, nextPageToken: token)
    }

    private static let partitionMembers = Members("partitions", "nextPageToken")
    private static let cursorMembers = Members("values", "before")

    /// A `PartitionQueryResponse`: `partitions` (cursors) and `nextPageToken`, both optional.
    mutating func partitionQueryResponse() throws(RESTDecodingError) -> (partitions: [Cursor], nextPageToken: String?) {
        try page("PartitionQueryResponse", Self.partitionMembers) { (decoder) throws(RESTDecodingError) in
            try decoder.cursor()
        }
    }

    /// A page of an answer: an array of elements and `nextPageToken` (`members` names the two), both
    /// optional; an empty token is no token.
    private mutating func page<Element>(
        _ message: StaticString,
        _ members: Members,
        _ element: (inout RESTDecoder) throws(RESTDecodingError) -> Element
    ) throws(RESTDecodingError) -> ([Element], String?) {
        let (elements, token) = try self.message(message, members) { (decoder) throws(RESTDecodingError) in
            try decoder.array(element)
        } _: { (decoder) throws(RESTDecodingError) in
            try decoder.string()
        }
        return (elements ?? [], token.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// A `Cursor`: missing `values` is empty, missing `before` is false.
    mutating func cursor() throws(RESTDecodingError) -> Cursor {
        let (values, before) = try message("Cursor", Self.cursorMembers) { (decoder) throws(RESTDecodingError) in
            try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.value() }
        } _: { (decoder) throws(RESTDecodingError) in
            try decoder.bool()
        }
        return Cursor(values: values ?? [], before: before ?? false)
    }

    // MARK: - Writes and transactions

    private static let commitMembers = Members("writeResults", "commitTime")
    private static let writeResultMembers = Members("updateTime", "transformResults")

    /// A `CommitResponse`; `writeResults` may be absent (no writes). `commitTime` is `nil` when absent
    /// (the emulator answers `{}` to a commit without writes).
    mutating func commitResponse() throws(RESTDecodingError) -> (writeResults: [WriteResult], commitTime: Timestamp?) {
        let (results, commitTime) = try message("CommitResponse", Self.commitMembers) {
            (decoder) throws(RESTDecodingError) in
            try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.writeResult() }
        } _: { (decoder) throws(RESTDecodingError) in
            try decoder.timestamp()
        }
        return (results ?? [], commitTime)
    }

    /// A `WriteResult`: both members optional (`updateTime` absent for deletes).
    mutating func writeResult() throws(RESTDecodingError) -> WriteResult {
        let (updateTime, transformResults) = try message("WriteResult", Self.writeResultMembers) {
            (decoder) throws(RESTDecodingError) in
            try decoder.timestamp()
        } _: { (decoder) throws(RESTDecodingError) in
            try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.value() }
        }
        return WriteResult(updateTime: updateTime, transformResults: transformResults ?? [])
    }

    private static let batchWriteMembers = Members("writeResults", "status")

    /// A `BatchWriteResponse`: both arrays optional.
    mutating func batchWriteResponse() throws(RESTDecodingError) -> RESTBatchWriteResponse {
        let (results, statuses) = try message("BatchWriteResponse", Self.batchWriteMembers) {
            (decoder) throws(RESTDecodingError) in
            try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.writeResult() }
        } _: { (decoder) throws(RESTDecodingError) in
            try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.status() }
        }
        return RESTBatchWriteResponse(writeResults: results ?? [], statuses: statuses ?? [])
    }

    private static let beginTransactionMembers = Members("transaction")

    /// A `BeginTransactionResponse`: `transaction` required and non-empty.
    mutating func beginTransactionResponse() throws(RESTDecodingError) -> TransactionID {
        var transaction: TransactionID?
        try message("BeginTransactionResponse", Self.beginTransactionMembers) {
            (decoder, _) throws(RESTDecodingError) in
            transaction = try decoder.transactionID()
        }
        guard let transaction else { throw Self.missing("transaction") }
        return transaction
    }

    // MARK: - Errors

    /// The error a body carries: `{"error": {…}}`, or the first element `{"error": {…}}` of an array (a
    /// streamed answer); `nil` when there is none (any other JSON). Only the error object is decoded.
    mutating func errorBody() throws(RESTDecodingError) -> RESTErrorBody? {
        scanner.skipWhitespace()
        switch scanner.current {
        case UInt8(ascii: "{"):
            return try errorMember()
        case UInt8(ascii: "["):
            guard try beginArray() else { return nil }
            var found: RESTErrorBody?
            var index = 0
            repeat {
                scanner.skipWhitespace()
                if found == nil, scanner.current == UInt8(ascii: "{") {
                    found = try RESTDecodingError.within(index: index) { () throws(RESTDecodingError) in
                        try errorMember()
                    }
                } else {
                    try skipValue()
                }
                index += 1
            } while try nextElement()
            return found
        default:
            try skipValue()
            return nil
        }
    }

    /// The error object of the `error` member of the object at the current position (any other member
    /// read as JSON only), or `nil` when it has none (or `null`). A member named twice is not JSON: it
    /// throws, and the check of the whole text reports it as the parser does.
    private mutating func errorMember() throws(RESTDecodingError) -> RESTErrorBody? {
        var found: RESTErrorBody?
        var names: [String] = []
        guard try beginObject() else { return nil }
        repeat {
            try memberNameFollows()
            let name: String
            if try member("error") {
                name = "error"
            } else {
                name = try memberName()
                try colon()
            }
            if names.contains(where: { UTF8Order.equal($0, name) }) { throw Self.repeated(name) }
            names.append(name)
            if UTF8Order.equal(name, "error"), try !skipNull() {
                found = try RESTDecodingError.within(key: "error") { () throws(RESTDecodingError) in
                    try errorObject()
                }
            } else if !UTF8Order.equal(name, "error") {
                try skipValue()
            }
        } while try nextMember()
        return found
    }

    private static let errorMembers = Members("code", "message", "status", "details")

    /// The object of an error body: `{"code": <HTTP status>, "message", "status", "details"}`, every
    /// member optional (`code` 0, `message` and `status` empty when absent), `details` objects kept as JSON.
    mutating func errorObject() throws(RESTDecodingError) -> RESTErrorBody {
        var body = RESTErrorBody(httpStatus: 0, message: "", status: "")
        try message("error", Self.errorMembers) { (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0: body.httpStatus = Int(try decoder.int32())
            case 1: body.message = try decoder.string()
            case 2: body.status = try decoder.string()
            default: body.details = try decoder.details()
            }
        }
        return body
    }

    private static let statusMembers = Members("code", "message", "details")

    /// A `google.rpc.Status`: every member optional (`{}` is OK).
    mutating func status() throws(RESTDecodingError) -> RESTStatus {
        var status = RESTStatus()
        try message("Status", Self.statusMembers) { (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0: status.code = Int(try decoder.int32())
            case 1: status.message = try decoder.string()
            default: status.details = try decoder.details()
            }
        }
        return status
    }

    /// The `details` of a status: objects, kept as JSON.
    private mutating func details() throws(RESTDecodingError) -> [JSON] {
        try array { (decoder) throws(RESTDecodingError) in
            decoder.scanner.skipWhitespace()
            guard decoder.scanner.current == UInt8(ascii: "{") else { throw decoder.mismatch("an object") }
            return try decoder.json()
        }
    }

    // MARK: - Listen

    private static let listenMembers = Members(
        "targetChange", "documentChange", "documentDelete", "documentRemove", "filter")
    private static let targetChangeMembers = Members(
        "targetChangeType", "targetIds", "cause", "resumeToken", "readTime")
    private static let documentChangeMembers = Members("document", "targetIds", "removedTargetIds")
    private static let documentDeleteMembers = Members("document", "removedTargetIds", "readTime")
    private static let filterMembers = Members("targetId", "count")
    private static let targetChangeNumbers: [Int64: RESTTargetChange.Kind] = [
        0: .noChange, 1: .add, 2: .remove, 3: .current, 4: .reset,
    ]

    /// One `ListenResponse`: exactly one of `targetChange`, `documentChange`, `documentDelete`,
    /// `documentRemove`, `filter`.
    mutating func listenResponse() throws(RESTDecodingError) -> RESTListenResponse {
        var responses: [(member: Int, response: RESTListenResponse)] = []
        try message("ListenResponse", Self.listenMembers) { (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0: responses.append((member, .targetChange(try decoder.targetChange())))
            case 1: responses.append((member, try decoder.documentChange()))
            case 2, 3: responses.append((member, try decoder.documentDelete(removed: member == 3)))
            default: responses.append((member, try decoder.existenceFilter()))
            }
        }
        let names = Self.listenMembers.names
        guard let first = responses.min(by: { $0.member < $1.member }) else {
            throw RESTDecodingError(reason: "ListenResponse must set one of \(Self.list(names))")
        }
        if responses.count > 1 {
            let second = responses.map(\.member).sorted()[1]
            throw RESTDecodingError(
                reason:
                    "ListenResponse must set only one of \(Self.list(names)); found \"\(names[first.member])\" and \"\(names[second])\""
            )
        }
        return first.response
    }

    private mutating func targetChange() throws(RESTDecodingError) -> RESTTargetChange {
        var change = RESTTargetChange()
        try message("TargetChange", Self.targetChangeMembers) { (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0:
                change.kind = try decoder.enumeration(
                    RESTTargetChange.Kind.wireCases, numbers: Self.targetChangeNumbers)
            case 1: change.targetIDs = try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.int32() }
            case 2: change.cause = try decoder.status()
            case 3: change.resumeToken = try decoder.bytes()
            default: change.readTime = try decoder.timestamp()
            }
        }
        return change
    }

    private mutating func documentChange() throws(RESTDecodingError) -> RESTListenResponse {
        var document: Document?
        var targetIDs: [Int32] = []
        var removed: [Int32] = []
        try message("DocumentChange", Self.documentChangeMembers) { (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0: document = try decoder.storedDocument().document
            case 1: targetIDs = try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.int32() }
            default: removed = try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.int32() }
            }
        }
        guard let document else { throw Self.missing("document") }
        return .documentChange(document, targetIDs: targetIDs, removedTargetIDs: removed)
    }

    private mutating func documentDelete(removed isRemove: Bool) throws(RESTDecodingError) -> RESTListenResponse {
        var path: DocumentPath?
        var removed: [Int32] = []
        var readTime: Timestamp?
        try message("DocumentDelete", Self.documentDeleteMembers) { (decoder, member) throws(RESTDecodingError) in
            switch member {
            case 0: path = try decoder.documentPath()
            case 1: removed = try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.int32() }
            default: readTime = try decoder.timestamp()
            }
        }
        guard let path else { throw Self.missing("document") }
        return isRemove
            ? .documentRemove(path, removedTargetIDs: removed, readTime: readTime)
            : .documentDelete(path, removedTargetIDs: removed, readTime: readTime)
    }

    private mutating func existenceFilter() throws(RESTDecodingError) -> RESTListenResponse {
        let (targetID, count) = try message("ExistenceFilter", Self.filterMembers) {
            (decoder) throws(RESTDecodingError) in
            try decoder.int32()
        } _: { (decoder) throws(RESTDecodingError) in
            try decoder.count()
        }
        return .filter(targetID: targetID ?? 0, count: count ?? 0)
    }
}

/// A run-query answer element with its document named (for ``FirestoreJSONDecoder``).
struct RunQueryElement {
    var document: (name: RESTDecoder.ReadName, document: Document)?
    var transaction: TransactionID?
    var readTime: Timestamp?
    var skippedResults: Int
    var done: Bool
}

extension RESTDecodingError {
    /// The server's error, when the decoded answer carried one (`{"error": {…}}`) where a result was
    /// expected: the body, as the `underlying` error's cause.
    public var serverError: RESTErrorBody? {
        underlying?.underlying as? RESTErrorBody
    }
}
