import Foundation
import Hearth
import Testing

/// Seed 001's "Example Actions" (Seed001Port.swift) run as written on the in-memory, file and Firestore
/// (emulator) stores, with the engines of the seed's "Example Configuration" made on that store.
@MainActor
@Suite("Seed 001: Example Actions on every adapter")
struct Seed001ExampleActionsTests {
    @Test(arguments: SeedStore.allCases)
    func exampleActions_runAsWritten(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            try await Self.seedCatalog(db)
            let storage = SyncEngineDefaults.memoryStorage()
            // The seed's "Example Configuration", with the database and the storage given.
            let userSyncEngine = DocumentSyncEngine<Seed001.UserModel>(
                remote: FirebaseRemoteDocumentService(collectionPath: { "users" }, database: db),
                managerKey: "user", storage: storage)
            let productsSyncEngine = CollectionSyncEngine<Seed001.Product>(
                remote: FirebaseRemoteCollectionService(collectionPath: { "products" }, database: db),
                managerKey: "products", storage: storage)
            let reviewsSyncEngine = CollectionGroupSyncEngine<Seed001.Review>(
                remote: FirebaseRemoteCollectionGroupService(collectionGroupName: "reviews", database: db),
                managerKey: "reviews", storage: storage)

            try await seed001ExampleActions(
                userSyncEngine: userSyncEngine, productsSyncEngine: productsSyncEngine,
                reviewsSyncEngine: reviewsSyncEngine,
                user: Seed001.UserModel(id: "user_123", name: "Ana", email: "ana@example.com"),
                product: Seed001.Product(id: "product_123", name: "Headphones", category: "electronics", price: 49.99))

            // What the actions left on the server.
            let stored = try await db.document("users/user_123").getDocument(as: Seed001.UserModel.self)
            #expect(stored == Seed001.UserModel(id: "user_123", name: "John", email: "ana@example.com"))
            let headphones = try await db.document("products/product_123").getDocument(as: Seed001.Product.self)
            #expect(headphones.price == 29.99)
            // And in the engines' local persistence, under their manager keys.
            #expect(try storage.load(key: "user").map(\.id) == ["user_123"])
            #expect(try storage.load(key: "products").count == 3)
            #expect(try storage.load(key: "reviews").count == 3)
        }
    }

    /// Two products, and reviews under two different parents (a product and a post).
    static func seedCatalog(_ db: Firestore) async throws {
        let day = Date(timeIntervalSince1970: 1_768_000_000)
        try await db.document("products/p_phone").setData(
            ["id": "p_phone", "name": "Phone", "category": "electronics", "price": 499.0])
        try await db.document("products/p_lamp").setData(
            ["id": "p_lamp", "name": "Lamp", "category": "home", "price": 25.0])
        let reviews: [(String, Seed001.Review)] = [
            ("products/p_phone/reviews/r1", Seed001.Review(id: "r1", rating: 5, text: "great", createdAt: day)),
            ("posts/post1/reviews/r2", Seed001.Review(id: "r2", rating: 3, text: "fine", createdAt: day + 60)),
            ("posts/post1/reviews/r3", Seed001.Review(id: "r3", rating: 4, text: "good", createdAt: day + 120)),
        ]
        for (path, review) in reviews {
            try await db.document(path).setData(UserFields(DocumentEncoder().encode(review)))
        }
    }
}
