import Foundation
import HearthApplication
import HearthDomain
import HearthFileSystem
import HearthFirestoreREST
import HearthInMemory
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// Seed 002's lesson end to end: a user signs in through Hearth (`AuthSession` on an `AuthGateway`), and
/// the Firestore emulator, under the seed's own `firestore.rules`, lets them read and write their
/// `users/{uid}` only; an anonymous caller is refused; the ID token is refreshed before it expires while a
/// listener runs. The rules are the seed's, set on a project of the shared emulator.
@Suite(
    "Seed 002: signed-in users under the seed's rules",
    .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct SeedLoginRulesTests {
    @Test(arguments: SeedProject.Gateway.allCases)
    func signedInUser_readsAndWritesTheirOwnUser_isRefusedAnothersAndTheProducts(
        _ kind: SeedProject.Gateway
    ) async throws {
        let project = try await SeedProject.make(kind)
        let alice = try await project.signIn("alice")
        let bob = try await project.signIn("bob")
        let db = try project.database(as: alice.session)
        let uid = try #require(await alice.session.currentSession?.userID.rawValue)
        let bobUID = try #require(await bob.session.currentSession?.userID.rawValue)
        _ = try await project.owner.document("users/\(bobUID)").setData(["name": "Bob"])
        _ = try await project.owner.document("products/p1").setData(["price": 3])

        _ = try await db.collection("users").document(uid).setData(["name": "Alice", "plan": "gold"])
        let own = try await db.collection("users").document(uid).getDocument()
        let otherRead = await #expect(throws: DocumentStoreError.self) {
            _ = try await db.collection("users").document(bobUID).getDocument()
        }
        let otherWrite = await #expect(throws: DocumentStoreError.self) {
            _ = try await db.collection("users").document(bobUID).setData(["name": "Mallory"])
        }
        let product = try await db.collection("products").document("p1").getDocument()
        let productWrite = await #expect(throws: DocumentStoreError.self) {
            _ = try await db.collection("products").document("p1").setData(["price": 0])
        }

        #expect(own.get("plan") as? String == "gold")
        #expect(otherRead?.code == .permissionDenied)
        #expect(otherWrite?.code == .permissionDenied)
        #expect(product.get("price") as? Int64 == 3)
        #expect(productWrite?.code == .permissionDenied)
        let bobs = try await project.owner.document("users/\(bobUID)").getDocument()
        #expect(bobs.get("name") as? String == "Bob")
    }

    @Test func anonymousCaller_isRefused_evenTheProducts() async throws {
        let project = try await SeedProject.make()
        _ = try await project.owner.document("products/p1").setData(["price": 3])
        _ = try await project.owner.document("users/u1").setData(["name": "U"])
        let anonymous = try project.database(as: StaticTokenProvider.unauthenticated)

        let product = await #expect(throws: DocumentStoreError.self) {
            _ = try await anonymous.document("products/p1").getDocument()
        }
        let user = await #expect(throws: DocumentStoreError.self) {
            _ = try await anonymous.document("users/u1").getDocument()
        }
        let write = await #expect(throws: DocumentStoreError.self) {
            _ = try await anonymous.document("users/u1").setData(["name": "X"])
        }

        #expect(product?.code == .permissionDenied)
        #expect(user?.code == .permissionDenied)
        #expect(write?.code == .permissionDenied)
    }

    /// ID tokens live 3 s and are refreshed 2 s before expiry; a listener on the user's own document runs
    /// for about 7 s (two lifetimes) while the user writes to it. Every change arrives, the gateway
    /// refreshed the session at least twice, and no request carried an expired token. (It checked "within
    /// a second of expiry" until a loaded CI run took 1.5 s between the session's check and the request.)
    @Test(arguments: SeedProject.Gateway.allCases)
    func idToken_isRefreshedBeforeExpiry_whileAListenerRuns(_ kind: SeedProject.Gateway) async throws {
        let project = try await SeedProject.make(kind, tokenLifetime: .seconds(3))
        let alice = try await project.signIn("alice", refreshMargin: .seconds(2))
        let recorder = TokenRecorder(wrapping: alice.session)
        let db = try project.database(as: recorder)
        let uid = try #require(await alice.session.currentSession?.userID.rawValue)
        let document = db.collection("users").document(uid)
        _ = try await document.setData(["n": 0])
        var snapshots = document.snapshots().makeAsyncIterator()
        let first = try await snapshots.next()
        let started = Date()

        var seen: [Int64] = []
        for n in Int64(1)...14 {
            try await Task.sleep(for: .milliseconds(500))
            _ = try await document.setData(["n": n])
            while let next = try await snapshots.next(), let value = next.get("n") as? Int64 {
                seen.append(value)
                if value == n { break }
            }
        }

        #expect(first?.get("n") as? Int64 == 0)
        #expect(seen.last == 14)
        #expect(Date().timeIntervalSince(started) > 6)
        #expect(await alice.gateway.refreshes >= 2)
        let uses = recorder.uses
        #expect(uses.count >= 15)
        #expect(uses.allSatisfy { $0.secondsLeft > 0 }, "\(uses.map(\.secondsLeft))")
        #expect(Set(uses.map(\.token)).count >= 3)
    }
}

