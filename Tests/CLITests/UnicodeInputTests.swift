import Foundation
import HearthFirestoreCodec
import HearthPort
import HearthTestSupport
import Testing

/// Paths and field paths typed on the command line are cut at `/` and `.` bytes; keys that differ only in
/// Unicode normalization stay two fields; standard input that is not UTF-8 is refused, not repaired.
@Suite(
    "hearth: Unicode in paths, keys and standard input",
    .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct UnicodeInputTests {
    @Test func update_dottedKeyWithAcuteAfterTheDot_writesTheNestedField() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "c/d", "{}"])

        try await workspace.succeed(["update", "c/d", "{\"a.\u{0301}b\":1}"])

        let fields = try await typedFields(workspace, "c/d")
        #expect(fields.keys.map { Array($0.utf8) } == [Array("a".utf8)])
        guard case .object(let map)? = fields["a"], case .object(let mapValue)? = map["mapValue"],
            case .object(let inner)? = mapValue["fields"]
        else {
            Issue.record("a is not a map: \(fields)")
            return
        }
        #expect(inner.keys.map { Array($0.utf8) } == [[0xCC, 0x81, 0x62]])
    }

    @Test func setGetDelete_documentIDBeginningWithAnExtender_addressTheDocument() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let path = "c\u{0600}/\u{0301}d"

        try await workspace.succeed(["set", path, #"{"v":1}"#])
        let listed = try await workspace.succeed(["query", "c\u{0600}"])
        let deleted = try await workspace.succeed(["delete", path])
        let after = try await workspace.run(["get", path])

        #expect(listed.standardOutput.utf8.contains(0xCC))
        #expect(deleted.status == 0)
        #expect(after.status != 0)
    }

    @Test func queryWhere_backtickedFieldBeginningWithAnExtender_keepsItsSpace() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["set", "c/d", "{\"\u{0301}a b\":1}"])
        try await workspace.succeed(["set", "c/e", "{\"\u{0301}a b\":2}"])

        let run = try await workspace.succeed(["query", "c", "--where", "`\u{0301}a b` == 1"])

        #expect(run.outputLines.count == 1)
        #expect(run.standardOutput.contains(#""path":"c/d""#), "\(run)")
    }

    @Test func set_keysEqualOnlyAsSwiftStrings_writesTwoFields() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        try await workspace.succeed(["set", "c/d", "{\"\u{E9}\":1,\"e\u{0301}\":2}"])

        let fields = try await typedFields(workspace, "c/d")
        #expect(fields.count == 2)
        #expect(fields["\u{E9}"] == .object(["integerValue": .string("1")]))
        #expect(fields["e\u{0301}"] == .object(["integerValue": .string("2")]))
    }

    @Test func set_standardInputNotUTF8_isRefusedNamingTheOffset_andWritesNothing() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = workspace.directory.url.appendingPathComponent("input.json")
        try Data(#"{"name":""#.utf8 + [0xFF] + #""}"#.utf8).write(to: input)

        let run = try await runWithInput(workspace, ["set", "c/d", "-"], input: input.path)
        let get = try await workspace.run(["get", "c/d"])

        #expect(run.status != 0)
        #expect(run.errors.contains("not valid UTF-8"), "\(run.errors)")
        #expect(run.errors.contains("offset 9"), "\(run.errors)")
        #expect(get.status != 0)
    }

    // MARK: - Helpers

    private func typedFields(_ workspace: Workspace, _ path: String) async throws -> JSONObject {
        let get = try await workspace.succeed(["get", path, "--typed"])
        guard case .object(let document) = try JSONParser.parse(get.standardOutput),
            case .object(let fields)? = document["fields"]
        else { throw NotAnObject(text: get.standardOutput) }
        return fields
    }

    /// Runs `hearth` with the file at `input` (any bytes) as its standard input.
    private func runWithInput(
        _ workspace: Workspace, _ arguments: [String], input: String
    ) async throws -> (status: Int32, errors: String) {
        guard let executable = HearthProcess.executable else { throw HearthNotBuilt() }
        let output = workspace.directory.url.appendingPathComponent("stdout").path
        let errors = workspace.directory.url.appendingPathComponent("stderr").path
        var environment = workspace.hearth.environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["HOME"] = workspace.directory.url.path
        let status = try await ChildProcess(
            executable.path, arguments, environment: environment, directory: workspace.directory.url.path,
            input: .file(input), output: .file(output), errors: .file(errors)
        ).exitStatus()
        return (status, String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self))
    }
}
