import HearthDomain
import HearthInMemory
import HearthPort

/// Page tokens, through the public API: `listDocuments` with a fuzzed token answers a page or throws
/// `invalidArgument` — never traps, whatever the token holds. Input: the token's text.
enum PageTokensTarget: FuzzTarget {
    static let name = "page-tokens"

    /// One store with documents, shared by every input (reads only).
    nonisolated(unsafe) static var store: InMemoryDocumentStore?

    static func sharedStore() -> InMemoryDocumentStore {
        if let store { return store }
        let made = InMemoryDocumentStore(database: Samples.database)
        let writes = Samples.documents.map { Write.update($0.path, fields: $0.fields) }
        _ = blocking { try await made.commit(writes, transaction: nil) }
        store = made
        return made
    }

    static func run(_ input: [UInt8]) {
        let token = String(decoding: input, as: UTF8.self)
        let store = sharedStore()
        for orderBy: [Order]? in [nil, [Order(try! FieldPath(dotted: "n"), .descending)]] {
            let request = ListDocumentsRequest(collectionID: "members", pageSize: 1, pageToken: token, orderBy: orderBy)
            let outcome = blocking { try await store.listDocuments(request) }
            if case .failure(let error) = outcome {
                guard let error = error as? DocumentStoreError, error.code == .invalidArgument else {
                    FuzzCheck.fail(name, "a bad page token gave \(error), not invalidArgument")
                }
            }
        }
    }

    static func corpus() throws -> [[UInt8]] {
        let store = sharedStore()
        var tokens: [String] = []
        for orderBy: [Order]? in [nil, [Order(try FieldPath(dotted: "n"), .descending)]] {
            var token: String?
            repeat {
                let request = ListDocumentsRequest(
                    collectionID: "members", pageSize: 1, pageToken: token, orderBy: orderBy)
                token = try blocking { try await store.listDocuments(request) }.get().nextPageToken
                if let token { tokens.append(token) }
            } while token != nil && tokens.count < 20
        }
        return tokens.map { Array($0.utf8) } + [Array("".utf8), Array("not-a-token".utf8)]
    }
}
