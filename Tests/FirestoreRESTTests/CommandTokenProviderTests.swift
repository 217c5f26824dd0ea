import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import Testing

@Suite("Command token provider")
struct CommandTokenProviderTests {
    @Test func token_isTheCommandsTrimmedOutput() async throws {
        let provider = CommandTokenProvider(executable: "/bin/sh", arguments: ["-c", "printf '  tok-123\\n'"])

        let token = try await provider.token()

        #expect(token == AccessToken("tok-123"))
        #expect(provider.kind == .googleOAuth)
    }

    @Test func token_isCachedForItsLifetimeThenFetchedAgain() async throws {
        let counter = try TemporaryCounter()
        let clock = TestClock()
        let provider = CommandTokenProvider(
            executable: "/bin/sh", arguments: ["-c", counter.incrementAndPrintScript], lifetime: .seconds(600),
            now: clock.function
        )

        let first = try await provider.token()
        clock.advance(by: 599)
        let cached = try await provider.token()
        clock.advance(by: 2)
        let refreshed = try await provider.token()

        #expect(first?.value == "token-1")
        #expect(cached?.value == "token-1")
        #expect(refreshed?.value == "token-2")
    }

    @Test func tokenRejected_runsTheCommandAgain() async throws {
        let counter = try TemporaryCounter()
        let provider = CommandTokenProvider(executable: "/bin/sh", arguments: ["-c", counter.incrementAndPrintScript])

        let first = try #require(try await provider.token())
        let retry = await provider.tokenRejected(first)
        let second = try await provider.token()

        #expect(retry)
        #expect(second?.value == "token-2")
    }

    @Test func token_whenTheCommandFails_throwsUnauthenticatedWithItsStandardError() async throws {
        let provider = CommandTokenProvider(
            executable: "/bin/sh", arguments: ["-c", "echo 'not logged in' >&2; exit 3"])

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unauthenticated)
        #expect(error?.message.contains("exit status 3") == true)
        #expect(error?.message.contains("not logged in") == true)
    }

    @Test func token_whenTheCommandPrintsNothing_throwsUnauthenticated() async throws {
        let provider = CommandTokenProvider(executable: "/bin/sh", arguments: ["-c", "true"])

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unauthenticated)
    }

    @Test func token_whenTheCommandDoesNotExist_fails() async throws {
        let provider = CommandTokenProvider(executable: "hearth-no-such-command-\(UUID().uuidString)")

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unauthenticated)
    }

    @Test func token_whenTheCommandHangs_timesOutUnavailable() async throws {
        let provider = CommandTokenProvider(
            executable: "/bin/sh", arguments: ["-c", "sleep 30"], timeout: .milliseconds(200))

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unavailable)
    }

    @Test func token_whenCancelled_stopsTheCommand() async throws {
        let provider = CommandTokenProvider(
            executable: "/bin/sh", arguments: ["-c", "sleep 30"], timeout: .seconds(60))

        let task = Task { try await provider.token() }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result

        let error = #expect(throws: DocumentStoreError.self) { try result.get() }
        #expect(error?.code == .cancelled)
    }

    @Test func gcloud_runsPrintAccessToken() {
        let provider = CommandTokenProvider.gcloud()

        #expect(provider.executable == "gcloud")
        #expect(provider.arguments == ["auth", "print-access-token"])
        #expect(
            CommandTokenProvider.gcloud(applicationDefault: true).arguments == [
                "auth", "application-default", "print-access-token",
            ])
    }
}

/// A counter file and a shell script that increments it and prints `token-<n>`.
private struct TemporaryCounter {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-counter-\(UUID().uuidString)").path
        try "0".write(toFile: path, atomically: true, encoding: .utf8)
    }

    var incrementAndPrintScript: String {
        "n=$(($(cat '\(path)') + 1)); echo $n > '\(path)'; echo token-$n"
    }
}
