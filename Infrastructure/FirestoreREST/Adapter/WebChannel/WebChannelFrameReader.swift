import HearthDomain
import HearthFirestoreCodec

/// One array of a WebChannel back channel: `[arrayID, payload]`.
struct WebChannelArray: Sendable, Hashable {
    /// The array's ID (consecutive per session; what the client acknowledges as `AID`).
    let id: Int
    /// What it carries.
    let payload: WebChannelPayload
    /// The payload's size in bytes, as received (what holding it costs).
    let byteCount: Int
}

/// The payload of one back-channel array.
enum WebChannelPayload: Sendable, Hashable {
    /// A `ListenResponse`.
    case response(RESTListenResponse)
    /// `["c", SID, hostPrefix, version, serverVersion, keepAliveMs]`: the channel was created.
    case created(sessionID: String, keepAlive: Duration?)
    /// `["noop"]`: a keep-alive.
    case noop
    /// `["stop"]`: the server ends the session (an error, in WebChannel's terms).
    case stop
    /// `["close"]`: the server closes the session.
    case close
    /// `[{"error": {…}}]` (or `[[{"error": …}]]`): the RPC ended with this status.
    case serverError(RESTErrorBody)
    /// A control array of another kind (`[name, …]`), which this client does not use.
    case otherControl(String)
}

/// Reads WebChannel's back channel: frames of `<decimal length>\n<JSON>`, split across chunks anywhere.
///
/// The length counts UTF-16 code units of the JSON text, not bytes (what the server's Java `String`
/// and the browser's `XMLHttpRequest.responseText` count: observed on the emulator, where `"é😀"` adds
/// 3 units and 6 bytes), so the reader counts units while it buffers UTF-8 bytes. Each frame's JSON is a
/// list of `[arrayID, payload]`; see ``WebChannelPayload``.
///
/// Bounded: a frame may declare at most `maximumFrameLength` units and hold at most that many bytes
/// (a larger declared length fails at once, naming it and the cap); a length line may have at most 10
/// digits. Only the frame being read is buffered.
///
/// Errors (`DocumentStoreError`, never a trap): `dataLoss` for broken framing (a length that is not
/// decimal, too long, zero, a frame longer than declared or not valid UTF-8, JSON that is not a list of
/// `[id, payload]`), naming what was wrong and where; `internal` for a payload that is neither a
/// `ListenResponse`, a status nor a control array, naming the array's ID and the decoder's reason.
/// Arrays whose ID is not above the last one read (a resend) are skipped.
struct WebChannelFrameReader: Sendable {
    /// The default cap: 64 MiB, as for a whole REST answer (an emulator re-sends a whole query result
    /// in one frame).
    static let defaultMaximumFrameLength = 64 << 20

    let maximumFrameLength: Int
    /// Document names must belong to this database (`nil`: any).
    let database: DatabaseID?
    /// The ID of the last array read (`-1` before the first): the `AID` acknowledged to the server.
    private(set) var lastArrayID = -1
    /// How many arrays were skipped as resends.
    private(set) var skippedArrays = 0

    private enum Phase {
        /// Reading a length line: its value and digit count so far.
        case length(value: Int, digits: Int)
        /// Reading a frame's JSON: declared units, units read, continuation bytes still expected.
        case body(declared: Int, units: Int, pending: Int)
    }

    private var phase = Phase.length(value: 0, digits: 0)
    private var frame: [UInt8] = []
    /// Bytes read in all, for error messages.
    private var offset = 0

    /// A reader at the start of a response; arrays up to `lastArrayID` (already read on an earlier
    /// response of the session) are skipped.
    init(
        maximumFrameLength: Int = WebChannelFrameReader.defaultMaximumFrameLength, database: DatabaseID?,
        lastArrayID: Int = -1
    ) {
        self.maximumFrameLength = max(1, maximumFrameLength)
        self.database = database
        self.lastArrayID = lastArrayID
    }

    /// Whether the reader is between frames (a response may end here).
    var isAtFrameBoundary: Bool {
        if case .length(_, 0) = phase { return true }
        return false
    }

