import Hearth
import Testing

/// `close()` is a requirement of the port: both decorators close the store they wrap, whatever it is.
@Suite("Store decorators: close()")
struct DecoratorCloseTests {
    @Test(arguments: Decorator.allCases)
    func close_closesTheWrappedStore(_ decorator: Decorator) async throws {
        let base = try ScriptedStore()
        let sut = decorator.wrapping(base)

        try await sut.close()

        #expect(base.count(.close) == 1)
        #expect(base.isClosed)
        #expect(sut.isClosed)
    }

    enum Decorator: CaseIterable, Sendable {
        case logging, retrying

        func wrapping(_ base: ScriptedStore) -> any DocumentStore {
            switch self {
            case .logging: LoggingDocumentStore(wrapping: base, logger: RecordingLogger())
            case .retrying: RetryingDocumentStore(wrapping: base)
            }
        }
    }
}
