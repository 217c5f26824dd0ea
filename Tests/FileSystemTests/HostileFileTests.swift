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

/// Damaged and crafted store files, and directories that cannot be made: each is reported with the right
/// code, naming the file (and byte), without trapping and without reading a damaged file whole.
@Suite("FileSystemDocumentStore: hostile files and directories")
struct HostileFileTests {
    @Test func damagedVersionField_isDataLoss_notANewerFormat() async throws {
        let (log, _) = try await smallLog()
        let directory = try TemporaryDirectory()
        var damaged = log
        damaged[8] = UInt8(FileHeader.currentVersion + 1)
        try damaged.write(to: directory.file(RecoveryTests.firstLog))

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .dataLoss)
        #expect(
            error.message.contains(
                "\(directory.file(RecoveryTests.firstLog).path) is damaged: its header checksum does not match"))
    }

    @Test func recordWithTheHighestEpoch_isDataLossNamingFileAndByte() async throws {
        for trailing in [[UInt8](), [UInt8](repeating: 0x41, count: 100)] {
            let directory = try TemporaryDirectory()
            try await craftedLog(epoch: .max, trailing: trailing).write(to: directory.file(RecoveryTests.firstLog))

            let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

            #expect(error.code == .dataLoss, "\(trailing.count) trailing bytes: \(error)")
            #expect(
                error.message.contains(
                    "\(directory.file(RecoveryTests.firstLog).path) is damaged at byte \(FileHeader.size)"), "\(error)")
        }
    }

    @Test func recordWithAnEpochBelowTheBound_opensAndTakesCommits() async throws {
        let directory = try TemporaryDirectory()
        try await craftedLog(epoch: RecordFrame.maximumEpoch - 1, trailing: []).write(
            to: directory.file(RecoveryTests.firstLog))

        let store = try await makeStore(directory)
        _ = try await store.commit([.update(try path("c/next"), fields: [:])], transaction: nil)
        try await store.close()
        let reopened = try await makeStore(directory)

        #expect(try await allDocuments(reopened).map(\.path.path) == ["c/crafted", "c/next"])
        try await reopened.close()
    }

    /// Recovery looks past a damaged record for later flushed records; it reads what follows a window
    /// (1 MiB) at a time, not in one allocation as long as the rest of the file. The damaged record
    /// also claims to be as long as the whole rest.
    @Test(arguments: [false, true])
    func damagedLogTail_isReadAWindowAtATime(claimingTheWholeRest: Bool) async throws {
        let directory = try TemporaryDirectory()
        var log = try await craftedLog(epoch: 1, trailing: [])
        let tail = 8 * RecordFileReader.windowSize
        var garbage = [UInt8](repeating: 0x41, count: tail)
        if claimingTheWholeRest {
            withUnsafeBytes(of: RecordFrame.marker.littleEndian) { garbage.replaceSubrange(0..<4, with: $0) }
            withUnsafeBytes(of: UInt32(tail - RecordFrame.headerSize).littleEndian) {
                garbage.replaceSubrange(4..<8, with: $0)
            }
        }
        log.append(contentsOf: garbage)
        try log.write(to: directory.file(RecoveryTests.firstLog))
        let largestRead = LargestValue()

        let store = try await makeStore(
            directory,
            faults: FileFaults(observingReads: { name, count in
                if name == RecoveryTests.firstLog { largestRead.offer(count) }
            }) { _, _ in nil })
        try await store.close()

        #expect(try await store.recovery.droppedTailBytes == tail)
        #expect(largestRead.value <= RecordFileReader.windowSize, "a read of \(largestRead.value) bytes")
    }

    @Test func validRecordLongerThanAWindow_afterADamagedOne_isFoundPieceByPiece() async throws {
        let directory = try TemporaryDirectory()
        let half = String(repeating: "b", count: RecordFileReader.windowSize / 2 + 1_000)
        let store = try await makeStore(directory)
        _ = try await store.commit([.update(try path("c/small"), fields: [:])], transaction: nil)
        _ = try await store.commit(
            [
                .update(try path("c/big1"), fields: ["b": .string(half)]),
                .update(try path("c/big2"), fields: ["b": .string(half)]),
            ],
            transaction: nil
        )
        try await store.close()
        var log = try Data(contentsOf: directory.file(RecoveryTests.firstLog))
        let offsets = try recordOffsets(log)
        #expect(
            offsets[1] - offsets[0] < RecordFileReader.windowSize
                && log.count - offsets[1] > RecordFileReader.windowSize)
        log[offsets[0] + RecordFrame.headerSize] ^= 0xFF
        try log.write(to: directory.file(RecoveryTests.firstLog))

        let error = try await #require(throws: DocumentStoreError.self) { try await makeStore(directory) }

        #expect(error.code == .dataLoss)
        #expect(error.message.contains("records flushed after it follow"), "\(error)")
    }

    @Test(.enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"))
    func directoryOnAReadOnlyFileSystem_isPermissionDeniedWithItsErrno() async throws {
        let mount = try Tmpfs(size: "64k")
        try mount.remount(readOnly: true)
        let url = mount.url.appendingPathComponent("parent/store")

        let error = try await #require(throws: DocumentStoreError.self) {
            try await FileSystemDocumentStore.open(directory: url, database: try DatabaseID(projectID: "p"))
        }

        #expect(error.code == .permissionDenied, "\(error)")
        #expect(
            error.message.contains("Could not create the directory \(mount.url.appendingPathComponent("parent").path)"),
            "\(error)")
        #expect(error.message.contains("(errno \(EROFS))"), "\(error)")
    }

    @Test(.enabled(if: getuid() != 0, "root ignores permission bits; the read-only file system above covers it"))
    func directoryInAnUnwritableParent_isPermissionDeniedWithItsErrno() async throws {
        let parent = try TemporaryDirectory()
        chmod(parent.path, 0o500)
        defer { chmod(parent.path, 0o700) }

        let error = try await #require(throws: DocumentStoreError.self) {
            try await FileSystemDocumentStore.open(
                directory: parent.file("a/store"), database: try DatabaseID(projectID: "p"))
        }

        #expect(error.code == .permissionDenied, "\(error)")
        #expect(error.message.contains("(errno \(EACCES))"), "\(error)")
    }

    @Test func storePathUnderAFile_isInvalidArgument() async throws {
        let parent = try TemporaryDirectory()
        try Data("x".utf8).write(to: parent.file("file"))

        let error = try await #require(throws: DocumentStoreError.self) {
            try await FileSystemDocumentStore.open(
                directory: parent.file("file/store"), database: try DatabaseID(projectID: "p"))
        }

        #expect(error.code == .invalidArgument, "\(error)")
    }
}

