public import HearthDomain

/// `Value` is stored as itself by ``DocumentEncoder`` and read back exactly by ``DocumentDecoder``
/// (a model can keep a field of any kind). With other coders it takes its natural form: null, `Bool`,
/// `Int64`, `Double`, `String`, `Data`, arrays and string-keyed maps; a timestamp, geo point or
/// reference encodes as that type's own Codable form and decodes back as a map or string, because plain
/// formats cannot tell them apart.
extension Value: Codable {
    public init(from decoder: any Decoder) throws {
        if let fieldDecoder = decoder as? FieldDecoder {
            self = try fieldDecoder.decode(Value.self)
            return
        }
        if let container = try? decoder.singleValueContainer(), let scalar = Self.scalar(in: container) {
            self = scalar
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [Value] = []
            while !container.isAtEnd {
                elements.append(try container.decode(Value.self))
            }
            self = .array(elements)
            return
        }
        self = .map(try MapValue(from: decoder))
    }

    /// The null or scalar `container` holds, tried in the order null, `Bool`, `Int64`, `Double`,
    /// `String`; `nil` when it holds none of them.
    private static func scalar(in container: any SingleValueDecodingContainer) -> Value? {
        if container.decodeNil() { return .null }
        return (try? container.decode(Bool.self)).map(Value.boolean)
            ?? (try? container.decode(Int64.self)).map(Value.integer)
            ?? (try? container.decode(Double.self)).map(Value.double)
            ?? (try? container.decode(String.self)).map(Value.string)
    }

    public func encode(to encoder: any Encoder) throws {
        if let fieldEncoder = encoder as? FieldEncoder {
            try fieldEncoder.encode(self)
            return
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .boolean(let flag): try container.encode(flag)
        case .integer(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .timestamp(let timestamp): try container.encode(timestamp)
        case .string(let text): try container.encode(text)
        case .bytes(let data): try container.encode(data)
        case .reference(let name): try container.encode(name)
        case .geoPoint(let point): try container.encode(point)
        case .array(let elements): try container.encode(elements)
        case .map(let fields): try container.encode(fields)
        }
    }
}

/// `MapValue` is a map value under ``DocumentEncoder``/``DocumentDecoder``, and a string-keyed object
/// of ``Value``s with other coders.
extension MapValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let fieldDecoder = decoder as? FieldDecoder {
            self = try fieldDecoder.decode(MapValue.self)
            return
        }
        let container = try decoder.container(keyedBy: StringCodingKey.self)
        var fields: [(String, Value)] = []
        for key in container.allKeys {
            fields.append((key.stringValue, try container.decode(Value.self, forKey: key)))
        }
        self.init(fields)
    }

    public func encode(to encoder: any Encoder) throws {
        if let fieldEncoder = encoder as? FieldEncoder {
            try fieldEncoder.encode(self)
            return
        }
        var container = encoder.container(keyedBy: StringCodingKey.self)
        for field in self {
            try container.encode(field.value, forKey: StringCodingKey(field.key))
        }
    }
}
