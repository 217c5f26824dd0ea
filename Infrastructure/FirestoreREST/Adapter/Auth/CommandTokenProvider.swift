public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import HearthPort
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
    /// The kind of tokens the command prints (default `googleOAuth`).
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
    public static func gcloud(
        applicationDefault: Bool = false, now: @escaping @Sendable () -> Date = { Date() }
    ) -> CommandTokenProvider {
        let arguments =
            applicationDefault
            ? ["auth", "application-default", "print-access-token"] : ["auth", "print-access-token"]
        return CommandTokenProvider(executable: "gcloud", arguments: arguments, now: now)
    }

    /// The cached token, or the command's trimmed standard output when none is cached or it is older than
    /// `lifetime`; concurrent callers share one run. Throws `unauthenticated` when the command fails or prints
    /// nothing, `unavailable` when it cannot be started or times out, `cancelled` when the task is.
    public func token() async throws -> AccessToken? {
        try await cache.token()
    }

    /// Drops the cached token so the command runs again; returns `true`.
    public func tokenRejected(_ token: AccessToken) async -> Bool {
        await cache.invalidate(token)
    }

    /// `CommandTokenProvider(command arguments)`: the command line, never a token.
    public var description: String { "CommandTokenProvider(\(([executable] + arguments).joined(separator: " ")))" }
}

/// Runs a command to completion, collecting its output, with a timeout; cancelling the calling task
/// terminates the command.
enum CommandRunner {
    static func run(executable: String, arguments: [String], timeout: Duration) async throws -> String {
        let commandName = ([executable] + arguments).joined(separator: " ")
        if Task.isCancelled { throw DocumentStoreError(.cancelled, "`\(commandName)` was cancelled.") }
        let argv = executable.hasPrefix("/") ? [executable] + arguments : ["/usr/bin/env", executable] + arguments
        let command: SpawnedCommand
        do {
            command = try SpawnedCommand(argv)
        } catch let code {
            throw DocumentStoreError(
                .unauthenticated, "Could not start `\(commandName)`: \(String(cString: strerror(code.code.rawValue)))")
        }
        let outcome: SpawnedCommand.Outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<SpawnedCommand.Outcome, Never>) in
                command.onOutcome { continuation.resume(returning: $0) }
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { command.stop(.timedOut) }
            }
        } onCancel: {
            command.stop(.cancelled)
        }
        let (status, output, errors): (Int32, Data, Data)
        switch outcome {
        case .stopped(.cancelled): throw DocumentStoreError(.cancelled, "`\(commandName)` was cancelled.")
        case .stopped(.timedOut):
            throw DocumentStoreError(.unavailable, "`\(commandName)` did not finish within \(timeout).")
        case .exited(let code, let stdout, let stderr): (status, output, errors) = (code, stdout, stderr)
        }
        let token = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0 else {
            let stderr = String(decoding: errors, as: UTF8.self)
            let safe = token.isEmpty ? stderr : stderr.replacingOccurrences(of: token, with: "<redacted>")
            throw DocumentStoreError(
                .unauthenticated,
                "`\(commandName)` failed with exit status \(status): \(BodyExcerpt.of(Array(safe.utf8), limit: 300))"
            )
        }
        guard !token.isEmpty, !token.contains(where: \.isNewline) else {
            throw DocumentStoreError(.unauthenticated, "`\(commandName)` printed no single-line token.")
        }
        return token
    }
}
