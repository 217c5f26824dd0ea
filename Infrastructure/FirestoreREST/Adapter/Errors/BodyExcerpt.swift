import HearthDomain

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

    /// `text` cut to at most `limit` UTF-8 bytes on a character boundary, with its size when cut
    /// (`Excerpt`, the project's one way of quoting input).
    static func truncated(_ text: String, limit: Int) -> String {
        Excerpt.of(text, limit: limit)
    }

    /// The most a server's message contributes to an error or a log line: 1,000 bytes.
    static let messageLimit = 1_000

    /// A server's message as errors and logs show it: whole when at most ``messageLimit`` UTF-8 bytes,
    /// else `Excerpt`'s cut: its first bytes up to that limit on a character boundary, then
    /// `… (N bytes)` with the whole message's size.
    static func message(_ text: String, limit: Int = messageLimit) -> String {
        Excerpt.of(text, limit: limit)
    }
}
