// Seed 001 (SwiftfulDataManagersFirebase, ../shared/seeds/001_fbb4e71c8a4f8345.txt), its "Example Actions"
// block (the seed's lines 70–98), ported to Hearth's sync engines.
//
// Every line between the BEGIN/END SEED markers is the seed's line as written, in order; `SeedLineTests`
// checks that against the seed file. The engines are made by the caller (Seed001ExampleActionsTests: the
// seed's "Example Configuration" on a given database). Lines ending in `// port:` are the port's own:
// the function around the block, the assertions on each result, and two `do { }` scopes, because the
// seed declares `let user` twice in one scope (lines 75 and 76), which Swift rejects. Two lines are
// changed, each commented: the README's `.order("createdAt", descending:)` and `.limit(50)` exist
// neither in the seed's library (SwiftfulDataManagers' QueryBuilder has only filters) nor in Firebase,
// whose names, `order(by:descending:)` and `limit(to:)`, Hearth's query has.
import Hearth
import Testing

// BEGIN SEED 001
@MainActor func seed001ExampleActions( // port:
    userSyncEngine: DocumentSyncEngine<Seed001.UserModel>, productsSyncEngine: CollectionSyncEngine<Seed001.Product>, // port:
    reviewsSyncEngine: CollectionGroupSyncEngine<Seed001.Review>, user: Seed001.UserModel, product: Seed001.Product // port:
) async throws { // port:
// DocumentSyncEngine
try await userSyncEngine.startListening(documentId: "user_123")
try await userSyncEngine.saveDocument(user)
#expect(userSyncEngine.currentDocument == user) // port:
try await userSyncEngine.updateDocument(data: ["name": "John"])
do { // port:
let user = userSyncEngine.currentDocument
#expect(user?.name == "John" && user?.id == "user_123") // port:
} // port:
do { // port:
let user = try await userSyncEngine.getDocumentAsync()
#expect(user.name == "John" && user.email == "ana@example.com") // port:
} // port:
userSyncEngine.stopListening()
#expect(!userSyncEngine.isListening) // port:

// CollectionSyncEngine
await productsSyncEngine.startListening()
#expect(productsSyncEngine.currentCollection.map(\.id).sorted() == ["p_lamp", "p_phone"]) // the bulk load // port:
try await productsSyncEngine.saveDocument(product)
try await productsSyncEngine.updateDocument(id: "product_123", data: ["price": 29.99])
let products = productsSyncEngine.currentCollection
#expect(products.map(\.id).sorted() == ["p_lamp", "p_phone", "product_123"]) // port:
let product = productsSyncEngine.getDocument(id: "product_123")
#expect(product?.price == 29.99 && product?.name == "Headphones") // port:
let results = try await productsSyncEngine.getDocumentsAsync(buildQuery: { query in
    query.where("category", isEqualTo: "electronics")
})
#expect(results.map(\.id).sorted() == ["p_phone", "product_123"]) // port:
productsSyncEngine.stopListening()
#expect(!productsSyncEngine.isListening) // port:

// CollectionGroupSyncEngine
await reviewsSyncEngine.startListening()
let reviews = reviewsSyncEngine.currentCollection
#expect(reviews.map(\.id).sorted() == ["r1", "r2", "r3"]) // both parents' reviews // port:
let topReviews = try await reviewsSyncEngine.getDocumentsAsync(buildQuery: { query in
    query.where("rating", isGreaterThanOrEqualTo: 4)
         .order(by: "createdAt", descending: true) // README: .order("createdAt", descending: true), a name Firebase and the seed's library lack
         .limit(to: 50) // README: .limit(50), a name Firebase and the seed's library lack
})
#expect(topReviews.map(\.id) == ["r3", "r1"]) // rating >= 4, newest first // port:
reviewsSyncEngine.stopListening()
} // port:
// END SEED 001

/// Seed 001's models (the seed uses them without declaring them): identified by `id`, a field too.
enum Seed001 {
    struct UserModel: Codable, Sendable, Identifiable, Equatable {
        let id: String
        var name: String
        var email: String
    }

    struct Product: Codable, Sendable, Identifiable, Equatable {
        let id: String
        var name: String
        var category: String
        var price: Double
    }

    struct Review: Codable, Sendable, Identifiable, Equatable {
        let id: String
        var rating: Int
        var text: String
        var createdAt: Date
    }
}
