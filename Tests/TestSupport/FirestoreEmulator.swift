import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Google's official Cloud Firestore emulator, found on this machine and started on a free loopback port.
///
/// Tests share one emulator per test process (``shared()``) and isolate themselves with a fresh project
/// ID each (``newProjectID(prefix:)``). When Java or the emulator is absent, ``availability`` says why, and
/// tests that need it are skipped with that reason (never passed). Where the emulator is required
/// (``isRequired``: `HEARTH_REQUIRE_EMULATOR=1`, which `.ci/run` sets), its absence is a failing test instead,
/// so a run cannot pass without the emulator-backed tests having run.
///
/// The emulator runs under a small shell watchdog that kills it when the test process dies, so a crashed
/// test run leaves no Java process behind.
public final class FirestoreEmulator: Sendable {
    /// Whether the emulator can be started here, and if not, why.
    public enum Availability: Sendable {
        case available(java: String, jar: String)
        case unavailable(reason: String)

        public var isAvailable: Bool {
            if case .available = self { return true }
            return false
        }

        public var reason: String {
            switch self {
            case .available(let java, let jar): "emulator available (\(java), \(jar))"
            case .unavailable(let reason): reason
            }
        }
    }

    /// `127.0.0.1`.
    public let host: String
    /// The port the emulator listens on.
    public let port: Int
    /// The watchdog shell's process ID.
    private let processID: Int32

    /// `host:port`, the form of `FIRESTORE_EMULATOR_HOST`.
    public var hostAndPort: String { "\(host):\(port)" }

    /// `http://host:port`.
    public var baseURL: URL { URL(string: "http://\(host):\(port)")! }

    private init(host: String, port: Int, processID: Int32) {
        self.host = host
        self.port = port
        self.processID = processID
    }

