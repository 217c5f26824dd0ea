public import Foundation
import HearthFileSystem
import HearthFirestoreREST
import HearthInMemory
public import HearthPort

extension HearthConfiguration {
    /// The gateway ``effectiveAuth`` names: `InMemoryAuthGateway` (a new, empty one), `FileAuthGateway`
    /// on its folder (created when missing), or `FirebaseAuthGateway` on the Auth emulator or production
    /// over a URLSession client. Nothing is sent over the network here. Throws `AuthError` `internal`:
    /// naming the folder when the file adapter cannot open it (damaged, unreadable), naming
    /// `FIREBASE_API_KEY` when Firebase is chosen without the emulator and without a key, or
    /// `FIREBASE_AUTH_EMULATOR_HOST` when it is not `host:port`.
    public func makeAuthGateway() throws(AuthError) -> any AuthGateway {
        switch effectiveAuth {
        case .memory:
            return InMemoryAuthGateway(projectID: authProjectID)
        case .file(let directory):
            return try FileAuthGateway(folder: directory, projectID: authProjectID)
        case .firebase(let apiKey, let emulatorHost):
            var environment: [String: String] = [:]
            environment["FIREBASE_API_KEY"] = apiKey
            environment["FIREBASE_AUTH_EMULATOR_HOST"] = emulatorHost
            return try FirebaseAuthGateway.fromEnvironment(environment, httpClient: URLSessionHTTPClient())
        }
    }

    /// Where the command line keeps the signed-in session, beside the store: `<store>/session.json` for
    /// the file store, `~/.hearth/session-<project>.json` for Firestore (the project ID, so that two
    /// projects keep two sessions), `nil` for memory (a session lives as long as the process).
    public var sessionFile: URL? {
        switch store {
        case .memory:
            return nil
        case .file(let directory):
            return directory.appendingPathComponent("session.json")
        case .firestore(let target):
            let home =
                target.environment["HOME"].flatMap(\.nonBlank).map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            return home.appendingPathComponent(".hearth", isDirectory: true)
                .appendingPathComponent("session-\(target.projectID).json")
        }
    }

    /// The project the local gateways write into their tokens' `aud` and `iss`: the Firestore target's
    /// project, else the local database's.
    var authProjectID: String {
        if case .firestore(let target) = store { return target.projectID }
        return localDatabase.projectID
    }
}
