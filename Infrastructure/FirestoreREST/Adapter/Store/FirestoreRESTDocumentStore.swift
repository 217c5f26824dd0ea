public import Foundation
public import HearthDomain
public import HearthPort

/// `DocumentStore` over the Firestore REST v1 API (production Firestore or the emulator), through an
/// ``HTTPClient``.
///
/// Every port call maps onto one REST method (see `Docs/ErrorMapping.md` for errors):
/// get → `GET …/documents/{path}` (`404 NOT_FOUND` → `nil`), or `:batchGet` when reading in a transaction
/// or at a read time (the emulator never answers `GET ?transaction=`); batch get → `:batchGet`; list →
/// `GET …/{collection}` (in a transaction or at a read time: `:runQuery` ordered by name, paged with
/// cursors); run query → `:runQuery`; aggregation → `:runAggregationQuery`; commit → `:commit`; begin
/// transaction → `:beginTransaction` (`concurrencyMode: OPTIMISTIC` for Firebase user tokens, see
/// ``TransactionConcurrency``); rollback → `:rollback`; list collection IDs → `:listCollectionIds`.
/// Beyond the port: ``batchWrite(_:)``, ``partitionQuery(parent:query:partitionCount:pageSize:pageToken:readTime:)``,
/// ``createDocument(in:documentID:fields:mask:)``, ``patchDocument(_:fields:updateMask:mask:precondition:)``
/// and ``deleteDocument(_:precondition:)``.
///
/// Failed requests are retried per ``FirestoreRESTConfiguration/retryPolicy`` within its overall deadline
/// (a commit only when resending it is safe, see `Docs/FirestoreRESTAdapter.md`); one retry follows a
/// token refresh after `unauthenticated`. Redirects are refused, response bodies are capped
/// (``FirestoreRESTConfiguration/maximumResponseBytes``). Task cancellation cancels the request in
/// flight and any backoff.
///
/// ``close()`` ends the store's listeners and refuses every later call (copies of the store share
/// this state), as every store does (`DocumentStore.close()`).
public struct FirestoreRESTDocumentStore: DocumentStore, CustomStringConvertible {
    /// The project and database requests go to (``FirestoreRESTConfiguration/database``).
    public let database: DatabaseID
    /// The configuration the store was made with.
    public let configuration: FirestoreRESTConfiguration
    let endpoints: FirestoreEndpoints
    let executor: RESTRequestExecutor
    /// Opens the Listen connections push listeners share.
    let listenConnector: any ListenConnector
    /// How push listeners wait between reconnections.
    let listenReconnection: ListenMultiplexer.Configuration
    /// Gathers concurrent gets into `:batchGet`s (``FirestoreRESTConfiguration/coalescesGets``).
    let gets = GetCoalescer()

    /// - Parameters:
    ///   - configuration: where and how to reach Firestore.
    ///   - httpClient: the transport (default: a ``URLSessionHTTPClient`` with its own session, so
    ///     connections are reused across calls).
    ///   - sleep: how backoff waits (default `Task.sleep`; inject a recorder in tests). Throwing ends the call
    ///     with `cancelled`.
    ///   - jitter: a uniform random number in `0..<1` for backoff jitter (inject a constant in tests).
    ///   - now: the monotonic clock the call's deadline is measured on (inject one in tests).
    ///   - wallClock: the clock a `Retry-After` date is measured from.
    public init(
        configuration: FirestoreRESTConfiguration,
        httpClient: any HTTPClient = URLSessionHTTPClient(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Duration = Retrier.monotonicNow,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            configuration: configuration, httpClient: httpClient, sleep: sleep, jitter: jitter, now: now,
            wallClock: wallClock, listenConnector: nil)
    }

    /// The public initializer's store, listening through `listenConnector` (default: WebChannel over
    /// `httpClient` when it is an `HTTPStreamingClient`, else none: listeners poll). Reconnections wait with `sleep` and `jitter` too.
    init(
        configuration: FirestoreRESTConfiguration,
        httpClient: any HTTPClient = URLSessionHTTPClient(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Duration = Retrier.monotonicNow,
        wallClock: @escaping @Sendable () -> Date = { Date() },
        listenConnector: (any ListenConnector)?
    ) {
        // Push through WebChannel when the HTTP client can stream its answers (URLSessionHTTPClient can);
        // a client that cannot makes every connection attempt refused, so the store polls, once warned.
        if let listenConnector {
            self.listenConnector = listenConnector
        } else if let streaming = httpClient as? any HTTPStreamingClient {
            self.listenConnector = WebChannelListenConnector(configuration: configuration, httpClient: streaming)
        } else {
            self.listenConnector = RefusingListenConnector()
        }
        self.listenReconnection = ListenMultiplexer.Configuration(sleep: sleep, random: jitter)
        self.database = configuration.database
        self.configuration = configuration
        self.endpoints = FirestoreEndpoints(baseURL: configuration.baseURL, database: configuration.database)
        self.executor = RESTRequestExecutor(
            httpClient: httpClient,
            tokenProvider: configuration.tokenProvider,
            retrier: Retrier(policy: configuration.retryPolicy, sleep: sleep, random: jitter, now: now),
            requestTimeout: configuration.requestTimeout,
            maximumResponseBytes: configuration.maximumResponseBytes,
            quotaProjectID: configuration.quotaProjectID,
            wallClock: wallClock,
            lifecycle: RESTStoreLifecycle()
        )
    }

    /// `FirestoreRESTDocumentStore(…)` with the configuration's description; never a token.
    public var description: String { "FirestoreRESTDocumentStore(\(configuration))" }
}

/// One page of query partitions from ``FirestoreRESTDocumentStore/partitionQuery(parent:query:partitionCount:pageSize:pageToken:readTime:)``.
public struct PartitionQueryResponse: Sendable, Hashable {
    /// Split points: run the query from one cursor (`startAt`) to the next (`endAt`) to read one partition.
    public var partitions: [Cursor]
    /// The token of the next page, `nil` on the last page.
    public var nextPageToken: String?

    /// One page of partitions, as the server answered it.
    public init(partitions: [Cursor], nextPageToken: String?) {
        self.partitions = partitions
        self.nextPageToken = nextPageToken
    }
}
