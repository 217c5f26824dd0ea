import Foundation
import HearthDomain

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The oracle's side: plain HTTP POSTs of REST JSON bodies to the emulator, independent of Hearth's REST
/// adapter. Answers are returned raw (status and bytes).
struct EmulatorRESTClient: Sendable {
    /// `http://127.0.0.1:<port>`.
    let baseURL: String

    struct Answer: Sendable {
        let status: Int
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// POSTs `body` to `…/documents[/parent]:method` of `database` as the admin (`Bearer owner`).
    func post(database: DatabaseID, parent: DocumentPath?, method: String, body: [UInt8]) async throws -> Answer {
        var path = "/v1/" + Self.encode(database.resourceName, keepSlashes: true) + "/documents"
        if let parent {
            path += "/" + parent.segments.map { Self.encode($0, keepSlashes: false) }.joined(separator: "/")
        }
        guard let url = URL(string: baseURL + path + ":" + method) else {
            throw DocumentStoreError(.internal, "Cannot build an emulator URL from \(path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer owner", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body)
        request.timeoutInterval = 60
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return Answer(status: status, body: Array(data))
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~()")

    /// Percent-encodes a path segment (every byte outside the unreserved ASCII set).
    static func encode(_ text: String, keepSlashes: Bool) -> String {
        var allowed = unreserved
        if keepSlashes { allowed.insert("/") }
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
