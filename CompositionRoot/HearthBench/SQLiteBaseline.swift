import Foundation
import HearthTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SQLite side of `query-scaling`: a `python3` process holding the same rows in in-memory SQLite
/// databases (one per data size and index choice), answering measurement requests over a pipe, so that
/// Hearth and SQLite are measured in alternation, under the same load of this shared machine.
///
/// Protocol: one request per line, `<size> <index> <status> <count>`; the answer is one JSON line with the
/// thread CPU and wall-clock time (µs) of each of `count` runs of the query, and the IDs it returned.
final class SQLiteBaseline {
    struct Answer: Decodable {
        let cpu: [Double]
        let wall: [Double]
        let ids: [String]
    }

    private let process: ChildProcess
    private let input: FileHandle
    private let output: FileHandle
    private var buffer = Data()

    /// Starts python3 with one TSV file per size (`id status age city createdAtMicros`).
    init(python: String, files: [Int: URL]) throws {
        let requests = try ChildProcess.pipe()
        let answers = try ChildProcess.pipe()
        defer {
            close(requests.read)
            close(answers.write)
        }
        input = FileHandle(fileDescriptor: requests.write, closeOnDealloc: true)
        output = FileHandle(fileDescriptor: answers.read, closeOnDealloc: true)
        process = try ChildProcess(
            python,
            ["-c", Self.script] + files.sorted { $0.key < $1.key }.flatMap { ["\($0.key)", $0.value.path] },
            input: .descriptor(requests.read),
            output: .descriptor(answers.write),
            errors: .inherit
        )
        guard try readLine() == "ready" else { throw BenchError("the SQLite baseline did not start") }
    }

    func measure(size: Int, index: String, status: String, count: Int) throws -> Answer {
        input.write(Data("\(size) \(index) \(status) \(count)\n".utf8))
        guard let line = try readLine() else { throw BenchError("the SQLite baseline stopped") }
        return try JSONDecoder().decode(Answer.self, from: Data(line.utf8))
    }

    func stop() {
        try? input.close()
        process.waitUntilExit()
    }

    private func readLine() throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[(newline + 1)...])
                return line
            }
            let chunk = output.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    static let script = """
        import json, sqlite3, sys, time
        QUERY = 'SELECT id, status, age, city, createdAt FROM users WHERE status = ? ORDER BY createdAt DESC LIMIT 20'
        INDEXES = {'composite': ['CREATE INDEX users_status_created ON users(status, createdAt)'],
                   'single': ['CREATE INDEX users_status ON users(status)', 'CREATE INDEX users_created ON users(createdAt)']}
        databases = {}
        arguments = sys.argv[1:]
        for size, path in zip(arguments[0::2], arguments[1::2]):
            for name, statements in INDEXES.items():
                db = sqlite3.connect(':memory:')
                db.execute('CREATE TABLE users (id TEXT PRIMARY KEY, status TEXT, age INTEGER, city TEXT, createdAt INTEGER)')
                with open(path) as rows:
                    db.executemany('INSERT INTO users VALUES (?, ?, ?, ?, ?)',
                        ((i, s, int(a), c, int(t)) for i, s, a, c, t in (line.rstrip('\\n').split('\\t') for line in rows)))
                for statement in statements:
                    db.execute(statement)
                db.commit()
                databases[(size, name)] = db
        print('ready', flush=True)
        for request in sys.stdin:
            size, name, status, count = request.split()
            db = databases[(size, name)]
            cpu, wall, rows = [], [], []
            for _ in range(int(count)):
                cpu_start, wall_start = time.thread_time_ns(), time.perf_counter_ns()
                rows = db.execute(QUERY, (status,)).fetchall()
                wall.append((time.perf_counter_ns() - wall_start) / 1000)
                cpu.append((time.thread_time_ns() - cpu_start) / 1000)
            print(json.dumps({'cpu': cpu, 'wall': wall, 'ids': [row[0] for row in rows]}), flush=True)
        """
}
