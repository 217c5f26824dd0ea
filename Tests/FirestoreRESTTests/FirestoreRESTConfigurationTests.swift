import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import Testing

@Suite("Configuration from the environment")
struct FirestoreRESTConfigurationTests {
    @Test func emulatorHost_usesPlainHTTPAndTheOwnerToken() async throws {
        let configuration = try makeSUT(["FIRESTORE_EMULATOR_HOST": "127.0.0.1:8181", "GOOGLE_CLOUD_PROJECT": "demo-p"])

        #expect(configuration.baseURL.absoluteString == "http://127.0.0.1:8181")
        #expect(configuration.database == (try DatabaseID(projectID: "demo-p")))
        #expect(configuration.tokenProvider.kind == .emulatorOwner)
        #expect(try await configuration.tokenProvider.token()?.value == "owner")
        #expect(configuration.transactionConcurrency == .serverDefault)
    }

    @Test func project_fallsBackToGCLOUDProject() throws {
        let configuration = try makeSUT(["GCLOUD_PROJECT": "legacy", "FIRESTORE_ACCESS_TOKEN": "t"])

        #expect(configuration.database.projectID == "legacy")
    }

    @Test func project_prefersGoogleCloudProject() throws {
        let configuration = try makeSUT([
            "GOOGLE_CLOUD_PROJECT": "new", "GCLOUD_PROJECT": "legacy", "FIRESTORE_ACCESS_TOKEN": "t",
        ])

        #expect(configuration.database.projectID == "new")
    }

    @Test func project_missingOutsideTheEmulator_throwsInvalidArgument() {
        let error = #expect(throws: DocumentStoreError.self) { try makeSUT([:]) }

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("GOOGLE_CLOUD_PROJECT") == true)
    }

    @Test func project_missingWithTheEmulator_defaultsToADemoProject() throws {
        let configuration = try makeSUT(["FIRESTORE_EMULATOR_HOST": "localhost:8080"])

        #expect(configuration.database.projectID == "demo-hearth")
    }

    @Test func databaseID_andBaseURLOverride_areRead() throws {
        let configuration = try makeSUT([
            "GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_DATABASE": "orders",
            "FIRESTORE_BASE_URL": "https://firestore.europe-west1.rep.googleapis.com",
            "FIRESTORE_ACCESS_TOKEN": "t", "FIRESTORE_REQUEST_TIMEOUT": "2.5",
        ])

        #expect(configuration.database.databaseID == "orders")
        #expect(configuration.baseURL.absoluteString == "https://firestore.europe-west1.rep.googleapis.com")
        #expect(configuration.requestTimeout == .milliseconds(2_500))
    }

    @Test func defaults_matchTheDocumentation() throws {
        let configuration = try makeSUT(["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_ACCESS_TOKEN": "t"])

        #expect(configuration.baseURL == FirestoreRESTConfiguration.productionBaseURL)
        #expect(configuration.database.databaseID == "(default)")
        #expect(configuration.requestTimeout == .seconds(60))
        #expect(configuration.retryPolicy == .default)
        #expect(configuration.transactionConcurrency == .automatic)
    }

    @Test func accessToken_isAStaticGoogleOAuthToken() async throws {
        let configuration = try makeSUT(["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_ACCESS_TOKEN": "ya29.x"])

        #expect(configuration.tokenProvider.kind == .googleOAuth)
        #expect(try await configuration.tokenProvider.token()?.value == "ya29.x")
    }

    @Test func tokenCommand_runsThroughTheShell() async throws {
        let configuration = try makeSUT(["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_TOKEN_COMMAND": "echo from-command"])

        #expect(try await configuration.tokenProvider.token()?.value == "from-command")
    }

    @Test func withoutTokenSettings_usesTheMetadataServerAtGCEMetadataHost() throws {
        let configuration = try makeSUT(["GOOGLE_CLOUD_PROJECT": "p", "GCE_METADATA_HOST": "169.254.169.254"])

        let provider = try #require(configuration.tokenProvider as? MetadataServerTokenProvider)
        #expect(provider.host == "169.254.169.254")
    }

    @Test(arguments: [
        ["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_BASE_URL": "ftp://x"],
        ["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_REQUEST_TIMEOUT": "soon"],
        ["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_REQUEST_TIMEOUT": "-1"],
        ["GOOGLE_CLOUD_PROJECT": "a/b"],
        ["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_DATABASE": "x/y"],
    ])
    func malformedValues_throwInvalidArgument(environment: [String: String]) {
        let error = #expect(throws: DocumentStoreError.self) { try makeSUT(environment) }

        #expect(error?.code == .invalidArgument)
    }

    /// `1e17` seconds passed the old check (positive, finite) and then trapped converting its milliseconds
    /// to `Int64`; every value outside a millisecond to a day is refused, naming the variable.
    @Test(arguments: [
        "1e17", "1e300", "9.3e15", "86400.5", "nan", "NaN", "inf", "-inf", "infinity", "0", "-0", "0.0004", "-1e17",
        "0x1p70",
    ])
    func requestTimeoutOutsideAMillisecondToADay_isRefusedNamingTheVariable(text: String) {
        let error = #expect(throws: DocumentStoreError.self) {
            try makeSUT(["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_REQUEST_TIMEOUT": text])
        }

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("FIRESTORE_REQUEST_TIMEOUT") == true)
    }

    @Test(arguments: [("0.001", Duration.milliseconds(1)), ("86400", .seconds(86_400)), ("2.5", .milliseconds(2_500))])
    func requestTimeoutWithinTheBounds_isKept(text: String, expected: Duration) throws {
        let configuration = try makeSUT(["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_REQUEST_TIMEOUT": text])

        #expect(configuration.requestTimeout == expected)
    }

    @Test func aHugeMalformedValue_isExcerptedInTheError() {
        let huge = "x" + String(repeating: "9", count: 100_000)
        let error = #expect(throws: DocumentStoreError.self) {
            try makeSUT(["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_REQUEST_TIMEOUT": huge])
        }

        #expect((error?.message.utf8.count ?? .max) < 400)
        #expect(error?.message.contains("(100001 bytes)") == true)
    }

    @Test func description_neverShowsTheToken() throws {
        let configuration = try makeSUT(["GOOGLE_CLOUD_PROJECT": "p", "FIRESTORE_ACCESS_TOKEN": "ya29.secret"])
        var dumped = ""
        dump(configuration, to: &dumped)

        for text in ["\(configuration)", String(reflecting: configuration), dumped, "\(configuration.tokenProvider)"] {
            #expect(!text.contains("ya29.secret"))
        }
    }

    @Test func concurrencyMode_isOptimisticOnlyForFirebaseUsersByDefault() {
        #expect(TransactionConcurrency.automatic.mode(for: .firebaseUser) == "OPTIMISTIC")
        #expect(TransactionConcurrency.automatic.mode(for: .googleOAuth) == nil)
        #expect(TransactionConcurrency.automatic.mode(for: .emulatorOwner) == nil)
        #expect(TransactionConcurrency.serverDefault.mode(for: .firebaseUser) == nil)
        #expect(TransactionConcurrency.pessimistic.mode(for: .firebaseUser) == "PESSIMISTIC")
    }

    // MARK: - Helpers

    private func makeSUT(_ environment: [String: String]) throws -> FirestoreRESTConfiguration {
        try FirestoreRESTConfiguration.fromEnvironment(environment, httpClient: StubServer().client)
    }
}
