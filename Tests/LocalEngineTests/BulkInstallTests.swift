import HearthDomain
@testable import HearthLocalEngine
import Testing

@Suite("Installing a collection in bulk")
struct BulkInstallTests {
    /// A snapshot that holds documents twice is `dataLoss` naming one of them: the first repeat in the
    /// snapshot's order, on every run (documents are placed by hash region, and `Hasher` is seeded per
    /// process, so the first repeat placed differs from run to run).
    @Test func repeatedIDs_nameTheFirstRepeatInTheirOrder() throws {
        let collection = try CollectionPath("c")
        let time = try Timestamp(seconds: 1_700_000_000, nanoseconds: 0)
        let ids = (0..<1_000).map { "d\($0)" }
        // Every ID once, then each again from the last: the first repeat in order is d999.
        let entries = try (ids + ids.reversed()).map { id in
            let path = try DocumentPath(segments: ["c", id])
            return (
                identifier: try DocumentIdentifier(id),
                document: Document(path: path, fields: ["n": 1], createTime: time, updateTime: time),
                record: DocumentRecord?.none
            )
        }
        var storage = DocumentStorage()

        #expect(storage.installInBulk(entries, in: collection) == "d999")
    }
}
