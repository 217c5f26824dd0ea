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
        return String(decoding: text.utf8.prefix(utf8Boundary(in: text, atMost: limit)), as: UTF8.self) + "…"
    }

    /// The most a server's message contributes to an error or a log line: 1,000 bytes.
    static let messageLimit = 1_000

    /// A server's message as errors and logs show it: whole when at most ``messageLimit`` UTF-8 bytes,
    /// else its first bytes up to that limit, cut on a character boundary, then `…(N bytes)` with the
    /// whole message's size.
    static func message(_ text: String, limit: Int = messageLimit) -> String {
        let count = text.utf8.count
        guard count > limit else { return text }
        return String(decoding: text.utf8.prefix(utf8Boundary(in: text, atMost: limit)), as: UTF8.self) + "…(\(count) bytes)"
    }

    /// The largest byte count `≤ limit` that ends `text`'s UTF-8 on a scalar boundary.
    private static func utf8Boundary(in text: String, atMost limit: Int) -> Int {
        let utf8 = Array(text.utf8.prefix(limit + 1))
        var end = min(limit, utf8.count)
        while end > 0, end < utf8.count, utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }
}
