import HearthDomain

/// The listeners of one engine, indexed so that a commit reaches only the listeners of the collections
/// (or collection groups, or documents) it changed.
struct ListenerRegistry: Sendable {
    private(set) var listeners: [Int: ListenerRecord] = [:]
    private var byCollection: [CollectionPath: Set<Int>] = [:]
    private var byCollectionGroup: [TextKey: Set<Int>] = [:]
    private var anyCollection: Set<Int> = []
    private var byDocument: [DocumentPath: Set<Int>] = [:]

    var isEmpty: Bool { listeners.isEmpty }

    mutating func add(_ listener: ListenerRecord) {
        listeners[listener.id] = listener
        switch route(of: listener) {
        case .document(let path): byDocument[path, default: []].insert(listener.id)
        case .collection(let path): byCollection[path, default: []].insert(listener.id)
        case .group(let id): byCollectionGroup[id, default: []].insert(listener.id)
        case .anyCollection: anyCollection.insert(listener.id)
        }
    }

    mutating func remove(_ id: Int) {
        guard let listener = listeners.removeValue(forKey: id) else { return }
        switch route(of: listener) {
        case .document(let path): Self.remove(id, at: path, from: &byDocument)
        case .collection(let path): Self.remove(id, at: path, from: &byCollection)
        case .group(let key): Self.remove(id, at: key, from: &byCollectionGroup)
        case .anyCollection: anyCollection.remove(id)
        }
    }

    mutating func update(_ listener: ListenerRecord) {
        if listeners[listener.id] != nil { listeners[listener.id] = listener }
    }

    /// The listeners each change may concern, with the changes, in commit order per listener.
    func route(_ changes: [CommittedChange]) -> [Int: [CommittedChange]] {
        var routed: [Int: [CommittedChange]] = [:]
        for change in changes {
            let path = change.path
            for id in byDocument[path] ?? [] { routed[id, default: []].append(change) }
            for id in byCollection[path.parent] ?? [] { routed[id, default: []].append(change) }
            for id in byCollectionGroup[TextKey(path.collectionID)] ?? [] { routed[id, default: []].append(change) }
            for id in anyCollection { routed[id, default: []].append(change) }
        }
        return routed
    }

    private enum Route {
        case document(DocumentPath)
        case collection(CollectionPath)
        case group(TextKey)
        case anyCollection
    }

    private func route(of listener: ListenerRecord) -> Route {
        switch listener.watched {
        case .document(let path):
            return .document(path)
        case .query(let query):
            let scope = query.scope
            if scope.collectionID.isEmpty { return .anyCollection }
            if scope.allDescendants { return .group(TextKey(scope.collectionID)) }
            guard let path = DocumentStorage.collectionPath(parent: scope.parent, id: scope.collectionID) else {
                return .anyCollection
            }
            return .collection(path)
        }
    }

    private static func remove<Key: Hashable>(_ id: Int, at key: Key, from index: inout [Key: Set<Int>]) {
        index[key]?.remove(id)
        if index[key]?.isEmpty == true { index[key] = nil }
    }
}
