public import HearthDomain

/// How much the offline cache may hold before it evicts documents: Firebase's `cacheSizeBytes`, a
/// garbage-collection target rather than a hard limit. Sizes are Firestore's storage sizes of the cached
/// documents (name, fields and a fixed overhead), as the 1 MiB document limit counts them.
public struct CacheSizeTarget: Sendable, Hashable, CustomStringConvertible {
    /// The target in bytes; `nil` for ``unlimited``.
    public let bytes: Int64?

    /// The smallest target: 1 MB (1,048,576 bytes), as Firebase's.
    public static let minimumBytes: Int64 = 1_048_576
    /// Firebase's default: 100 MB (104,857,600 bytes).
    public static let `default` = CacheSizeTarget(checked: 104_857_600)
    /// Never evict (Firebase's `FirestoreCacheSizeUnlimited`).
    public static let unlimited = CacheSizeTarget(checked: nil)

    /// A target of `bytes`. Throws `invalidArgument` naming `sizeTarget` below ``minimumBytes``.
    public init(bytes: Int64) throws(DocumentStoreError) {
        guard bytes >= Self.minimumBytes else {
            throw DocumentStoreError(
                .invalidArgument,
                "sizeTarget must be at least \(Self.minimumBytes) bytes (1 MB) or unlimited, not \(bytes).")
        }
        self.bytes = bytes
    }

    private init(checked bytes: Int64?) {
        self.bytes = bytes
    }

    /// `104857600 bytes` or `unlimited`.
    public var description: String { bytes.map { "\($0) bytes" } ?? "unlimited" }
}
