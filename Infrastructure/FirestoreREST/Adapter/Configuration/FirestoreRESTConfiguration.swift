public import Foundation
public import HearthDomain
public import HearthPort

/// Everything ``FirestoreRESTDocumentStore`` needs to know about where and how to talk to Firestore.
public struct FirestoreRESTConfiguration: Sendable, CustomStringConvertible {
    /// `https://firestore.googleapis.com`.
    public static let productionBaseURL = URL(string: "https://firestore.googleapis.com")!

    /// The project and database (`(default)` unless a named database is used).
    public var database: DatabaseID
    /// Scheme, host and port (and optional path prefix) requests go to; `/v1/projects/…` is appended.
    /// Default ``productionBaseURL``.
    public var baseURL: URL
    /// How long one attempt of one request may take (default 60 s, Firestore's own deadline), and never
    /// longer than what is left of the call's `RetryPolicy.deadline`. A timed-out attempt fails with
    /// `deadlineExceeded`, which idempotent calls retry.
    public var requestTimeout: Duration
    /// When and how failed requests are retried, and the overall deadline of each call, every attempt and
    /// backoff included (default `RetryPolicy.default`: 5 attempts within 60 s).
    public var retryPolicy: RetryPolicy
    /// The most bytes of one response body read (default 64 MiB, ``HTTPRequest/defaultMaximumResponseBytes``).
    /// A Firestore document is at most 1 MiB, but a batch get or a query answers with many in one body
    /// (read whole, as one JSON array). A longer body stops being read at the limit and the call fails
    /// with `resourceExhausted`, not retried: page the read, or raise the limit.
    public var maximumResponseBytes: Int
    /// Where credentials come from.
    public var tokenProvider: any TokenProvider
    /// Whether read-write transactions ask for a concurrency mode (default ``TransactionConcurrency/automatic``).
    public var transactionConcurrency: TransactionConcurrency
    /// A project billed for quota, sent as `x-goog-user-project` (needed with some user credentials);
    /// default `nil`.
    public var quotaProjectID: String?
    /// How listeners receive changes: pushed over Firestore's Listen stream (default ``ListenTransport/push``)
    /// or by polling (``ListenTransport/poll``). See `Docs/Listeners.md`.
    public var listenTransport: ListenTransport
    /// How listeners poll, with ``ListenTransport/poll`` or after the Listen endpoint refused push:
    /// interval (default 1 s) and backoff. Each poll costs read operations; see `Docs/Listeners.md`.
    public var listenPolling: PollingListener.Configuration
    /// Where the adapter reports what an operator should know but no call fails for (today: the Listen
    /// endpoint refused push and listeners poll instead). One line per warning, never a token. Default:
    /// written to standard error.
    public var warningHandler: @Sendable (String) -> Void
    /// Whether concurrent `getDocument` calls (latest state, no mask) go to Firestore together: gets made
    /// while others wait for their turn are sent as one `:batchGet` of up to 100 documents instead of one
    /// `GET` each (1,000 concurrent gets: a tenth of the requests). Each call still gets its own answer:
    /// a lone get is a `GET`, and a batch that security rules deny (Firestore denies a `:batchGet` whole
    /// when one document is denied) is sent again as one `GET` per document, so each get is decided
    /// alone. Default `true`; see `Docs/FirestoreRESTAdapter.md`.
    public var coalescesGets = true

    /// A configuration for `database`; see each property for its default.
    public init(
        database: DatabaseID,
        baseURL: URL = FirestoreRESTConfiguration.productionBaseURL,
        requestTimeout: Duration = .seconds(60),
        retryPolicy: RetryPolicy = .default,
        tokenProvider: any TokenProvider,
        transactionConcurrency: TransactionConcurrency = .automatic,
        quotaProjectID: String? = nil,
        listenPolling: PollingListener.Configuration = PollingListener.Configuration(),
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes,
        listenTransport: ListenTransport = .push,
        warningHandler: @escaping @Sendable (String) -> Void = FirestoreRESTConfiguration.standardErrorWarning
    ) {
        self.listenTransport = listenTransport
        self.warningHandler = warningHandler
        self.maximumResponseBytes = maximumResponseBytes
        self.database = database
        self.baseURL = baseURL
        self.requestTimeout = requestTimeout
        self.retryPolicy = retryPolicy
        self.tokenProvider = tokenProvider
        self.transactionConcurrency = transactionConcurrency
        self.quotaProjectID = quotaProjectID
        self.listenPolling = listenPolling
    }

    /// The Firestore emulator at `hostAndPort` (`127.0.0.1:8080`): plain `http`, `Bearer owner`, and no
    /// concurrency mode (the emulator rejects the field).
    public static func emulator(
        hostAndPort: String,
        database: DatabaseID,
        tokenProvider: any TokenProvider = EmulatorOwnerTokenProvider(),
        retryPolicy: RetryPolicy = .default
    ) throws(DocumentStoreError) -> FirestoreRESTConfiguration {
        guard let url = URL(string: "http://\(hostAndPort)"), url.host != nil else {
            throw .invalidArgument("Invalid emulator host \"\(hostAndPort)\"; expected host:port.")
        }
        return FirestoreRESTConfiguration(
            database: database,
            baseURL: url,
            retryPolicy: retryPolicy,
            tokenProvider: tokenProvider,
            transactionConcurrency: .serverDefault
        )
    }

    /// The database, base URL, timeout, credential kind, retry limits, body cap and listen transport on one
    /// line, for logs; never a token.
    public var description: String {
        "FirestoreRESTConfiguration(\(database), baseURL: \(baseURL.absoluteString), timeout: \(requestTimeout), "
            + "credentials: \(tokenProvider.kind), retries: up to \(retryPolicy.maximumAttempts) attempts"
            + "\(retryPolicy.deadline.map { " within \($0)" } ?? ""), responses up to \(maximumResponseBytes) bytes, "
            + "listen: \(listenTransport))"
    }

    /// Writes `Hearth warning: <message>` and a newline to standard error: the default ``warningHandler``.
    public static let standardErrorWarning: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("Hearth warning: \(message)\n".utf8))
    }
}

/// How a ``FirestoreRESTDocumentStore``'s listeners receive changes.
public enum ListenTransport: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Pushed by Firestore over its Listen stream, every listener of the store sharing one connection
    /// (the default). Where the endpoint refuses it (404 or 501), the store falls back to ``poll`` by
    /// itself, once, with a warning.
    case push
    /// Polled: every ``FirestoreRESTConfiguration/listenPolling`` interval, each listener reads its
    /// target again and compares (billed as reads every time). `FIRESTORE_LISTEN=poll`.
    case poll

    /// `push` or `poll`, the `FIRESTORE_LISTEN` value that selects it.
    public var description: String { rawValue }
}

/// Whether read-write transactions name a concurrency mode in `beginTransaction`.
public enum TransactionConcurrency: Sendable, Hashable {
    /// `OPTIMISTIC` under a Firebase user's ID token (Firestore requires it for such tokens), the
    /// database's default otherwise.
    case automatic
    /// Always `OPTIMISTIC`.
    case optimistic
    /// Always `PESSIMISTIC`.
    case pessimistic
    /// Never name a mode (the Firestore emulator rejects the field).
    case serverDefault

    /// The `concurrencyMode` to send for credentials of `kind`, or `nil`.
    public func mode(for kind: CredentialKind) -> String? {
        switch self {
        case .automatic: kind == .firebaseUser ? "OPTIMISTIC" : nil
        case .optimistic: "OPTIMISTIC"
        case .pessimistic: "PESSIMISTIC"
        case .serverDefault: nil
        }
    }
}
