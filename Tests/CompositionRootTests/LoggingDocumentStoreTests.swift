import Hearth
import Testing

@Suite("LoggingDocumentStore")
struct LoggingDocumentStoreTests {
    @Test func aRead_isLoggedAtDebug_withItsPathAndOutcome() async throws {
        let (sut, base, logger) = try makeSUT()
        _ = try await base.commit(
            [.update(try DocumentPath("members/ana"), fields: ["name": .string("Ana")])], transaction: nil)

        _ = try await sut.getDocument(try DocumentPath("members/ana"), mask: nil, consistency: .latest)
        _ = try await sut.getDocument(try DocumentPath("members/ghost"), mask: nil, consistency: .latest)

        let lines = logger.messages(at: .debug)
        #expect(lines.count == 2)
        #expect(lines.first?.contains("getDocument members/ana → found") == true)
        #expect(lines.last?.contains("getDocument members/ghost → missing") == true)
        #expect(lines.allSatisfy { $0.hasSuffix(" ms)") })
    }

    @Test func aFailure_isLoggedAtWarning_withItsCode_andTheSameErrorIsRethrown() async throws {
        let (sut, base, logger) = try makeSUT()
        base.fail(.commit, with: [.permissionDenied])

        let error = await storeError {
            _ = try await sut.commit([.delete(try DocumentPath("members/ana"))], transaction: nil)
        }

        #expect(error?.code == .permissionDenied)
        #expect(error?.message == "scripted PERMISSION_DENIED for commit")
        #expect(logger.messages(at: .warning).first?.contains("commit members/ana failed: PERMISSION_DENIED") == true)
    }

    @Test func aQuery_isLoggedWhenItsStreamEnds_withTheNumberOfDocuments() async throws {
        let (sut, base, logger) = try makeSUT()
        _ = try await base.commit(
            [.update(try DocumentPath("members/a"), fields: [:]), .update(try DocumentPath("members/b"), fields: [:])],
            transaction: nil
        )

        var count = 0
        for try await element in sut.runQuery(
            parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "members")), consistency: .latest
        ) {
            if element.document != nil { count += 1 }
        }

        #expect(count == 2)
        #expect(logger.messages(at: .debug).contains { $0.contains("runQuery members → 2 documents") })
    }

    @Test func fieldValues_areNeverLogged() async throws {
        let (sut, _, logger) = try makeSUT()

        _ = try await sut.commit(
            [.update(try DocumentPath("members/ana"), fields: ["password": .string("s3cr3t-value")])], transaction: nil)
        _ = try await sut.getDocument(try DocumentPath("members/ana"), mask: nil, consistency: .latest)

        #expect(!logger.messages.isEmpty)
        #expect(!logger.messages.contains { $0.contains("s3cr3t-value") })
    }

    @Test func aLoggerAboveDebug_recordsOnlyFailures() async throws {
        let base = try ScriptedStore()
        let logger = RecordingLogger(minimumLevel: .warning)
        let sut = LoggingDocumentStore(wrapping: base, logger: logger)
        base.fail(.listCollectionIDs, with: [.unavailable])

        _ = try await sut.getDocument(try DocumentPath("members/ana"), mask: nil, consistency: .latest)
        _ = await storeError { _ = try await sut.listCollectionIDs(ListCollectionIDsRequest()) }

        #expect(logger.messages.count == 1)
        #expect(logger.messages.first?.contains("listCollectionIDs (root) failed: UNAVAILABLE") == true)
    }

    // MARK: - Helpers

    @Test func listen_isTheBaseStoresOwnListener() async throws {
        let (sut, base, _) = try makeSUT()
        let path = try DocumentPath("members/ana")

        var iterator = sut.listen(.document(path)).makeAsyncIterator()
        let first = try await iterator.next()

        #expect(base.count(.listen) == 1)
        #expect(base.count(.getDocument) == 0)
        #expect(first?.documents.isEmpty == true)
    }

    @Test func close_isLoggedAtDebug() async throws {
        let (sut, _, logger) = try makeSUT()

        try await sut.close()

        #expect(logger.messages(at: .debug).last?.contains("close → closed") == true)
    }

    private func makeSUT() throws -> (LoggingDocumentStore, ScriptedStore, RecordingLogger) {
        let base = try ScriptedStore()
        let logger = RecordingLogger()
        return (LoggingDocumentStore(wrapping: base, logger: logger), base, logger)
    }
}
