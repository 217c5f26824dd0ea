import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn` and reaped by process ID on a thread of its own: what the
/// tests and `hearth-bench` use instead of Foundation's `Process`.
///
/// Why not `Process`: on Linux (swift-corelibs-foundation as shipped with Swift 6.3.1) `Process.run()`
/// reads past the end of a `/proc/self/fd` directory entry and intermittently crashes the whole test
/// process (seen here: SIGSEGV in `memcpy` under `Process.run()` while the emulator was started;
/// swiftlang/swift-corelibs-foundation#5472). Its exit notification can also be held up by unrelated
/// children that inherited its pipe. Here standard input, output and error are files (or `/dev/null`),
/// and nothing is read from `/proc`.
public final class ChildProcess: Sendable {
    /// What a finished child left: its exit status (128 + the signal number when a signal ended it) and
    /// what it wrote to standard output and error.
    public struct Outcome: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String
    }

    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// This process's own stream.
        case inherit
        case null
        case file(String)
        /// Standard error only: wherever standard output goes.
        case sameAsOutput
        /// A descriptor of this process (one end of a ``pipe()``), which stays open here.
        case descriptor(Int32)
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let executable: String
        public let code: Int32
        public init(executable: String, code: Int32) {
            self.executable = executable
            self.code = code
        }
        public var description: String { "could not start \(executable): \(String(cString: strerror(code)))" }
    }

    private struct State {
        var status: Int32?
        var waiters: [@Sendable (Int32) -> Void] = []
    }

    /// The child's process ID.
    public let processIdentifier: Int32
    private let state = Mutex(State())
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `executable` (an absolute path) with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment (`nil`: this process's).
    ///   - directory: the child's working directory (`nil`: this process's).
    ///   - input, output, errors: where its standard streams go (default: `/dev/null`).
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        directory: String? = nil,
        input: Stream = .null,
        output: Stream = .null,
        errors: Stream = .null
    ) throws {
        var argv = [executable] + arguments
        var path = executable
        if let directory {
            // posix_spawn_file_actions_addchdir_np is not on every libc: change directory in a shell.
            argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + argv
            path = "/bin/sh"
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        func open(_ stream: Stream, as descriptor: Int32, flags: Int32) {
            switch stream {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0)
            case .file(let file): posix_spawn_file_actions_addopen(&actions, descriptor, file, flags, 0o644)
            case .sameAsOutput: posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, descriptor)
            }
        }
        open(input, as: 0, flags: O_RDONLY)
        open(output, as: 1, flags: O_WRONLY | O_CREAT | O_TRUNC)
        open(errors, as: 2, flags: O_WRONLY | O_CREAT | O_TRUNC)

        let argumentPointers = argv.map { strdup($0) } + [nil]
        defer { argumentPointers.forEach { free($0) } }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let environmentPointers = variables.map { strdup($0) } + [nil]
        defer { environmentPointers.forEach { free($0) } }
        var pid: pid_t = 0
        let result = path.withCString { posix_spawn(&pid, $0, &actions, nil, argumentPointers, environmentPointers) }
        guard result == 0 else { throw SpawnError(executable: executable, code: result) }
        processIdentifier = pid
        Thread.detachNewThread { [self, pid] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            let signal = status & 0x7f
            finish(signal == 0 ? (status >> 8) & 0xff : 128 + signal)
        }
    }

    /// Whether the child has not been reaped yet.
    public var isRunning: Bool { state.withLock { $0.status == nil } }

    /// Blocks until the child ends; returns its exit status.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        if let status = state.withLock({ $0.status }) { return status }
        exited.wait()
        exited.signal()
        return state.withLock { $0.status } ?? -1
    }

    /// Suspends until the child ends; returns its exit status.
    public func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            let known: Int32? = state.withLock { state in
                if let status = state.status { return status }
                state.waiters.append { continuation.resume(returning: $0) }
                return nil
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    /// Sends `signal` (default SIGKILL) to the child, if it still runs.
    public func kill(_ signal: Int32 = SIGKILL) {
        guard isRunning else { return }
        #if canImport(Glibc)
        _ = Glibc.kill(processIdentifier, signal)
        #else
        _ = Darwin.kill(processIdentifier, signal)
        #endif
    }

    private func finish(_ status: Int32) {
        let waiters = state.withLock { state in
            state.status = status
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        exited.signal()
        for waiter in waiters { waiter(status) }
    }

    // MARK: Running to the end

    /// Runs `executable` to its end, with `input` as standard input; returns its status and output
    /// (standard error merged into the output when `mergeErrors`).
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        directory: String? = nil,
        input: String? = nil,
        mergeErrors: Bool = false,
        timeout: Duration? = nil
    ) async throws -> Outcome {
        try await withCaptureFiles(input: input) { files in
            let child = try ChildProcess(
                executable, arguments, environment: environment, directory: directory,
                input: files.input.map(Stream.file) ?? .null, output: .file(files.output),
                errors: mergeErrors ? .sameAsOutput : .file(files.errors)
            )
            let watchdog = timeout.map { limit in
                Task {
                    try await Task.sleep(for: limit)
                    child.kill()
                }
            }
            let status = await child.exitStatus()
            watchdog?.cancel()
            return status
        }
    }

    /// ``run(_:_:environment:directory:input:mergeErrors:timeout:)``, blocking the calling thread.
    public static func runBlocking(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        directory: String? = nil,
        input: String? = nil,
        mergeErrors: Bool = false
    ) throws -> Outcome {
        try withCaptureFilesBlocking(input: input) { files in
            try ChildProcess(
                executable, arguments, environment: environment, directory: directory,
                input: files.input.map(Stream.file) ?? .null, output: .file(files.output),
                errors: mergeErrors ? .sameAsOutput : .file(files.errors)
            ).waitUntilExit()
        }
    }

    /// A pipe whose two descriptors are closed on exec, so that only the child given one end (as a
    /// ``Stream/descriptor(_:)``) holds it. Close the child's end here after starting the child.
    public static func pipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let result = Glibc.pipe(&descriptors)
        #else
        let result = Darwin.pipe(&descriptors)
        #endif
        guard result == 0 else { throw SpawnError(executable: "pipe", code: errno) }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    /// The absolute path of `name` on `PATH`, if any.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private struct CaptureFiles {
        let directory: URL
        let input: String?
        let output: String
        let errors: String

        init(input: String?) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hearth-child-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            output = directory.appendingPathComponent("stdout").path
            errors = directory.appendingPathComponent("stderr").path
            if let input {
                let file = directory.appendingPathComponent("stdin").path
                _ = FileManager.default.createFile(atPath: file, contents: Data(input.utf8))
                self.input = file
            } else {
                self.input = nil
            }
        }

        func outcome(_ status: Int32) -> Outcome {
            func read(_ path: String) -> String {
                FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            }
            return Outcome(status: status, output: read(output), errors: read(errors))
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    private static func withCaptureFiles(
        input: String?, _ body: (CaptureFiles) async throws -> Int32
    ) async throws -> Outcome {
        let files = try CaptureFiles(input: input)
        defer { files.remove() }
        return files.outcome(try await body(files))
    }

    private static func withCaptureFilesBlocking(
        input: String?, _ body: (CaptureFiles) throws -> Int32
    ) throws -> Outcome {
        let files = try CaptureFiles(input: input)
        defer { files.remove() }
        return files.outcome(try body(files))
    }
}
