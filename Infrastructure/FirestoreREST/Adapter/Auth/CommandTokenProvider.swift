public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import HearthApplication
import HearthDomain

/// Tokens printed by a command, such as `gcloud auth print-access-token` (the default), run with
/// Foundation's `Process`.
///
/// The command's standard output, trimmed, is the token. It is cached for `lifetime` (default 45 minutes;
/// gcloud tokens live an hour and the command does not say when they expire) and fetched again after that,
/// or when the server rejects it. Errors: `unauthenticated` when the command fails or prints nothing
/// (with an excerpt of its standard error), `unavailable` when it cannot be started or times out
/// (default 30 s). The token never appears in errors or descriptions.
public final class CommandTokenProvider: TokenProvider, CustomStringConvertible {
    /// The program run.
    public let executable: String
    /// Its arguments.
    public let arguments: [String]
    public let kind: CredentialKind
    private let cache: TokenCache

    /// - Parameters:
    ///   - executable: an absolute path, or a program name looked up on `PATH` through `/usr/bin/env`.
    ///   - arguments: the arguments.
    ///   - kind: the kind of tokens the command prints (default Google OAuth).
    ///   - lifetime: how long a token is used before the command runs again (default 45 minutes).
    ///   - timeout: how long the command may run (default 30 s).
    ///   - now: the clock.
    public init(
        executable: String,
        arguments: [String] = [],
        kind: CredentialKind = .googleOAuth,
        lifetime: Duration = .seconds(45 * 60),
        timeout: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.executable = executable
        self.arguments = arguments
        self.kind = kind
        let seconds = Double(lifetime.components.seconds)
        cache = TokenCache(refreshMargin: .zero, now: now) {
            let output = try await CommandRunner.run(executable: executable, arguments: arguments, timeout: timeout)
            return ExpiringToken(token: AccessToken(output), expiresAt: now().addingTimeInterval(seconds))
        }
    }

    /// `gcloud auth print-access-token` (the active gcloud account), or with `applicationDefault`
    /// `gcloud auth application-default print-access-token` (Application Default Credentials).
    public static func gcloud(applicationDefault: Bool = false, now: @escaping @Sendable () -> Date = { Date() }) -> CommandTokenProvider {
        let arguments = applicationDefault ? ["auth", "application-default", "print-access-token"] : ["auth", "print-access-token"]
        return CommandTokenProvider(executable: "gcloud", arguments: arguments, now: now)
    }

    public func token() async throws -> AccessToken? {
        try await cache.token()
    }

    /// Drops the cached token so the command runs again; returns `true`.
    public func tokenRejected(_ token: AccessToken) async -> Bool {
        await cache.invalidate(token)
    }

    public var description: String { "CommandTokenProvider(\(([executable] + arguments).joined(separator: " ")))" }
}

