import HearthDomain

/// Document paths, collection paths and resource names as properties: any text is refused or parsed,
/// and a parsed path prints as text that parses back to the same path (same segments).
enum PathsTarget: FuzzTarget {
    static let name = "paths"

    static func run(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        if let path = try? DocumentPath(text) {
            if path.segments.contains(where: { $0.utf8.contains(UInt8(ascii: "/")) }) {
                FuzzCheck.fail(
                    name, "document path \(text.debugDescription) has a segment holding a slash: \(path.segments)")
            }
            guard let again = try? DocumentPath(path.path), again == path, utf8(again.segments) == utf8(path.segments)
            else {
                FuzzCheck.fail(name, "document path \(path.segments) does not survive \(path.path)")
            }
            guard let bySegments = try? DocumentPath(segments: path.segments),
                utf8(bySegments.segments) == utf8(path.segments)
            else {
                FuzzCheck.fail(name, "document path \(path.segments) is not rebuilt from its segments")
            }
            let name = DocumentName(database: Samples.database, path: path)
            guard let parsed = try? DocumentName(parsing: name.resourceName), parsed == name else {
                FuzzCheck.fail(Self.name, "document name \(name.resourceName) does not parse back")
            }
        }
        if let path = try? CollectionPath(text) {
            if path.segments.contains(where: { $0.utf8.contains(UInt8(ascii: "/")) }) {
                FuzzCheck.fail(
                    name, "collection path \(text.debugDescription) has a segment holding a slash: \(path.segments)")
            }
            guard let again = try? CollectionPath(path.path), again == path, utf8(again.segments) == utf8(path.segments)
            else {
                FuzzCheck.fail(name, "collection path \(path.segments) does not survive \(path.path)")
            }
        }
        if let name = try? DocumentName(parsing: text) {
            guard let again = try? DocumentName(parsing: name.resourceName), again == name else {
                FuzzCheck.fail(Self.name, "resource name \(name.resourceName) does not parse back")
            }
        }
    }

    static func corpus() throws -> [[UInt8]] {
        var texts = [
            "members/ana", "members", "clubs/x/rooms/r-1", "a b/c.d", "members/émile", "c/__id7__", "a//b", "/a/b",
            "a/b/", "__x__/y",
        ]
        for document in Samples.documents {
            texts.append(DocumentName(database: Samples.database, path: document.path).resourceName)
        }
        texts.append("projects/p/databases/(default)/documents/a/b/c/d")
        return texts.map { Array($0.utf8) }
    }
}
