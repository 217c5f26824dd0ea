import HearthDomain

/// A coding path as a linked list from the innermost key to the root, so that descending into a nested
/// value costs one small node instead of copying a `[any CodingKey]` array; the array is built only when
/// someone asks for `codingPath` (usually an error).
indirect enum CodingPathNode {
    case root
    case key(any CodingKey, CodingPathNode)
    case index(Int, CodingPathNode)

    func appending(_ key: some CodingKey) -> CodingPathNode { .key(key, self) }

    func appending(index: Int) -> CodingPathNode { .index(index, self) }

    var codingPath: [any CodingKey] {
        var reversed: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root:
                return reversed.reversed()
            case .key(let key, let parent):
                reversed.append(key)
                node = parent
            case .index(let index, let parent):
                reversed.append(IndexCodingKey(index))
                node = parent
            }
        }
    }
}

/// The key of an element of an array (`Index 2`), recognised when paths are rendered (`tags[2]`).
struct IndexCodingKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// A key made from any string, for maps with arbitrary keys and for `super`.
struct StringCodingKey: CodingKey {
    let stringValue: String

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.stringValue = String(intValue) }

    var intValue: Int? { nil }

    static let `super` = StringCodingKey("super")
}

/// Renders coding paths the way users name fields: `address.city`, `tags[2]`, `` `first name` ``.
enum FieldPathText {
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key as? IndexCodingKey {
                text += "[\(index.index)]"
                continue
            }
            if !text.isEmpty { text += "." }
            text += quoted(key.stringValue)
        }
        return text
    }

    static func quoted(_ segment: String) -> String {
        if FieldPath.isSimple(segment) { return segment }
        var escaped = "`"
        for scalar in segment.unicodeScalars {
            if scalar == "`" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped + "`"
    }
}