/// Runs a command to completion on its own thread, collecting its output, with a timeout; cancelling
/// the calling task terminates the command.
enum CommandRunner {
    static func run(executable: String, arguments: [String], timeout: Duration) async throws -> String {
        if Task.isCancelled { throw DocumentStoreError(.cancelled, "Running a token command was cancelled.") }
        let process = Process()
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let commandName = ([executable] + arguments).joined(separator: " ")
        let handle = ProcessHandle(process)
        let outcome: ProcessOutcome = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ProcessOutcome, any Error>) in
                handle.setStopHandler { reason in
                    continuation.resume(returning: ProcessOutcome(status: -1, output: Data(), errors: Data(), stopReason: reason))
                }
                Thread.detachNewThread {
                    do {
                        try handle.start()
                    } catch {
                        if handle.claimResumption() {
                            continuation.resume(
                                throwing: DocumentStoreError(.unauthenticated, "Could not start `\(commandName)`: \(error.localizedDescription)")
                            )
                        }
                        return
                    }
                    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { handle.stop(reason: .timedOut) }
                    let outputCollector = PipeCollector(output.fileHandleForReading)
                    let errorCollector = PipeCollector(errors.fileHandleForReading)
                    // Foundation notices the exit only when every inheritor of its status pipe is gone, so a
                    // stopped command answers through `onStop` at once, without waiting here.
                    process.waitUntilExit()
                    guard handle.claimResumption() else { return }
                    continuation.resume(
                        returning: ProcessOutcome(
                            status: process.terminationStatus,
                            output: outputCollector.wait(seconds: 2),
                            errors: errorCollector.wait(seconds: 2),
                            stopReason: nil
                        )
                    )
                }
            }
        } onCancel: {
            handle.stop(reason: .cancelled)
        }
        switch outcome.stopReason {
        case .cancelled?: throw DocumentStoreError(.cancelled, "`\(commandName)` was cancelled.")
        case .timedOut?: throw DocumentStoreError(.unavailable, "`\(commandName)` did not finish within \(timeout).")
        case nil: break
        }
        let token = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.status == 0 else {
            let stderr = String(decoding: outcome.errors, as: UTF8.self)
            let safe = token.isEmpty ? stderr : stderr.replacingOccurrences(of: token, with: "<redacted>")
            throw DocumentStoreError(
                .unauthenticated,
                "`\(commandName)` failed with exit status \(outcome.status): \(BodyExcerpt.of(Array(safe.utf8), limit: 300))"
            )
        }
        guard !token.isEmpty, !token.contains(where: \.isNewline) else {
            throw DocumentStoreError(.unauthenticated, "`\(commandName)` printed no single-line token.")
        }
        return token
    }
}

private struct ProcessOutcome: Sendable {
    let status: Int32
    let output: Data
    let errors: Data
    let stopReason: ProcessHandle.StopReason?
}

/// The running process, shared with the timeout and cancellation handlers; resumes the waiting caller once.
private final class ProcessHandle: @unchecked Sendable {  // `lock` guards every mutable property.
    enum StopReason: Sendable { case timedOut, cancelled }

    private let process: Process
    private let lock = NSLock()
    private var started = false
    private var stopped = false
    private var resumed = false
    private var stopReason: StopReason?
    private var stopHandler: (@Sendable (StopReason) -> Void)?

    init(_ process: Process) { self.process = process }

    /// `handler` is called once when the command is stopped (timeout or cancellation) before it answered
    /// — at once if that already happened.
    func setStopHandler(_ handler: @escaping @Sendable (StopReason) -> Void) {
        let pending: StopReason? = lock.withLock {
            stopHandler = handler
            guard let stopReason, !resumed else { return nil }
            resumed = true
            return stopReason
        }
        if let pending { handler(pending) }
    }

    /// Starts the process, unless it was already stopped (cancelled before it started).
    func start() throws {
        try lock.withLock {
            if stopped { throw DocumentStoreError(.cancelled, "cancelled before start") }
            try process.run()
            started = true
        }
    }

    /// Whether the caller may resume the continuation (only the first caller may).
    func claimResumption() -> Bool {
        lock.withLock {
            if resumed { return false }
            resumed = true
            return true
        }
    }

    /// Kills the command and answers the caller with `reason`, unless it already answered.
    func stop(reason: StopReason) {
        let handler: (@Sendable (StopReason) -> Void)? = lock.withLock {
            guard !stopped, !resumed else { return nil }
            stopped = true
            stopReason = reason
            // SIGKILL: children of Foundation's Process on Linux may inherit a mask blocking SIGTERM.
            if started { kill(process.processIdentifier, SIGKILL) }
            guard let stopHandler else { return nil }
            resumed = true
            return stopHandler
        }
        handler?(reason)
    }
}

/// Reads a pipe to its end on its own thread.
private final class PipeCollector: @unchecked Sendable {  // `lock` guards `data`; `done` signals the end.
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.lock.withLock { self.data.append(chunk) }
            }
            self.done.signal()
        }
    }

    /// The bytes read once the pipe closed, or whatever arrived within `seconds`.
    func wait(seconds: Double) -> Data {
        _ = done.wait(timeout: .now() + seconds)
        return lock.withLock { data }
    }
}
