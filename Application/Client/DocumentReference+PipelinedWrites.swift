public import HearthDomain
import HearthPort

// Firebase's Codable writes are synchronous: `try ref.setData(from: model)` encodes at once (throwing
// encoding errors) and the write proceeds in the background, reporting to an optional completion. They
// have no `async` form, and must not have one here: in an `async` function Swift prefers an `async`
// overload, so an `async setData(from:)` would make Firebase's line fail to compile ("call is 'async'
// but is not marked with 'await'"). The awaited Codable writes are
// `try await ref.setData(Firestore.Encoder().encode(model))`, `create(from:)` and `updateData(from:)`.

extension DocumentReference {
    /// Writes an `Encodable` model, replacing the document (creating it if missing); with `merge`, only
    /// the model's fields are written and the others kept. Firebase's synchronous form.
    ///
    /// The model is encoded and the write built before this returns: an encoding failure, invalid data
    /// or an invalid reference (``pathError``) is thrown (`invalidArgument`) and nothing is written. The
    /// commit then runs on the database's ordered write pipeline: after every pipelined write started
    /// before it, and before every later operation through the same ``Database`` (which waits for it, so
    /// a read right after this call sees the write). `completion` receives `nil` once it is committed, or
    /// the store's error (it runs on a task of the pipeline; a failed write does not stop later ones).
    public func setData<T: Encodable>(
        from value: T,
        merge: Bool = false,
        encoder: Firestore.Encoder = Firestore.Encoder(),
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) throws(DocumentStoreError) {
        let write = try WriteBuilder.set(
            checkedPath(), data: UserFields(encoder.encode(value)), options: merge ? .merge : .overwrite)
        database.pipeline.enqueue(write, to: database.store, completion: completion)
    }

    /// Writes only the listed fields (dotted paths) of an `Encodable` model, keeping the others.
    /// Firebase's synchronous form; thrown errors and the pipeline as
    /// ``setData(from:merge:encoder:completion:)``.
    public func setData<T: Encodable>(
        from value: T,
        mergeFields: [String],
        encoder: Firestore.Encoder = Firestore.Encoder(),
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) throws(DocumentStoreError) {
        let options = try SetOptions.mergeFields(dotted: mergeFields)
        let write = try WriteBuilder.set(checkedPath(), data: UserFields(encoder.encode(value)), options: options)
        database.pipeline.enqueue(write, to: database.store, completion: completion)
    }
}

extension CollectionReference {
    /// Creates a document with a new random ID from an `Encodable` model and returns its reference at
    /// once. Firebase's synchronous form: encoding failures, invalid data and an invalid collection
    /// (``pathError``) are thrown and nothing is written; the write itself runs on the database's ordered
    /// pipeline (see ``DocumentReference/setData(from:merge:encoder:completion:)``) and reports to
    /// `completion` (`alreadyExists` in the unlikely event that the random ID is taken).
    @discardableResult
    public func addDocument<T: Encodable>(
        from value: T,
        encoder: Firestore.Encoder = Firestore.Encoder(),
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) throws(DocumentStoreError) -> DocumentReference {
        if let pathError { throw pathError }
        let reference = document()
        let write = try WriteBuilder.create(reference.checkedPath(), data: UserFields(encoder.encode(value)))
        database.pipeline.enqueue(write, to: database.store, completion: completion)
        return reference
    }
}

extension WritePipeline {
    /// Commits `write` on the pipeline and reports the outcome to `completion`. On a store with an offline
    /// cache the pipeline only waits for the cache (the write is visible and queued at once, also
    /// offline), and `completion` gets the server's verdict later, as Firebase's does.
    func enqueue(_ write: Write, to store: any DocumentStore, completion: (@Sendable ((any Error)?) -> Void)?) {
        enqueue {
            do {
                guard let cache = store as? any CachingDocumentStore else {
                    _ = try await store.commit([write], transaction: nil)
                    completion?(nil)
                    return
                }
                let pending = try await cache.commitLocally([write], keepingVerdict: completion != nil)
                guard let completion else { return }
                Task {
                    do {
                        _ = try await cache.serverOutcome(of: pending)
                        completion(nil)
                    } catch {
                        completion(ListenMapping.storeError(error))
                    }
                }
            } catch {
                completion?(ListenMapping.storeError(error))
            }
        }
    }
}
