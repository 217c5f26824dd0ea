/// Short, printable excerpts of response bodies for error messages.
enum BodyExcerpt {
    /// At most `limit` bytes of `body` as text (invalid UTF-8 repaired, control characters escaped),
    /// `(empty body)` when empty, with `…` when cut.
    static func of(_ body: [UInt8], limit: Int = 200) -> String {
        if body.isEmpty { return "(empty body)" }
        let text = String(decoding: body.prefix(limit), as: UTF8.self)
        var printable = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": printable += "\\n"
            case "\r": printable += "\\r"
            case "\t": printable += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                printable += "\\u{\(String(scalar.value, radix: 16))}"
            default: printable.unicodeScalars.append(scalar)
            }
        }
        return body.count > limit ? printable + "…" : printable
    }

    /// `text` cut to `limit` UTF-8 bytes, with `…` when cut.
    static func truncated(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        return String(decoding: text.utf8.prefix(limit), as: UTF8.self) + "…"
    }
}
