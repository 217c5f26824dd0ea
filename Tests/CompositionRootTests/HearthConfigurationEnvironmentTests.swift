import Foundation
import Hearth
import Testing

@Suite("HearthConfiguration.fromEnvironment")
struct HearthConfigurationEnvironmentTests {
    @Test func noVariables_chooseTheFileStoreInTheLocalFolder_inDevelopment_withoutLogging() throws {
        let configuration = try HearthConfiguration.fromEnvironment([:])

        guard case .file(let directory) = configuration.store else {
            Issue.record("expected the file store, got \(configuration.store.summary)")
            return
        }
        #expect(directory.path == URL(fileURLWithPath: ".hearth/data").path)
        #expect(configuration.profile == .development)
        #expect(!configuration.allowsProduction)
        #expect(configuration.logger == nil)
    }

    @Test func memory_choosesTheMemoryStore() throws {
        let configuration = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "memory"])

        #expect(configuration.store.summary == "memory")
    }

    @Test func fileWithADirectory_choosesThatDirectory() throws {
        let configuration = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "file:/tmp/hearth-x"])

        guard case .file(let directory) = configuration.store else {
            Issue.record("expected the file store")
            return
        }
        #expect(directory.path == "/tmp/hearth-x")
    }

    @Test func fileAlone_choosesTheDefaultDirectory() throws {
        let configuration = try HearthConfiguration.fromEnvironment(["HEARTH_STORE": "file"])

        #expect(configuration.store.summary == "file:.hearth/data")
    }

    @Test(arguments: ["file:", "file:  ", "sqlite", "memory:x"])
    func anUnknownOrIncompleteStore_isInvalidArgument_namingHEARTH_STORE(value: String) {
        let error = configurationError(["HEARTH_STORE": value])

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("HEARTH_STORE") == true)
    }

    @Test func firestore_readsProjectDatabaseAndEmulator_andKeepsTheEnvironmentForCredentials() throws {
        let environment = [
            "HEARTH_STORE": "firestore", "GOOGLE_CLOUD_PROJECT": "demo-gym", "FIRESTORE_DATABASE": "gyms",
            "FIRESTORE_EMULATOR_HOST": "127.0.0.1:8080", "FIRESTORE_ACCESS_TOKEN": "t",
        ]

        let configuration = try HearthConfiguration.fromEnvironment(environment)

        guard case .firestore(let target) = configuration.store else {
            Issue.record("expected Firestore")
            return
        }
        #expect(target.projectID == "demo-gym")
        #expect(target.databaseID == "gyms")
        #expect(target.emulatorHost == "127.0.0.1:8080")
        #expect(target.environment["FIRESTORE_ACCESS_TOKEN"] == "t")
    }

    @Test func firestoreWithTheEmulatorAndNoProject_usesDemoHearth() throws {
        let configuration = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": "firestore", "FIRESTORE_EMULATOR_HOST": "127.0.0.1:1",
        ])

        guard case .firestore(let target) = configuration.store else {
            Issue.record("expected Firestore")
            return
        }
        #expect(target.projectID == "demo-hearth")
    }

    @Test func firestoreWithGCLOUD_PROJECT_usesIt() throws {
        let configuration = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": "firestore", "GCLOUD_PROJECT": "my-app",
        ])

        guard case .firestore(let target) = configuration.store else {
            Issue.record("expected Firestore")
            return
        }
        #expect(target.projectID == "my-app")
    }

    @Test func firestoreWithoutAProjectOrEmulator_isInvalidArgument_namingGOOGLE_CLOUD_PROJECT() {
        let error = configurationError(["HEARTH_STORE": "firestore"])

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("GOOGLE_CLOUD_PROJECT") == true)
    }

    @Test func profile_isReadCaseInsensitively() throws {
        #expect(try HearthConfiguration.fromEnvironment(["HEARTH_ENV": "Production"]).profile == .production)
        #expect(try HearthConfiguration.fromEnvironment(["HEARTH_ENV": "development"]).profile == .development)
    }

    @Test func anUnknownProfile_isInvalidArgument_namingHEARTH_ENV() {
        let error = configurationError(["HEARTH_ENV": "staging"])

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("HEARTH_ENV") == true)
    }

    @Test(arguments: [("1", true), ("true", true), ("0", false), ("false", false)])
    func allowProduction_readsOneAndZero(value: String, expected: Bool) throws {
        #expect(
            try HearthConfiguration.fromEnvironment(["HEARTH_ALLOW_PRODUCTION": value]).allowsProduction == expected)
    }

    @Test func anUnreadableAllowProduction_isInvalidArgument_namingTheVariable() {
        let error = configurationError(["HEARTH_ALLOW_PRODUCTION": "please"])

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("HEARTH_ALLOW_PRODUCTION") == true)
    }

    @Test func log_installsAStandardErrorLoggerAtThatLevel_andOffInstallsNone() throws {
        let logger = try #require(try HearthConfiguration.fromEnvironment(["HEARTH_LOG": "warning"]).logger)

        #expect(logger.isEnabled(.warning))
        #expect(!logger.isEnabled(.info))
        #expect(try HearthConfiguration.fromEnvironment(["HEARTH_LOG": "off"]).logger == nil)
    }

    @Test func anUnknownLogLevel_isInvalidArgument_namingHEARTH_LOG() {
        let error = configurationError(["HEARTH_LOG": "loud"])

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("HEARTH_LOG") == true)
    }

    @Test func emptyValues_countAsUnset() throws {
        let configuration = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": " ", "HEARTH_ENV": "", "HEARTH_LOG": "",
        ])

        #expect(configuration.store.summary == "file:.hearth/data")
        #expect(configuration.profile == .development)
    }

    // MARK: - Helpers

    private func configurationError(_ environment: [String: String]) -> DocumentStoreError? {
        do {
            _ = try HearthConfiguration.fromEnvironment(environment)
            return nil
        } catch {
            return error
        }
    }
}
