public import Foundation
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

/// Runs a command to completion, collecting its output without blocking Swift's cooperative threads.
enum CommandRunner {
    static func run(executable: String, arguments: [String], timeout: Duration) async throws -> String {
        try Task.checkCancellation()
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
        let result: (status: Int32, output: Data, errors: Data, timedOut: Bool) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    do {
                        try process.run()
                    } catch {
                        continuation.resume(
                            throwing: DocumentStoreError(.unavailable, "Could not start `\(commandName)`: \(error.localizedDescription)")
                        )
                        return
                    }
                    let deadline = DispatchTime.now() + .nanoseconds(Int(timeout.components.seconds) * 1_000_000_000 + Int(timeout.components.attoseconds / 1_000_000_000))
                    DispatchQueue.global().asyncAfter(deadline: deadline) { handle.timeOut() }
                    let errorData = DispatchGroupReader(errors.fileHandleForReading)
                    let outputData = output.fileHandleForReading.readDataToEndOfFile()
                    let errorBytes = errorData.wait()
                    process.waitUntilExit()
                    continuation.resume(returning: (process.terminationStatus, outputData, errorBytes, handle.didTimeOut))
                }
            }
        } onCancel: {
            handle.terminate()
        }
        if Task.isCancelled { throw DocumentStoreError(.cancelled, "`\(commandName)` was cancelled.") }
        if result.timedOut {
            throw DocumentStoreError(.unavailable, "`\(commandName)` did not finish within \(timeout).")
        }
        let token = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0 else {
            let stderr = String(decoding: result.errors, as: UTF8.self)
            let safe = token.isEmpty ? stderr : stderr.replacingOccurrences(of: token, with: "<redacted>")
            throw DocumentStoreError(
                .unauthenticated,
                "`\(commandName)` failed with exit status \(result.status): \(BodyExcerpt.of(Array(safe.utf8), limit: 300))"
            )
        }
        guard !token.isEmpty, !token.contains(where: \.isNewline) else {
            throw DocumentStoreError(.unauthenticated, "`\(commandName)` printed no single-line token.")
        }
        return token
    }
}

/// The running process, shared with the timeout and cancellation handlers.
private final class ProcessHandle: @unchecked Sendable {  // `lock` guards `timedOut`; Process is thread-safe for terminate().
    private let process: Process
    private let lock = NSLock()
    private var timedOut = false

    init(_ process: Process) { self.process = process }

    var didTimeOut: Bool { lock.withLock { timedOut } }

    func timeOut() {
        guard process.isRunning else { return }
        lock.withLock { timedOut = true }
        process.terminate()
    }

    func terminate() {
        if process.isRunning { process.terminate() }
    }
}

/// Reads a file handle to its end on another thread.
private final class DispatchGroupReader: @unchecked Sendable {  // `group` orders the write of `data` before `wait()` reads it.
    private let group = DispatchGroup()
    private var data = Data()

    init(_ handle: FileHandle) {
        group.enter()
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.group.leave()
        }
    }

    func wait() -> Data {
        group.wait()
        return data
    }
}
