// `import Hearth` also gives the Firestore REST JSON route (Docs/RESTJSON.md): decoding the answers of
// Firestore's REST API (get, list, runQuery, error bodies) into Codable models. Only its types are
// re-exported, not the rest of the wire codec (`JSON`, the `REST…Codec` enums), so that those names do not
// reach every user of Hearth; `import HearthFirestoreCodec` gives them.
@_exported import struct HearthFirestoreCodec.FirestoreDocument
@_exported import struct HearthFirestoreCodec.FirestoreJSONDecoder
@_exported import struct HearthFirestoreCodec.FirestoreListResponse
@_exported import struct HearthFirestoreCodec.FirestoreRunQueryResponse
@_exported import struct HearthFirestoreCodec.FirestoreRunQueryResult
@_exported import struct HearthFirestoreCodec.RESTErrorBody