/// One emulator project with seed 002's rules, an owner database (`Bearer owner`, past the rules) and an
/// in-memory gateway issuing tokens for the project.
struct SeedProject {
    /// The gateways users sign in through: the in-memory and the file one, both issuing HS256-signed
    /// tokens, which the emulator reads without checking the signature.
    enum Gateway: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case memory, file
        var testDescription: String { rawValue }
    }

    let emulator: FirestoreEmulator
    let projectID: String
    let gateway: CountingGateway
    let owner: Database

    /// Seed 002's `firestore.rules` (Paso 5), verbatim.
    static let rules = SeedRules.seed002

    static func make(_ kind: Gateway = .memory, tokenLifetime: Duration = .seconds(3_600)) async throws -> SeedProject {
        let emulator = try await FirestoreEmulator.shared()
        let projectID = FirestoreEmulator.newProjectID(prefix: "seed002")
        try await emulator.setRules(rules, projectID: projectID)
        let inner: any AuthGateway
        switch kind {
        case .memory:
            inner = InMemoryAuthGateway(projectID: projectID, tokenLifetime: tokenLifetime)
        case .file:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hearth-seed002-\(UUID().uuidString)")
            inner = try FileAuthGateway(
                folder: folder, projectID: projectID, workFactor: try ScryptWorkFactor(n: 1 << 10, r: 8, p: 1),
                tokenLifetime: tokenLifetime)
        }
        let gateway = CountingGateway(inner)
        let project = SeedProject(
            emulator: emulator, projectID: projectID, gateway: gateway,
            owner: Database(store: try Self.store(emulator, projectID, EmulatorOwnerTokenProvider())))
        return project
    }

    /// Signs `name@example.com` up and in through an `AuthSession` on this project's gateway.
    func signIn(
        _ name: String, refreshMargin: Duration = .seconds(300)
    ) async throws -> (
        session: AuthSession, gateway: CountingGateway
    ) {
        let session = AuthSession(gateway: gateway, refreshMargin: refreshMargin)
        try await session.createUser(withEmail: try Email("\(name)@example.com"), password: try Password("secret-1"))
        return (session, gateway)
    }

    /// A database whose requests carry `tokens`' ID tokens.
    func database(as tokens: any TokenProvider) throws -> Database {
        Database(store: try Self.store(emulator, projectID, tokens))
    }

    private static func store(
        _ emulator: FirestoreEmulator, _ projectID: String, _ tokens: any TokenProvider
    ) throws -> FirestoreRESTDocumentStore {
        let configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: emulator.hostAndPort, database: try DatabaseID(projectID: projectID),
            tokenProvider: tokens, retryPolicy: .none)
        return FirestoreRESTDocumentStore(configuration: configuration, httpClient: EmulatorStores.sharedClient)
    }
}

/// An `AuthGateway` that counts its refreshes.
actor CountingGateway: AuthGateway {
    let inner: any AuthGateway
    private(set) var refreshes = 0

    init(_ inner: any AuthGateway) { self.inner = inner }

    func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try await inner.createUser(withEmail: email, password: password)
    }
    func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try await inner.signIn(withEmail: email, password: password)
    }
    func refresh(_ session: Session) async throws(AuthError) -> Session {
        refreshes += 1
        return try await inner.refresh(session)
    }
    func signOut(_ session: Session) async throws(AuthError) { try await inner.signOut(session) }
    func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session {
        try await inner.updatePassword(to: newPassword, for: session)
    }
    func deleteUser(_ session: Session) async throws(AuthError) { try await inner.deleteUser(session) }
    func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser { try await inner.lookupUser(session) }
}

/// A `TokenProvider` that records every token it hands out and how long that token had left (its `exp`
/// claim, read from the JWT's payload).
private final class TokenRecorder: TokenProvider, Sendable {
    struct Use: Sendable {
        let token: String
        let secondsLeft: Double
    }

    private let inner: AuthSession
    private let recorded = Mutex<[Use]>([])

    init(wrapping inner: AuthSession) { self.inner = inner }

    var kind: CredentialKind { inner.kind }
    var uses: [Use] { recorded.withLock { $0 } }

    /// Records how long the token handed out had left when it was asked for: the session checks it after
    /// that, so a correct session never hands out one with nothing left (measured on return instead, a
    /// loaded run's 7 s stall between the session's answer and this task's resumption counted as expiry).
    func token() async throws -> AccessToken? {
        let asked = Date().timeIntervalSince1970
        let token = try await inner.token()
        if let value = token?.value {
            let left = (Self.expiry(of: value) ?? 0) - asked
            recorded.withLock { $0.append(Use(token: value, secondsLeft: left)) }
        }
        return token
    }

    func tokenRejected(_ token: AccessToken) async -> Bool { await inner.tokenRejected(token) }

    private static func expiry(of jwt: String) -> Double? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        guard let data = Data(base64Encoded: payload),
            let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return (claims["exp"] as? NSNumber)?.doubleValue
    }
}
