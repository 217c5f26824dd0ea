/// The bytes of a hexadecimal string as the RFCs print them (spaces and line breaks ignored).
func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") })
    return stride(from: 0, to: digits.count - 1, by: 2).map { index in
        UInt8(hexDigit(digits[index]) << 4 | hexDigit(digits[index + 1]))
    }
}

private func hexDigit(_ character: UInt8) -> UInt8 {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    default: 0xFF
    }
}

/// The lower-case hexadecimal spelling of `bytes`, for readable failures.
func hexString(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
}

/// The UTF-8 bytes of `text`.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
