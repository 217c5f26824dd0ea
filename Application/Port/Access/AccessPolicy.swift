public import HearthDomain

/// Decides whether a caller may make a request: the security rules of a local store (the Firestore REST
/// adapter leaves them to the server). An `AuthContext` of `admin` is never asked about: it bypasses
/// the policy, as the server SDKs bypass Firestore's rules.
public protocol AccessPolicy: Sendable {
    /// Returns when `context` may make `access` at `time` (`request.time`), reading other documents
    /// through `reader`; throws `permissionDenied` naming the method and the path (``Access/denied``)
    /// otherwise. An error while deciding denies.
    func check(
        _ access: Access, as context: AuthContext, at time: Timestamp, reader: any AccessReader
    ) throws(DocumentStoreError)

    /// Returns when `context` may make every write of one commit (each a `write` ``Access``, decided as
    /// ``check(_:as:at:reader:)`` decides it), the writes together being one request: Firestore's limit
    /// on document reads applies to the whole commit (20), not to each write alone. Throws the first
    /// denied write's ``Access/denied``.
    func checkCommit(
        _ writes: [Access], as context: AuthContext, at time: Timestamp, reader: any AccessReader
    ) throws(DocumentStoreError)
}
