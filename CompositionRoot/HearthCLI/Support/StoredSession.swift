import Foundation
import Hearth

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The signed-in session the command line keeps between runs, in one JSON file readable by its owner
/// only (mode 0600): `{"uid", "email", "idToken", "refreshToken", "expiresAt"}`. It holds tokens, so
/// nothing here prints its contents; errors name the file and what is wrong with it, never a value.
struct StoredSession {
    let file: URL

    /// The kept session, or `nil` when there is none. A file that is not a session (damaged, edited by
    /// hand) is a failure naming the file, which `hearth auth signout` removes.
    func load() throws(CommandFailure) -> Session? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .failed("cannot read the session file \(file.path)")
        }
        func broken(_ what: String) -> CommandFailure {
            .failed("the session file \(file.path) is damaged (\(what)); run hearth auth signout, then sign in again")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw broken("not a JSON object")
        }
        func text(_ key: String) throws(CommandFailure) -> String {
            guard let value = object[key] as? String else { throw broken("no \(key)") }
            return value
        }
        do {
            return try Session(
                userID: try UserID(try text("uid")),
                email: try Email(try text("email")),
                idToken: try text("idToken"),
                refreshToken: try text("refreshToken"),
                expiresAt: try Timestamp(rfc3339: try text("expiresAt"))
            )
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as AuthError {
            throw broken(error.message)
        } catch {
            throw broken("expiresAt is not an RFC 3339 time")
        }
    }

    /// Writes `session`: a new file created 0600 beside the old one, synced, then renamed over it, so
    /// a crash leaves the old session or the new one. Creates the folder (0700) when missing.
    func save(_ session: Session) throws(CommandFailure) {
        let object: [String: String] = [
            "uid": session.userID.rawValue, "email": session.email.value, "idToken": session.idToken,
            "refreshToken": session.refreshToken, "expiresAt": session.expiresAt.rfc3339,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            throw .failed("cannot encode the session")
        }
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failed("cannot create \(folder.path) for the session file")
        }
        let temporary = file.path + ".tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .failed("cannot write the session file \(temporary)") }
        let written = POSIX.writeAll(Array(data), to: descriptor)
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary, file.path) == 0 else {
            unlink(temporary)
            throw .failed("cannot write the session file \(file.path)")
        }
    }

    /// Removes the file; nothing happens when there is none.
    func remove() throws(CommandFailure) {
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw .failed("cannot remove the session file \(file.path)")
        }
    }
}
