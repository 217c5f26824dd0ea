// Seed 002 ("Firebase en Clean Architecture", ../shared/seeds/002_56922efacb6ea023.txt): the catalog's
// Firestore repository and its mapper, ported to Hearth. Between the BEGIN/END SEED markers is the seed's
// Swift code as written; the one changed line is `import FirebaseFirestore`, now `import Hearth`
// (`SeedLineTests` checks this against the seed file). The seed's other Swift blocks need Firebase Auth
// (`AuthGateway`, `Auth.auth().useEmulator`) and arrive with Hearth's authentication (issue 16).
// Types the seed uses without declaring them (`Product`, `Price`, `CatalogError`, `ProductRepository`) are
// in Seed002Models.swift.

// BEGIN SEED 002
// StackMyArchitecture/Features/Catalog/Infrastructure/FirestoreProductRepository.swift

import Foundation
import Hearth

struct FirestoreProductRepository: ProductRepository, Sendable {
    private let db: Firestore
    private let mapper: FirestoreProductMapper

    init(
        db: Firestore = Firestore.firestore(),
        mapper: FirestoreProductMapper = FirestoreProductMapper()
    ) {
        self.db = db
        self.mapper = mapper
    }

    func loadAll() async throws -> [Product] {
        let snapshot: QuerySnapshot
        do {
            snapshot = try await db.collection("products").getDocuments()
        } catch {
            throw CatalogError.connectivity
        }

        do {
            return try snapshot.documents.map { doc in
                try mapper.toDomain(doc.data(), id: doc.documentID)
            }
        } catch {
            throw CatalogError.invalidData
        }
    }
}

// StackMyArchitecture/Features/Catalog/Infrastructure/FirestoreProductMapper.swift

import Foundation

struct FirestoreProductMapper {

    func toDomain(_ data: [String: Any], id: String) throws -> Product {
        guard
            let name = data["name"] as? String,
            let priceNumber = data["price"] as? NSNumber,
            let currency = data["currency"] as? String,
            let imageURLString = data["image_url"] as? String,
            let imageURL = URL(string: imageURLString)
        else {
            throw CatalogError.invalidData
        }

        return Product(
            id: id,
            name: name,
            price: Price(amount: priceNumber.decimalValue, currency: currency),
            imageURL: imageURL
        )
    }
}
// END SEED 002
