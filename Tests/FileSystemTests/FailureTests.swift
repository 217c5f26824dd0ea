import Foundation
import HearthApplication
import HearthDomain
@testable import HearthFileSystem
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("FileSystemDocumentStore: file-system failures")
struct FailureTests {
    @Test func diskFull_whileAppendingToTheLog_failsThatAndLaterCommits_andLosesNothingAcknowledged() async throws {
        let directory = try TemporaryDirectory()
        let full = Switch()
        let store = try await makeStore(
            directory,
            faults: FileFaults { operation, name in
                full.isOn && operation == .write && name.hasPrefix("log-") ? ENOSPC : nil
            })
        _ = try await store.commit([.update(try path("c/acknowledged"), fields: ["n": 1])], transaction: nil)

        full.turnOn()
        let failed = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.commit([.update(try path("c/refused"), fields: ["n": 2])], transaction: nil)
        }
        full.turnOff()
        let later = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.commit([.update(try path("c/later"), fields: ["n": 3])], transaction: nil)
        }
        let visible = try await allDocuments(store).map(\.path.path)
        let closing = await #expect(throws: DocumentStoreError.self) { try await store.close() }

        #expect(failed?.code == .resourceExhausted)
        #expect(failed?.message.contains(directory.file(RecoveryTests.firstLog).path) == true)
        #expect(later?.code == .failedPrecondition)
        #expect(later?.message.contains("The file store at \(directory.path) has failed") == true)
        #expect(later?.message.contains("No space left on device") == true)
        #expect(closing?.code == .resourceExhausted)
        #expect(visible == ["c/acknowledged"])
        let reopened = try await makeStore(directory)
        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/acknowledged"])
        _ = try await reopened.commit([.update(try path("c/afterReopen"), fields: [:])], transaction: nil)
        try await reopened.close()
    }

    @Test func zerosAheadOfTheLogCannotBeWritten_recordsAreAppended_andNothingIsOverwritten() async throws {
        let directory = try TemporaryDirectory()
        let writes = Counter()
        let store = try await makeStore(
            directory,
            faults: FileFaults { operation, name in
                operation == .write && name == RecoveryTests.firstLog && writes.increment() == 1 ? ENOSPC : nil
            })
        let pad = String(repeating: "z", count: 100_000)

        for index in 0..<15 {
            _ = try await store.commit(
                [.update(try path("c/d\(index)"), fields: ["pad": .string(pad)])], transaction: nil)
        }
        try await store.close()
        let reopened = try await makeStore(directory)

        #expect(try await allDocuments(reopened).count == 15)
        #expect(try await reopened.recovery.replayedBatches == 15)
        try await reopened.close()
    }

    @Test func failedFlush_failsTheCommitUnavailable_andTheStoreUntilReopened() async throws {
        let directory = try TemporaryDirectory()
        let broken = Switch()
        let store = try await makeStore(
            directory,
            faults: FileFaults { operation, name in
                broken.isOn && operation == .sync && name.hasPrefix("log-") ? EIO : nil
            })
        _ = try await store.commit([.update(try path("c/acknowledged"), fields: [:])], transaction: nil)

        broken.turnOn()
        let failed = await #expect(throws: DocumentStoreError.self) {
            _ = try await store.commit([.update(try path("c/unflushed"), fields: [:])], transaction: nil)
        }
        broken.turnOff()

        #expect(failed?.code == .unavailable)
        #expect(failed?.message.contains("Could not sync \(directory.file(RecoveryTests.firstLog).path)") == true)
        #expect(store.statistics.failure?.code == .unavailable)
        #expect(try await allDocuments(store).map(\.path.path) == ["c/acknowledged"])
        await #expect(throws: DocumentStoreError.self) { try await store.close() }
        let reopened = try await makeStore(directory)
        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/acknowledged"])
        try await reopened.close()
    }

    @Test func concurrentCommits_inAFailedGroup_allFail_andEarlierOnesStay() async throws {
        let directory = try TemporaryDirectory()
        let full = Switch()
        let store = try await makeStore(
            directory,
            faults: FileFaults { operation, name in
                full.isOn && operation == .write && name.hasPrefix("log-") ? ENOSPC : nil
            })
        for index in 0..<5 {
            _ = try await store.commit([.update(try path("ok/d\(index)"), fields: [:])], transaction: nil)
        }

        full.turnOn()
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    do {
                        _ = try await store.commit(
                            [.update(try path("refused/d\(index)"), fields: [:])], transaction: nil)
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }

        #expect(outcomes.allSatisfy { !$0 })
        #expect(try await allDocuments(store).map(\.path.path) == (0..<5).map { "ok/d\($0)" })
        full.turnOff()
        _ = try? await store.close()
        let reopened = try await makeStore(directory)
        #expect(try await allDocuments(reopened).map(\.path.path) == (0..<5).map { "ok/d\($0)" })
        try await reopened.close()
    }

    @Test func diskFull_whileCompacting_failsCompaction_andTheStoreStaysUsable() async throws {
        let directory = try TemporaryDirectory()
        let store = try await makeStore(
            directory,
            faults: FileFaults { operation, name in
                operation == .write && name == "snapshot.hearth.tmp" ? ENOSPC : nil
            })
        _ = try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)

        let error = await #expect(throws: DocumentStoreError.self) { try await store.compact() }
        _ = try await store.commit([.update(try path("c/b"), fields: ["n": 2])], transaction: nil)
        try await store.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        #expect(error?.code == .resourceExhausted)
        #expect(error?.message.contains(directory.file("snapshot.hearth.tmp").path) == true)
        #expect(names == ["LOCK", "log-0000000000000001.hearth", "log-0000000000000002.hearth"])
        let reopened = try await makeStore(directory)
        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/a", "c/b"])
        try await reopened.close()
    }

    @Test func diskFull_whileCreatingTheStore_failsResourceExhaustedNamingTheFile() async throws {
        let directory = try TemporaryDirectory()

        let error = try await #require(throws: DocumentStoreError.self) {
            try await makeStore(
                directory,
                faults: FileFaults { operation, name in operation == .write && name.hasPrefix("log-") ? ENOSPC : nil })
        }

        #expect(error.code == .resourceExhausted)
        #expect(error.message.contains(directory.file("log-0000000000000001.hearth.tmp").path))
        let store = try await makeStore(directory)
        try await store.close()
    }

    @Test func unreadableDirectory_failsPermissionDeniedNamingIt() async throws {
        let directory = try TemporaryDirectory()

        let error = try await #require(throws: DocumentStoreError.self) {
            try await makeStore(directory, faults: FileFaults { operation, _ in operation == .list ? EACCES : nil })
        }

        #expect(error.code == .permissionDenied)
        #expect(error.message.contains("Could not list \(directory.path)"))
    }

    @Test func readOnlyDirectory_failsPermissionDeniedNamingTheLockFile() async throws {
        let directory = try TemporaryDirectory()

        let error = try await #require(throws: DocumentStoreError.self) {
            try await makeStore(
                directory, faults: FileFaults { operation, name in operation == .open && name == "LOCK" ? EROFS : nil })
        }

        #expect(error.code == .permissionDenied)
        #expect(error.message.contains(directory.file("LOCK").path))
    }

    @Test(.enabled(if: getuid() != 0, "root ignores permission bits; the injected failures above cover it"))
    func directoryWithoutPermissions_failsPermissionDenied() async throws {
        let directory = try TemporaryDirectory()
        try await makeStore(directory).close()
        chmod(directory.path, 0o500)
        defer { chmod(directory.path, 0o700) }

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .permissionDenied)
    }

    @Test(.enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN); the injected failures cover it"))
    func readOnlyFileSystem_failsPermissionDenied_andReadWriteAgainReopens() async throws {
        let mount = try Tmpfs(size: "1m")
        let url = mount.url.appendingPathComponent("store")
        let store = try await FileSystemDocumentStore.open(directory: url, database: try DatabaseID(projectID: "p"))
        _ = try await store.commit([.update(try path("c/a"), fields: ["n": 1])], transaction: nil)
        try await store.close()

        try mount.remount(readOnly: true)
        let error = try await #require(throws: DocumentStoreError.self) {
            try await FileSystemDocumentStore.open(directory: url, database: try DatabaseID(projectID: "p"))
        }
        try mount.remount(readOnly: false)
        let reopened = try await FileSystemDocumentStore.open(directory: url, database: try DatabaseID(projectID: "p"))

        #expect(error.code == .permissionDenied)
        #expect(error.message.contains(url.appendingPathComponent("LOCK").path))
        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/a"])
        try await reopened.close()
    }

    @Test(.enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN); the injected failures cover it"))
    func fullTmpfs_failsACommitResourceExhausted_andKeepsEveryAcknowledgedCommit() async throws {
        let mount = try Tmpfs(size: "256k")
        let url = mount.url.appendingPathComponent("store")
        let store = try await FileSystemDocumentStore.open(directory: url, database: try DatabaseID(projectID: "p"))
        var acknowledged: [String] = []
        var failure: DocumentStoreError?
        for index in 0..<1_000 {
            do {
                _ = try await store.commit(
                    [.update(try path("c/d\(index)"), fields: ["pad": .string(String(repeating: "x", count: 4_000))])],
                    transaction: nil)
                acknowledged.append("c/d\(index)")
            } catch let error as DocumentStoreError {
                failure = error
                break
            }
        }
        _ = try? await store.close()
        try mount.remount(readOnly: false, size: "1m")
        let reopened = try await FileSystemDocumentStore.open(directory: url, database: try DatabaseID(projectID: "p"))

        #expect(failure?.code == .resourceExhausted)
        #expect(failure?.message.contains(url.path) == true)
        #expect(!acknowledged.isEmpty)
        #expect(try await allDocuments(reopened).map(\.path.path) == acknowledged.sorted())
        _ = try await reopened.commit([.update(try path("c/afterGrowing"), fields: [:])], transaction: nil)
        try await reopened.close()
    }
}

