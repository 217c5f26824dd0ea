import Foundation

extension [String: String] {
    /// The environment variable `name` with surrounding spaces trimmed, or `nil` when it is unset or blank:
    /// how this module's `fromEnvironment` readers see a variable.
    func variable(_ name: String) -> String? {
        guard let text = self[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
