import Foundation
import HearthTestSupport

/// A fresh Firestore emulator for the scenario `label`, or `nil` after printing `label: why` on standard error
/// when none can run here. The caller stops it.
func startEmulator(for label: String) async throws -> FirestoreEmulator? {
    guard FirestoreEmulator.availability.isAvailable else {
        printError("\(label): \(FirestoreEmulator.availability.reason)")
        return nil
    }
    return try await FirestoreEmulator.start()
}

/// Measurements and their summaries.
enum BenchMath {
    /// The median of `values` (the mean of the middle two for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The value at `fraction` (0…1) of the sorted `values`; NaN for none.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// Largest over smallest, a simple measure of run-to-run noise (1.0 = none).
    static func spread(_ values: [Double]) -> Double {
        guard let low = values.min(), let high = values.max(), low > 0 else { return 0 }
        return high / low
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Seconds taken by `work`.
    static func seconds(_ work: () async throws -> Void) async rethrows -> Double {
        try await seconds(ContinuousClock().measure(work))
    }

    /// CPU seconds used so far by every thread of this process (user and system).
    static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `value` with `digits` decimals.
    static func format(_ value: Double, digits: Int = 0) -> String {
        String(format: "%.\(digits)f", value)
    }
}

/// A fresh directory for one measurement, removed by ``remove()``.
struct BenchDirectory: Sendable {
    let url: URL

    /// A new directory under `parent` (default: the system's temporary directory).
    init(parent: String?, prefix: String) throws {
        let base = parent.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileManager.default.temporaryDirectory
        url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func remove() {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            printError("note: could not remove \(url.path): \(error)")
        }
    }
}

/// Runs a Python 3 program (SQLite baselines go through `python3`'s `sqlite3`).
enum Python {
    /// Runs `source` with `arguments`; returns its standard output. Throws when python3 fails.
    static func run(_ source: String, arguments: [String]) throws -> String {
        let run = try ChildProcess.runBlocking("/usr/bin/env", ["python3", "-c", source] + arguments)
        guard run.status == 0 else {
            throw BenchUsageError("python3 failed (status \(run.status)): \(run.errors)")
        }
        return run.output
    }

    /// The value of `key=value` in `output`.
    static func value(_ key: String, in output: String) throws -> Double {
        for line in output.split(separator: "\n") where line.hasPrefix(key + "=") {
            if let value = Double(line.dropFirst(key.count + 1)) { return value }
        }
        throw BenchUsageError("python3 printed no \(key): \(output)")
    }
}

/// Where the benchmark's files live, for the report: the path and its file system type (from
/// `/proc/mounts`, on Linux).
func describeFileSystem(of path: String) -> String {
    guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return path }
    var best: (mountPoint: String, type: String, device: String)?
    for line in mounts.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count >= 3 else { continue }
        let mountPoint = String(fields[1])
        let inside = mountPoint == "/" || path == mountPoint || path.hasPrefix(mountPoint + "/")
        if inside, mountPoint.count >= (best?.mountPoint.count ?? 0) {
            best = (mountPoint, String(fields[2]), String(fields[0]))
        }
    }
    guard let best else { return path }
    return "\(path) (\(best.type) on \(best.device), mounted at \(best.mountPoint))"
}
