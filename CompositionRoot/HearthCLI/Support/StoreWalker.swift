import Hearth

/// Every document path of a store, found through the port alone (so it works on every adapter): the
/// root collections, their documents in name order, and each document's subcollections, depth first —
/// which is path order. Missing documents that only hold subcollections are walked but not listed.
struct StoreWalker {
    let store: any DocumentStore
    let pageSize = 300

    /// The paths of every existing document, in path order; `found` is told the running count.
    func documentPaths(found: (Int) -> Void) async throws -> [DocumentPath] {
        var paths: [DocumentPath] = []
        try await walk(parent: nil, into: &paths, found: found)
        return paths
    }

    private func walk(parent: DocumentPath?, into paths: inout [DocumentPath], found: (Int) -> Void) async throws {
        for collectionID in try await collectionIDs(parent: parent) {
            var token: String?
            repeat {
                let page = try await store.listDocuments(
                    ListDocumentsRequest(
                        parent: parent, collectionID: collectionID, pageSize: pageSize, pageToken: token, mask: [],
                        showMissing: true)
                )
                for read in page.documents {
                    if read.document != nil {
                        paths.append(read.path)
                        found(paths.count)
                    }
                    try await walk(parent: read.path, into: &paths, found: found)
                }
                token = page.nextPageToken
            } while token != nil
        }
    }

    private func collectionIDs(parent: DocumentPath?) async throws -> [String] {
        var ids: [String] = []
        var token: String?
        repeat {
            let page = try await store.listCollectionIDs(
                ListCollectionIDsRequest(parent: parent, pageSize: pageSize, pageToken: token))
            ids += page.collectionIDs
            token = page.nextPageToken
        } while token != nil
        return ids
    }
}
