import HearthDomain
import HearthPort

extension Database {
    /// Deletes a document and everything under it: its subcollections, their documents, and so on, at
    /// any depth (including "missing" documents that only hold subcollections). Not atomic: deletes are
    /// committed in batches of `batchSize`, deepest documents first, so an interrupted run leaves no
    /// orphaned descendants of a deleted document. Deleting what does not exist succeeds.
    public func recursiveDelete(_ document: DocumentReference, batchSize: Int = 500) async throws {
        var paths = [try document.checkedPath()]
        await pipeline.drain()
        try await collectDescendants(of: document.path, into: &paths)
        try await deleteAll(paths, batchSize: batchSize)
    }

    /// Deletes every document of a collection and everything under them (see the document variant).
    public func recursiveDelete(_ collection: CollectionReference, batchSize: Int = 500) async throws {
        if let error = collection.pathError { throw error }
        var paths: [DocumentPath] = []
        try await collectDocuments(of: collection, into: &paths)
        try await deleteAll(paths, batchSize: batchSize)
    }

    private func collectDescendants(of document: DocumentPath, into paths: inout [DocumentPath]) async throws {
        for collection in try await CollectionListing.all(in: self, parent: document) {
            try await collectDocuments(of: collection, into: &paths)
        }
    }

    private func collectDocuments(of collection: CollectionReference, into paths: inout [DocumentPath]) async throws {
        for reference in try await collection.listDocuments() {
            paths.append(reference.path)
            try await collectDescendants(of: reference.path, into: &paths)
        }
    }

    private func deleteAll(_ paths: [DocumentPath], batchSize: Int) async throws {
        guard batchSize > 0 else {
            throw DocumentStoreError.invalidArgument("recursiveDelete needs a positive batch size.")
        }
        let deepestFirst = paths.sorted { $0.segments.count > $1.segments.count }
        var start = 0
        while start < deepestFirst.count {
            try Task.checkCancellation()
            let chunk = deepestFirst[start..<min(start + batchSize, deepestFirst.count)]
            _ = try await store.commit(chunk.map { Write.delete($0) }, transaction: nil)
            start += batchSize
        }
    }
}
