import HearthDomain
import Testing

@Suite("Geo points")
struct GeoPointTests {
    @Test(arguments: [(0.0, 0.0), (90, 180), (-90, -180), (90, -180), (-90, 180), (-0.0, -0.0), (45.5, -122.25)])
    func init_acceptsTheClosedRanges(_ latitude: Double, _ longitude: Double) throws {
        let point = try GeoPoint(latitude: latitude, longitude: longitude)

        #expect(point.latitude.bitPattern == latitude.bitPattern)
        #expect(point.longitude.bitPattern == longitude.bitPattern)
    }

    @Test(arguments: [
        Double.nan, .infinity, -.infinity, 90.0001, -90.0001, 90.0.nextUp, (-90.0).nextDown, 180,
        .greatestFiniteMagnitude,
    ])
    func init_rejectsBadLatitudes(_ latitude: Double) {
        expectInvalidArgument(containing: ["Latitude", "[-90, 90]", "\(latitude)"]) { () throws(DocumentStoreError) in
            try GeoPoint(latitude: latitude, longitude: 0)
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 180.0001, -180.0001, 180.0.nextUp, (-180.0).nextDown, 360])
    func init_rejectsBadLongitudes(_ longitude: Double) {
        expectInvalidArgument(containing: ["Longitude", "[-180, 180]", "\(longitude)"]) {
            () throws(DocumentStoreError) in
            try GeoPoint(latitude: 0, longitude: longitude)
        }
    }

    @Test func description_showsBothCoordinates() throws {
        #expect(try GeoPoint(latitude: 1.5, longitude: -2.25).description == "GeoPoint(1.5, -2.25)")
    }
}
