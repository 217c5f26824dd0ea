import HearthDomain
import HearthFirestoreCodec
@testable import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// The back channel's frame reader on valid and hostile input: every split point, truncation, bad and
/// huge lengths, text that is not JSON, payloads that are not Listen responses.
@Suite("WebChannel frame reader")
struct WebChannelFrameReaderTests {
    @Test func validStream_splitAtEveryPoint_yieldsTheSameArrays() throws {
        let stream = Self.validStream()
        var whole = makeSUT()
        let expected = try whole.read(stream)

        for split in 0...stream.count {
            var reader = makeSUT()
            let arrays = try reader.read(stream[..<split]) + reader.read(stream[split...])
            #expect(arrays == expected, "split at \(split)")
            #expect(reader.isAtFrameBoundary)
            try reader.finish()
        }
        #expect(expected.map(\.id) == [0, 1, 2, 3, 4])
        #expect(whole.lastArrayID == 4)
    }

    @Test func validStream_byteByByte_yieldsTheSameArrays() throws {
        let stream = Self.validStream()
        var whole = makeSUT()
        let expected = try whole.read(stream)
        var reader = makeSUT()

        var arrays: [WebChannelArray] = []
        for byte in stream { arrays += try reader.read([byte]) }

        #expect(arrays == expected)
    }

    @Test func payloads_areDecoded() throws {
        var reader = makeSUT()

        let arrays = try reader.read(Self.validStream())

        #expect(arrays[0].payload == .created(sessionID: "SID-1==", keepAlive: .seconds(30)))
        #expect(arrays[1].payload == .response(.targetChange(RESTTargetChange(kind: .add, targetIDs: [2]))))
        guard case .response(.documentChange(let document, let targetIDs, _)) = arrays[2].payload else {
            Issue.record("expected a documentChange, got \(arrays[2].payload)")
            return
        }
        #expect(document.fields["s"] == .string("é😀x"))
        #expect(targetIDs == [2])
        #expect(arrays[3].payload == .noop)
        #expect(arrays[4].payload == .stop)
    }

    @Test func lengths_countUTF16Units_notBytes() throws {
        let text =
            #"[[1,[{"documentChange":{"document":{"name":"projects/p/databases/(default)/documents/c/d","fields":{"e":{"stringValue":"é😀"}},"createTime":"2026-11-25T23:57:39Z","updateTime":"2026-11-25T23:57:39Z"},"targetIds":[2]}}]]]"#
        var units = makeSUT()
        var bytes = makeSUT()

        let read = try units.read(Self.frame(text))
        let byByteCount = try bytes.read(Array("\(text.utf8.count)\n\(text)".utf8))

        #expect(text.utf8.count - text.utf16.count == 3)
        #expect(read.map(\.id) == [1])
        #expect(byByteCount.isEmpty)
        #expect(!bytes.isAtFrameBoundary)
    }

    @Test func truncatedStream_finishThrowsUnavailable_atEveryPointInsideAFrame() throws {
        let stream = Self.validStream()
        var boundaries: Set<Int> = [0]
        var offset = 0
        for frame in Self.frames {
            offset += frame.count
            boundaries.insert(offset)
        }

        for cut in 0..<stream.count where !boundaries.contains(cut) {
            var reader = makeSUT()
            _ = try reader.read(stream[..<cut])
            #expect(errorCode { try reader.finish() } == .unavailable, "cut at \(cut)")
        }
    }

    @Test(arguments: ["abc\n[]", "-5\n[]", "12 \n[[1,[\"noop\"]]]", "0\n", "1x\n", "\u{0}"])
    func badLength_isDataLoss(_ text: String) {
        var reader = makeSUT()

        let code = errorCode { _ = try reader.read(Array(text.utf8)) }

        #expect(code == .dataLoss)
    }

    @Test func hugeLength_failsAtOnce_namingTheLengthAndTheCap() {
        var reader = WebChannelFrameReader(maximumFrameLength: 1_000, database: nil)

        let error = #expect(throws: DocumentStoreError.self) { _ = try reader.read(Array("2000\n[".utf8)) }

        #expect(error?.code == .dataLoss)
        #expect(error?.message.contains("2000") == true)
        #expect(error?.message.contains("1000") == true)
    }

    @Test func endlessLengthLine_failsAfterTenDigits() {
        var reader = makeSUT()

        let error = #expect(throws: DocumentStoreError.self) {
            _ = try reader.read([UInt8](repeating: UInt8(ascii: "9"), count: 1_000_000))
        }

