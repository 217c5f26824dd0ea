import HearthDomain
import HearthFirestoreCodec

/// What one side answered to a case: documents in order (with the offset's skip count), aggregation
/// results, or an error (only its code is compared; messages differ between the emulator and production).
enum DifferentialOutcome: Sendable {
    case documents([Document], skipped: Int)
    case aggregates(MapValue)
    case failure(DocumentStoreError.Code, message: String)
    /// The answer could not be read at all (a harness or codec problem, never a pass).
    case unreadable(String)

    var summary: String {
        switch self {
        case .documents(let documents, let skipped):
            let names = documents.prefix(40).map { Self.quotedPath($0.path) }.joined(separator: ", ")
            let more = documents.count > 40 ? ", … (\(documents.count - 40) more)" : ""
            return "\(documents.count) documents" + (skipped > 0 ? " (skipped \(skipped))" : "") + ": [\(names)\(more)]"
        case .aggregates(let values):
            return "aggregates \(JSONWriter.string(RESTValueCodec.encodeFields(values)))"
        case .failure(let code, let message):
            return "error \(code.name): \(message)"
        case .unreadable(let reason):
            return "unreadable answer: \(reason)"
        }
    }

    var kind: String {
        switch self {
        case .documents(let documents, _): documents.isEmpty ? "empty" : "documents"
        case .aggregates: "aggregates"
        case .failure: "error"
        case .unreadable: "unreadable"
        }
    }

    static func quotedPath(_ path: DocumentPath) -> String {
        path.segments.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 } }
            ? path.path : "\"\(path.path.debugDescription.dropFirst().dropLast())\""
    }

    /// `nil` when the answers agree; otherwise what differs first. `roundingBounds` (alias → bound) says how
    /// far apart double `sum` and `avg` results may be (see ``roundingOnly(_:_:bound:)``).
    static func difference(
        emulator: DifferentialOutcome, engine: DifferentialOutcome, roundingBounds: [String: Double] = [:]
    ) -> String? {
        switch (emulator, engine) {
        case (.documents(let expected, let expectedSkipped), .documents(let actual, let actualSkipped)):
            let expectedPaths = expected.map(\.path)
            let actualPaths = actual.map(\.path)
            if expectedPaths != actualPaths {
                if let index = expectedPaths.indices.first(where: {
                    $0 < actualPaths.count && expectedPaths[$0] != actualPaths[$0]
                }) {
                    return
                        "result \(index) differs: emulator \(quotedPath(expectedPaths[index])), engine \(quotedPath(actualPaths[index]))"
                }
                return "the emulator returned \(expected.count) documents, the engine \(actual.count)"
            }
            for (left, right) in zip(expected, actual) where left.fields != right.fields {
                return
                    "the fields of \(quotedPath(left.path)) differ:\n  emulator \(fieldsText(left.fields))\n  engine   \(fieldsText(right.fields))"
            }
            // The emulator reports the skip count on every element but the last: with one result, never.
            if expected.count >= 2, expectedSkipped != actualSkipped {
                return "skipped results differ: emulator \(expectedSkipped), engine \(actualSkipped)"
            }
            return nil
        case (.aggregates(let expected), .aggregates(let actual)):
            if expected == actual { return nil }
            guard expected.keys == actual.keys else { return "the aggregation aliases differ" }
            for field in expected {
                guard let other = actual[field.key], field.value != other else { continue }
                if !roundingOnly(field.value, other, bound: roundingBounds[field.key] ?? 0) {
                    return
                        "aggregation \(field.key) differs (beyond the rounding bound \(roundingBounds[field.key] ?? 0))"
                }
            }
            return nil
        case (.failure(let expected, _), .failure(let actual, _)):
            return expected == actual ? nil : "error codes differ: emulator \(expected.name), engine \(actual.name)"
        case (.unreadable, _), (_, .unreadable):
            return "an answer could not be read"
        default:
            return "the emulator answered \(emulator.kind), the engine \(engine.kind)"
        }
    }

    /// Emulator behaviour production Firestore does not share (Docs/DifferentialTesting.md):
    /// - `descending-key-scan`: a query that only scans names in descending order (an explicit
    ///   `orderBy __name__ DESC` with no other order and no equality filter) is refused with
    ///   FAILED_PRECONDITION "Firestore does not support descending key scans"; production runs it
    ///   (the SDKs' `limitToLast` on the default order sends exactly this). The engine's answer to such a
    ///   query is not checked here.
    static func knownQuirk(
        of testCase: DifferentialCase, emulator: DifferentialOutcome, engine: DifferentialOutcome
    ) -> String? {
        guard case .failure(.failedPrecondition, let message) = emulator, message.contains("descending key scans"),
            testCase.features.contains("order-name-desc")
        else { return nil }
        // Production runs the scan, so the engine's answer (results, or an error a later check finds)
        // cannot be compared with the emulator's.
        return "descending-key-scan"
    }

    /// Whether two aggregation results are doubles that differ only as sums of the same numbers added in
    /// different orders can. The emulator adds in no fixed order: the same `sum` over the same three
    /// documents (`1e308`, `1e308`, `-1e308`) answers `1e308` or `Infinity` from one call to the next, and
    /// cancellations move the last bits (`12.55` against `12.549999999999999`) or more. `bound` is the
    /// classical error bound of recursive summation, n·ε·Σ|xᵢ| over the numbers the aggregation can see
    /// (the documents in the query's scope): results closer than that agree; with an infinite bound (Σ|xᵢ|
    /// overflows, so the order decides whether the sum overflows) any two doubles agree. Integer results,
    /// result types and null are always compared exactly, and NaN only matches NaN under a finite bound.
    static func roundingOnly(_ lhs: Value, _ rhs: Value, bound: Double) -> Bool {
        guard case .double(let left) = lhs, case .double(let right) = rhs else { return false }
        if bound.isInfinite { return true }
        if left.isNaN || right.isNaN || left.isInfinite || right.isInfinite { return false }
        return abs(left - right) <= bound
    }

    /// Whether the answers agree only thanks to ``roundingOnly(_:_:bound:)``.
    static func agreesUpToRounding(_ result: CaseResult) -> Bool {
        guard case .aggregates(let expected) = result.emulator, case .aggregates(let actual) = result.engine else {
            return false
        }
        return expected != actual && result.difference == nil
    }

    static func fieldsText(_ fields: MapValue) -> String {
        JSONWriter.string(RESTValueCodec.encodeFields(fields))
    }
}
