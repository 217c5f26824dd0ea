import Foundation

/// The errors of seed 001's remote services (SwiftfulDataManagersFirebase's `FirebaseServiceError`),
/// besides the `DocumentStoreError`s the database reports.
public enum FirebaseServiceError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The service's `collectionPath` closure returned `nil` (a user-scoped path before login): every
    /// operation of the service throws this, and does nothing, until the closure returns a path.
    case collectionPathNotAvailable

    /// `collection path not available: the collectionPath closure returned nil`.
    public var description: String {
        switch self {
        case .collectionPathNotAvailable: "collection path not available: the collectionPath closure returned nil"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
