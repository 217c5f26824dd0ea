import Foundation
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Synchronization

/// `rest --vs-python`: Hearth's REST adapter, in process, against Google's official Python client
/// (`google-cloud-firestore`, gRPC) on one emulator, same data, alternating: a batched write, a query
/// returning a third of it, and concurrent gets. Medians of `--runs` rounds after one uncounted warm-up round;
/// the first to run alternates.
///
/// The Python client is installed from PyPI into a virtual environment under the package's `.build/`
/// (reused by later runs); when that cannot be done the comparison prints `skipped: …` and exits 0. Its
/// half of each task is `scripts/firestore-python-bench.py`, which times the task alone (the client made and
/// its channel opened first); Hearth's half is timed the same way (a warmed-up store).
struct RESTVsPython {
    let documents: Int
    let batch: Int
    let gets: Int
    let runs: Int
    /// Hearth's `URLSessionHTTPClient(maximumConnectionsPerHost:)`.
    let connections: Int

    /// The package's root, from this file's place in it (the script and the virtual environment live there).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = packageRoot.appendingPathComponent("scripts/firestore-python-bench.py")
    static let environmentDirectory = packageRoot.appendingPathComponent(".build/bench-python")

    /// The three tasks, in the order each round runs them.
    enum Workload: CaseIterable {
        case write, query, gets
    }

    func run() async throws -> Int32 {
        let python: String
        switch await Self.prepareEnvironment() {
        case .success(let installed): python = installed
        case .failure(let reason):
            print("rest --vs-python skipped: \(reason.description)")
            return 0
        }
        guard let emulator = try await startEmulator(for: "rest --vs-python") else { return 1 }
        defer { emulator.stop() }
        let version = try await pythonRun(python, ["-c", "import google.cloud.firestore as f; print(f.__version__)"])
        print(
            "rest --vs-python: Hearth's REST adapter (in process, \(connections) connections) vs google-cloud-firestore \(version) (gRPC) on one emulator, \(emulator.hostAndPort)"
        )
        let expected = (documents + 2) / 3
        var hearth: [Workload: [Double]] = [:]
        var google: [Workload: [Double]] = [:]
        var exchanges: [Workload: [TimingHTTPClient.Totals]] = [:]
        var googleCPU: [Workload: [Double]] = [:]
        var curl: [Workload: [Double]] = [:]
        let curlPath = ChildProcess.which("curl")
        // A first round that is not counted: the emulator's JIT compiles its hot paths during the first
        // requests, which would be charged to whichever client runs first.
        for round in 0...runs {
            let hearthProject = FirestoreEmulator.newProjectID(prefix: "vs-h\(round)")
            let pythonProject = FirestoreEmulator.newProjectID(prefix: "vs-p\(round)")
            let hearthFirst = round % 2 == 1
            for task in Workload.allCases {
                // Both write their own project; both read the documents Hearth wrote this round.
                let pythonTarget = task == .write ? pythonProject : hearthProject
                for side in hearthFirst ? [true, false] : [false, true] {
                    if side {
                        let timing = TimingHTTPClient(URLSessionHTTPClient(maximumConnectionsPerHost: connections))
                        let seconds = try await hearthTask(
                            task, emulator: emulator, project: hearthProject, expected: expected, timing: timing)
                        if round > 0 {
                            hearth[task, default: []].append(seconds)
                            exchanges[task, default: []].append(timing.totals)
                        }
                    } else {
                        let (seconds, cpu) = try await pythonTask(
                            task, python: python, emulator: emulator, project: pythonTarget, expected: expected)
                        if round > 0 {
                            google[task, default: []].append(seconds)
                            googleCPU[task, default: []].append(cpu)
                        }
                    }
                }
                if let curlPath, round > 0,
                    let seconds = try await curlTask(task, curl: curlPath, emulator, hearthProject)
                {
                    curl[task, default: []].append(seconds)
                }
            }
            let hearthStore = try emulatorRESTStore(emulator, projectID: hearthProject)
            let pythonStore = try emulatorRESTStore(emulator, projectID: pythonProject)
            try await verifyCount(hearthStore, collectionID: "imports", expected: documents)
            try await verifyCount(pythonStore, collectionID: "imports", expected: documents)
            print(
                round == 0
                    ? "  warm-up round done (not counted)"
                    : "  round \(round) of \(runs) done (\(hearthFirst ? "Hearth" : "Python") first; both writes counted)"
            )
        }

        print("")
        print("median of \(runs) rounds          Hearth      Python    Hearth ÷ Python (goal ≤ 1.0)")
        var met = true
        for task in Workload.allCases {
            let ours = BenchMath.median(hearth[task] ?? [])
            let theirs = BenchMath.median(google[task] ?? [])
            let ratio = ours / max(theirs, 1e-9)
            met = met && ratio <= 1.0
            print(
                label(task).padding(toLength: 30, withPad: " ", startingAt: 0)
                    + "\(BenchMath.format(ours, digits: 3)) s".leftPadded(10)
                    + "\(BenchMath.format(theirs, digits: 3)) s".leftPadded(12)
                    + "\(BenchMath.format(ratio, digits: 2))×".leftPadded(10)
                    + (ratio <= 1.0 ? "  met" : "  missed")
            )
        }
        print("")
        print("where Hearth's time goes (medians; an exchange is one request's send to its last byte received):")
        for task in Workload.allCases {
            let totals = exchanges[task] ?? []
            let total = BenchMath.median(hearth[task] ?? [])
            let inside = BenchMath.median(totals.map(\.seconds))
            let requests = totals.first?.requests ?? 0
            let bytes = BenchMath.median(totals.map { Double($0.requestBytes + $0.responseBytes) })
            let cpu = BenchMath.median(totals.map(\.cpu))
            let share =
                task == .gets
                ? "mean exchange \(BenchMath.format(inside / Double(max(requests, 1)) * 1e3, digits: 1)) ms (queued ones wait for a connection)"
                : "\(BenchMath.format(inside, digits: 3)) s in exchanges, \(BenchMath.format(total - inside, digits: 3)) s outside them"
            let floor =
                curl[task].map {
                    "; a bare curl of the same request(s) \(BenchMath.format(BenchMath.median($0), digits: 3)) s"
                }
                ?? ""
            print(
                "  " + label(task).padding(toLength: 28, withPad: " ", startingAt: 0)
                    + "\(requests) request(s), \(BenchMath.format(bytes / 1e6, digits: 2)) MB; \(share)\(floor)")
            print(
                "  " + "".padding(toLength: 28, withPad: " ", startingAt: 0)
                    + "CPU: Hearth's process \(BenchMath.format(cpu, digits: 3)) s, "
                    + "Python's \(BenchMath.format(BenchMath.median(googleCPU[task] ?? []), digits: 3)) s")
        }
        return met ? 0 : 1
    }

