import HearthDomain
import HearthPort

/// The store's ``ListenConnector`` until a transport is wired in (the WebChannel connector replaces it):
/// every connection attempt fails with `unimplemented`, the error a connector reports when the Listen
/// endpoint refuses the channel (HTTP 404 or 501), so the store falls back to polling once, with a
/// warning.
struct RefusingListenConnector: ListenConnector {
    func connect() async throws(DocumentStoreError) -> any ListenConnection {
        throw DocumentStoreError(.unimplemented, "No Listen transport is available in this build of the REST adapter.")
    }
}
