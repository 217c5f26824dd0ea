import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// Documents written by Hearth (REST) read back identically by Google's official Python client (gRPC),
/// and the reverse, for every value kind, on the same emulator. Skipped when the emulator is absent or
/// the Python package cannot be installed from PyPI (the skip says why).
@Suite(
    "Interop with the official Python client", .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct PythonInteropTests {
    @Test func documentWrittenByHearth_readsBackIdenticallyInPython() async throws {
        let (store, emulator, python) = try await makeSUT()
        let path = try DocumentPath("interop/fromHearth")
        let fields = try ValueSamples.everyKind(database: store.database)
        _ = try await store.commit([Write.update(path, fields: fields)], transaction: nil)

        let output = try await python.run(
            ["read", store.database.projectID, path.path], emulatorHost: emulator.hostAndPort)

        #expect(try Self.fields(fromPythonOutput: output) == fields)
    }

    @Test func documentWrittenByPython_readsBackIdenticallyInHearth() async throws {
        let (store, emulator, python) = try await makeSUT()
        let path = try DocumentPath("interop/fromPython")
        let fields = try ValueSamples.everyKind(database: store.database)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-interop-\(UUID().uuidString).json")
        try Data(JSONWriter.serialize(RESTValueCodec.encodeFields(fields))).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }

        _ = try await python.run(
            ["write", store.database.projectID, path.path, input.path], emulatorHost: emulator.hostAndPort)
        let read = try await store.getDocument(path, mask: nil, consistency: .latest)

        #expect(read?.fields == fields)
    }

    @Test func aMissingDocument_isMissingForBoth() async throws {
        let (store, emulator, python) = try await makeSUT()

        let output = try await python.run(
            ["read", store.database.projectID, "interop/none"], emulatorHost: emulator.hostAndPort)

        #expect(output.contains("\"missing\": true"))
        #expect(try await store.getDocument(try DocumentPath("interop/none"), mask: nil, consistency: .latest) == nil)
    }

    // MARK: - Helpers

    private func makeSUT() async throws -> (FirestoreRESTDocumentStore, FirestoreEmulator, PythonFirestoreClient) {
        switch await PythonFirestoreClient.shared.prepare() {
        case .failure(let failure):
            try Test.cancel("Skipped: the official Python client is unavailable: \(failure.description)")
        case .success:
            break
        }
        let emulator = try await FirestoreEmulator.shared()
        let store = try await EmulatorStores.makeStore(
            emulator: emulator, projectID: FirestoreEmulator.newProjectID(prefix: "interop"))
        return (store, emulator, PythonFirestoreClient.shared)
    }

    static func fields(fromPythonOutput output: String) throws -> MapValue {
        guard case .object(let object) = try JSONParser.parse(output), let fields = object["fields"] else {
            throw PythonFirestoreClient.SetupFailure(description: "unexpected output: \(output.prefix(300))")
        }
        return try RESTValueCodec.decodeFields(fields)
    }
}
