import HearthDomain
import HearthPort

/// An engine's local persistence: models to typed records and back, under the engine's `managerKey`.
/// A failure is logged and returned (the engine keeps it in `lastError` and goes on without persistence).
struct SyncPersistence<T: Codable & Sendable & Identifiable>: Sendable where T.ID == String {
    let storage: any SyncEngineStorage
    let key: String
    let logger: (any SyncEngineLogger)?

    /// The models kept, or the failure (logged).
    func loaded() -> Result<[T], any Error> {
        reported { try load() }
    }

    /// Keeps `models`; returns the failure (logged), if any.
    func keep(_ models: [T]) -> (any Error)? {
        if case .failure(let error) = reported({ try save(models) }) { return error }
        return nil
    }

    private func reported<Value>(_ body: () throws -> Value) -> Result<Value, any Error> {
        do {
            return .success(try body())
        } catch {
            logger?.log(.persistenceFailed(managerKey: key, error: error))
            return .failure(error)
        }
    }

    private func load() throws -> [T] {
        let decoder = DocumentDecoder()
        return try storage.load(key: key).map { record throws(DocumentStoreError) in
            try decoder.decode(T.self, from: record.fields)
        }
    }

    private func save(_ models: [T]) throws {
        let encoder = DocumentEncoder()
        let records = try models.map { model throws(DocumentStoreError) in
            let encoded = try encoder.encodeValue(model)
            guard case .map(let fields) = try encoded.plainValue(at: []) else {
                throw DocumentStoreError(.invalidArgument, "\(T.self) \(model.id): a model must encode as a map.")
            }
            return try SyncRecord(id: model.id, fields: fields)
        }
        try storage.save(records, key: key)
    }
}
