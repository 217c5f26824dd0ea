import Foundation
import HearthTestSupport

/// Google's official Python client (`google-cloud-firestore`, gRPC) installed from PyPI into a cache
/// directory with `pip install --target`, driving `Tests/Fixtures/interop/firestore_interop.py`.
actor PythonFirestoreClient {
    static let shared = PythonFirestoreClient()

    /// Where the package is installed (reused by later runs).
    static let packageDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "hearth-python-google-cloud-firestore")
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/interop/firestore_interop.py")

    private var setup: Task<Result<String, SetupFailure>, Never>?

    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The Python client's version once installed, or why it cannot be used.
    func prepare() async -> Result<String, SetupFailure> {
        if let setup { return await setup.value }
        let task = Task { await Self.install() }
        setup = task
        return await task.value
    }

    private static func install() async -> Result<String, SetupFailure> {
        if ProcessInfo.processInfo.environment["HEARTH_SKIP_PYTHON_INTEROP"] == "1" {
            return .failure(SetupFailure(description: "HEARTH_SKIP_PYTHON_INTEROP=1 is set"))
        }
        let probe = ["-c", "import google.cloud.firestore as f; print(f.__version__)"]
        if let version = try? await python(probe), version.status == 0 {
            return .success(version.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let pip = [
            "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-warn-script-location", "--target",
            packageDirectory.path, "google-cloud-firestore",
        ]
        guard let installed = try? await python(pip, timeout: 600) else {
            return .failure(SetupFailure(description: "python3 could not be run"))
        }
        guard installed.status == 0 else {
            return .failure(
                SetupFailure(
                    description: "pip could not install google-cloud-firestore: \(installed.errors.suffix(500))"))
        }
        guard let version = try? await python(probe), version.status == 0 else {
            return .failure(SetupFailure(description: "google-cloud-firestore was installed but cannot be imported"))
        }
        return .success(version.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs the interop script; throws with its standard error when it fails.
    func run(_ arguments: [String], emulatorHost: String) async throws -> String {
        let result = try await Self.python(
            [Self.script.path] + arguments, environment: ["FIRESTORE_EMULATOR_HOST": emulatorHost])
        guard result.status == 0 else {
            throw SetupFailure(
                description: "the Python client failed (\(result.status)): \(result.errors.suffix(1_500))")
        }
        return result.output
    }

    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    static func python(
        _ arguments: [String], environment extra: [String: String] = [:], timeout: TimeInterval = 120
    ) async throws -> Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = packageDirectory.path
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        for (key, value) in extra { environment[key] = value }
        guard let python = ChildProcess.which("python3") else {
            throw ChildProcess.SpawnError(executable: "python3", code: ENOENT)
        }
        let run = try await ChildProcess.run(python, arguments, environment: environment, timeout: .seconds(timeout))
        return Outcome(status: run.status, output: run.output, errors: run.errors)
    }
}
