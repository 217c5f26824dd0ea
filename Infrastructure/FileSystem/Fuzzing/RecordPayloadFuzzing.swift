import HearthDomain
import HearthLocalEngine

/// The record-payload codec, reached by the fuzz targets in `Fuzz/` (not API: only under
/// `@_spi(Fuzzing)`, so that the codec itself stays internal).
@_spi(Fuzzing) public enum RecordPayloadFuzzing {
    /// Decodes `bytes` as one record payload of each format version this build reads and, when it
    /// decodes, checks that its encoding is stable: encoding the payload, decoding that (as the current
    /// version) and encoding again gives the same bytes. Returns `nil` when every version refuses `bytes`
    /// (a thrown format error), `true` when stable, `false` when not. Never traps.
    public static func checkRoundTrip(_ bytes: [UInt8]) -> Bool? {
        var outcome: Bool?
        for version in FileHeader.oldestReadableVersion...FileHeader.currentVersion {
            guard let payload = decode(bytes[...], version: version) else { continue }
            let first = encode(payload)
            guard let again = decode(first[...], version: FileHeader.currentVersion), encode(again) == first else {
                return false
            }
            outcome = true
        }
        return outcome
    }

    /// The encoded payloads of a batch, a snapshot's start, its documents (as format versions 2 and 3
    /// write them: the latter, those of the first document's collection) and its end, made of
    /// `documents` (seeds for the fuzz corpus).
    public static func samplePayloads(_ documents: [Document], commitTime: Timestamp, database: DatabaseID) -> [[UInt8]]
    {
        let batch = CommittedBatch(
            commitTime: commitTime,
            documents: documents.enumerated().map { index, document in
                CommittedDocument(path: document.path, document: index % 3 == 2 ? nil : document)
            }
        )
        let start = SnapshotStart(
            commitTime: commitTime, firstLogGeneration: 3, documentCount: documents.count,
            database: database.resourceName)
        var payloads = [
            encode(.batch(batch)),
            encode(.snapshotStart(start)),
            encode(.snapshotDocuments(documents.map { CommittedDocument(path: $0.path, document: $0) })),
            encode(.snapshotEnd(documentCount: documents.count)),
        ]
        if let collection = documents.first?.path.parent {
            let members = documents.filter { $0.path.parent == collection }
            payloads.append(
                encode(
                    .collectionDocuments(
                        collection,
                        members.compactMap { document in
                            (try? DocumentIdentifier(document.path.documentID)).map {
                                ImageDocument(document, identifier: $0)
                            }
                        }))
            )
        }
        return payloads
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, version: UInt32) -> RecordPayload? {
        bytes.withRawBytes { (raw) -> RecordPayload? in
            var reader = BinaryReader(raw)
            return try? reader.payload(version: version)
        }
    }

    private static func encode(_ payload: RecordPayload) -> [UInt8] {
        var writer = BinaryWriter()
        writer.payload(payload)
        return writer.bytes
    }
}