    /// Whether the emulator must be available: `HEARTH_REQUIRE_EMULATOR=1` in the environment (CI sets it
    /// in `.ci/run`). When it is set and ``availability`` is unavailable, `EmulatorRequiredTests` fails with
    /// the reason; without it, emulator-backed tests are skipped with the reason (a developer's machine).
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["HEARTH_REQUIRE_EMULATOR"] == "1"
    }

    /// Finds Java and the emulator jar. `HEARTH_EMULATOR_JAR` overrides the jar location; setting
    /// `HEARTH_SKIP_EMULATOR=1` makes the emulator unavailable on purpose (a failure, not a
    /// skip, when ``isRequired``).
    public static let availability: Availability = {
        let environment = ProcessInfo.processInfo.environment
        if environment["HEARTH_SKIP_EMULATOR"] == "1" {
            return .unavailable(reason: "HEARTH_SKIP_EMULATOR=1 is set")
        }
        guard let java = findExecutable("java") else {
            return .unavailable(
                reason: "Java is not installed (no `java` on PATH); the Firestore emulator needs Java 11+")
        }
        let candidates = [
            environment["HEARTH_EMULATOR_JAR"],
            "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
            "/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
            "/opt/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
        ].compactMap { $0 }
        if let jar = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) ?? jarFromDpkg() {
            return .available(java: java, jar: jar)
        }
        return .unavailable(
            reason:
                "the Cloud Firestore emulator is not installed (Debian package google-cloud-cli-firestore-emulator; or set HEARTH_EMULATOR_JAR)"
        )
    }()

    /// Starts a new emulator. Prefer ``shared()`` in tests.
    /// - Parameter rulesFile: security rules to enforce (without it, everything is allowed).
    public static func start(rulesFile: URL? = nil, timeout: Duration = .seconds(90)) async throws -> FirestoreEmulator
    {
        guard case .available(let java, let jar) = availability else {
            throw EmulatorError.unavailable(availability.reason)
        }
        let port = try freeLoopbackPort()
        var command =
            "exec \(shellQuote(java)) -Duser.language=en -Xss2m -cp \(shellQuote(jar)) "
            + "com.google.cloud.datastore.emulator.firestore.CloudFirestore --host 127.0.0.1 --port \(port)"
        if let rulesFile { command += " --rules \(shellQuote(rulesFile.path))" }
        let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-emulator-\(port).log").path
        let parent = getpid()
        // The watchdog: run the emulator in the background, kill it when the test process is gone.
        let script = """
            (\(command)) >\(shellQuote(logPath)) 2>&1 &
            child=$!
            trap 'kill $child 2>/dev/null; exit 0' TERM INT
            while kill -0 \(parent) 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1; done
            kill $child 2>/dev/null
            """
        let process = try ChildProcess("/bin/sh", ["-c", script])
        let emulator = FirestoreEmulator(host: "127.0.0.1", port: port, processID: process.processIdentifier)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await emulator.isReady() { return emulator }
            if !process.isRunning {
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw EmulatorError.failedToStart("the emulator exited early; log: \(log.suffix(2_000))")
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        emulator.stop()
        throw EmulatorError.failedToStart(
            "the emulator did not answer on port \(port) within \(timeout); log at \(logPath)")
    }

    /// The emulator shared by every test of this process, started on first use. Throws when it is
    /// unavailable or fails to start (use ``availability`` first to skip instead).
    public static func shared() async throws -> FirestoreEmulator {
        try await SharedEmulator.instance.get()
    }

    /// A second shared emulator, for the tests whose listeners push (WebChannel Listen channels): on the
    /// emulator every other suite uses, open channels made some of those suites' commits wait more than
    /// 60 s under a full parallel run (Docs/FirestoreRESTAdapter.md); on an emulator of their own both run
    /// in seconds.
    public static func sharedForListeners() async throws -> FirestoreEmulator {
        try await SharedEmulator.listeners.get()
    }

    /// A new project ID (`demo-<prefix>-<random>`): data of different project IDs is isolated.
    public static func newProjectID(prefix: String = "hearth") -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let suffix = String((0..<10).map { _ in letters[Int.random(in: 0..<letters.count)] })
        return "demo-\(prefix)-\(suffix)"
    }

    /// Whether `GET /` answers `Ok`.
    public func isReady() async -> Bool {
        var request = URLRequest(url: baseURL)
        request.timeoutInterval = 2
        guard let (data, response) = try? await URLSession.shared.data(for: request),
            (response as? HTTPURLResponse)?.statusCode == 200
        else { return false }
        return String(decoding: data, as: UTF8.self).hasPrefix("Ok")
    }

    /// Deletes every document of `projectID`.
    public func reset(projectID: String) async throws {
        var request = URLRequest(
            url: baseURL.appendingPathComponent("emulator/v1/projects/\(projectID)/databases/(default)/documents")
        )
        request.httpMethod = "DELETE"
        _ = try await URLSession.shared.data(for: request)
    }

    /// Makes `rules` the security rules of `projectID` only (the emulator's
    /// `PUT /emulator/v1/projects/{project}:securityRules`, which the Firebase rules test library uses), so
    /// one shared emulator serves tests with different rules. Throws when the emulator refuses them (a
    /// syntax error is answered 400 with the compiler's message).
    public func setRules(_ rules: String, projectID: String) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("emulator/v1/projects/\(projectID):securityRules"))
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: [
            "rules": ["files": [["name": "firestore.rules", "content": rules]]]
        ])
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw EmulatorRulesRejected(message: String(decoding: data, as: UTF8.self))
        }
    }

    /// Stops the emulator (its watchdog kills the Java process).
    public func stop() {
        kill(processID, SIGTERM)
    }

    // MARK: - Helpers

    static func findExecutable(_ name: String) -> String? {
        ChildProcess.which(name)
    }

    static func jarFromDpkg() -> String? {
        guard let dpkg = findExecutable("dpkg"),
            let listing = try? ChildProcess.runBlocking(dpkg, ["-L", "google-cloud-cli-firestore-emulator"])
        else { return nil }
        return listing.output.split(separator: "\n").map(String.init)
            .first { $0.hasSuffix("cloud-firestore-emulator.jar") && FileManager.default.isReadableFile(atPath: $0) }
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A port that was free a moment ago: bind to port 0 on loopback, read the port, close.
    public static func freeLoopbackPort() throws -> Int {
        do {
            let (descriptor, port) = try LoopbackSocket.bound()
            close(descriptor)
            return port
        } catch {
            throw EmulatorError.failedToStart("could not bind a loopback port: \(error)")
        }
    }
}

/// Why the emulator could not be used.
public enum EmulatorError: Error, Sendable, CustomStringConvertible {
    case unavailable(String)
    case failedToStart(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): "Firestore emulator unavailable: \(reason)"
        case .failedToStart(let reason): "Firestore emulator failed to start: \(reason)"
        }
    }
}

/// Starts the shared emulator once per process, even when many tests ask at the same time.
actor SharedEmulator {
    static let instance = SharedEmulator()
    static let listeners = SharedEmulator()

    private var starting: Task<FirestoreEmulator, any Error>?

    func get() async throws -> FirestoreEmulator {
        if let starting { return try await starting.value }
        let task = Task { try await FirestoreEmulator.start() }
        starting = task
        return try await task.value
    }
}

/// The emulator refused a rules file; `message` is its answer (the rules compiler's errors).
public struct EmulatorRulesRejected: Error, CustomStringConvertible {
    /// The emulator's answer.
    public let message: String
    /// `The emulator refused the rules: <message>`.
    public var description: String { "The emulator refused the rules: \(message)" }
}
