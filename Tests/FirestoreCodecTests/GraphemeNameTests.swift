import Foundation
import HearthApplication
import HearthDomain
@testable import HearthFirestoreCodec
import HearthPort
import Testing

/// Resource names whose IDs begin with a grapheme extender (or end with a prepend character) decode to
/// the exact paths in every decoder (tree, bytes), in documents, references, list pages and query answers.
@Suite("REST codec: names with IDs joined to a '/' in one Character")
struct GraphemeNameTests {
    static let extenders = ["\u{0301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{093F}"]

    @Test(arguments: extenders)
    func documentName_writtenByHand_decodesToItsSegments(_ extender: String) throws {
        let database = try DatabaseID(projectID: "p")
        for escaped in [false, true] {
            let id = escaped ? Self.jsonEscaped(extender) + "d" : extender + "d"
            let collection = escaped ? "c\\u0600" : "c\u{0600}"
            let text =
                #"{"name":"projects/p/databases/(default)/documents/\#(collection)/\#(id)","fields":{"r":{"referenceValue":"projects/p/databases/(default)/documents/\#(collection)/\#(id)"}},"createTime":"2024-01-01T00:00:00Z","updateTime":"2024-01-01T00:00:00Z"}"#
            let bytes = Array(text.utf8)

            let viaTree = try RESTDocumentCodec.decode(JSONParser.parse(bytes), database: database)
            let viaBytes = try #require(RESTByteDecoder.document(bytes, database: database))

            let expected = [Array("c\u{0600}".utf8), Array((extender + "d").utf8)]
            #expect(viaTree.path.segments.map { Array($0.utf8) } == expected)
            #expect(viaBytes == viaTree)
            guard case .reference(let name)? = viaTree.fields["r"] else {
                Issue.record("r is not a reference"); continue
            }
            #expect(name.path == viaTree.path)
        }
    }

    @Test func listPageAndQueryAnswer_ofSuchIDs_decodeInEveryDecoder() throws {
        let database = try DatabaseID(projectID: "p")
        let time = try Timestamp(seconds: 1_700_000_000)
        var documents: [Document] = []
        for extender in Self.extenders {
            let path = try DocumentPath(segments: ["c\u{0600}", extender + "d", extender, extender])
            let fields: MapValue = ["to": .reference(DocumentName(database: database, path: path))]
            documents.append(Document(path: path, fields: fields, createTime: time, updateTime: time))
        }
        let page = ListDocumentsResponse(documents: documents.map { .found($0) }, nextPageToken: nil)
        let answer = documents.map { RESTRunQueryResponseElement(document: $0, readTime: time) }
        let pageBytes = JSONWriter.serialize(RESTReadCodec.encodeListDocumentsResponse(page, database: database))
        let answerBytes = JSONWriter.serialize(RESTReadCodec.encodeRunQueryResponse(answer, database: database))

        #expect(try RESTReadCodec.decodeListDocumentsResponse(JSONParser.parse(pageBytes), database: database) == page)
        #expect(try RESTReadCodec.decodeListDocumentsResponse(bytes: pageBytes, database: database) == page)
        #expect(RESTByteDecoder.listDocumentsResponse(pageBytes, database: database) == page)
        #expect(try RESTReadCodec.decodeRunQueryResponse(JSONParser.parse(answerBytes), database: database) == answer)
        #expect(try RESTReadCodec.decodeRunQueryResponse(bytes: answerBytes, database: database) == answer)
        #expect(RESTByteDecoder.runQueryResponse(answerBytes, database: database) == answer)
    }

    @Test(arguments: extenders)
    func databaseName_slashJoinedToAnExtender_isRejected(_ extender: String) {
        #expect(throws: RESTDecodingError.self) {
            try Wire.databaseName(.string("projects/p/" + extender + "/databases/d"), expected: nil)
        }
        #expect(throws: RESTDecodingError.self) {
            try Wire.databaseName(.string("projects/p\u{0600}/databases/d/" + extender), expected: nil)
        }
    }

    /// `\uXXXX` escapes (with a surrogate pair above the BMP) for the scalars of `text`.
    static func jsonEscaped(_ text: String) -> String {
        text.utf16.map { String(format: "\\u%04x", $0) }.joined()
    }
}
