import Dispatch
import Foundation
import HearthTestSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The harnesses' child processes: the parent's side (`CrashChild`) and the child's (`say`).

/// A child process whose standard output is collected line by line on a thread of its own.
final class CrashChild: Sendable {
    /// The path of this executable, which the harnesses start again as their children.
    static func executable() throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    private let process: ChildProcess
    private let state = Mutex((lines: [String](), partial: [UInt8](), ready: false))
    private let readySignal = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(executable: String, arguments: [String]) throws {
        let pipe = try ChildProcess.pipe()
        do {
            process = try ChildProcess(executable, arguments, output: .descriptor(pipe.write), errors: .inherit)
        } catch {
            close(pipe.read)
            close(pipe.write)
            throw error
        }
        close(pipe.write)
        let handle = FileHandle(fileDescriptor: pipe.read, closeOnDealloc: true)
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                collect(data)
            }
            finished.signal()
        }
        thread.start()
    }

    private func collect(_ data: Data) {
        let becameReady = state.withLock { state -> Bool in
            state.partial += data
            var becameReady = false
            while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: state.partial[..<newline], as: UTF8.self)
                state.partial.removeSubrange(...newline)
                state.lines.append(line)
                if line == "ready", !state.ready {
                    state.ready = true
                    becameReady = true
                }
            }
            return becameReady
        }
        if becameReady { readySignal.signal() }
    }

    /// The start of a harness child's life: `earlyPercent` % of the time, waits only 0…`earlyMilliseconds`
    /// ms (the child may still be opening its `opening`) and returns `true`; else waits until it printed
    /// `ready` and returns `false`. Kills it and throws, with what it printed, when it is not ready in 120 s.
    func start(
        earlyPercent: Int, earlyMilliseconds: Int, opening what: String, _ random: inout SplitMix64
    ) async throws -> Bool {
        if Int.random(in: 0..<100, using: &random) < earlyPercent {
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...earlyMilliseconds, using: &random)))
            return true
        }
        guard waitUntilReady(timeout: .now() + 120) else {
            kill()
            throw BenchUsageError(
                "the child did not open the \(what) within 120 s: \(output().joined(separator: "\n"))")
        }
        return false
    }

    /// Waits until the child printed `ready`; `false` on timeout.
    func waitUntilReady(timeout: DispatchTime) -> Bool {
        readySignal.wait(timeout: timeout) == .success
    }

    /// SIGKILL, then waits for the process to end and its output to be read.
    func kill() {
        process.kill(SIGKILL)
        process.waitUntilExit()
        finished.wait()
    }

    /// Every complete line it printed.
    func output() -> [String] {
        state.withLock { $0.lines }
    }
}

/// One line on standard output in a single `write` (no buffering: a parent that kills the process must
/// see every acknowledgement printed before the kill). Used by the harnesses' children.
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let written = write(1, base + offset, raw.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
