import HearthDomain

/// Walks a query's results a page at a time with `start(afterDocument:)` cursors.
enum QueryPager {
    static func stream(_ query: Query, pageSize: Int) -> AsyncThrowingStream<QueryDocumentSnapshot, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await walk(query, pageSize: pageSize) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    static func walk(_ query: Query, pageSize: Int, each: (QueryDocumentSnapshot) -> Void) async throws {
        guard pageSize > 0 else {
            throw DocumentStoreError.invalidArgument("documents(pageSize: \(pageSize)) needs a positive page size.")
        }
        let built = try query.build()
        if built.reversesResults {
            throw DocumentStoreError.invalidArgument("documents(pageSize:) does not support limit(toLast:).")
        }
        var remaining = built.query.limit
        var page = query.query
        while true {
            let size = remaining.map { min($0, pageSize) } ?? pageSize
            if size == 0 { return }
            let snapshot = try await page.limit(to: size).getDocuments()
            try Task.checkCancellation()
            snapshot.documents.forEach(each)
            remaining = remaining.map { $0 - snapshot.count }
            guard snapshot.count == size, let last = snapshot.documents.last else { return }
            page = page.offset(0).start(afterDocument: last)
        }
    }
}
