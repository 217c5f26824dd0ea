import Foundation
import HearthTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Timing, statistics, memory and process helpers of the `query-scaling` and `memory` scenarios.
enum BenchProbe {
    static func nanoseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// CPU time of the calling thread (what a measurement costs, without the time other processes on this
    /// shared machine take from it).
    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `executable` with `arguments`; returns its standard output. Throws when it fails.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String
    {
        let run = try ChildProcess.runBlocking(executable, arguments, environment: environment)
        guard run.status == 0 else {
            throw BenchError(
                "\(executable) \(arguments.first ?? "") exited with status \(run.status): \(run.errors.suffix(2_000))")
        }
        return run.output
    }

    /// The path of a program on `PATH`.
    static func which(_ program: String) -> String? {
        ChildProcess.which(program)
    }

    /// Resident set size of this process, from `/proc/self/statm` (0 where unavailable).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Returns freed heap memory to the system (glibc's `malloc_trim`, looked up at run time), so that the
    /// resident size reflects live data.
    static func trimHeap() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
