import Foundation
import HearthDomain

/// Opaque, stateless page tokens: a format version, a fingerprint of the request the token belongs to,
/// and the position after the last returned entry (cursor values) in Hearth's binary value encoding
/// (``BinaryWriter/value(_:names:)``), as URL-safe base64. Decoding checks everything and throws
/// `invalidArgument` ("invalid page token"); a token of an earlier version is refused that way too.
enum PageTokenCodec {
    private static let version: UInt8 = 2

    static func encode(fingerprint: UInt64, values: [Value]) -> String {
        var writer = BinaryWriter(capacity: 64)
        var names = FieldNameTable.selfContained
        writer.byte(version)
        writer.fixed64(fingerprint)
        writer.varint(values.count)
        for value in values { writer.value(value, names: &names) }
        return Data(writer.bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ token: String, fingerprint: UInt64) throws(DocumentStoreError) -> [Value] {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        guard let data = Data(base64Encoded: base64) else { throw invalid("it is not base64") }
        let bytes = Array(data)
        let decoded = bytes.withUnsafeBytes { raw -> Result<[Value], DocumentStoreError> in
            var reader = BinaryReader(raw)
            do throws(FormatError) {
                guard try reader.byte() == version else { return .failure(invalid("unknown format")) }
                guard try reader.fixed64() == fingerprint else {
                    return .failure(
                        invalid("it belongs to a different request (parent, collection, order or show-missing differ)"))
                }
                var values: [Value] = []
                for _ in 0..<(try reader.count()) { values.append(try reader.value(depth: 0, names: nil)) }
                guard reader.isAtEnd else { return .failure(invalid("trailing bytes")) }
                return .success(values)
            } catch {
                return .failure(invalid(error.reason))
            }
        }
        return try decoded.get()
    }

    static func invalid(_ reason: String) -> DocumentStoreError {
        .invalidArgument("Invalid page token: \(reason).")
    }
}
