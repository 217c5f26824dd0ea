/// Cutting text at an ASCII separator by UTF-8 bytes: the one place where Hearth splits resource paths,
/// resource names and dotted field paths, and looks for a separator in an ID.
///
/// Swift's `String.split(separator:)` and `contains(_:)` work on `Character`s (extended grapheme
/// clusters), so a `/` followed by a combining mark (U+0301), a joiner (U+200D), a variation selector
/// (U+FE0F), a skin-tone modifier (U+1F3FB) or a spacing mark (U+093F), or preceded by a prepend character
/// (U+0600), is one `Character` and is neither found nor cut there. Firestore cuts at every `/` byte.
/// Cutting valid UTF-8 at an ASCII byte always leaves valid UTF-8, so no text is lost or replaced.
package enum UTF8Split {
    /// The pieces of `text` between occurrences of the ASCII byte `separator`, empty pieces included
    /// (`"a//b"` → `["a", "", "b"]`, `""` → `[""]`).
    package static func split(_ text: String, separator: UInt8) -> [String] {
        precondition(separator < 0x80, "UTF8Split separates on ASCII bytes only")
        return text.utf8.split(separator: separator, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Whether the UTF-8 form of `text` contains the ASCII byte `byte`.
    package static func contains(_ text: String, _ byte: UInt8) -> Bool {
        text.utf8.contains(byte)
    }

    /// The first byte of `text` that is one of the ASCII bytes in `bytes`, or `nil`.
    package static func firstByte(of text: String, in bytes: String) -> Character? {
        let wanted = Set(bytes.utf8)
        return text.utf8.first(where: wanted.contains).map { Character(Unicode.Scalar($0)) }
    }
}
