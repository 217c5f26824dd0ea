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

extension FirestoreRunQueryResponse: Decodable, FirestoreRESTMessage {
    init(
        restBytes bytes: some Collection<UInt8>, at prefix: [RESTDecodingError.PathComponent],
        decoder: FirestoreJSONDecoder
    )
        throws(DocumentStoreError)
    {
        let (elements, isArray) = try decoder.read(bytes, at: prefix) { (reader) throws(RESTDecodingError) in
            reader.scanner.skipWhitespace()
            let isArray = reader.scanner.current == UInt8(ascii: "[")
            return (
                try reader.streamElements { (reader) throws(RESTDecodingError) in
                    try reader.runQueryElement(RunQueryElement.init)
                }, isArray
            )
        }
        self.init(
            results: try FirestoreRunQueryResult<Fields>.results(
                elements, isArray: isArray, at: prefix, decoder: decoder))
    }
}

extension FirestoreRunQueryResult: Decodable, FirestoreRESTMessage {
    /// One element; a JSON array is refused (decode a ``FirestoreRunQueryResponse`` for a whole answer).
    init(
        restBytes bytes: some Collection<UInt8>, at prefix: [RESTDecodingError.PathComponent],
        decoder: FirestoreJSONDecoder
    )
        throws(DocumentStoreError)
    {
        let elements = try decoder.read(bytes, at: prefix) { (reader) throws(RESTDecodingError) in
            reader.scanner.skipWhitespace()
            guard reader.scanner.current == UInt8(ascii: "{") else {
                throw reader.mismatch("a RunQueryResponse object")
            }
            return try reader.streamElements { (reader) throws(RESTDecodingError) in
                try reader.runQueryElement(RunQueryElement.init)
            }
        }
        guard let element = try Self.results(elements, isArray: false, at: prefix, decoder: decoder).first else {
            throw DocumentStoreError(.internal, "A run-query element object decoded as no element.")
        }
        self = element
    }

    /// The results of decoded elements, each document's fields decoded as `Fields` (a model mismatch names
    /// the JSON path of the field, `[index]` included when the answer is an array).
    static func results(
        _ elements: [RunQueryElement],
        isArray: Bool,
        at prefix: [RESTDecodingError.PathComponent],
        decoder: FirestoreJSONDecoder
    ) throws(DocumentStoreError) -> [FirestoreRunQueryResult<Fields>] {
        var results: [FirestoreRunQueryResult<Fields>] = []
        results.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let document = try element.document.map { (named) throws(DocumentStoreError) in
                try decoder.document(
                    decoder.name(named.name), named.document, as: Fields.self,
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
