/// A geographical point: latitude in [-90, 90] and longitude in [-180, 180] degrees.
///
/// Ordered by latitude, then longitude. Construction with a value out of range or not finite throws
/// `invalidArgument`.
public struct GeoPoint: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator, in [-90, 90].
    public let latitude: Double
    /// Degrees east of the prime meridian, in [-180, 180].
    public let longitude: Double

    /// A point at `latitude` and `longitude` degrees. Throws `invalidArgument` naming the value when either
    /// is out of range, NaN or infinite.
    public init(latitude: Double, longitude: Double) throws(DocumentStoreError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidArgument("Latitude must be a finite number in [-90, 90]; got \(latitude).")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidArgument("Longitude must be a finite number in [-180, 180]; got \(longitude).")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `GeoPoint(latitude, longitude)`.
    public var description: String { "GeoPoint(\(latitude), \(longitude))" }
}