        #expect(error?.code == .dataLoss)
        #expect(error?.message.contains("10 digits") == true)
    }

    @Test func frameAtTheCap_ofEndlessGarbage_failsWithoutHoldingMore() {
        var reader = WebChannelFrameReader(maximumFrameLength: 4_096, database: nil)
        let garbage = [UInt8](repeating: UInt8(ascii: "["), count: 10_000)

        let code = errorCode { _ = try reader.read(Array("4096\n".utf8) + garbage) }

        #expect(code == .dataLoss)
    }

    @Test(arguments: [
        "hello", "[1]", "[[1]]", "[[\"x\",[\"noop\"]]]", "[[1,\"noop\"]]", "[[1,[\"noop\"]]", "[[1,[\"noop\"]]]]",
        "{\"a\":1}", "[[1,[\"noop\"]] x]",
    ])
    func frameThatIsNotAListOfArrays_isDataLoss(_ json: String) {
        var reader = makeSUT()

        let code = errorCode { _ = try reader.read(Self.frame(json)) }

        #expect(code == .dataLoss)
    }

    @Test(arguments: [
        "[[1,[{\"foo\":1}]]]", "[[1,[5]]]", "[[1,[{\"targetChange\":{\"targetChangeType\":\"NOPE\"}}]]]",
        "[[1,[[1,2]]]]", "[[1,[{}, {}]]]", "[[1,[\"c\"]]]", "[[1,[\"noop\",]]]",
    ])
    func payloadThatIsNotAListenMessage_isInternal_namingTheArray(_ json: String) {
        var reader = makeSUT()

        let error = #expect(throws: DocumentStoreError.self) { _ = try reader.read(Self.frame(json)) }

        #expect(error?.code == .internal)
        #expect(error?.message.contains("array 1") == true)
    }

    @Test func invalidUTF8_isDataLoss() {
        var reader = makeSUT()

        let code = errorCode { _ = try reader.read(Array("3\n[".utf8) + [0xFF, 0x5D]) }

        #expect(code == .dataLoss)
    }

    @Test func frameLongerThanDeclared_splittingACharacter_isDataLoss() {
        var reader = makeSUT()
        // "😀" is two UTF-16 units: a frame declaring one unit cannot end inside it.
        let code = errorCode { _ = try reader.read(Array("1\n😀".utf8)) }

        #expect(code == .dataLoss)
    }

    @Test func errorStatus_isAServerError_alsoWrappedInAList() throws {
        var reader = makeSUT()
        let status = #"{"error":{"code":403,"message":"denied","status":"PERMISSION_DENIED"}}"#

        let arrays = try reader.read(Self.frame("[[1,[\(status)]]]") + Self.frame("[[2,[[\(status)]]]]"))

        let expected = RESTErrorBody(httpStatus: 403, message: "denied", status: "PERMISSION_DENIED")
        #expect(arrays.map(\.payload) == [.serverError(expected), .serverError(expected)])
    }

    @Test func resentArrays_areSkipped_andTheAcknowledgementOnlyGrows() throws {
        var reader = WebChannelFrameReader(database: nil, lastArrayID: 3)

        let arrays = try reader.read(
            Self.frame(#"[[2,["noop"]],[3,["noop"]],[4,["noop"]]]"#) + Self.frame(#"[[4,["noop"]],[5,["close"]]]"#))

        #expect(arrays.map(\.id) == [4, 5])
        #expect(reader.skippedArrays == 3)
        #expect(reader.lastArrayID == 5)
    }

    @Test func deepNesting_isRefused() {
        var reader = makeSUT()
        let deep = "[[1,[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "]]]"

        let code = errorCode { _ = try reader.read(Self.frame(deep)) }

        #expect(code == .dataLoss)
    }

    @Test func whitespaceBetweenFrames_isAccepted() throws {
        var reader = makeSUT()

        let arrays = try reader.read(Array("\n".utf8) + Self.frame(#"[[1,["noop"]]]"#) + Array("\r\n".utf8))

        #expect(arrays.map(\.id) == [1])
    }

    // MARK: - Helpers

    private func makeSUT() -> WebChannelFrameReader {
        WebChannelFrameReader(maximumFrameLength: 1 << 20, database: try? DatabaseID(projectID: "p"))
    }

    /// `<UTF-16 length>\n<json>`.
    static func frame(_ json: String) -> [UInt8] { Array("\(json.utf16.count)\n\(json)".utf8) }

    static let frames: [[UInt8]] = [
        frame(#"[[0,["c","SID-1==","",8,12,30000]]]"#),
        frame(
            #"[[1,[{"targetChange":{"targetChangeType":"ADD","targetIds":[2]}}]],[2,[{"documentChange":{"document":{"name":"projects/p/databases/(default)/documents/rooms/b","fields":{"s":{"stringValue":"é😀x"}},"createTime":"2026-11-25T23:57:39.743706Z","updateTime":"2026-11-25T23:57:39.743706Z"},"targetIds":[2]}}]]]"#
        ),
        frame(#"[[3,["noop"]]]"#),
        frame(#"[[4,["stop"]]]"#),
    ]

    static func validStream() -> [UInt8] { frames.flatMap { $0 } }
}
