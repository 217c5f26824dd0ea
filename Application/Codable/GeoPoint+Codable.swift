public import HearthDomain

/// `GeoPoint` is stored natively by ``DocumentEncoder``/``DocumentDecoder``. With other coders it is
/// `{"latitude": Double, "longitude": Double}`, validated when decoded.
extension GeoPoint: Codable {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude
    }

    public init(from decoder: any Decoder) throws {
        if let fieldDecoder = decoder as? FieldDecoder {
            self = try fieldDecoder.decode(GeoPoint.self)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            self = try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message, underlyingError: error)
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if let fieldEncoder = encoder as? FieldEncoder {
            try fieldEncoder.encode(self)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
