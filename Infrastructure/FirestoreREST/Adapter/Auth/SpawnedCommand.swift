import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A child process started with `posix_spawn`, its standard output and error collected, reaped with
/// `waitpid` on a thread of its own.
///
/// Not Foundation's `Process`: on Linux it learns of a child's exit through a descriptor that any child
/// spawned concurrently elsewhere in the program can inherit, so `waitUntilExit()` may wait for that
/// unrelated process (seen in the test suite as a token command "timing out" while a crash-harness child
/// ran). Here the pipes are close-on-exec and the exit is observed by process ID, so other children
/// cannot delay it.
final class SpawnedCommand: Sendable {
    enum StopReason: Sendable { case timedOut, cancelled }

    enum Outcome: Sendable {
        /// The command ended by itself: its exit status (128 + the signal number if a signal ended it)
        /// and what it printed.
        case exited(status: Int32, output: Data, errors: Data)
        /// It was stopped (and killed) before it ended.
        case stopped(StopReason)
    }

    private struct State {
        var reaped = false
        var outcome: Outcome?
        var handler: (@Sendable (Outcome) -> Void)?
    }

    private let pid: pid_t
    private let state = Mutex(State())

    /// Starts `argv[0]` (an absolute path) with `argv`, standard input from `/dev/null`.
    /// Throws the `posix_spawn` error code when it cannot be started.
    init(_ argv: [String]) throws(POSIXError) {
        let output = try Self.closeOnExecPipe()
        let errors: (read: Int32, write: Int32)
        do {
            errors = try Self.closeOnExecPipe()
        } catch {
            close(output.read)
            close(output.write)
            throw error
        }
        let spawned = Self.spawn(argv, stdout: output.write, stderr: errors.write)
        close(output.write)
        close(errors.write)
        guard case .success(let pid) = spawned else {
            close(output.read)
            close(errors.read)
            if case .failure(let code) = spawned { throw code }
            throw POSIXError(.EINVAL)
        }
        self.pid = pid
        let outputReader = PipeReader(output.read)
        let errorReader = PipeReader(errors.read)
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            let outcome = Outcome.exited(
                status: Self.exitStatus(status),
                output: outputReader.wait(seconds: 2),
                errors: errorReader.wait(seconds: 2)
            )
            finish(outcome, reaped: true)
        }
    }

    /// Calls `handler` once with the outcome — at once if it is already known.
    func onOutcome(_ handler: @escaping @Sendable (Outcome) -> Void) {
        let known: Outcome? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.handler = handler
            return nil
        }
        if let known { handler(known) }
    }

    /// Kills the command (SIGKILL) and answers `.stopped(reason)`, unless it already answered.
    func stop(_ reason: StopReason) {
        let killable = state.withLock { state in state.outcome == nil && !state.reaped }
        if killable { kill(pid, SIGKILL) }
        finish(.stopped(reason), reaped: false)
    }

    private func finish(_ outcome: Outcome, reaped: Bool) {
        let handler: (@Sendable (Outcome) -> Void)? = state.withLock { state in
            if reaped { state.reaped = true }
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.handler = nil }
            return state.handler
        }
        handler?(outcome)
    }

    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    private static func closeOnExecPipe() throws(POSIXError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        // pipe2(O_CLOEXEC) is not visible to Swift on Glibc; a child spawned in between may inherit the
        // pair, which only delays reading to the end (bounded), never the exit.
        let result = pipe(&fds)
        if result == 0 {
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (fds[0], fds[1])
    }

    private static func spawn(_ argv: [String], stdout: Int32, stderr: Int32) -> Result<pid_t, POSIXError> {
        guard let path = argv.first else { return .failure(POSIXError(.EINVAL)) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)

        let arguments = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result = path.withCString { path in posix_spawn(&pid, path, &actions, nil, arguments, environment) }
        guard result == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO)) }
        return .success(pid)
    }
}

/// Reads a descriptor to its end on its own thread, then closes it.
private final class PipeReader: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    data.withLock { $0.append(contentsOf: buffer[0..<count]) }
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(descriptor)
            done.signal()
        }
    }

    /// The bytes read once the pipe closed, or whatever arrived within `seconds`.
    func wait(seconds: Double) -> Data {
        _ = done.wait(timeout: .now() + seconds)
        return data.withLock { $0 }
    }
}
