import Hearth
import Synchronization
import Testing

@Suite("StandardErrorLogger and NoLogger")
struct StandardErrorLoggerTests {
    @Test func writesOneLinePerMessage_atOrAboveItsLevel_withLabelAndLevel() {
        let lines = Mutex<[String]>([])
        let sut = StandardErrorLogger(minimumLevel: .info, label: "gym") { line in lines.withLock { $0.append(line) } }

        sut.log(.debug, "dropped")
        sut.log(.info, "kept")
        sut.log(.error, "also kept")

        #expect(lines.withLock { $0 } == ["gym[info]: kept\n", "gym[error]: also kept\n"])
        #expect(!sut.isEnabled(.debug))
        #expect(sut.isEnabled(.warning))
    }

    @Test func noLogger_isNeverEnabled() {
        #expect(HearthLogLevel.allCases.allSatisfy { !NoLogger().isEnabled($0) })
    }

    @Test func levels_areReadByName_caseInsensitively() {
        #expect(HearthLogLevel(name: "DEBUG") == .debug)
        #expect(HearthLogLevel(name: "warning") == .warning)
        #expect(HearthLogLevel(name: "verbose") == nil)
    }
}
