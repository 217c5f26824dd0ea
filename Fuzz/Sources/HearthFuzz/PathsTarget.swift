import HearthDomain

/// Document paths, collection paths and resource names as properties: any text is refused or parsed,
/// and a parsed path prints as text that parses back to the same path (same segments).
enum PathsTarget: FuzzTarget {
    static let name = "paths"

    static func run(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        if let path = roundTrip(text, "document path", DocumentPath.init, segments: \.segments, printed: \.path) {
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
        _ = roundTrip(text, "collection path", CollectionPath.init, segments: \.segments, printed: \.path)
        if let name = try? DocumentName(parsing: text) {
            guard let again = try? DocumentName(parsing: name.resourceName), again == name else {
                FuzzCheck.fail(Self.name, "resource name \(name.resourceName) does not parse back")
            }
        }
    }

    /// The path `parse` makes of `text`, if any, after checking that no segment holds a slash and that the
    /// path survives being printed and parsed again (same segments, byte for byte).
    private static func roundTrip<Path: Equatable>(
        _ text: String, _ kind: String, _ parse: (String) throws -> Path, segments: (Path) -> [String],
        printed: (Path) -> String
    ) -> Path? {
        guard let path = try? parse(text) else { return nil }
        if segments(path).contains(where: { $0.utf8.contains(UInt8(ascii: "/")) }) {
            FuzzCheck.fail(name, "\(kind) \(text.debugDescription) has a segment holding a slash: \(segments(path))")
        }
        guard let again = try? parse(printed(path)), again == path, utf8(segments(again)) == utf8(segments(path))
        else {
            FuzzCheck.fail(name, "\(kind) \(segments(path)) does not survive \(printed(path))")
        }
        return path
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
