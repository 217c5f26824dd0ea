import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// One open `Listen` stream to Firestore, whatever carries it (WebChannel today; a recorded or scripted
/// stream in tests): the seam between the transport and the listeners that share it.
///
/// Targets are multiplexed: the store's listeners add and remove targets on one connection, and every
/// response is delivered once, in the server's order, on ``responses``. The connection does not retry:
/// when it fails, ``responses`` finishes with the error (a `DocumentStoreError`: `unavailable` for a
/// cut, stalled or closed channel, which the owner answers by connecting again and resuming each target
/// from its resume token; `unauthenticated`, `permissionDenied`, `invalidArgument` are final) and the
/// connection is done. ``close()`` ends ``responses`` without an error.
protocol ListenConnection: Sendable {
    /// Every response the server sends, in order; finishes when the connection ends.
    var responses: AsyncThrowingStream<RESTListenResponse, any Error> { get }

    /// Adds a target: `ListenRequest.addTarget` with this ID, resumed from `resumeToken` when non-empty.
    func addTarget(_ target: ListenTarget, targetID: Int32, resumeToken: [UInt8]) async throws(DocumentStoreError)

    /// Removes a target: `ListenRequest.removeTarget`. Responses for it may still arrive before the
    /// server's `REMOVE`.
    func removeTarget(_ targetID: Int32) async throws(DocumentStoreError)

    /// Closes the connection; ``responses`` finishes without an error. Idempotent.
    func close() async
}

/// Opens ``ListenConnection``s; the store's listen machinery calls it again after a connection fails.
protocol ListenConnector: Sendable {
    /// Opens a new connection (authenticated with the store's current credentials).
    func connect() async throws(DocumentStoreError) -> any ListenConnection
}
