/// A failure of a scenario's measurement (a child process or baseline that failed, an unexpected result).
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
