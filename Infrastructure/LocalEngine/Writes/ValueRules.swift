import Foundation
import HearthDomain

/// Firestore's rules for stored values: which field names and shapes a write may hold, and how values
/// are normalised when stored (timestamps to microseconds, `-0.0` to `0.0`, as the server does).
enum ValueRules {
    /// The deepest nesting of maps and arrays a field value may have (each map or array adds one level).
    static let maximumDepth = 20
    /// The longest field name, in UTF-8 bytes.
    static let maximumFieldNameBytes = 1_500
    /// The longest string or bytes value, in bytes (1 MiB − 89).
    static let maximumValueBytes = 1_048_487

    /// Whether `name` matches Firestore's reserved pattern `__.*__`.
    static func isReserved(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count >= 4 else { return false }
        let underscore = UInt8(ascii: "_")
        return bytes[0] == underscore && bytes[1] == underscore && bytes[bytes.count - 1] == underscore
            && bytes[bytes.count - 2] == underscore
    }

    /// Validates the fields of a document being written. Throws `invalidArgument` naming the document and
    /// the field for a reserved or empty field name, an array directly inside an array, a malformed vector,
    /// nesting deeper than 20 levels or an oversized string or bytes value.
    static func validateFields(_ fields: MapValue, of document: DocumentPath) throws(DocumentStoreError) {
        for field in fields {
            try validateFieldName(field.key, parent: nil, of: document)
            try validate(field.value, at: field.key, depth: 0, insideArray: false, of: document)
        }
    }

    /// Validates one value placed `baseDepth` levels deep (array transform elements use `insideArray`).
    static func validate(
        _ value: Value,
        at location: String,
        depth baseDepth: Int,
        insideArray: Bool,
        of document: DocumentPath
    ) throws(DocumentStoreError) {
        switch value {
        case .string(let text):
            if text.utf8.count > maximumValueBytes {
                throw .invalidArgument(
                    "The value of field \(location) in \(document) is longer than \(maximumValueBytes) bytes (\(text.utf8.count))."
                )
            }
        case .bytes(let data):
            if data.count > maximumValueBytes {
                throw .invalidArgument(
                    "The value of field \(location) in \(document) is longer than \(maximumValueBytes) bytes (\(data.count))."
                )
            }
        case .array(let elements):
            if insideArray {
                throw .invalidArgument("Field \(location) in \(document): an array cannot directly contain an array.")
            }
            try checkDepth(baseDepth + 1, at: location, of: document)
            for (index, element) in elements.enumerated() {
                try validate(
                    element, at: "\(location)[\(index)]", depth: baseDepth + 1, insideArray: true, of: document)
            }
        case .map(let map):
            try checkDepth(baseDepth + 1, at: location, of: document)
            try validateVectorShape(map, at: location, of: document)
            for field in map {
                if field.key == "__type__", map.isVector { continue }
                try validateFieldName(field.key, parent: location, of: document)
                try validate(
                    field.value, at: location + "." + field.key, depth: baseDepth + 1, insideArray: false, of: document)
            }
        default:
            break
        }
    }

    private static func checkDepth(
        _ depth: Int, at location: String, of document: DocumentPath
    ) throws(DocumentStoreError) {
        if depth > maximumDepth {
            throw .invalidArgument(
                "Field \(location) in \(document) nests maps and arrays more than \(maximumDepth) levels deep."
            )
        }
    }

    private static func validateFieldName(
        _ name: String, parent: String?, of document: DocumentPath
    ) throws(DocumentStoreError) {
        let location = parent.map { "\($0).\(name)" } ?? name
        if name.isEmpty {
            throw .invalidArgument("Field names must not be empty (in \(parent ?? "the top level") of \(document)).")
        }
        if isReserved(name) {
            throw .invalidArgument("Field name \(location) in \(document) is reserved (it matches __.*__).")
        }
        if name.utf8.count > maximumFieldNameBytes {
            throw .invalidArgument(
                "Field name \(Excerpt.of(location)) in \(document) is longer than \(maximumFieldNameBytes) bytes.")
        }
    }

    /// A map with a `__type__` key must be a vector: exactly `__type__: "__vector__"` and `value`, an array of doubles.
    private static func validateVectorShape(
        _ map: MapValue, at location: String, of document: DocumentPath
    ) throws(DocumentStoreError) {
        guard let type = map["__type__"] else { return }
        guard case .string(let name) = type, name == "__vector__", map.count == 2,
            case .array(let values)? = map["value"]
        else {
            throw .invalidArgument(
                "Field \(location) in \(document) holds a map with the reserved key __type__ that is not a vector.")
        }
        if !values.allSatisfy({ if case .double = $0 { return true } else { return false } }) {
            throw .invalidArgument("The vector in field \(location) of \(document) must only contain doubles.")
        }
    }

    // MARK: Normalisation

    /// The value as Firestore stores it: timestamps truncated to microseconds, `-0.0` stored as `0.0`
    /// (also as a geo point coordinate).
    static func normalized(_ value: Value) -> Value {
        switch value {
        case .double(let number):
            return number == 0 && number.sign == .minus ? .double(0) : value
        case .timestamp(let time):
            return time.nanoseconds % 1_000 == 0 ? value : .timestamp(time.truncatedToMicroseconds)
        case .geoPoint(let point) where point.latitude == 0 || point.longitude == 0:
            let latitude = point.latitude == 0 ? 0 : point.latitude
            let longitude = point.longitude == 0 ? 0 : point.longitude
            return (try? GeoPoint(latitude: latitude, longitude: longitude)).map(Value.geoPoint) ?? value
        case .array(let elements):
            return .array(elements.map(normalized))
        case .map(let map):
            return .map(normalized(map))
        default:
            return value
        }
    }

    /// Every value of `map` normalised (see ``normalized(_:)-(Value)``).
    static func normalized(_ map: MapValue) -> MapValue {
        MapValue(sortedUniqueFields: map.fields.map { MapValue.Field(key: $0.key, value: normalized($0.value)) })
    }
}
