public import HearthDomain
public import HearthPort

/// A `runQuery` answer of Firestore REST (`POST …/documents:runQuery`): the JSON array of
/// `{"document"?, "readTime"?, "skippedResults"?, "transaction"?, "done"?}` elements, each document's
/// fields decoded as `Fields`.
///
/// ```swift
/// let answer = try FirestoreJSONDecoder().decodeRunQuery(AppFields.self, from: runQueryAnswer)
/// for app in answer.documents { print(app.documentID, app.index) }
/// answer.readTime                // when the results were read
/// ```
///
/// Every element is kept in ``results``, including those without a document (the emulator and Firestore
/// end an answer, and answer a query with no result, with a `{"readTime"}` element). A single element
/// object is read as a one-element answer. `Decodable` with any decoder, as ``FirestoreDocument`` is.
public struct FirestoreRunQueryResponse<Fields: Decodable> {
    /// The elements of the answer, in order.
    public var results: [FirestoreRunQueryResult<Fields>]

    /// An answer with the given elements.
    public init(results: [FirestoreRunQueryResult<Fields>]) {
        self.results = results
    }

    /// The result documents, in the query's order.
    public var documents: [FirestoreDocument<Fields>] { results.compactMap(\.document) }

    /// The read time of the last element that carries one (the time the whole answer was read at), or
    /// `nil` when none does.
    public var readTime: Timestamp? { results.last { $0.readTime != nil }?.readTime }

    /// How many results the query's offset skipped, over all elements.
    public var skippedResults: Int { results.reduce(0) { $0 + $1.skippedResults } }

    /// The transaction the query started (`newTransaction`), from the element that carries it.
    public var transaction: TransactionID? { results.first { $0.transaction != nil }?.transaction }
}

/// One element of a `runQuery` answer: `{"document"?, "readTime"?, "skippedResults"?, "transaction"?, "done"?}`.
public struct FirestoreRunQueryResult<Fields: Decodable> {
    /// The result document, or `nil` for an element that reports progress only.
    public var document: FirestoreDocument<Fields>?
    /// When the results were read; absent in an element that carries only a transaction.
    public var readTime: Timestamp?
    /// How many results the offset skipped since the previous element (0 when absent).
    public var skippedResults: Int
    /// The transaction started by `newTransaction`, in the first element only.
    public var transaction: TransactionID?
    /// Whether the query is complete (absent means `false`; not always sent).
    public var done: Bool

    /// An element with the given members.
    public init(
        document: FirestoreDocument<Fields>?,
        readTime: Timestamp?,
        skippedResults: Int = 0,
        transaction: TransactionID? = nil,
        done: Bool = false
    ) {
        self.document = document
        self.readTime = readTime
        self.skippedResults = skippedResults
        self.transaction = transaction
        self.done = done
    }
}

extension FirestoreRunQueryResponse: Sendable where Fields: Sendable {}
extension FirestoreRunQueryResponse: Equatable where Fields: Equatable {}
extension FirestoreRunQueryResponse: Hashable where Fields: Hashable {}
extension FirestoreRunQueryResult: Sendable where Fields: Sendable {}
extension FirestoreRunQueryResult: Equatable where Fields: Equatable {}
extension FirestoreRunQueryResult: Hashable where Fields: Hashable {}

extension FirestoreRunQueryResponse: FirestoreRESTMessage {
    init(
        restJSON json: JSON, at prefix: [RESTDecodingError.PathComponent], decoder: FirestoreJSONDecoder
    ) throws(DocumentStoreError) {
        self.init(results: try FirestoreRunQueryResult<Fields>.decodeElements(json, at: prefix, decoder: decoder))
    }
}

extension FirestoreRunQueryResult: FirestoreRESTMessage {
    /// One element; a JSON array is refused (decode a ``FirestoreRunQueryResponse`` for a whole answer).
    init(
        restJSON json: JSON, at prefix: [RESTDecodingError.PathComponent], decoder: FirestoreJSONDecoder
    ) throws(DocumentStoreError) {
        guard case .object = json else {
            throw FirestoreJSONDecoder.malformed(Wire.mismatch("a RunQueryResponse object", json), at: prefix)
        }
        let elements = try Self.decodeElements(json, at: prefix, decoder: decoder)
        guard let element = elements.first else {
            throw DocumentStoreError(.internal, "A run-query element object decoded as no element.")
        }
        self = element
    }

    private static var members: [String] {
        ["document", "readTime", "skippedResults", "transaction", "done", "explainMetrics"]
    }

    /// The elements of a streamed answer (an array, or a single element object).
    static func decodeElements(
        _ json: JSON, at prefix: [RESTDecodingError.PathComponent], decoder: FirestoreJSONDecoder
    ) throws(DocumentStoreError)
        -> [FirestoreRunQueryResult<Fields>]
    {
        try decoder.throwIfError(in: json, at: prefix)
        if case .array(let elements) = json {
            for (index, element) in elements.enumerated() {
                try decoder.expectMembers(
                    of: element, Self.members, "a runQuery answer element", at: prefix + [.index(index)])
            }
        } else {
            try decoder.expectMembers(of: json, Self.members, "a runQuery answer element", at: prefix)
        }
        let elements = try decoder.structure(at: prefix) { () throws(RESTDecodingError) in
            try RESTReadCodec.decodeRunQueryElements(json) { (json) throws(RESTDecodingError) in
                try RESTDocumentCodec.decodeNamed(json, database: decoder.database)
            }
        }
        let isArray = if case .array = json { true } else { false }
        var results: [FirestoreRunQueryResult<Fields>] = []
        results.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let document = try element.document.map { (named) throws(DocumentStoreError) in
                try decoder.document(
                    named.name, named.document, as: Fields.self,
                    at: prefix + (isArray ? [.index(index)] : []) + [.key("document")])
            }
            results.append(
                FirestoreRunQueryResult(
                    document: document,
                    readTime: element.readTime,
                    skippedResults: element.skippedResults,
                    transaction: element.transaction,
                    done: element.done
                )
            )
        }
        return results
    }
}

extension FirestoreRunQueryResponse: Decodable {
    public init(from decoder: any Decoder) throws {
        self = try FirestoreJSONDecoder.decodeForeign(Self.self, from: decoder)
    }
}

extension FirestoreRunQueryResult: Decodable {
    public init(from decoder: any Decoder) throws {
        self = try FirestoreJSONDecoder.decodeForeign(Self.self, from: decoder)
    }
}
