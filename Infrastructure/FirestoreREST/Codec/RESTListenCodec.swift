package import HearthPort
package import HearthDomain

/// The proto3 JSON form of Firestore's `Listen` RPC on the client side: the `ListenRequest` that adds a
/// target, and the `ListenResponse`s that ``WatchStateMachine`` turns into snapshots. Listen is a
/// streaming RPC that Firestore serves over gRPC and WebChannel, not over plain REST; this codec is what
/// such a transport (or a recorded stream, like the conformance vectors) reads and writes with.
package enum RESTListenCodec {
    /// `{"database", "addTarget": {"query": {"parent", "structuredQuery"} | "documents": {"documents": [name]},
    /// "targetId", "resumeToken"? | "readTime"?}}`; a non-empty resume token wins over a read time.
    package static func encodeAddTarget(
        _ target: ListenTarget,
        targetID: Int32,
        resumeToken: [UInt8]? = nil,
        readTime: Timestamp? = nil,
        database: DatabaseID
    ) -> [UInt8] {
        RESTEncoder.encode(database: database, capacity: 256) { encoder in
            encoder.addTargetRequest(
                target, targetID: targetID, resumeToken: resumeToken, readTime: readTime, database: database)
        }
    }

    /// Reads one `ListenResponse`: exactly one of `targetChange`, `documentChange`, `documentDelete`,
    /// `documentRemove`, `filter`. Document names must belong to `database` when it is given.
    package static func decodeListenResponse(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError) -> RESTListenResponse {
        try RESTDecoder.decode(bytes, database: database) { (decoder) throws(RESTDecodingError) in
            try decoder.listenResponse()
        }
    }
}
