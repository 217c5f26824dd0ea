/// `withUnsafeBytes` that keeps a typed error: the standard library's versions are `rethrows`, which
/// erases a typed error to `any Error`.
extension Array where Element == UInt8 {
    func withRawBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = withUnsafeBytes { raw in
            Swift.Result { () throws(Failure) -> Result in try body(raw) }
        }
        return try outcome.get()
    }

    mutating func withMutableRawBytes<Result, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = withUnsafeMutableBytes { raw in
            Swift.Result { () throws(Failure) -> Result in try body(raw) }
        }
        return try outcome.get()
    }
}

extension ArraySlice where Element == UInt8 {
    func withRawBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = withUnsafeBytes { raw in
            Swift.Result { () throws(Failure) -> Result in try body(raw) }
        }
        return try outcome.get()
    }
}
