import HearthDomain
import Foundation
import HearthFirestoreCodec
import HearthPort

/// Google's discovery document for Firestore v1 (`Tests/Fixtures/discovery/firestore.v1.json`), used to
/// check that requests use only methods, query parameters and body members it defines, with the right
/// JSON types.
struct DiscoveryDocument {
    struct Method {
        let name: String
        let httpMethod: String
        let pathPattern: NSRegularExpression
        let queryParameters: [String: JSONObject]
        let requestSchema: String?
    }

    let schemas: JSONObject
    let methods: [Method]

    static func load() throws -> DiscoveryDocument {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/discovery/firestore.v1.json")
        let json = try JSONParser.parse([UInt8](try Data(contentsOf: url)))
        guard case .object(let root) = json, case .object(let schemas)? = root["schemas"],
            case .object(let resources)? = root["resources"],
            case .object(let projects)? = resources["projects"],
            case .object(let projectResources)? = projects["resources"],
            case .object(let databases)? = projectResources["databases"],
            case .object(let databaseResources)? = databases["resources"],
            case .object(let documents)? = databaseResources["documents"],
            case .object(let methodObjects)? = documents["methods"]
        else { throw DiscoveryError("unexpected discovery document layout") }
        var methods: [Method] = []
        for member in methodObjects {
            guard case .object(let method) = member.value, case .string(let httpMethod)? = method["httpMethod"],
                case .string(let path)? = method["path"]
            else { continue }
            var parameters: [String: JSONObject] = [:]
            if case .object(let declared)? = method["parameters"] {
                for parameter in declared {
                    if case .object(let details) = parameter.value, details["location"] == .string("query") {
                        parameters[parameter.key] = details
                    }
                }
            }
            var requestSchema: String?
            if case .object(let request)? = method["request"], case .string(let ref)? = request["$ref"] {
                requestSchema = ref
            }
            methods.append(
                Method(
                    name: member.key, httpMethod: httpMethod, pathPattern: try Self.pattern(path),
                    queryParameters: parameters, requestSchema: requestSchema
                )
            )
        }
        return DiscoveryDocument(schemas: schemas, methods: methods)
    }

    /// `v1/{+parent}:runQuery` → `^v1/.+:runQuery$`; `{x}` matches one segment.
    private static func pattern(_ path: String) throws -> NSRegularExpression {
        var regex = "^"
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{") {
            regex += NSRegularExpression.escapedPattern(for: String(rest[..<open]))
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            regex += rest[rest.index(after: open)] == "+" ? ".+" : "[^/]+"
            rest = rest[rest.index(after: close)...]
        }
        regex += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        return try NSRegularExpression(pattern: regex)
    }

    /// The methods whose HTTP method and path template match `path` (`v1/projects/...`, still encoded).
    func methods(httpMethod: String, path: String) -> [Method] {
        methods.filter { method in
            method.httpMethod == httpMethod
                && method.pathPattern.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
    }

    /// Every problem of `json` against the schema `schemaName` (empty: valid).
    func violations(of json: JSON, against schemaName: String) -> [String] {
        var problems: [String] = []
        validate(json, schema: .object(["$ref": .string(schemaName)]), at: "$", into: &problems)
        return problems
    }

    private func validate(_ json: JSON, schema: JSON, at path: String, into problems: inout [String]) {
        guard case .object(var schema) = schema else {
            problems.append("\(path): malformed schema")
            return
        }
        if case .string(let ref)? = schema["$ref"] {
            guard case .object(let resolved)? = schemas[ref] else {
                problems.append("\(path): unknown schema \(ref)")
                return
            }
            schema = resolved
        }
        guard case .string(let type)? = schema["type"] else {
            problems.append("\(path): schema without a type")
            return
        }
        let format: String? = if case .string(let text)? = schema["format"] { text } else { nil }
        switch (type, json) {
        case ("any", _):
            return
        case ("object", .object(let object)):
            if case .object(let properties)? = schema["properties"] {
                for member in object {
                    guard let property = properties[member.key] else {
                        problems.append("\(path).\(member.key): not a member of \(schemaID(schema))")
                        continue
                    }
                    validate(member.value, schema: property, at: "\(path).\(member.key)", into: &problems)
                }
            } else if let additional = schema["additionalProperties"] {
                for member in object {
                    validate(member.value, schema: additional, at: "\(path)[\"\(member.key)\"]", into: &problems)
                }
            } else if !object.isEmpty {
                problems.append("\(path): members in an object without properties")
            }
        case ("array", .array(let elements)):
            guard let items = schema["items"] else {
                problems.append("\(path): array schema without items")
                return
            }
            for (index, element) in elements.enumerated() {
                validate(element, schema: items, at: "\(path)[\(index)]", into: &problems)
            }
        case ("string", .string(let text)):
            if case .array(let allowed)? = schema["enum"], !allowed.contains(.string(text)) {
                problems.append("\(path): \"\(text)\" is not one of the enum's values")
            }
            if format == "int64" || format == "uint64", Int64(text) == nil, UInt64(text) == nil {
                problems.append("\(path): \"\(text)\" is not an int64 string")
            }
            if format == "byte", Data(base64Encoded: text) == nil {
                problems.append("\(path): not base64")
            }
            if format == "google-datetime", !text.hasSuffix("Z") || !text.contains("T") {
                problems.append("\(path): \"\(text)\" is not an RFC 3339 UTC time")
            }
        case ("string", .null) where schema["enum"] == .array([.string("NULL_VALUE")]):
            return  // ProtoJSON writes google.protobuf.NullValue as JSON null.
        case ("integer", .number(let lexeme)):
            if Int64(lexeme) == nil { problems.append("\(path): \(lexeme) is not an integer") }
        case ("number", .number):
            return
        case ("number", .string(let text)) where ["NaN", "Infinity", "-Infinity"].contains(text):
            return
        case ("boolean", .bool):
            return
        default:
            problems.append(
                "\(path): \(JSONWriter.string(json).prefix(60)) is not of type \(type)\(format.map { "/\($0)" } ?? "")")
        }
    }

    private func schemaID(_ schema: JSONObject) -> String {
        if case .string(let id)? = schema["id"] { return id }
        return "an inline schema"
    }
}

struct DiscoveryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
