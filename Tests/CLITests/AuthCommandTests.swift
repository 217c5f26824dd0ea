import Foundation
import HearthFirestoreCodec
import HearthTestSupport
import Testing

/// `hearth auth` on the file store (accounts in its `auth/` folder, the session in `session.json`), and
/// on the Firestore emulator under seed 002's rules, where the other commands run as the signed-in user.
@Suite(
    "hearth auth",
    .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct AuthCommandTests {
    static let password = "correct horse 1"

    @Test func signup_whoami_signout_onTheFileStore() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }

        let signup = try await workspace.succeed(["auth", "signup", " Ada@Example.com "], input: Self.password + "\n")
        let whoami = try await workspace.succeed(["auth", "whoami"])
        let signout = try await workspace.succeed(["auth", "signout"])
        let after = try await workspace.run(["auth", "whoami"])

        let identity = try await Self.identity(signup.standardOutput)
        #expect(identity.email == "ada@example.com")
        #expect(identity.uid.utf8.count == 28)
        #expect(try await Self.identity(whoami.standardOutput) == identity)
        #expect(signout.standardOutput.isEmpty)
        #expect(after.status == 1)
        #expect(after.standardError.contains("sessionExpired"), "\(after)")
        #expect(!workspace.directory.exists("data/session.json"))
        #expect(workspace.directory.exists("data/auth"))
    }

    @Test func signin_inAnotherRun_findsTheAccount_andAWrongPasswordIsInvalidCredentials() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let signup = try await workspace.succeed(
            ["auth", "signup", "bea@example.com"], environment: ["HEARTH_PASSWORD": Self.password])
        try await workspace.succeed(["auth", "signout"])

        let wrong = try await workspace.run(
            ["auth", "signin", "bea@example.com"], environment: ["HEARTH_PASSWORD": "wrong-pass"])
        let unknown = try await workspace.run(
            ["auth", "signin", "nobody@example.com"], environment: ["HEARTH_PASSWORD": Self.password])
        let right = try await workspace.succeed(["auth", "signin", "bea@example.com"], input: Self.password)

        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("invalidCredentials"), "\(wrong)")
        #expect(unknown.status == 1)
        #expect(unknown.standardError == wrong.standardError)
        #expect(try await Self.identity(right.standardOutput) == Self.identity(signup.standardOutput))
    }

    @Test func badInput_isAClearErrorNamingTheAuthCode() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["auth", "signup", "cy@example.com"], input: Self.password)

        let email = try await workspace.run(["auth", "signup", "not-an-email"], input: Self.password)
        let short = try await workspace.run(["auth", "signup", "dee@example.com"], input: "12345")
        let huge = try await workspace.run(
            ["auth", "signup", "dee@example.com"], input: String(repeating: "p", count: 100_000))
        let taken = try await workspace.run(["auth", "signup", "CY@example.com"], input: Self.password)
        let none = try await workspace.run(["auth", "signin", "cy@example.com"], input: "")
        let arguments = try await workspace.run(["auth", "signin", "cy@example.com", Self.password])
        let unknown = try await workspace.run(["auth", "login"])

        #expect(email.status == 1 && email.standardError.contains("invalidEmail"), "\(email)")
        #expect(short.status == 1 && short.standardError.contains("weakPassword"), "\(short)")
        #expect(huge.status == 1 && huge.standardError.contains("weakPassword"), "\(huge)")
        #expect(taken.status == 1 && taken.standardError.contains("emailAlreadyInUse"), "\(taken)")
        #expect(none.status == 2 && none.standardError.contains("HEARTH_PASSWORD"), "\(none)")
        #expect(arguments.status == 2, "\(arguments)")
        #expect(unknown.status == 2, "\(unknown)")
        for run in [email, short, huge, taken, none, arguments] {
            #expect(!run.standardError.contains(Self.password))
            #expect(!run.standardError.contains("12345"))
        }
    }

    @Test func theSessionFile_isTheOwnersOnly_andNoTokenOrPasswordIsEverPrinted() async throws {
        let workspace = try Workspace(environment: ["HEARTH_LOG": "debug"])
        defer { workspace.remove() }

        let signup = try await workspace.succeed(["auth", "signup", "eve@example.com"], input: Self.password)
        let set = try await workspace.succeed(["set", "notes/n1", #"{"text":"hi"}"#])
        let whoami = try await workspace.succeed(["auth", "whoami"])

        let file = workspace.directory.url.appendingPathComponent("data/session.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let session = try #require(try JSONParser.parse(String(decoding: Data(contentsOf: file), as: UTF8.self)).object)
        let idToken = try #require(session["idToken"]?.string)
        let refreshToken = try #require(session["refreshToken"]?.string)
        #expect(idToken.split(separator: ".").count == 3)
        for run in [signup, set, whoami] {
            for secret in [Self.password, idToken, refreshToken] {
                #expect(!run.standardOutput.contains(secret))
                #expect(!run.standardError.contains(secret))
            }
        }
        let accounts = try FileManager.default.contentsOfDirectory(
            atPath: workspace.directory.url.appendingPathComponent("data/auth").path)
        for name in accounts {
            let bytes = try Data(contentsOf: workspace.directory.url.appendingPathComponent("data/auth/\(name)"))
            #expect(bytes.range(of: Data(Self.password.utf8)) == nil, "\(name) holds the password")
        }
    }

    @Test func aDamagedSessionFile_isNamed_andSignoutClearsIt() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["auth", "signup", "fay@example.com"], input: Self.password)
        let file = workspace.directory.url.appendingPathComponent("data/session.json")
        try Data("{\"uid\":".utf8).write(to: file)

        let whoami = try await workspace.run(["auth", "whoami"])
        try await workspace.succeed(["auth", "signout"])
        let after = try await workspace.run(["auth", "whoami"])

        #expect(whoami.status == 1)
        #expect(whoami.standardError.contains("session.json is damaged"), "\(whoami)")
        #expect(after.status == 1 && after.standardError.contains("sessionExpired"), "\(after)")
    }

    /// The Firestore emulator with seed 002's rules; accounts in a file adapter (the Auth emulator cannot
    /// be installed here): after `hearth auth signin`, `set` and `get` run as the user, who may write
    /// `users/<uid>` and not another user's document; `--admin` may; a debug log holds no token. Before
    /// anyone signs in, the commands use the configured credentials, as they always have.
    @Test(.enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
    func onFirestore_theCommandsRunAsTheSignedInUser_underTheRules() async throws {
        let emulator = try await FirestoreEmulator.shared()
        let project = FirestoreEmulator.newProjectID(prefix: "cliauth")
        try await emulator.setRules(Self.seedRules, projectID: project)
        let workspace = try Workspace(
            store: "firestore",
            environment: [
                "FIRESTORE_EMULATOR_HOST": emulator.hostAndPort, "GOOGLE_CLOUD_PROJECT": project,
                "HEARTH_AUTH": "file:accounts", "HEARTH_LOG": "debug",
            ])
        defer { workspace.remove() }

        let beforeSignin = try await workspace.run(["set", "users/someone", #"{"a":1}"#])
        let signup = try await workspace.succeed(["auth", "signup", "gus@example.com"], input: Self.password)
        let uid = try await Self.identity(signup.standardOutput).uid
        let own = try await workspace.run(["set", "users/\(uid)", #"{"name":"Gus"}"#])
        let read = try await workspace.run(["get", "users/\(uid)"])
        let other = try await workspace.run(["set", "users/someone", #"{"a":1}"#])
        let admin = try await workspace.run(["set", "users/someone", #"{"a":1}"#, "--admin"])

        // Nobody signed in yet: the configured credentials, as before (`Bearer owner` on the emulator).
        #expect(beforeSignin.status == 0, "\(beforeSignin)")
        #expect(own.status == 0, "\(own)")
        #expect(read.status == 0 && read.standardOutput.contains("Gus"), "\(read)")
        #expect(other.status == 1 && other.standardError.contains("PERMISSION_DENIED"), "\(other)")
        #expect(admin.status == 0, "\(admin)")
        #expect(workspace.directory.exists(".hearth/session-\(project).json"))
        let session = try #require(
            try JSONParser.parse(
                String(
                    decoding: Data(
                        contentsOf: workspace.directory.url.appendingPathComponent(".hearth/session-\(project).json")),
                    as: UTF8.self)
            ).object)
        let idToken = try #require(session["idToken"]?.string)
        for run in [signup, own, read, other, admin] {
            #expect(!run.standardError.contains(idToken))
            #expect(!run.standardError.contains(Self.password))
        }
    }

    /// Firebase Authentication over REST, the default with `HEARTH_STORE=firestore`: `hearth auth` talks to
    /// an Identity Toolkit server at `FIREBASE_AUTH_EMULATOR_HOST` (the loopback one that follows the Auth
    /// emulator; the real one cannot be installed here), and the Firestore emulator, under seed 002's
    /// rules, takes its unsigned tokens as the user.
    @Test(.enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
    func onFirestore_withFirebaseAuth_signupSigninAndTheRules() async throws {
        let emulator = try await FirestoreEmulator.shared()
        let project = FirestoreEmulator.newProjectID(prefix: "clifb")
        try await emulator.setRules(Self.seedRules, projectID: project)
        let auth = try LoopbackAuthEmulator(projectID: project)
        defer { auth.stop() }
        let workspace = try Workspace(
            store: "firestore",
            environment: [
                "FIRESTORE_EMULATOR_HOST": emulator.hostAndPort, "GOOGLE_CLOUD_PROJECT": project,
                "FIREBASE_AUTH_EMULATOR_HOST": auth.hostAndPort,
            ])
        defer { workspace.remove() }

        let signup = try await workspace.succeed(["auth", "signup", "hal@example.com"], input: Self.password)
        try await workspace.succeed(["auth", "signout"])
        let wrong = try await workspace.run(["auth", "signin", "hal@example.com"], input: "not-the-password")
        let signin = try await workspace.succeed(["auth", "signin", "hal@example.com"], input: Self.password)
        let whoami = try await workspace.succeed(["auth", "whoami"])
        let uid = try await Self.identity(signin.standardOutput).uid
        let own = try await workspace.run(["set", "users/\(uid)", #"{"name":"Hal"}"#])
        let other = try await workspace.run(["get", "users/someone-else"])

        #expect(try await Self.identity(signup.standardOutput) == Self.identity(signin.standardOutput))
        #expect(try await Self.identity(whoami.standardOutput).email == "hal@example.com")
        #expect(wrong.status == 1 && wrong.standardError.contains("invalidCredentials"), "\(wrong)")
        #expect(own.status == 0, "\(own)")
        #expect(other.status == 1 && other.standardError.contains("PERMISSION_DENIED"), "\(other)")
        #expect(auth.requests.contains { $0.target.contains("accounts:signInWithPassword") })
    }

    /// Seed 002's `firestore.rules`, in short: products readable when signed in, `users/{userId}` its
    /// user's own, everything else denied.
    static let seedRules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /products/{productId} {
              allow read: if request.auth != null;
              allow write: if false;
            }
            match /users/{userId} {
              allow read, write: if request.auth != null && request.auth.uid == userId;
            }
            match /{document=**} {
              allow read, write: if false;
            }
          }
        }
        """

    struct Identity: Equatable {
        let uid: String
        let email: String
    }

    static func identity(_ output: String) async throws -> Identity {
        let json = try JSONParser.parse(output.trimmingCharacters(in: .whitespacesAndNewlines))
        let object = try #require(json.object)
        return Identity(uid: try #require(object["uid"]?.string), email: try #require(object["email"]?.string))
    }
}

extension JSON {
    fileprivate var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    fileprivate var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
