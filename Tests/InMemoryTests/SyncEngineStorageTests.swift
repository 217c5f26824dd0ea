import Foundation
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// `SyncEngineStorage`'s contract on `InMemorySyncEngineStorage`.
@Suite("SyncEngineStorage: in memory")
struct SyncEngineStorageTests {
    @Test func load_ofAKeyNeverSaved_isEmpty() throws {
        #expect(try InMemorySyncEngineStorage().load(key: "user").isEmpty)
    }

    @Test func save_thenLoad_returnsTheRecordsInOrder_typed() throws {
        let sut = InMemorySyncEngineStorage()
        let records = [
            try SyncRecord(id: "b", fields: MapValue(["at": .timestamp(try Timestamp(seconds: 5, nanoseconds: 7))])),
            try SyncRecord(id: "a", fields: MapValue(["bytes": .bytes(Data([1, 2]))])),
        ]
        try sut.save(records, key: "k")
        #expect(try sut.load(key: "k") == records)
        #expect(try sut.load(key: "other").isEmpty)
    }

    @Test func save_replacesWhatWasKept() throws {
        let sut = InMemorySyncEngineStorage()
        try sut.save([try SyncRecord(id: "a", fields: MapValue())], key: "k")
        try sut.save([try SyncRecord(id: "b", fields: MapValue())], key: "k")
        #expect(try sut.load(key: "k").map(\.id) == ["b"])
    }

    @Test func remove_forgetsTheKey_andAMissingKeyIsNoError() throws {
        let sut = InMemorySyncEngineStorage()
        try sut.save([try SyncRecord(id: "a", fields: MapValue())], key: "k")
        try sut.remove(key: "k")
        try sut.remove(key: "never")
        #expect(try sut.load(key: "k").isEmpty)
    }

    @Test func emptyKey_isInvalidArgumentNamingKey() throws {
        let sut = InMemorySyncEngineStorage()
        for operation in [{ _ = try sut.load(key: "") }, { try sut.save([], key: "") }, { try sut.remove(key: "") }] {
            let error = #expect(throws: DocumentStoreError.self) { try operation() }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("key") == true)
        }
    }

    @Test func syncRecord_emptyID_isInvalidArgumentNamingID() {
        let error = #expect(throws: DocumentStoreError.self) { try SyncRecord(id: "", fields: MapValue()) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("id") == true)
    }
}
