import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// One generated request: the REST JSON body sent, as is, to the emulator and (through the codec's
/// decoder) to the engine.
struct DifferentialCase: Sendable {
    enum Kind: String, Sendable {
        case query = "runQuery"
        case aggregation = "runAggregationQuery"
    }

    let dataset: Int
    let index: Int
    let kind: Kind
    /// The parent document in the URL (`nil`: the database root).
    let parent: DocumentPath?
    /// `{"structuredQuery": …}` or `{"structuredAggregationQuery": …}`.
    let body: JSON
    /// The features the generator used (`where`, `or`, `order`, `cursor`, ...) or the invalid shape made.
    let features: [String]
    /// The invalid shape deliberately made, if any (the request should fail on both sides).
    let invalidShape: String?

    var bodyText: String { JSONWriter.string(body) }

    var label: String { "\(dataset).\(index)" }
}
