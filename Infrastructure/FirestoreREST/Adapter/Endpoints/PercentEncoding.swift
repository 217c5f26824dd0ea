/// Percent-encoding for URL path segments and query strings, by UTF-8 byte.
enum PercentEncoding {
    /// Every byte except RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) and those in `alsoAllowed`
    /// becomes `%XX`; a space becomes `%20` (never `+`), a `+` becomes `%2B`, a `/` becomes `%2F`.
    static func encode(_ text: String, alsoAllowed: Set<UInt8> = []) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || alsoAllowed.contains(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `k1=v1&k2=v2` with keys and values encoded; repeated keys stay repeated.
    static func query(_ items: [(String, String)]) -> String {
        items.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
