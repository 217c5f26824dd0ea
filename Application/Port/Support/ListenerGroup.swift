import Synchronization

/// The listeners a store started, so that closing the store ends them all (see
/// ``DocumentStore/close()``): a store that listens with ``PollingListener`` passes its group to
/// ``PollingListener/listen(to:options:on:group:)`` and calls ``endAll()`` when it closes.
public final class ListenerGroup: Sendable {
    private struct State {
        var ended = false
        var nextID = 0
        var enders: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    /// An empty group that has not ended.
    public init() {}

    /// Ends every listener of the group — their streams finish without an error — and every listener
    /// added later, at once. Idempotent.
    public func endAll() {
        let enders = state.withLock { state -> [@Sendable () -> Void] in
            state.ended = true
            defer { state.enders = [:] }
            return Array(state.enders.values)
        }
        for end in enders { end() }
    }

    /// Whether ``endAll()`` was called.
    public var isEnded: Bool { state.withLock { $0.ended } }

    /// Adds a listener that `end` stops; returns its ID, or `nil` when the group has ended (then `end`
    /// has run).
    package func add(_ end: @escaping @Sendable () -> Void) -> Int? {
        let id = state.withLock { state -> Int? in
            guard !state.ended else { return nil }
            defer { state.nextID += 1 }
            state.enders[state.nextID] = end
            return state.nextID
        }
        if id == nil { end() }
        return id
    }

    /// Forgets a listener that ended on its own.
    package func remove(_ id: Int) {
        _ = state.withLock { $0.enders.removeValue(forKey: id) }
    }
}
