import Foundation
import Hearth
import Testing

/// `import Hearth` alone decodes Firestore REST JSON into models (seed 004 needs no other import).
@Suite struct RESTJSONImportTests {
    struct App: Decodable, Equatable {
        @DocumentID var id: String?
        var index: Int
    }

    @Test func importHearth_givesTheRESTJSONRoute() throws {
        let answer =
            #"{"name": "projects/xwift27/databases/(default)/documents/apps/1", "fields": {"index": {"integerValue": "4"}}, "createTime": "2019-11-26T09:13:39.969797Z", "updateTime": "2019-11-26T09:13:39.969797Z"}"#

        let app = try FirestoreJSONDecoder().decode(FirestoreDocument<App>.self, from: Data(answer.utf8))
        let missing = try #require(throws: DocumentStoreError.self) {
            try FirestoreJSONDecoder().decodeList(
                App.self, from: Data(#"{"error": {"code": 404, "message": "gone", "status": "NOT_FOUND"}}"#.utf8))
        }

        #expect(app.name.database.projectID == "xwift27" && app.index == 4 && app.id == "1")
        #expect((missing.underlying as? RESTErrorBody)?.code == .notFound)
        #expect(
            try FirestoreJSONDecoder().decodeRunQuery(App.self, from: Data("[]".utf8)).results
                == [FirestoreRunQueryResult<App>]())
        #expect(try JSONDecoder().decode(FirestoreListResponse<App>.self, from: Data("{}".utf8)).documents.isEmpty)
    }
}
