import HearthDomain
import HearthPort

/// An engine's local persistence: models to typed records and back, under the engine's `managerKey`.
/// Failures are reported to the caller (the engine logs them and goes on without persistence).
struct SyncPersistence<T: Codable & Sendable & Identifiable>: Sendable where T.ID == String {
    let storage: any SyncEngineStorage
    let key: String

    func load() throws -> [T] {
        let decoder = DocumentDecoder()
        return try storage.load(key: key).map { record throws(DocumentStoreError) in
            try decoder.decode(T.self, from: record.fields)
        }
    }

    func save(_ models: [T]) throws {
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

    func remove() throws {
        try storage.remove(key: key)
    }
}
