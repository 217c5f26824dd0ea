import Foundation
import HearthApplication
import HearthDomain
@testable import HearthFileSystem
import HearthLocalEngine
import HearthPort
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Log rotation (compaction's first step) under a failure of each of its system calls, and how failures
/// of background compaction reach the caller (Docs/FileFormat.md, "Rotation").
@Suite("FileSystemDocumentStore: failures during log rotation and compaction")
struct RotationFailureTests {
    /// The system calls of one rotation of a store whose log has zeros written ahead, in order, as the
    /// fault seam sees them (`directory` stands for the store directory's own name).
    static let rotationCalls: [String] = [
        "truncate log-0000000000000001.hearth",
        "sync log-0000000000000001.hearth",
        "open log-0000000000000002.hearth.tmp",
        "write log-0000000000000002.hearth.tmp",
        "sync log-0000000000000002.hearth.tmp",
        "rename log-0000000000000002.hearth",
        "open directory",
        "sync directory",
    ]

    @Test func rotation_makesTheCallsThisSuiteFails_inThisOrder() async throws {
        let directory = try TemporaryDirectory()
        let recorder = CallRecorder(directoryName: directory.url.lastPathComponent)
        let store = try await makeStore(
            directory, faults: FileFaults { operation, name in recorder.call(operation, name) })
        _ = try await store.commit([.update(try path("c/a"), fields: [:])], transaction: nil)

        recorder.start()
        try await store.compact()
        let calls = recorder.stop()
        try await store.close()

        let rotation = Array(calls.prefix { !$0.hasSuffix("snapshot.hearth.tmp") })
        #expect(rotation == Self.rotationCalls)
    }

    /// Every system call of a rotation fails once, and then from that call on until the compaction
    /// returns (so that undoing a rename fails too), with `EIO` and with `EMFILE`: the store either keeps
    /// working (and a later compaction succeeds) or fails loudly (`failedPrecondition` naming the cause),
    /// and after reopening every acknowledged commit is there and the store takes commits again.
    @Test(arguments: [EIO, EMFILE], [false, true])
    func everyRotationCallFailing_keepsTheStoreWorkingOrFailsIt_andLosesNothingAcknowledged(
        errno code: Int32, persistent: Bool
    ) async throws {
        for index in Self.rotationCalls.indices {
            try await runScenario(failingCall: index, errno: code, persistent: persistent, durability: .full)
        }
    }

    /// The same with relaxed durability, where rotation first flushes the log.
    @Test(arguments: [false, true])
    func everyRotationCallFailing_withRelaxedDurability_losesNothingAcknowledged(persistent: Bool) async throws {
        for index in 0...Self.rotationCalls.count {
            try await runScenario(
                failingCall: index,
                errno: EIO,
                persistent: persistent,
                durability: .relaxed(syncInterval: .seconds(3_600))
            )
        }
    }

    /// The defect of issue 21: the directory flush after the new log's rename fails once; the store went
    /// on appending to the old log, and the next open refused the folder (`DATA_LOSS … had N bytes when
    /// the next log was started`).
    @Test func directoryFlushFailingOnceAfterTheRename_undoesTheRotation_andTheStoreReopens() async throws {
        let directory = try TemporaryDirectory()
        let failNext = Switch()
        let store = try await makeStore(
            directory,
            faults: FileFaults { operation, name in
                guard failNext.isOn, operation == .sync, name == directory.url.lastPathComponent else { return nil }
                failNext.turnOff()
                return EIO
            })
        _ = try await store.commit([.update(try path("c/before"), fields: [:])], transaction: nil)

        failNext.turnOn()
        let error = await #expect(throws: DocumentStoreError.self) { try await store.compact() }
        _ = try await store.commit([.update(try path("c/after"), fields: [:])], transaction: nil)
        try await store.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let reopened = try await makeStore(directory)

        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("Could not sync \(directory.path)") == true)
        #expect(names == ["LOCK", RecoveryTests.firstLog])
        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/after", "c/before"])
        try await reopened.close()
    }

    @Test func rotationThatCanNeitherFinishNorUndo_failsTheStore_withACodeThatIsNotRetried() async throws {
        let directory = try TemporaryDirectory()
        let broken = Switch()
        let store = try await makeStore(
            directory,
            faults: FileFaults { operation, name in
                guard broken.isOn else { return nil }
                if operation == .sync, name == directory.url.lastPathComponent { return EIO }
                if operation == .remove, name == "log-0000000000000002.hearth" { return EIO }
                return nil
            })
        _ = try await store.commit([.update(try path("c/before"), fields: [:])], transaction: nil)

        broken.turnOn()
        let compaction = await #expect(throws: DocumentStoreError.self) { try await store.compact() }
        broken.turnOff()
        let later = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.commit([.update(try path("c/refused"), fields: [:])], transaction: nil)
        }
        let failure = store.statistics.failure
        let visible = try await allDocuments(store).map(\.path.path)
        let closing = await #expect(throws: DocumentStoreError.self) { try await store.close() }
        let reopened = try await makeStore(directory)

        #expect(compaction?.code == .failedPrecondition)
        #expect(later?.code == .failedPrecondition)
        #expect(later?.message.contains("The file store at \(directory.path) has failed") == true)
        #expect(later?.message.contains("closed and opened again") == true)
        #expect(later?.message.contains("Could not sync \(directory.path)") == true)
        #expect(failure?.code == .unavailable)
        #expect(closing?.code == .unavailable)
        #expect(visible == ["c/before"])
        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/before"])
        #expect(reopened.statistics.activeLogGeneration == 2)
        _ = try await reopened.commit([.update(try path("c/afterReopen"), fields: [:])], transaction: nil)
        try await reopened.close()
    }

    @Test func failedAutomaticCompaction_isReportedByClose_andLosesNothing() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(
            directory,
            options: .init(compactionThreshold: 4_096),
            faults: FileFaults { operation, name in operation == .write && name == "snapshot.hearth.tmp" ? ENOSPC : nil
            }
        )
        let pad = String(repeating: "p", count: 5_000)

        _ = try await store.commit([.update(try path("c/a"), fields: ["pad": .string(pad)])], transaction: nil)
        // The write that passed the threshold asked for a compaction before this commit was written.
        _ = try await store.commit([.update(try path("c/b"), fields: [:])], transaction: nil)
        let closing = await #expect(throws: DocumentStoreError.self) { try await store.close() }
        let reopened = try await makeStore(directory)

        #expect(closing?.code == .resourceExhausted)
        #expect(closing?.message.contains("last automatic compaction failed") == true)
        #expect(closing?.message.contains(directory.file("snapshot.hearth.tmp").path) == true)
        #expect(store.statistics.lastCompactionError?.code == .resourceExhausted)
        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/a", "c/b"])
        try await reopened.close()
    }

    @Test func rotationAfterTheHighestGeneration_isDataLossNamingTheLog_andTheStoreKeepsWorking() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(directory)
        _ = try await store.commit([.update(try path("c/a"), fields: [:])], transaction: nil)
        let snapshot = store.engine.publishedView()
        try await store.close()
        let storeDirectory = StoreDirectory(path: directory.path, faults: .none)
        var random = SystemRandomNumberGenerator()
        try SnapshotWriter.write(
            snapshot, firstLogGeneration: .max, database: try DatabaseID(projectID: "hearth-filestore"),
            to: storeDirectory, random: &random)
        let last = try? ActiveLog.create(generation: .max, previousLogLength: 0, in: storeDirectory, random: &random)
        last?.file.close()
        let lastName = StoreDirectory.logName(.max)

        let crafted = try await makeStore(directory)
        let error = await #expect(throws: DocumentStoreError.self) { try await crafted.compact() }
        _ = try await crafted.commit([.update(try path("c/b"), fields: [:])], transaction: nil)
        try await crafted.close()
        let reopened = try await makeStore(directory)

        #expect(error?.code == .dataLoss)
        #expect(error?.message.contains(directory.file(lastName).path) == true)
        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/a", "c/b"])
        try await reopened.close()
    }

    // MARK: Helpers

    private func runScenario(
        failingCall index: Int,
        errno code: Int32,
        persistent: Bool,
        durability: FileSystemDocumentStore.Durability
    ) async throws {
        let label =
            "call \(index) (\(index < Self.rotationCalls.count ? Self.rotationCalls[index] : "-")), errno \(code), persistent \(persistent), \(durability)"
        let directory = try TemporaryDirectory()
        let injector = RotationFaultInjector(failingCall: index, errno: code, persistent: persistent)
        let store = try await makeStore(
            directory, options: .init(durability: durability),
            faults: FileFaults { operation, name in injector.fault(operation, name) })
        var acknowledged: [String] = []
        for document in ["c/one", "c/two"] {
            _ = try await store.commit([.update(try path(document), fields: [:])], transaction: nil)
            acknowledged.append(document)
        }

        injector.arm()
        let compaction = await Result { try await store.compact() }
        injector.disarm()
        let storeFailure = store.statistics.failure

        var failedLoudly = false
        do {
            _ = try await store.commit([.update(try path("c/after"), fields: [:])], transaction: nil)
            acknowledged.append("c/after")
            #expect(storeFailure == nil, "\(label): a commit succeeded on a failed store")
        } catch let error as DocumentStoreError {
            failedLoudly = true
            #expect(storeFailure != nil, "\(label): \(error)")
            #expect(error.code == .failedPrecondition, "\(label): \(error)")
            #expect(error.message.contains("has failed"), "\(label): \(error)")
        }
        if case .failure(let error) = compaction {
            #expect(error is DocumentStoreError, "\(label): \(error)")
        }
        if failedLoudly {
            _ = try? await store.close()
        } else {
            try await store.close()
        }

        // Reopened before compacting again: a second rotation would rewrite the next log's header and
        // hide a log written after the next one was started.
        let reopened = try await makeStore(directory)
        let found = try await allDocuments(reopened).map(\.path.path)
        #expect(found == acknowledged.sorted(), "\(label)")
        _ = try await reopened.commit([.update(try path("c/afterReopen"), fields: [:])], transaction: nil)
        try await reopened.compact()
        try await reopened.close()
        let again = try await makeStore(directory)
        #expect(try await allDocuments(again).count == acknowledged.count + 1, "\(label)")
        try await again.close()
    }
}

