import Foundation
import HearthDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Translates `errno` values into ``DocumentStoreError``s that name the file and what was being done.
enum POSIXErrorMapping {
    /// The error for `errno` while doing `action` ("write", "open", …) on `path`:
    /// - `ENOSPC`, `EDQUOT`, `EFBIG`, `EMFILE`, `ENFILE`, `ENOMEM` → `resourceExhausted`;
    /// - `EACCES`, `EPERM`, `EROFS` → `permissionDenied`;
    /// - `EWOULDBLOCK` on a lock → `failedPrecondition` (see ``lockError(path:directory:)``);
    /// - `ENOTDIR`, `ENAMETOOLONG`, `ELOOP` → `invalidArgument` (the store's directory cannot be used);
    /// - anything else (`EIO`, …) → `unavailable`.
    static func error(_ code: Int32, _ action: String, _ path: String) -> DocumentStoreError {
        let storeCode: DocumentStoreError.Code
        switch code {
        case ENOSPC, EDQUOT, EFBIG, EMFILE, ENFILE, ENOMEM: storeCode = .resourceExhausted
        case EACCES, EPERM, EROFS: storeCode = .permissionDenied
        case ENOTDIR, ENAMETOOLONG, ELOOP: storeCode = .invalidArgument
        default: storeCode = .unavailable
        }
        let description = String(cString: strerror(code))
        return DocumentStoreError(
            storeCode,
            "Could not \(action) \(path): \(description) (errno \(code)).",
            underlying: POSIXErrorCode(rawValue: code).map { POSIXError($0) }
        )
    }

    /// A store directory locked by another process or another open store.
    static func lockError(path: String, directory: String) -> DocumentStoreError {
        DocumentStoreError(
            .failedPrecondition,
            "The file store at \(directory) is already open in another process or another FileSystemDocumentStore (its lock file \(path) is held). Close the other store first."
        )
    }
}
