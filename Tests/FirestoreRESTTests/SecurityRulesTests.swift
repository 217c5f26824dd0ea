import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// Security rules enforced by the official emulator (started with `--rules`) on requests carrying
/// Firebase user ID tokens (unsigned, as the emulator accepts): allowed operations pass, denied ones fail
/// with `permissionDenied`. Skipped when the emulator is absent.
@Suite("Security rules on the emulator", .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct SecurityRulesTests {
    @Test func owner_bypassesTheRules() async throws {
        let (owner, _) = try await makeStores()

        _ = try await owner.commit([Write.update(try DocumentPath("private/x"), fields: ["n": 1])], transaction: nil)

        #expect(try await owner.getDocument(try DocumentPath("private/x"), mask: nil, consistency: .latest) != nil)
    }

    @Test func unauthenticated_mayReadPublicButNotWrite() async throws {
        let (owner, stores) = try await makeStores()
        _ = try await owner.commit([Write.update(try DocumentPath("public/p"), fields: ["n": 1])], transaction: nil)
        let anonymous = try stores.make(StaticTokenProvider.unauthenticated)

        let read = try await anonymous.getDocument(try DocumentPath("public/p"), mask: nil, consistency: .latest)
        let write = await #expect(throws: DocumentStoreError.self) {
            try await anonymous.commit([Write.update(try DocumentPath("public/p"), fields: ["n": 2])], transaction: nil)
        }
        let privateRead = await #expect(throws: DocumentStoreError.self) {
            try await anonymous.getDocument(try DocumentPath("users/alice"), mask: nil, consistency: .latest)
        }

        #expect(read?.fields == ["n": 1])
        #expect(write?.code == .permissionDenied)
        #expect(privateRead?.code == .permissionDenied)
    }

    @Test func user_mayReadAndWriteOnlyTheirOwnDocument() async throws {
        let (_, stores) = try await makeStores()
        let alice = try stores.make(user: "alice")

        _ = try await alice.commit(
            [Write.update(try DocumentPath("users/alice"), fields: ["name": "Alice"])], transaction: nil)
        let own = try await alice.getDocument(try DocumentPath("users/alice"), mask: nil, consistency: .latest)
        let otherRead = await #expect(throws: DocumentStoreError.self) {
            try await alice.getDocument(try DocumentPath("users/bob"), mask: nil, consistency: .latest)
        }
        let otherWrite = await #expect(throws: DocumentStoreError.self) {
            try await alice.commit(
                [Write.update(try DocumentPath("users/bob"), fields: ["name": "x"])], transaction: nil)
        }

        #expect(own?.fields == ["name": "Alice"])
        #expect(otherRead?.code == .permissionDenied)
        #expect(otherWrite?.code == .permissionDenied)
    }

    /// Concurrent gets go as one `:batchGet` (`coalescesGets`), which the rules deny whole when one
    /// document is denied: the adapter sends them again one `GET` per path, so each get is decided alone.
    @Test func concurrentGets_areEachDecidedAlone() async throws {
        let (owner, stores) = try await makeStores()
        _ = try await owner.commit(
            [
                Write.update(try DocumentPath("public/p"), fields: ["n": 1]),
                Write.update(try DocumentPath("users/alice"), fields: ["n": 2]),
                Write.update(try DocumentPath("users/bob"), fields: ["n": 3]),
            ],
            transaction: nil)
        let client = GetCoalescingTests.CountingClient(EmulatorStores.sharedClient)
        let alice = try stores.make(user: "alice", httpClient: client)
        let paths = ["public/p", "users/alice", "users/bob", "public/none", "users/alice", "public/p"]

        let outcomes = await withTaskGroup(of: (Int, String).self) { group in
            for (index, path) in paths.enumerated() {
                group.addTask {
                    do {
                        let document = try await alice.getDocument(
                            try DocumentPath(path), mask: nil, consistency: .latest)
                        return (index, document.map { "\($0.fields)" } ?? "missing")
                    } catch let error as DocumentStoreError {
                        return (index, "\(error.code)")
                    } catch {
                        return (index, "\(error)")
                    }
                }
            }
            var outcomes = [String](repeating: "", count: paths.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }

        #expect(alice.configuration.coalescesGets)
        #expect(outcomes[0] == "\(["n": Value.integer(1)] as MapValue)")
        #expect(outcomes[1] == "\(["n": Value.integer(2)] as MapValue)")
        #expect(outcomes[2] == "\(DocumentStoreError.Code.permissionDenied)")
        #expect(outcomes[3] == "missing")
        #expect(outcomes[4] == outcomes[1] && outcomes[5] == outcomes[0])
        let sent = client.sent.withLock { $0 }
        if sent.filter({ $0.hasSuffix(":batchGet") }).count == 1 {  // all six in one batch, as is usual
            #expect(sent.filter { !$0.hasSuffix(":batchGet") }.sorted() == ["alice", "bob", "none", "p"], "\(sent)")
        }
    }

    @Test func aCommitWithOneDeniedWrite_appliesNothing() async throws {
        let (owner, stores) = try await makeStores()
        let alice = try stores.make(user: "alice")

        let error = await #expect(throws: DocumentStoreError.self) {
            try await alice.commit(
                [
                    Write.update(try DocumentPath("users/alice"), fields: ["n": 1]),
                    Write.update(try DocumentPath("private/p"), fields: ["n": 1]),
                ],
                transaction: nil
            )
        }

        #expect(error?.code == .permissionDenied)
        #expect(try await owner.getDocument(try DocumentPath("users/alice"), mask: nil, consistency: .latest) == nil)
    }

    @Test func queries_areAllowedOnlyWhenTheRulesCoverEveryResult() async throws {
        let (owner, stores) = try await makeStores()
        _ = try await owner.commit(
            [
                Write.update(try DocumentPath("public/a"), fields: ["n": 1]),
                Write.update(try DocumentPath("users/bob"), fields: ["n": 1]),
            ],
            transaction: nil
        )
        let alice = try stores.make(user: "alice")

        let publicResults = try await collect(
            alice.runQuery(
                parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "public")),
                consistency: .latest)
        )
        let usersError = await #expect(throws: DocumentStoreError.self) {
            try await collect(
                alice.runQuery(
                    parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "users")),
                    consistency: .latest))
        }

        #expect(publicResults.compactMap(\.document?.path.documentID) == ["a"])
        #expect(usersError?.code == .permissionDenied)
    }

    @Test func transactions_underAUser_readAndWriteTheirOwnDocument() async throws {
        let (_, stores) = try await makeStores()
        let alice = try stores.make(user: "alice")
        let path = try DocumentPath("users/alice")

        let transaction = try await alice.beginTransaction(.readWrite)
        let before = try await alice.getDocument(path, mask: nil, consistency: .transaction(transaction))
        _ = try await alice.commit([Write.update(path, fields: ["n": 1])], transaction: transaction)
        let denied = await #expect(throws: DocumentStoreError.self) {
            let second = try await alice.beginTransaction(.readWrite)
            _ = try await alice.getDocument(try DocumentPath("users/bob"), mask: nil, consistency: .transaction(second))
        }

        #expect(before == nil)
        #expect(try await alice.getDocument(path, mask: nil, consistency: .latest)?.fields == ["n": 1])
        #expect(denied?.code == .permissionDenied)
    }

    // MARK: - Helpers

    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /public/{doc} {
              allow read: if true;
              allow write: if request.auth != null && request.auth.uid == 'admin';
            }
            match /users/{userId} {
              allow read, write: if request.auth != null && request.auth.uid == userId;
            }
            match /private/{doc} {
              allow read, write: if false;
            }
          }
        }
        """

    /// Makes stores on one fresh project of the rules emulator.
    struct Stores {
        let emulator: FirestoreEmulator
        let projectID: String

        func make(
            _ provider: any TokenProvider, httpClient: any HTTPClient = EmulatorStores.sharedClient
        ) throws -> FirestoreRESTDocumentStore {
            let configuration = try FirestoreRESTConfiguration.emulator(
                hostAndPort: emulator.hostAndPort, database: try DatabaseID(projectID: projectID),
                tokenProvider: provider, retryPolicy: .none
            )
            return FirestoreRESTDocumentStore(configuration: configuration, httpClient: httpClient)
        }

        func make(
            user: String, httpClient: any HTTPClient = EmulatorStores.sharedClient
        ) throws -> FirestoreRESTDocumentStore {
            let credentials = FirebaseUserCredentials(
                idToken: UnsignedIDToken.make(projectID: projectID, userID: user), refreshToken: "unused",
                expiresIn: 3_600, userID: user
            )
            let provider = FirebaseUserTokenProvider(
                credentials: credentials, apiKey: "fake-api-key", httpClient: EmulatorStores.sharedClient)
            return try make(provider, httpClient: httpClient)
        }
    }

    /// Push (WebChannel Listen) under rules: the server removes a denied target with a cause (code 7),
    /// which ends that listener with `permissionDenied`; another listener on the same channel carries on
    /// and receives a later change.
    @Test func pushListeners_aDeniedTargetEndsWithPermissionDenied_othersOnTheChannelCarryOn() async throws {
        let (owner, stores) = try await makeStores()
        _ = try await owner.commit([Write.update(try DocumentPath("public/p"), fields: ["n": 1])], transaction: nil)
        let anonymous = try stores.make(StaticTokenProvider.unauthenticated)
        defer { Task { try? await anonymous.close() } }
        func collection(_ id: String) -> ListenTarget {
            .query(parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: id)))
        }

        var open = anonymous.listen(collection("public"), options: ListenOptions()).makeAsyncIterator()
        let initial = try await open.next()
        var denied = anonymous.listen(collection("private"), options: ListenOptions()).makeAsyncIterator()
        let deniedError = await #expect(throws: DocumentStoreError.self) { _ = try await denied.next() }
        _ = try await owner.commit([Write.update(try DocumentPath("public/q"), fields: ["n": 2])], transaction: nil)
        let later = try await open.next()

        #expect(anonymous.configuration.listenTransport == .push)
        #expect(initial?.documents.count == 1)
        #expect(deniedError?.code == .permissionDenied)
        #expect(later?.documents.count == 2)
    }

    private func makeStores() async throws -> (owner: FirestoreRESTDocumentStore, stores: Stores) {
        let emulator = try await RulesEmulator.instance.get()
        let stores = Stores(emulator: emulator, projectID: FirestoreEmulator.newProjectID(prefix: "rules"))
        return (try stores.make(EmulatorOwnerTokenProvider()), stores)
    }
}

/// One emulator started with ``SecurityRulesTests/rules`` for the whole test process (its watchdog
/// stops it when the process ends).
actor RulesEmulator {
    static let instance = RulesEmulator()
    private var starting: Task<FirestoreEmulator, any Error>?

    func get() async throws -> FirestoreEmulator {
        if let starting { return try await starting.value }
        let task = Task {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hearth-rules-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("firestore.rules")
            try SecurityRulesTests.rules.write(to: file, atomically: true, encoding: .utf8)
            return try await FirestoreEmulator.start(rulesFile: file)
        }
        starting = task
        return try await task.value
    }
}

/// Unsigned Firebase ID tokens (`alg: none`), which the emulator accepts as `request.auth`.
enum UnsignedIDToken {
    static func make(projectID: String, userID: String, now: Date = Date()) -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        let header = #"{"alg":"none","typ":"JWT"}"#
        let claims = #"""
            {"iss":"https://securetoken.google.com/\#(projectID)","aud":"\#(projectID)","auth_time":\#(issuedAt),"user_id":"\#(userID)",\#
            "sub":"\#(userID)","iat":\#(issuedAt),"exp":\#(issuedAt + 3_600),"email":"\#(userID)@example.com",\#
            "firebase":{"identities":{},"sign_in_provider":"password"}}
            """#
        return base64URL(header) + "." + base64URL(claims) + "."
    }

    private static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
    }
}