/// A log holding one valid batch record (`c/crafted`) whose frame carries `epoch`, followed by `trailing`.
private func craftedLog(epoch: UInt64, trailing: [UInt8]) async throws -> Data {
    let directory = try TemporaryDirectory()
    let store = try await makeStore(directory)
    _ = try await store.commit([.update(try path("c/crafted"), fields: [:])], transaction: nil)
    try await store.close()
    let original = [UInt8](try Data(contentsOf: directory.file(RecoveryTests.firstLog)))
    let header = try FileHeader.decode(
        Array(original.prefix(FileHeader.size)), kind: .log, file: RecoveryTests.firstLog)
    let offsets = try recordOffsets(Data(original))
    let length = original.withUnsafeBytes {
        Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offsets[0] + 4, as: UInt32.self)))
    }
    let payload = original[(offsets[0] + RecordFrame.headerSize)..<(offsets[0] + RecordFrame.headerSize + length)]
    var writer = BinaryWriter()
    writer.bytes = header.encoded()
    let frame = RecordFrame(salt: header.salt)
    let start = frame.begin(&writer)
    writer.bytes.append(contentsOf: payload)
    _ = frame.finish(&writer, start: start, epoch: epoch)
    return Data(writer.bytes + trailing)
}

/// The largest value offered, thread-safely.
private final class LargestValue: Sendable {
    private let state = Mutex(0)
    var value: Int { state.withLock { $0 } }
    func offer(_ candidate: Int) { state.withLock { $0 = max($0, candidate) } }
}
