public import HearthDomain

/// `GeoPoint` is stored natively by ``DocumentEncoder``/``DocumentDecoder``. With other coders it is
/// `{"latitude": Double, "longitude": Double}`, validated when decoded.
extension GeoPoint: Codable {
    private struct PlainForm: Codable {
        let latitude: Double
        let longitude: Double
    }

    public init(from decoder: any Decoder) throws {
        self = try NativeOrPlainCoding.decode(decoder, native: { try $0.decode(GeoPoint.self) }, plain: PlainForm.self)
        {
            (form) throws(DocumentStoreError) in try GeoPoint(latitude: form.latitude, longitude: form.longitude)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try NativeOrPlainCoding.encode(
            encoder, native: { try $0.encode(self) }, plain: PlainForm(latitude: latitude, longitude: longitude))
    }
}