    /// Reads `bytes` and returns the arrays of every frame they complete, in order.
    mutating func read(_ bytes: some Collection<UInt8>) throws(DocumentStoreError) -> [WebChannelArray] {
        var arrays: [WebChannelArray] = []
        for byte in bytes {
            offset += 1
            switch phase {
            case .length(let value, let digits):
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard digits < 10 else {
                        throw framing("a frame length of more than 10 digits (starting \(value))")
                    }
                    phase = .length(value: value * 10 + Int(byte - UInt8(ascii: "0")), digits: digits + 1)
                case UInt8(ascii: "\n") where digits > 0:
                    guard value <= maximumFrameLength else {
                        throw framing(
                            "a frame of \(value) characters, above the cap of \(maximumFrameLength) (maximumFrameLength)"
                        )
                    }
                    guard value > 0 else { throw framing("a frame of length 0") }
                    phase = .body(declared: value, units: 0, pending: 0)
                    frame.removeAll(keepingCapacity: frame.capacity <= 1 << 16)
                case 0x20, 0x09, 0x0D, 0x0A:
                    guard digits == 0 else {
                        throw framing("expected a decimal frame length, found \(Self.describe(byte))")
                    }
                default:
                    throw framing("expected a decimal frame length, found \(Self.describe(byte))")
                }
            case .body(let declared, var units, var pending):
                frame.append(byte)
                switch byte {
                case 0x00..<0x80 where pending == 0: units += 1
                case 0x80..<0xC0 where pending > 0: pending -= 1
                case 0xC2..<0xE0 where pending == 0:
                    units += 1
                    pending = 1
                case 0xE0..<0xF0 where pending == 0:
                    units += 1
                    pending = 2
                case 0xF0..<0xF5 where pending == 0:
                    units += 2
                    pending = 3
                default:
                    throw framing("invalid UTF-8 (\(Self.describe(byte))) inside a frame")
                }
                guard units <= declared, frame.count <= maximumFrameLength else {
                    throw framing(
                        units > declared
                            ? "a frame longer than its declared \(declared) characters"
                            : "a frame of more than \(maximumFrameLength) bytes (maximumFrameLength)")
                }
                if units == declared && pending == 0 {
                    arrays += try parseFrame()
                    phase = .length(value: 0, digits: 0)
                } else {
                    phase = .body(declared: declared, units: units, pending: pending)
                }
            }
        }
        return arrays
    }

    /// The end of one response: throws `unavailable` when it ended inside a frame (a truncated
    /// transfer, which a new connection repairs), naming how much of the frame arrived.
    func finish() throws(DocumentStoreError) {
        switch phase {
        case .length(let value, let digits) where digits > 0:
            throw DocumentStoreError(
                .unavailable, "The WebChannel response ended inside a frame length (\(value)…, byte \(offset)).")
        case .body(let declared, let units, _):
            throw DocumentStoreError(
                .unavailable,
                "The WebChannel response ended inside a frame: \(units) of its \(declared) characters arrived (byte \(offset))."
            )
        default:
            return
        }
    }

    private func framing(_ what: String) -> DocumentStoreError {
        DocumentStoreError(.dataLoss, "Malformed WebChannel frame at byte \(offset): \(what).")
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte)
            ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: - The JSON of one frame

    private mutating func parseFrame() throws(DocumentStoreError) -> [WebChannelArray] {
        let bytes = frame
        var scanner = FrameScanner(bytes: bytes)
        var spans: [(id: Int, payload: Range<Int>)] = []
        do throws(FrameScanner.Failure) {
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: "["), "a list of arrays")
            scanner.skipWhitespace()
            if !scanner.consume(UInt8(ascii: "]")) {
                repeat {
                    scanner.skipWhitespace()
                    try scanner.expect(UInt8(ascii: "["), "an array [id, payload]")
                    scanner.skipWhitespace()
                    let id = try scanner.arrayID()
                    scanner.skipWhitespace()
                    try scanner.expect(UInt8(ascii: ","), "\",\" after array ID \(id)")
                    scanner.skipWhitespace()
                    guard scanner.current == UInt8(ascii: "[") else {
                        throw scanner.fail("the payload of array \(id) is not a list")
                    }
                    let payload = try scanner.skipValue()
                    scanner.skipWhitespace()
                    try scanner.expect(UInt8(ascii: "]"), "\"]\" closing array \(id)")
                    spans.append((id, payload))
                    scanner.skipWhitespace()
                } while scanner.consume(UInt8(ascii: ","))
                try scanner.expect(UInt8(ascii: "]"), "\",\" or \"]\" in the list of arrays")
            }
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.fail("text after the list of arrays") }
        } catch {
            throw framing("\(error.reason) (at byte \(error.offset) of a frame of \(bytes.count) bytes)")
        }
        var arrays: [WebChannelArray] = []
        arrays.reserveCapacity(spans.count)
        for span in spans {
            guard span.id > lastArrayID else {
                skippedArrays += 1
                continue
            }
            let payload = try decodePayload(bytes[span.payload], id: span.id)
            lastArrayID = span.id
            arrays.append(WebChannelArray(id: span.id, payload: payload, byteCount: span.payload.count))
        }
        return arrays
    }

    /// `[{ListenResponse}]`, `[{"error": …}]`, `[[{"error": …}]]` or `["name", …]`.
    private func decodePayload(_ bytes: ArraySlice<UInt8>, id: Int) throws(DocumentStoreError) -> WebChannelPayload {
        var scanner = FrameScanner(bytes: bytes)
        let element: Range<Int>
        do throws(FrameScanner.Failure) {
            try scanner.expect(UInt8(ascii: "["), "a list")
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: "\"") { return try control(bytes, id: id) }
            element = try scanner.skipValue()
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: "]"), "one element")
        } catch {
            throw DocumentStoreError(
                .internal,
                "WebChannel array \(id) has a malformed payload: \(error.reason) (a list of one message, or a control message, expected)."
            )
        }
        let message = bytes[element]
        switch message.first {
        case UInt8(ascii: "{"):
            let listenError: RESTDecodingError
            do throws(RESTDecodingError) {
                return .response(try RESTListenCodec.decodeListenResponse(bytes: message, database: database))
            } catch {
                listenError = error
            }
            if let body = try? RESTErrorCodec.decodeErrorBody(bytes: message) {
                return .serverError(body)
            }
            throw DocumentStoreError(
                .internal,
                "WebChannel array \(id) is not a ListenResponse: \(listenError) (\(message.count) bytes)",
                underlying: listenError)
        case UInt8(ascii: "["):
            if let body = try? RESTErrorCodec.decodeErrorBody(bytes: message) { return .serverError(body) }
            throw DocumentStoreError(.internal, "WebChannel array \(id) holds a list that is not an error status.")
        default:
            throw DocumentStoreError(
                .internal, "WebChannel array \(id) holds neither a ListenResponse nor a control message.")
        }
    }

    private func control(_ bytes: ArraySlice<UInt8>, id: Int) throws(FrameScanner.Failure) -> WebChannelPayload {
        let json: JSON
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw FrameScanner.Failure(
                offset: error.offset, reason: "a control message that is not JSON (\(error.reason))")
        }
        guard case .array(let elements) = json, case .string(let name)? = elements.first else {
            throw FrameScanner.Failure(offset: 0, reason: "a control message must start with its name")
        }
        switch name {
        case "noop": return .noop
        case "stop": return .stop
        case "close": return .close
        case "c":
            guard elements.count > 1, case .string(let sessionID) = elements[1], !sessionID.isEmpty else {
                throw FrameScanner.Failure(offset: 0, reason: "\"c\" without a session ID")
            }
            var keepAlive: Duration?
            if elements.count > 5, case .number(let text) = elements[5], let milliseconds = Int(text),
                (1...86_400_000).contains(milliseconds)
            {
                keepAlive = .milliseconds(milliseconds)
            }
            return .created(sessionID: sessionID, keepAlive: keepAlive)
        default:
            return .otherControl(String(name.prefix(64)))
        }
    }
}