/// Records the system calls made while recording is on, as "operation name".
final class CallRecorder: Sendable {
    private let state = Mutex<(recording: Bool, calls: [String])>((false, []))
    private let directoryName: String

    init(directoryName: String) {
        self.directoryName = directoryName
    }

    func start() { state.withLock { $0 = (true, []) } }

    func stop() -> [String] {
        state.withLock { state in
            state.recording = false
            return state.calls
        }
    }

    func call(_ operation: FileOperation, _ name: String) -> Int32? {
        state.withLock { state in
            if state.recording {
                state.calls.append("\(operation.rawValue) \(name == directoryName ? "directory" : name)")
            }
        }
        return nil
    }
}

/// Fails the `failingCall`-th system call (0-based) made while armed, and with `persistent` every later
/// one until disarmed.
final class RotationFaultInjector: Sendable {
    private let state = Mutex<(armed: Bool, calls: Int)>((false, 0))
    private let failingCall: Int
    private let code: Int32
    private let persistent: Bool

    init(failingCall: Int, errno code: Int32, persistent: Bool) {
        self.failingCall = failingCall
        self.code = code
        self.persistent = persistent
    }

    func arm() { state.withLock { $0 = (true, 0) } }
    func disarm() { state.withLock { $0.armed = false } }

    func fault(_ operation: FileOperation, _ name: String) -> Int32? {
        state.withLock { state -> Int32? in
            guard state.armed else { return nil }
            let call = state.calls
            state.calls += 1
            return call == failingCall || (persistent && call > failingCall) ? code : nil
        }
    }
}
