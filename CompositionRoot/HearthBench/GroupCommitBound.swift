import Foundation

/// The machine's bound for group commit: `scripts/group-commit-bound.c` (pthreads, a leader appends and
/// `fdatasync`s for every queued writer; no Swift, no engine), compiled with `cc` once per run of
/// `durable-commit` and measured in the same run as Hearth, in the same directory (Docs/Performance.md).
struct GroupCommitBound: Sendable {
    /// The compiled program.
    let executable: String
    /// The directory holding `executable`, removed by ``remove()``.
    private let build: BenchDirectory

    /// The program's source in this checkout: `scripts/group-commit-bound.c`, found from this file's path
    /// (the benchmark runs from a build of the repository), or under the current directory.
    static func sourcePath() -> String? {
        let fromSource = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/group-commit-bound.c").path
        let fromWorkingDirectory = FileManager.default.currentDirectoryPath + "/scripts/group-commit-bound.c"
        return [fromSource, fromWorkingDirectory].first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Compiles the program (`cc -O2 -pthread`); throws, saying why, when there is no source or no `cc`.
    init() throws {
        guard let source = Self.sourcePath() else {
            throw BenchError("scripts/group-commit-bound.c not found (run from the repository)")
        }
        guard let compiler = BenchProbe.which("cc") else { throw BenchError("no C compiler (cc) on PATH") }
        let build = try BenchDirectory(parent: nil, prefix: "group-commit-bound")
        let executable = build.url.appendingPathComponent("bound").path
        do {
            _ = try BenchProbe.run(compiler, ["-O2", "-pthread", "-o", executable, source])
        } catch {
            build.remove()
            throw error
        }
        self.build = build
        self.executable = executable
    }

    /// Durable commits per second of `threads` threads sharing `commits` commits in a new directory under
    /// `parent`, with no work per commit, the leader gathering up to 100 µs for every thread to queue (the
    /// defaults of `scripts/group-commit-bound`), and the commits per flush.
    func rate(threads: Int, commits: Int, parent: String?) throws -> (rate: Double, commitsPerFlush: Double) {
        let directory = try BenchDirectory(parent: parent, prefix: "group-commit-bound")
        defer { directory.remove() }
        let output = try BenchProbe.run(executable, [directory.path, String(threads), String(commits), "0", "100"])
        var values: [String: Double] = [:]
        for field in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        guard let rate = values["commits_per_second"], let perFlush = values["commits_per_flush"] else {
            throw BenchError("group-commit-bound printed no rate: \(output)")
        }
        return (rate, perFlush)
    }

    /// Removes the compiled program.
    func remove() {
        build.remove()
    }
}
