/// The one way error messages quote what a user, a file or a server gave: whole when short, otherwise
/// its first bytes cut on a UTF-8 boundary followed by `… (N bytes)`, so that a message never grows with
/// its input.
public enum Excerpt {
    /// The most UTF-8 bytes of the input an excerpt shows (the marker `… (N bytes)` comes on top).
    public static let limit = 200

    /// `text` itself when it has at most `limit` UTF-8 bytes; otherwise its longest prefix of at most
    /// `limit` bytes that ends on a Unicode scalar boundary, then `… (N bytes)` with `text`'s full size.
    /// Works on bytes, never on `Character`s: one grapheme cluster can be arbitrarily long.
    public static func of(_ text: String, limit: Int = Excerpt.limit) -> String {
        guard let head = head(text, limit: limit) else { return text }
        return head + "… (\(text.utf8.count) bytes)"
    }

    /// ``of(_:limit:)`` in double quotes: `"text"`, or `"tex"… (N bytes)` when cut.
    public static func quoted(_ text: String, limit: Int = Excerpt.limit) -> String {
        guard let head = head(text, limit: limit) else { return "\"\(text)\"" }
        return "\"\(head)\"… (\(text.utf8.count) bytes)"
    }

    /// The prefix shown when `text` is longer than `limit` bytes, else `nil`.
    private static func head(_ text: String, limit: Int) -> String? {
        let bytes = text.utf8
        guard bytes.count > limit else { return nil }
        var end = bytes.index(bytes.startIndex, offsetBy: max(limit, 0))
        // Back up over continuation bytes (10xxxxxx) to the start of the scalar the cut falls in.
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end = bytes.index(before: end) }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
