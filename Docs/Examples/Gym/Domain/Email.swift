import Foundation

/// An email address as the gym stores it: trimmed and lower-cased, so that one person cannot register
/// twice by typing their address differently. The normalised form is also the document ID of the
/// `user_emails` index (seed 000).
public struct Email: Hashable, Sendable, CustomStringConvertible {
    /// The normalised address.
    public let value: String

    /// Normalises and validates `raw`; throws ``GymError/invalidEmail(_:)``.
    public init(_ raw: String) throws(GymError) {
        let normalised = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = normalised.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            !normalised.contains(" "), !normalised.contains("/")
        else { throw .invalidEmail(raw) }
        value = normalised
    }

    public var description: String { value }
}
