// The catalog's domain types, which seed 002 uses from earlier lessons without declaring them here.

import Foundation

struct Price: Equatable, Sendable {
    let amount: Decimal
    let currency: String
}

struct Product: Equatable, Sendable {
    let id: String
    let name: String
    let price: Price
    let imageURL: URL
}

enum CatalogError: Error, Equatable {
    case connectivity
    case invalidData
}

protocol ProductRepository: Sendable {
    func loadAll() async throws -> [Product]
}