// MARK: - Helpers

/// A flag a fault injector reads and a test flips.
final class Switch: Sendable {
    private let state = Mutex(false)
    var isOn: Bool { state.withLock { $0 } }
    func turnOn() { state.withLock { $0 = true } }
    func turnOff() { state.withLock { $0 = false } }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let state = Mutex(0)

    /// Adds one; returns the new count.
    func increment() -> Int {
        state.withLock {
            $0 += 1; return $0
        }
    }
}

/// A small tmpfs mounted for one test and unmounted when released (needs root).
final class Tmpfs: Sendable {
    let url: URL
    private let holder: TemporaryDirectory

    /// Whether this process may mount a tmpfs (tried once, with a tiny one).
    static let canMount: Bool = {
        guard getuid() == 0, let probe = try? TemporaryDirectory("hearth-tmpfs-probe") else { return false }
        guard run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) else { return false }
        return run(["umount", probe.path])
    }()

    init(size: String) throws {
        holder = try TemporaryDirectory("hearth-tmpfs")
        url = holder.url
        guard Self.run(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path]) else {
            throw DocumentStoreError(.unavailable, "could not mount a tmpfs at \(url.path)")
        }
    }

    func remount(readOnly: Bool, size: String? = nil) throws {
        let options = ["remount", readOnly ? "ro" : "rw"] + (size.map { ["size=\($0)"] } ?? [])
        guard Self.run(["mount", "-o", options.joined(separator: ","), url.path]) else {
            throw DocumentStoreError(.unavailable, "could not remount \(url.path)")
        }
    }

    deinit {
        _ = Self.run(["umount", url.path])
    }

    @discardableResult
    static func run(_ arguments: [String]) -> Bool {
        (try? ChildProcess.runBlocking("/usr/bin/env", arguments).status) == 0
    }
}
