import Foundation

/// The model of the `codec` scenario: the shape of a typical `list`/`runQuery` document (strings,
/// integers, doubles, booleans, two timestamps, a nested map, an array of five strings, a null).
struct CodecBenchOrder: Codable {
    struct Address: Codable, Equatable {
        var street: String
        var city: String
        var zip: String
        var floor: Int
    }

    var customer: String
    var email: String
    var status: String
    var quantity: Int
    var totalCents: Int
    var price: Double
    var discount: Double
    var paid: Bool
    var express: Bool
    var createdAt: Date
    var updatedAt: Date
    var address: Address
    var tags: [String]
    var note: String?

    enum CodingKeys: String, CodingKey {
        case customer, email, status, quantity, totalCents, price, discount, paid, express, createdAt, updatedAt,
            address, tags, note
    }

    /// Writes `note` even when `nil` (as null), so that both forms of the data carry the null.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(customer, forKey: .customer)
        try container.encode(email, forKey: .email)
        try container.encode(status, forKey: .status)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(totalCents, forKey: .totalCents)
        try container.encode(price, forKey: .price)
        try container.encode(discount, forKey: .discount)
        try container.encode(paid, forKey: .paid)
        try container.encode(express, forKey: .express)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(address, forKey: .address)
        try container.encode(tags, forKey: .tags)
        try container.encode(note, forKey: .note)
    }

    func matches(_ other: CodecBenchOrder) -> Bool {
        customer == other.customer && email == other.email && status == other.status && quantity == other.quantity
            && totalCents == other.totalCents && price == other.price && discount == other.discount
            && paid == other.paid
            && express == other.express && abs(createdAt.timeIntervalSince(other.createdAt)) < 1e-6
            && abs(updatedAt.timeIntervalSince(other.updatedAt)) < 1e-6 && address == other.address
            && tags == other.tags
            && note == other.note
    }

    static let firstNames = ["Ana", "Bruno", "Carla", "Diego", "Elena", "Fabián", "Gloria", "Hugo", "Inés", "Julián"]
    static let lastNames = ["García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Fernández", "Díaz"]
    static let statuses = ["pending", "paid", "shipped", "delivered", "cancelled"]
    static let cities = ["Madrid", "Barcelona", "Valencia", "Sevilla", "Zaragoza", "Málaga", "Bilbao"]
    static let tagWords = [
        "gift", "express", "fragile", "bulk", "returning", "vip", "promo", "eco", "night", "weekend", "new",
    ]

    static func documentID(_ index: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        var id = ""
        for _ in 0..<20 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            id.append(alphabet[Int(state >> 33) % alphabet.count])
        }
        return id
    }

    /// A millisecond-precision date in 2025-2026.
    static func date(_ index: Int, salt: Int) -> Date {
        let milliseconds =
            1_735_689_600_000 + Int64((index &* 7_919 &+ salt &* 104_729) % 31_536_000) * 1_000 + Int64(index % 1_000)
        return Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    static func generate(count: Int) -> [CodecBenchOrder] {
        (0..<count).map { index in
            let first = firstNames[index % firstNames.count]
            let last = lastNames[(index / 3) % lastNames.count]
            return CodecBenchOrder(
                customer: "\(first) \(last)",
                email: "\(first.lowercased()).\(last.lowercased())\(index)@example.com",
                status: statuses[index % statuses.count],
                quantity: 1 + index % 9,
                totalCents: 1_999 + index * 37 % 100_000,
                price: Double(1_999 + index * 37 % 100_000) / 100,
                discount: Double(index % 20) * 0.05,
                paid: index % 3 != 0,
                express: index % 5 == 0,
                createdAt: date(index, salt: 1),
                updatedAt: date(index, salt: 2),
                address: Address(
                    street: "Calle \(lastNames[index % lastNames.count]) \(index % 200 + 1)",
                    city: cities[index % cities.count],
                    zip: String(28_000 + index % 1_000),
                    floor: index % 12
                ),
                tags: (0..<5).map { tagWords[(index + $0 * 3) % tagWords.count] },
                note: nil
            )
        }
    }
}
