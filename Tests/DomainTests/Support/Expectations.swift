import HearthDomain
import Testing

/// Expects `body` to throw a ``DocumentStoreError`` with code `invalidArgument` whose message contains every
/// string of `fragments`. Returns the error, or `nil` when nothing (or something else) was thrown.
@discardableResult
func expectInvalidArgument<Result>(
    containing fragments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(DocumentStoreError) -> Result
) -> DocumentStoreError? {
    do {
        let result = try body()
        Issue.record("Expected an invalidArgument error, got \(result).", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.code == .invalidArgument, "\(error)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(
                error.message.contains(fragment), "message \"\(error.message)\" lacks \"\(fragment)\"",
                sourceLocation: sourceLocation)
        }
        return error
    }
}

/// The UTF-8 bytes of `text`, for oracles that must not use Swift `String` comparison.
func utf8Bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// An independent oracle for Firestore's string order: lexicographic over UTF-8 bytes.
func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    utf8Bytes(lhs).lexicographicallyPrecedes(utf8Bytes(rhs))
}

/// A precomposed "é" (U+00E9, UTF-8 C3 A9).
let precomposedE = "\u{E9}"
/// A decomposed "é": "e" followed by U+0301 COMBINING ACUTE ACCENT (UTF-8 65 CC 81).
let decomposedE = "e\u{301}"
