import Foundation
import Hearth
import Testing

/// `HEARTH_AUTH`, the gateway matching the store when it is unset, and where the command line keeps
/// the session.
@Suite("HearthConfiguration: HEARTH_AUTH and the session file")
struct AuthSelectionTests {
    @Test func unset_followsTheStore() throws {
        let memory = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "memory"])
        let file = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "file:/tmp/hearth-a"])
        let firestore = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": "firestore", "FIRESTORE_EMULATOR_HOST": "127.0.0.1:8080",
            "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099", "FIREBASE_API_KEY": "k-1",
        ])

        #expect(memory.auth == nil)
        #expect(memory.effectiveAuth == .memory)
        #expect(file.effectiveAuth == .file(directory: URL(fileURLWithPath: "/tmp/hearth-a/auth", isDirectory: true)))
        #expect(firestore.effectiveAuth == .firebase(apiKey: "k-1", emulatorHost: "127.0.0.1:9099"))
        #expect(!firestore.effectiveAuth.summary.contains("k-1"))
    }

    @Test func set_overridesTheStoresChoice() throws {
        let memory = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": "firestore", "HEARTH_AUTH": "memory",
            "FIRESTORE_EMULATOR_HOST": "127.0.0.1:8080",
        ])
        let fileAlone = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "file:/tmp/s", "HEARTH_AUTH": "FILE"])
        let fileElsewhere = try HearthConfiguration.fromEnvironment(["HEARTH_AUTH": "file:/tmp/accounts"])
        let firebase = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "memory", "HEARTH_AUTH": "firebase"])

        #expect(memory.effectiveAuth == .memory)
        #expect(fileAlone.effectiveAuth == .file(directory: URL(fileURLWithPath: "/tmp/s/auth", isDirectory: true)))
        #expect(fileElsewhere.effectiveAuth == .file(directory: URL(fileURLWithPath: "/tmp/accounts")))
        #expect(firebase.effectiveAuth == .firebase(apiKey: nil, emulatorHost: nil))
    }

    @Test(arguments: ["ldap", "file:", "file:  ", "memory:x"])
    func anUnknownAdapter_isInvalidArgument_namingHEARTH_AUTH(value: String) {
        do {
            _ = try HearthConfiguration.fromEnvironment(["HEARTH_AUTH": value])
            Issue.record("HEARTH_AUTH=\(value) was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("HEARTH_AUTH"))
        }
    }

    @Test func theSessionFile_isBesideTheStore() throws {
        let memory = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "memory"])
        let file = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "file:/tmp/hearth-b"])
        let firestore = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": "firestore", "GOOGLE_CLOUD_PROJECT": "demo-p", "FIRESTORE_EMULATOR_HOST": "127.0.0.1:8080",
            "HOME": "/home/ada",
        ])

        #expect(memory.sessionFile == nil)
        #expect(file.sessionFile?.path == "/tmp/hearth-b/session.json")
        #expect(firestore.sessionFile?.path == "/home/ada/.hearth/session-demo-p.json")
    }

    @Test func theGateways_areMadeFromTheSelection() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-auth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let memory = try HearthConfiguration(store: .memory).makeAuthGateway()
        let file = try HearthConfiguration(store: .memory, auth: .file(directory: folder)).makeAuthGateway()

        let session = try await memory.createUser(
            withEmail: try Email("a@example.com"), password: try Password("secret-1"))
        let fileSession = try await file.createUser(
            withEmail: try Email("a@example.com"), password: try Password("secret-1"))
        let reopened = try HearthConfiguration(store: .memory, auth: .file(directory: folder)).makeAuthGateway()
        let again = try await reopened.signIn(withEmail: try Email("a@example.com"), password: try Password("secret-1"))

        #expect(session.email.value == "a@example.com")
        #expect(again.userID == fileSession.userID)
    }
}
