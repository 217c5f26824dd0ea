import HearthDomain

/// Options of ``Database/runTransaction(with:isolation:_:)``, as Firebase's `TransactionOptions`.
///
/// ```swift
/// var options = TransactionOptions()      // or TransactionOptions(maxAttempts: 3)
/// options.maxAttempts = 3
/// try await db.runTransaction(with: options) { transaction in ... }
/// ```
///
/// Unlike Firebase's class, it is a value: change a `var` copy. (The port's way of opening a transaction,
/// read-only or read-write, is `TransactionMode`.)
public struct TransactionOptions: Sendable, Hashable {
    /// How many times the transaction is attempted before its `aborted` (contention) error is returned:
    /// at least 1; default 5, as Firebase's. It takes the place of ``DatabaseOptions/transactionMaxAttempts``
    /// for the transactions it is given to.
    public var maxAttempts: Int

    /// Options with `maxAttempts` (default 5).
    public init(maxAttempts: Int = 5) {
        self.maxAttempts = maxAttempts
    }
}

extension Database {
    /// Runs `body` in a read-write transaction as ``runTransaction(maxAttempts:isolation:_:)`` does, with
    /// `options` (Firebase's `runTransaction(with:block:)`; `nil` uses ``DatabaseOptions/transactionMaxAttempts``).
    /// Throws `invalidArgument` when `options.maxAttempts` is less than 1, before anything runs.
    public func runTransaction<T>(
        with options: TransactionOptions?,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Transaction) async throws -> T
    ) async throws -> T {
        if let options, options.maxAttempts < 1 {
            throw DocumentStoreError.invalidArgument(
                "TransactionOptions.maxAttempts must be at least 1; got \(options.maxAttempts).")
        }
        return try await runTransaction(maxAttempts: options?.maxAttempts, isolation: isolation, body)
    }
}
