import Foundation
import HearthTestSupport

/// Runs the `hearth` executable built next to this test bundle, as a user would: in its own working
/// directory, with only the environment a test gives it (plus PATH and HOME), and its standard output
/// and error captured separately.
struct HearthProcess {
    struct Run: CustomStringConvertible {
        let status: Int32
        let standardOutput: String
        let standardError: String

        var outputLines: [String] {
            standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        var errorLines: [String] {
            standardError.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }

        var description: String { "status \(status)\n--- stdout\n\(standardOutput)\n--- stderr\n\(standardError)" }
    }

    /// The `hearth` binary: `HEARTH_CLI_PATH`, else next to the running test binary or bundle.
    static let executable: URL? = {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["HEARTH_CLI_PATH"] { return URL(fileURLWithPath: path) }
        var directories: [URL] = []
        if let test = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: test).deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map {
            $0.deletingLastPathComponent()
        }
        return directories.map { $0.appendingPathComponent("hearth") }.first {
            fileManager.isExecutableFile(atPath: $0.path)
        }
    }()

    /// The working directory the command runs in (its default store is `.hearth/data` under it).
    let directory: URL
    /// Variables given to every run (a run may add more).
    var environment: [String: String]

    init(directory: URL, environment: [String: String] = [:]) {
        self.directory = directory
        self.environment = environment
    }

    /// Runs `hearth arguments…`, feeding `input` to its standard input. Suspends (never blocks a thread of
    /// the cooperative pool: on a 2-core machine two blocked threads stall every other test's timers).
    func run(
        _ arguments: [String], environment extra: [String: String] = [:], input: String? = nil
    ) async throws
        -> Run
    {
        guard let executable = Self.executable else { throw HearthNotBuilt() }
        var variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
        ]
        variables.merge(environment) { $1 }
        variables.merge(extra) { $1 }
        let outcome = try await ChildProcess.run(
            executable.path, arguments, environment: variables, directory: directory.path, input: input ?? ""
        )
        return Run(status: outcome.status, standardOutput: outcome.output, standardError: outcome.errors)
    }
}

extension HearthProcess {
    /// Starts `hearth arguments…` without waiting for it (a long-running command such as `watch`); its
    /// standard output goes to `output`, its standard error to `output` + `.err`. The caller kills it.
    func start(_ arguments: [String], output: URL) throws -> ChildProcess {
        guard let executable = Self.executable else { throw HearthNotBuilt() }
        var variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
        ]
        variables.merge(environment) { $1 }
        return try ChildProcess(
            executable.path, arguments, environment: variables, directory: directory.path,
            output: .file(output.path), errors: .file(output.path + ".err"))
    }
}

struct HearthNotBuilt: Error, CustomStringConvertible {
    var description: String {
        "the hearth executable was not found next to the tests (build it: swift build --product hearth, or set HEARTH_CLI_PATH)"
    }
}

/// A fresh directory under the temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
    }
}
