import HearthDomain

/// Field paths as properties: dotted and canonical text are refused or parsed; a parsed field path prints
/// (canonically) as text that parses back to the same segments.
enum FieldPathsTarget: FuzzTarget {
    static let name = "field-paths"

    static func run(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        if let dotted = try? FieldPath(dotted: text),
            Array(dotted.segments.joined(separator: ".").utf8) != Array(text.utf8)
                || dotted.segments.contains(where: { $0.utf8.contains(UInt8(ascii: ".")) })
        {
            FuzzCheck.fail(name, "dotted \(text.debugDescription) was split as \(dotted.segments), not on its dots")
        }
        for parsed in [try? FieldPath(dotted: text), try? FieldPath(canonical: text)] {
            guard let path = parsed else { continue }
            guard let again = try? FieldPath(canonical: path.canonicalString),
                utf8(again.segments) == utf8(path.segments)
            else {
                FuzzCheck.fail(name, "field path \(path.segments) does not survive \(path.canonicalString)")
            }
            guard let bySegments = try? FieldPath(path.segments), utf8(bySegments.segments) == utf8(path.segments)
            else {
                FuzzCheck.fail(name, "field path \(path.segments) is not rebuilt from its segments")
            }
        }
    }

    static func corpus() throws -> [[UInt8]] {
        var texts = [
            "a", "address.city", "a.b.c", "__name__", "`first name`.x", "a.`b.c`.`x\\`y`", "`a\\\\b`", "é.ü", "a..b",
            "`unterminated",
        ]
        for document in Samples.documents {
            for field in document.fields { texts.append((try FieldPath([field.key])).canonicalString) }
        }
        return Array(Set(texts)).sorted().map { Array($0.utf8) }
    }
}
