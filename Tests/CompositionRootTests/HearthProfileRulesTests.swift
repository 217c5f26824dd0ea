import Foundation
import Hearth
import Testing

/// Seed 002's rule: development must never touch production; emulators are for development only.
@Suite("Profile rules (HEARTH_ENV)")
struct HearthProfileRulesTests {
    @Test func production_refusesTheMemoryStore() {
        let error = validationError(HearthConfiguration(store: .memory, profile: .production))

        #expect(error?.code == .failedPrecondition)
        #expect(error?.message.contains("HEARTH_STORE=memory") == true)
    }

    @Test func production_refusesTheEmulator() {
        let error = validationError(
            HearthConfiguration(store: .firestore(.emulator(host: "127.0.0.1:8080")), profile: .production))

        #expect(error?.code == .failedPrecondition)
        #expect(error?.message.contains("FIRESTORE_EMULATOR_HOST") == true)
    }

    @Test func production_acceptsFirestoreAndTheFileStore() throws {
        try HearthConfiguration(store: .firestore(FirestoreTarget(projectID: "gym-prod")), profile: .production)
            .validate()
        try HearthConfiguration(store: .file("/tmp/hearth-never-opened"), profile: .production).validate()
    }

    @Test func development_refusesAProjectNotStartingWithDemo_evenWithTheEmulator() {
        let target = FirestoreTarget(projectID: "gym-prod", emulatorHost: "127.0.0.1:8080")

        let error = validationError(HearthConfiguration(store: .firestore(target)))

        #expect(error?.code == .failedPrecondition)
        #expect(error?.message.contains("GOOGLE_CLOUD_PROJECT") == true)
        #expect(error?.message.contains("HEARTH_ALLOW_PRODUCTION=1") == true)
    }

    @Test func development_refusesADemoProjectWithoutTheEmulator() {
        let error = validationError(HearthConfiguration(store: .firestore(FirestoreTarget(projectID: "demo-gym"))))

        #expect(error?.code == .failedPrecondition)
        #expect(error?.message.contains("FIRESTORE_EMULATOR_HOST") == true)
    }

    @Test func development_refusesABaseURLOffThisMachine() {
        let target = FirestoreTarget(
            projectID: "demo-gym", emulatorHost: "127.0.0.1:8080",
            environment: ["FIRESTORE_BASE_URL": "https://firestore.googleapis.com"]
        )

        let error = validationError(HearthConfiguration(store: .firestore(target)))

        #expect(error?.code == .failedPrecondition)
        #expect(error?.message.contains("FIRESTORE_BASE_URL") == true)
    }

    @Test func development_acceptsADemoProjectOnTheEmulator() throws {
        try HearthConfiguration(store: .firestore(.emulator(host: "127.0.0.1:8080", projectID: "demo-gym"))).validate()
    }

    @Test func development_acceptsProduction_whenAllowedExplicitly() throws {
        try HearthConfiguration(store: .firestore(FirestoreTarget(projectID: "gym-prod")), allowsProduction: true)
            .validate()
    }

    @Test func development_acceptsTheLocalStores() throws {
        try HearthConfiguration(store: .memory).validate()
        try HearthConfiguration(store: .file("/tmp/hearth-never-opened")).validate()
    }

    @Test func anInvalidProjectID_isInvalidArgument() {
        let error = validationError(
            HearthConfiguration(store: .firestore(.emulator(host: "127.0.0.1:1", projectID: "demo/bad"))))

        #expect(error?.code == .invalidArgument)
    }

    @Test func theEnvironmentRules_applyThroughFromEnvironment() throws {
        let configuration = try HearthConfiguration.fromEnvironment([
            "HEARTH_STORE": "firestore", "GOOGLE_CLOUD_PROJECT": "gym-prod",
        ])

        #expect(validationError(configuration)?.code == .failedPrecondition)
    }

    @Test func makeDatabase_refusesWhatValidateRefuses() {
        let configuration = HearthConfiguration(store: .memory, profile: .production)

        do {
            _ = try configuration.makeDatabase()
            Issue.record("expected a refusal")
        } catch {
            #expect(error.code == .failedPrecondition)
        }
    }

    // MARK: - Helpers

    private func validationError(_ configuration: HearthConfiguration) -> DocumentStoreError? {
        do {
            try configuration.validate()
            return nil
        } catch {
            return error
        }
    }
}
