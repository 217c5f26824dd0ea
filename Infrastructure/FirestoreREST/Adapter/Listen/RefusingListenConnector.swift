import HearthDomain
import HearthPort

/// The store's ``ListenConnector`` when its HTTP client cannot stream an answer (a custom `HTTPClient`
/// that is not an `HTTPStreamingClient`): every connection attempt fails with `unimplemented`, the error a
/// connector reports when the Listen endpoint refuses the channel (HTTP 404 or 501), so the store falls
/// back to polling once, with a warning.
struct RefusingListenConnector: ListenConnector {
    func connect() async throws(DocumentStoreError) -> any ListenConnection {
        throw DocumentStoreError(
            .unimplemented,
            "The store's HTTP client cannot stream answers (it is not an HTTPStreamingClient), so Listen cannot use WebChannel."
        )
    }
}
