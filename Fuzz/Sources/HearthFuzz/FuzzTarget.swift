import Dispatch
import Foundation
import Synchronization

/// One fuzz target: a property that must hold for every input (the code under test throws or answers,
/// never traps, and the stated round trip or agreement holds), and its seed corpus made by the project's
/// own encoders.
protocol FuzzTarget {
    /// The name used by `--target=`, `Fuzz/Corpus/<name>/` and `Fuzz/Regressions/<name>/`.
    static var name: String { get }
    /// Checks the property on one input; traps through ``FuzzCheck/fail(_:_:)`` when it is broken.
    static func run(_ input: [UInt8])
    /// Seed inputs (tens, small).
    static func corpus() throws -> [[UInt8]]
}

enum FuzzCheck {
    /// Stops the run: libFuzzer saves the input as a crash.
    static func fail(_ target: String, _ message: String) -> Never {
        fatalError("[\(target)] property broken: \(message)")
    }

    /// The outcome of a call as text: `ok: <value>` or `error: <error>`, for comparing two decoders.
    static func outcome<T>(_ body: () throws -> T) -> String {
        do { return "ok: \(try body())" } catch { return "error: \(error)" }
    }
}

/// Runs async work to completion from the synchronous libFuzzer callback.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        result.withLock { $0 = outcome }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}

/// A fresh directory under the temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-fuzz-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The number of open file descriptors of this process.
func openFileDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count) ?? 0
}

enum CorpusWriter {
    /// Writes each target's corpus into `directory/<name>/<index>`, replacing what was there.
    static func writeAll(_ targets: [any FuzzTarget.Type], into directory: URL) throws {
        for target in targets {
            let folder = directory.appendingPathComponent(target.name)
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, input) in try target.corpus().enumerated() {
                try Data(input).write(to: folder.appendingPathComponent(String(format: "seed-%03d", index)))
            }
        }
    }
}

/// Segments as UTF-8 bytes: `String`'s `==` is canonical equivalence (`"é" == "e\u{301}"`), and paths are
/// compared by bytes, as Firestore does.
func utf8(_ segments: [String]) -> [[UInt8]] { segments.map { Array($0.utf8) } }

/// The bytes of the file at `url`, or `nil`. Read with `fread`: Foundation's `Data(contentsOf:)` frees its
/// buffer where AddressSanitizer cannot see it, so every read would be reported as a leak.
func readFile(_ url: URL) -> [UInt8]? {
    guard let file = fopen(url.path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    return ferror(file) == 0 ? bytes : nil
}
