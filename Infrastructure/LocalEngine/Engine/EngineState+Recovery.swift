import HearthDomain

extension EngineState {
    /// Installs documents loaded from a snapshot, on a fresh engine. History before `commitTime` is not
    /// known: reads at earlier times fail as too old.
    /// Each document is kept as its record when it has one (kept at its update time), else encoded.
    mutating func restore(_ documents: [CommittedDocument], through commitTime: Timestamp) throws(DocumentStoreError) {
        guard lastCommitTime == Timestamp.min, storage.collections.isEmpty else {
            throw DocumentStoreError(.failedPrecondition, "A snapshot can only be restored into a fresh engine.")
        }
        // Grouped by collection, in order, and installed a collection at a time in bulk.
        var groups: [CollectionPath: [(identifier: DocumentIdentifier, document: Document, record: DocumentRecord?)]] =
            [:]
        var order: [CollectionPath] = []
        for entry in documents {
            guard let document = entry.document, document.path == entry.path else {
                throw DocumentStoreError(
                    .dataLoss, "The snapshot's entry \(entry.path) holds no document of that path.")
            }
            guard document.createTime <= document.updateTime, document.updateTime <= commitTime else {
                throw DocumentStoreError(
                    .dataLoss,
                    "The snapshot's document \(document.path) has times (\(document.createTime), \(document.updateTime)) inconsistent with the snapshot time \(commitTime)."
                )
            }
            let identifier: DocumentIdentifier
            do {
                identifier = try DocumentIdentifier(document.path.documentID)
            } catch {
                throw DocumentStoreError(.dataLoss, "The snapshot's document \(document.path) has an invalid ID.")
            }
            let collection = document.path.parent
            if groups[collection] == nil { order.append(collection) }
            groups[collection, default: []].append((identifier, document, entry.record))
        }
        for collection in order {
            guard let entries = groups.removeValue(forKey: collection) else { continue }
            if let repeated = storage.installInBulk(entries, in: collection) {
                throw DocumentStoreError(
                    .dataLoss, "The snapshot holds \(collection.path)/\(repeated) twice.")
            }
        }
        lastCommitTime = commitTime
        visibleTime = commitTime
        issuedReadTime = commitTime
        prunedThrough = commitTime
    }

    /// Re-applies a batch that was committed (and made durable) earlier, without validation, persistence
    /// or notification. Batches must come in commit order.
    mutating func replay(_ batch: CommittedBatch) throws(DocumentStoreError) {
        guard pending.isEmpty else {
            throw DocumentStoreError(.failedPrecondition, "Batches cannot be replayed while commits are pending.")
        }
        guard batch.commitTime > lastCommitTime else {
            throw DocumentStoreError(
                .dataLoss,
                "A replayed batch's commit time \(batch.commitTime) is not after the previous one (\(lastCommitTime))."
            )
        }
        for entry in batch.documents {
            if let document = entry.document {
                guard document.path == entry.path, document.createTime <= document.updateTime,
                    document.updateTime <= batch.commitTime
                else {
                    throw DocumentStoreError(
                        .dataLoss, "The replayed document \(entry.path) is inconsistent with its batch.")
                }
            }
        }
        var changes: [CommittedChange] = []
        for entry in batch.documents {
            let before = storage.head(entry.path)?.document
            storage.install(entry.document, record: entry.record, at: entry.path, commitTime: batch.commitTime)
            changes.append(CommittedChange(path: entry.path, before: before, after: entry.document))
        }
        lastCommitTime = batch.commitTime
        issuedReadTime = max(issuedReadTime, batch.commitTime)
        publish(
            PendingBatch(id: 0, commitTime: batch.commitTime, changes: changes, ticket: PersistenceTicket(sequence: 0)))
    }
}

extension EngineState {
    /// Installs the collections of a snapshot of format version 3, on a fresh engine: each collection's
    /// documents in order and its indexes as they are (checked to be strictly ascending, and to name only
    /// its documents), as the state at `commitTime`. Inconsistent collections are `dataLoss`.
    mutating func restore(
        collections images: [CollectionImage], through commitTime: Timestamp
    ) throws(DocumentStoreError) {
        guard lastCommitTime == Timestamp.min, storage.collections.isEmpty else {
            throw DocumentStoreError(.failedPrecondition, "A snapshot can only be restored into a fresh engine.")
        }
        for image in images {
            let collection = image.path
            func damaged(_ reason: String) -> DocumentStoreError {
                DocumentStoreError(
                    .dataLoss, "The snapshot's collection \(collection.path) is inconsistent: \(reason).")
            }
            guard storage.isBulkLoadable(collection) else { throw damaged("it appears twice") }
            for entry in image.documents {
                guard entry.createTime <= entry.updateTime, entry.updateTime <= commitTime else {
                    throw damaged(
                        "the document \(collection.path)/\(entry.identifier) has times (\(entry.createTime), \(entry.updateTime)) inconsistent with the snapshot time \(commitTime)"
                    )
                }
            }
            var indexes: [IndexSelector: SortedKeyList] = [:]
            for index in image.indexes {
                guard let selector = index.selector else {
                    throw damaged("an index of kind \(index.kind) has \(index.fields.count) fields")
                }
                guard indexes[selector] == nil else { throw damaged("its index \(selector) appears twice") }
                switch index.sortedKeyList(documents: image.documents.count) {
                case .success(let list): indexes[selector] = list
                case .failure(let error): throw damaged("its index \(selector): \(error.reason)")
                }
            }
            guard indexes[.name]?.count == image.documents.count else {
                throw damaged(
                    "its name index holds \(indexes[.name]?.count ?? 0) keys for \(image.documents.count) documents")
            }
            if let repeated = storage.installInBulk(image.documents, prebuilt: indexes, in: collection) {
                throw DocumentStoreError(.dataLoss, "The snapshot holds \(collection.path)/\(repeated) twice.")
            }
        }
        lastCommitTime = commitTime
        visibleTime = commitTime
        issuedReadTime = commitTime
        prunedThrough = commitTime
    }
}
