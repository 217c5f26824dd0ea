@_spi(Fuzzing) import HearthFileSystem

/// The file store's record payloads (log batches and snapshot records): any bytes are refused or decoded,
/// and a decoded payload's encoding is stable (encode → decode → encode gives the same bytes).
enum RecordPayloadsTarget: FuzzTarget {
    static let name = "record-payloads"

    static func run(_ input: [UInt8]) {
        if RecordPayloadFuzzing.checkRoundTrip(input) == false {
            FuzzCheck.fail(name, "a decoded payload's encoding is not stable")
        }
    }

    static func corpus() throws -> [[UInt8]] {
        let documents = Samples.documents
        var inputs: [[UInt8]] = []
        for count in [0, 1, 3, documents.count] {
            inputs += RecordPayloadFuzzing.samplePayloads(
                Array(documents.prefix(count)), commitTime: Samples.time, database: Samples.database)
        }
        return inputs
    }
}
