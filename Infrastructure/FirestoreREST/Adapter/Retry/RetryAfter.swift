import Foundation

/// Reads an HTTP `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP-date.
enum RetryAfter {
    /// The delay `value` asks for, measured from `now` for a date (never negative); `nil` when it is
    /// neither form. An absurd number of seconds reads as a very long delay (callers cap it).
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            guard text.utf8.count <= 9, let seconds = Int64(text) else { return .seconds(999_999_999) }
            return .seconds(seconds)
        }
        guard let date = httpDate(text) else { return nil }
        let milliseconds = (date.timeIntervalSince(now) * 1_000).rounded(.up)
        guard milliseconds.isFinite else { return nil }
        return .milliseconds(Int64(min(max(milliseconds, 0), 999_999_999_000)))
    }

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), or the obsolete RFC 850 and asctime forms.
    private static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