/// The few JSON steps a frame's structure needs: punctuation, a non-negative integer, and skipping a
/// whole value (strings and nesting honoured, depth bounded). The values skipped are validated by the
/// decoder that reads them.
private struct FrameScanner {
    struct Failure: Error {
        let offset: Int
        let reason: String
    }

    let bytes: ArraySlice<UInt8>
    var index: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    init(bytes: [UInt8]) { self.init(bytes: bytes[...]) }

    var current: UInt8? { index < bytes.endIndex ? bytes[index] : nil }
    var isAtEnd: Bool { index >= bytes.endIndex }

    func fail(_ reason: String) -> Failure { Failure(offset: index - bytes.startIndex, reason: reason) }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard consume(byte) else {
            throw fail("expected \(what), found \(current.map { "byte 0x" + String($0, radix: 16) } ?? "the end")")
        }
    }

    /// A non-negative decimal integer of at most 15 digits.
    mutating func arrayID() throws(Failure) -> Int {
        var value = 0
        var digits = 0
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            guard digits < 15 else { throw fail("an array ID of more than 15 digits") }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw fail("expected an array ID (a non-negative integer)") }
        return value
    }

    /// Skips one JSON value; returns its bounds.
    mutating func skipValue() throws(Failure) -> Range<Int> {
        let start = index
        var depth = 0
        repeat {
            guard let byte = current else { throw fail("the frame ends inside a value") }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth <= JSONParser.maximumDepth else {
                    throw fail("nesting deeper than \(JSONParser.maximumDepth) levels")
                }
                index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard depth > 0 else { throw fail("an unexpected \"\(Character(Unicode.Scalar(byte)))\"") }
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                index += 1
                while true {
                    guard let inner = current else { throw fail("the frame ends inside a string") }
                    index += 1
                    if inner == UInt8(ascii: "\\") {
                        guard !isAtEnd else { throw fail("the frame ends inside a string") }
                        index += 1
                    } else if inner == UInt8(ascii: "\"") {
                        break
                    }
                }
            default:
                index += 1
            }
        } while depth > 0
        return start..<index
    }
}
