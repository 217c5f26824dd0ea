import Hearth
import HearthFirestoreCodec

/// `hearth auth signup|signin <email>`, `hearth auth whoami`, `hearth auth signout`
struct AuthCommand: Command {
    static let name = "auth"
    static let summary = "Sign up, sign in, show or end the session the other commands run as"
    static let help = """
        Usage: hearth auth signup <email>
               hearth auth signin <email>
               hearth auth whoami
               hearth auth signout

        signup creates an account and signs it in; signin signs in. The password is read from
        HEARTH_PASSWORD, else from standard input (one line; not echoed on a terminal), never from
        the arguments, which other users of the machine can see. Both print {"uid":…,"email":…}.

        The session is kept beside the store: in the file store's folder (session.json), under
        ~/.hearth/ for Firestore (session-<project>.json); the memory store keeps none. Every other
        command then runs as the signed-in user: on Firestore its requests carry the user's ID token
        (refreshed when it nears expiry), so security rules apply; --admin runs a command with admin
        rights instead. Tokens are never printed.

        whoami prints {"uid":…,"email":…} of the signed-in user, checked with the auth backend (exit
        status 1 when nobody is signed in or the session has ended). signout ends the session.

        The adapter is HEARTH_AUTH (memory | file | file:<directory> | firebase), by default the one
        matching HEARTH_STORE: the file store keeps accounts in its auth/ folder; Firestore uses
        Firebase Authentication (FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_API_KEY).

        Exit status 1 names the error: invalidCredentials, emailAlreadyInUse, weakPassword,
        invalidEmail, userDisabled, tooManyRequests, sessionExpired, connectivity, internal.

        Example:
          printf '%s\\n' "$PASSWORD" | hearth auth signin ada@example.com
        """

    enum Action {
        case signUp(String)
        case signIn(String)
        case whoAmI
        case signOut
    }

    let action: Action

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        let words = try arguments.positionals()
        switch words.first {
        case "signup", "signin":
            guard words.count == 2 else { throw .usage("\(words[0]) takes one <email>") }
            action = words[0] == "signup" ? .signUp(words[1]) : .signIn(words[1])
        case "whoami", "signout":
            guard words.count == 1 else { throw .usage("\(words[0]) takes no arguments") }
            action = words[0] == "whoami" ? .whoAmI : .signOut
        case nil:
            throw .usage("missing signup, signin, whoami or signout")
        case let other?:
            throw .usage("unknown auth command \(Excerpt.of(other)); expected signup, signin, whoami or signout")
        }
    }

    func run(_ context: CommandContext) async throws {
        let gateway = try context.authGateway()
        let stored = context.storedSession
        switch action {
        case .signUp(let text), .signIn(let text):
            let email = try Email(text)
            let password = try Password(try PasswordInput.read(environment: context.environment))
            let session: Session
            if case .signUp = action {
                session = try await gateway.createUser(withEmail: email, password: password)
            } else {
                session = try await gateway.signIn(withEmail: email, password: password)
            }
            try stored?.save(session)
            context.console.print(Self.identity(uid: session.userID, email: session.email))
        case .whoAmI:
            guard let session = try stored?.load() else {
                throw AuthError(.sessionExpired, "Nobody is signed in (hearth auth signin <email>).")
            }
            let holder = AuthSession(gateway: gateway, session: session)
            let result: Result<AuthUser?, AuthError>
            do {
                result = .success(try await holder.currentUser())
            } catch {
                result = .failure(error)
            }
            // The holder signs out on sessionExpired and userDisabled: keep what it holds now, or nothing.
            if let current = await holder.currentSession {
                if current != session { try stored?.save(current) }
            } else {
                try stored?.remove()
            }
            guard let user = try result.get() else { throw AuthError(.sessionExpired, "Nobody is signed in.") }
            context.console.print(Self.identity(uid: user.uid, email: user.email))
        case .signOut:
            let session = try? stored?.load()
            try stored?.remove()
            if let session { try await gateway.signOut(session) }
        }
    }

    /// `{"uid":"…","email":"…"}`.
    static func identity(uid: UserID, email: Email) -> String {
        JSONWriter.string(.object(["uid": .string(uid.rawValue), "email": .string(email.value)]))
    }
}

/// Reads a password without it ever being an argument: `HEARTH_PASSWORD`, else one line of standard
/// input (with echo turned off while a terminal is read).
enum PasswordInput {
    static func read(environment: [String: String]) throws(CommandFailure) -> String {
        if let password = environment["HEARTH_PASSWORD"] { return password }
        let terminal = POSIX.isTerminal(0)
        if terminal { POSIX.writeAll(Array("Password: ".utf8), to: 2) }
        let line = POSIX.withEchoOff(0, enabled: terminal) { POSIX.readLine(0, limit: Password.maximumLength * 4 + 2) }
        if terminal { POSIX.writeAll([UInt8(ascii: "\n")], to: 2) }
        guard var bytes = line else {
            throw .usage("no password: set HEARTH_PASSWORD or write it on standard input")
        }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .usage("the password on standard input is not UTF-8")
        }
        return text
    }
}