    private func label(_ task: Workload) -> String {
        switch task {
        case .write: "write \(documents) (\(batch) a commit)"
        case .query: "query (\((documents + 2) / 3) results)"
        case .gets: "\(min(gets, documents)) concurrent gets"
        }
    }

    // MARK: Hearth's half

    private func hearthTask(
        _ task: Workload, emulator: FirestoreEmulator, project: String, expected: Int, timing: TimingHTTPClient
    ) async throws -> Double {
        let store = try emulatorRESTStore(emulator, projectID: project, client: timing)
        _ = try await store.getDocument(try DocumentPath("warmup/none"), mask: nil, consistency: .latest)
        timing.reset()
        let cpu = BenchMath.processCPUTime()
        defer { timing.addCPU(BenchMath.processCPUTime() - cpu) }
        switch task {
        case .write:
            return try await BenchMath.seconds {
                try await RESTScenario.importBatched(store, documents: documents, batch: batch)
            }
        case .query:
            let query = StructuredQuery(
                from: CollectionSelector(collectionID: "imports"),
                filter: .field(try FieldPath(["status"]), .equal, .string("active")))
            var found = 0
            let seconds = try await BenchMath.seconds {
                found = try await store.runQueryAll(parent: nil, query: query, consistency: .latest)
                    .reduce(0) { $0 + ($1.document == nil ? 0 : 1) }
            }
            guard found == expected else {
                throw BenchUsageError("Hearth's query: expected \(expected) documents, got \(found)")
            }
            return seconds
        case .gets:
            let count = min(gets, documents)
            let paths = try (0..<count).map { try DocumentPath("imports/d\($0)") }
            var found = 0
            let seconds = try await BenchMath.seconds {
                found = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for path in paths {
                        group.addTask { try await store.getDocument(path, mask: nil, consistency: .latest) != nil }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
            }
            guard found == count else {
                throw BenchUsageError("Hearth's gets: expected \(count) documents, found \(found)")
            }
            return seconds
        }
    }

    // MARK: The REST floor

    /// The reads done by the `curl` command (libcurl, the library under `URLSession` on Linux), timed from
    /// outside (a process start included): what the emulator's REST answers cost any HTTP/1.1 client. The
    /// gets go `connections` at a time (`--parallel-max`). `nil` for the write (not measured).
    private func curlTask(
        _ task: Workload, curl: String, _ emulator: FirestoreEmulator, _ project: String
    )
        async throws -> Double?
    {
        let base = "http://\(emulator.hostAndPort)/v1/projects/\(project)/databases/(default)/documents"
        let common = ["-s", "-g", "-f", "-H", "Authorization: Bearer owner"]
        let arguments: [String]
        var configuration: URL?
        switch task {
        case .write:
            return nil
        case .query:
            let body =
                #"{"structuredQuery":{"from":[{"collectionId":"imports"}],"where":{"fieldFilter":{"field":{"fieldPath":"status"},"op":"EQUAL","value":{"stringValue":"active"}}}}}"#
            arguments =
                common + ["-o", "/dev/null", "-H", "Content-Type: application/json", "-d", body, base + ":runQuery"]
        case .gets:
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-vs-python-\(UUID()).curl")
            let lines = (0..<min(gets, documents)).map { "url = \"\(base)/imports/d\($0)\"\noutput = /dev/null" }
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
            configuration = file
            arguments = common + ["-Z", "--parallel-max", String(connections), "-K", file.path]
        }
        defer {
            if let configuration {
                do {
                    try FileManager.default.removeItem(at: configuration)
                } catch {
                    printError("note: could not remove \(configuration.path): \(error)")
                }
            }
        }
        var status: Int32 = 0
        let seconds = try await BenchMath.seconds {
            status = try await ChildProcess.run(curl, arguments, timeout: .seconds(600)).status
        }
        guard status == 0 else { throw BenchUsageError("curl failed (status \(status)) on the \(task) task") }
        return seconds
    }

    // MARK: Python's half

    private func pythonTask(
        _ task: Workload, python: String, emulator: FirestoreEmulator, project: String, expected: Int
    ) async throws -> (seconds: Double, cpu: Double) {
        let arguments: [String] =
            switch task {
            case .write: ["write", project, String(documents), String(batch)]
            case .query: ["query", project, String(expected)]
            case .gets: ["gets", project, String(min(gets, documents))]
            }
        let output = try await pythonRun(
            python, [Self.script.path] + arguments, environment: ["FIRESTORE_EMULATOR_HOST": emulator.hostAndPort])
        return (try Python.value("seconds", in: output), try Python.value("cpu", in: output))
    }

    private func pythonRun(
        _ python: String, _ arguments: [String], environment extra: [String: String] = [:]
    )
        async throws -> String
    {
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        for (key, value) in extra { environment[key] = value }
        let run = try await ChildProcess.run(python, arguments, environment: environment, timeout: .seconds(600))
        guard run.status == 0 else {
            throw BenchUsageError("the Python client failed (status \(run.status)): \(run.errors.suffix(1_500))")
        }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: The virtual environment

    struct Skip: Error, CustomStringConvertible {
        let description: String
    }

    /// The virtual environment's `python` with `google-cloud-firestore` importable, installing it first
    /// when needed; or why it cannot be had.
    static func prepareEnvironment() async -> Result<String, Skip> {
        if ProcessInfo.processInfo.environment["HEARTH_SKIP_PYTHON_INTEROP"] == "1" {
            return .failure(Skip(description: "HEARTH_SKIP_PYTHON_INTEROP=1 is set"))
        }
        guard FileManager.default.fileExists(atPath: script.path) else {
            return .failure(Skip(description: "\(script.path) is missing (run hearth-bench from its package)"))
        }
        let python = environmentDirectory.appendingPathComponent("bin/python").path
        let probe = ["-c", "import google.cloud.firestore"]
        if await succeeds(python, probe) { return .success(python) }
        guard let system = ChildProcess.which("python3") else {
            return .failure(Skip(description: "no python3 on PATH"))
        }
        print("rest --vs-python: installing google-cloud-firestore into \(environmentDirectory.path) (once)")
        let steps: [(String, [String], String)] = [
            (system, ["-m", "venv", environmentDirectory.path], "python3 -m venv failed"),
            (
                environmentDirectory.appendingPathComponent("bin/pip").path,
                ["install", "--quiet", "--disable-pip-version-check", "google-cloud-firestore"],
                "pip could not install google-cloud-firestore from PyPI"
            ),
        ]
        for (executable, arguments, failure) in steps {
            let run: ChildProcess.Outcome
            do {
                run = try await ChildProcess.run(executable, arguments, timeout: .seconds(600))
            } catch {
                return .failure(Skip(description: "\(failure): \(error)"))
            }
            guard run.status == 0 else {
                return .failure(Skip(description: "\(failure) (status \(run.status)): \(run.errors.suffix(500))"))
            }
        }
        guard await succeeds(python, probe) else {
            return .failure(Skip(description: "google-cloud-firestore was installed but cannot be imported"))
        }
        return .success(python)
    }

    private static func succeeds(_ executable: String, _ arguments: [String]) async -> Bool {
        guard FileManager.default.isExecutableFile(atPath: executable) else { return false }
        return (try? await ChildProcess.run(executable, arguments, timeout: .seconds(120)))?.status == 0
    }
}

/// An ``HTTPClient`` decorator that adds up the requests it sends, their bytes each way and the time from
/// each send to its whole answer.
final class TimingHTTPClient: HTTPClient {
    struct Totals: Sendable {
        var requests = 0
        var requestBytes = 0
        var responseBytes = 0
        var seconds = 0.0
        /// CPU seconds of this whole process over the task.
        var cpu = 0.0
    }

    private let inner: any HTTPClient
    private let state = Mutex(Totals())

    init(_ inner: any HTTPClient) { self.inner = inner }

    var totals: Totals { state.withLock { $0 } }

    func reset() { state.withLock { $0 = Totals() } }

    func addCPU(_ seconds: Double) { state.withLock { $0.cpu += seconds } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let start = ContinuousClock.now
        let response = try await inner.send(request)
        let seconds = BenchMath.seconds(ContinuousClock.now - start)
        state.withLock {
            $0.requests += 1
            $0.requestBytes += request.body?.count ?? 0
            $0.responseBytes += response.body.count
            $0.seconds += seconds
        }
        return response
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
