import Foundation
import Hearth
import Testing

/// `HearthConfiguration.rules` and `actingAs` (`HEARTH_RULES`, `HEARTH_AS_UID`, `HEARTH_AS_CLAIMS`,
/// `HEARTH_AS_ANONYMOUS`): the local stores enforce the rules for the configured caller.
@Suite("Rules in the configuration")
struct RulesConfigurationTests {
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /users/{userId} {
              allow read, write: if request.auth != null && request.auth.uid == userId;
            }
            match /products/{id} {
              allow read: if true;
              allow write: if request.auth.token.admin == true;
            }
          }
        }
        """

    @Test func memoryStore_asAUser_isCheckedAgainstTheRules() async throws {
        let store = try HearthConfiguration(
            store: .memory, rules: .text(Self.rules), actingAs: .user(try UserID("u1"), claims: [:])
        ).makeStore()

        _ = try await store.commit([.update(try DocumentPath("users/u1"), fields: ["n": 1])], transaction: nil)
        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.getDocument(try DocumentPath("users/u2"), mask: nil, consistency: .latest)
        }

        #expect(error?.code == .permissionDenied)
        #expect(error?.message.contains("users/u2") == true)
    }

    @Test func fileStore_fromTheEnvironment_enforcesTheRulesFileForTheUserAndClaims() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-rules-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rulesFile = directory.appendingPathComponent("firestore.rules")
        try Data(Self.rules.utf8).write(to: rulesFile)
        let environment = [
            "HEARTH_STORE": "file:\(directory.appendingPathComponent("data").path)", "HEARTH_RULES": rulesFile.path,
            "HEARTH_AS_UID": "u1", "HEARTH_AS_CLAIMS": #"{"admin": true}"#,
        ]

        let configuration = try HearthConfiguration.fromEnvironment(environment)
        let store = try configuration.makeStore()
        _ = try await store.commit([.update(try DocumentPath("products/p1"), fields: ["n": 1])], transaction: nil)
        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.commit([.update(try DocumentPath("users/u2"), fields: ["n": 1])], transaction: nil)
        }
        try await store.close()

        #expect(configuration.actingAs == .user(try UserID("u1"), claims: ["admin": true]))
        #expect(error?.code == .permissionDenied)
    }

    @Test func anonymous_isUnauthenticated() async throws {
        let configuration = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": "memory", "HEARTH_AS_ANONYMOUS": "1",
        ])
        var withRules = configuration
        withRules.rules = .text(Self.rules)
        let store = try withRules.makeStore()

        let product = try await store.getDocument(try DocumentPath("products/p1"), mask: nil, consistency: .latest)
        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.getDocument(try DocumentPath("users/u1"), mask: nil, consistency: .latest)
        }

        #expect(configuration.actingAs == .unauthenticated)
        #expect(product == nil)
        #expect(error?.code == .permissionDenied)
    }

    @Test func rulesThatDoNotParse_failBeforeAnythingOpens_withLineAndColumn() throws {
        let broken = "rules_version = '2';\nservice cloud.firestore {\n  match /x {\n    allow read: if ;\n  }\n}\n"

        let error = #expect(throws: DocumentStoreError.self) {
            try HearthConfiguration(store: .memory, rules: .text(broken), actingAs: .unauthenticated).makeStore()
        }

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("firestore.rules:4:") == true, "\(String(describing: error))")
    }

    @Test func aMissingRulesFile_isNotFoundNamingIt() {
        let error = #expect(throws: DocumentStoreError.self) {
            try HearthConfiguration(store: .memory, rules: .file("/nonexistent/firestore.rules")).makeStore()
        }

        #expect(error?.code == .notFound)
        #expect(error?.message.contains("/nonexistent/firestore.rules") == true)
    }

    @Test func actingAsAUser_withoutRules_orOnProductionFirestore_isInvalid_onTheEmulatorItOpens() throws {
        let user = AuthContext.unauthenticated

        #expect(throws: DocumentStoreError.self) { try HearthConfiguration(store: .memory, actingAs: user).makeStore() }
        #expect(throws: DocumentStoreError.self) {
            try HearthConfiguration(
                store: .firestore(FirestoreTarget(projectID: "x-prod")), allowsProduction: true, actingAs: user
            ).makeStore()
        }
        _ = try HearthConfiguration(
            store: .firestore(FirestoreTarget(projectID: "demo-x", emulatorHost: "127.0.0.1:1")), actingAs: user
        ).makeStore()
    }

    @Test func environment_rejectsContradictionsAndBadClaims() {
        for environment in [
            ["HEARTH_AS_UID": "u1", "HEARTH_AS_ANONYMOUS": "1"], ["HEARTH_AS_UID": "u1", "HEARTH_AS_CLAIMS": "[1]"],
            ["HEARTH_AS_CLAIMS": "{}"], ["HEARTH_AS_ANONYMOUS": "maybe"],
        ] {
            let error = #expect(throws: DocumentStoreError.self, "\(environment)") {
                try HearthConfiguration.fromEnvironment(environment)
            }
            #expect(error?.code == .invalidArgument)
        }
    }

    @Test func sessionContext_carriesTheTokensClaims() throws {
        let payload = Data(#"{"sub":"u1","admin":true,"n":3,"email":"a@b.c"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        let session = try Session(
            userID: try UserID("u1"), email: try Email("a@b.c"), idToken: "e30.\(payload).sig", refreshToken: "r",
            expiresAt: try Timestamp(seconds: 0))

        let context = AuthContext(session: session)

        #expect(
            context
                == .user(
                    try UserID("u1"), claims: ["sub": "u1", "admin": true, "n": 3, "email": "a@b.c"]))
    }
}
