import Hearth

extension CommandContext {
    /// How long a command waits, before it exits, for the writes it queued in the offline cache to reach
    /// the store.
    static let cacheFlushLimit: Duration = .seconds(5)

    /// With an offline cache (`HEARTH_CACHE`), gives the writes queued in it up to ``cacheFlushLimit`` to
    /// reach the store before the command closes it (at once when none is pending). Those not sent by
    /// then stay queued in a file cache, and the next command with the cache sends them; a memory cache
    /// loses them. Says so on standard error.
    func sendPendingWrites() async {
        guard let database = openedDatabase, database.store is any CachingDocumentStore else { return }
        let limit = Self.cacheFlushLimit
        let (outcomes, outcome) = AsyncStream.makeStream(of: Bool.self)
        let waiting = Task {
            outcome.yield((try? await database.waitForPendingWrites()) != nil)
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            outcome.yield(false)
        }
        var sent = false
        for await outcome in outcomes {
            sent = outcome
            break
        }
        timer.cancel()
        _ = waiting  // ends when the database closes, if not before
        guard !sent else { return }
        let kept =
            configuration.cache == .memory
            ? "they are lost with the memory cache"
            : "they stay queued in the cache (\(configuration.cache.summary)) and the next command sends them"
        console.printError("hearth: some writes did not reach the store yet; \(kept)")
    }
}
