import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 for one test, answering each request as its handler says —
/// including the hostile ways (redirects, closing after reading, silence, endless bodies) that a
/// `URLProtocol` stub cannot play, because they happen below URLSession. Blocking sockets, one thread
/// per connection; `stop()` (or deinit) closes everything.
public final class LoopbackServer: Sendable {
    /// A request as the server read it.
    public struct Request: Sendable {
        /// The method, such as `POST`.
        public let method: String
        /// The request target: the path and the query, as sent.
        public let target: String
        /// Header names lower-cased.
        public let headers: [String: String]
        /// The body bytes (read by `Content-Length`).
        public let body: [UInt8]

        /// The body as UTF-8 text.
        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    /// What the server does with one request.
    public enum Action: Sendable {
        /// Answers with this status, headers and body (`Content-Length` added), keeping the connection.
        case respond(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
        /// Closes the connection without answering (after the request was read whole).
        case close
        /// Never answers; waits until the client goes away.
        case silent
        /// Answers 200 with a chunked body of `total` bytes of `"a"`, as fast as the client reads.
        case endless(total: Int)
        /// Answers `status` with a chunked body: each chunk written as one HTTP chunk, `pause` apart; then
        /// ends the body, stays silent until the client goes away, or closes without ending it.
        case stream(
            status: Int = 200, chunks: [[UInt8]], pause: Duration = .zero, then: StreamEnd = .end,
            beforeLast: Gate? = nil)

        /// Held by a `.stream` answer before its last chunk until the test opens it (or 60 s pass): a
        /// client that reads the first chunks while the server still holds the rest opens it in time.
        public final class Gate: Sendable {
            /// A closed gate.
            public init() {}
            private let semaphore = DispatchSemaphore(value: 0)
            private let state = Mutex((opened: false, timedOut: false))
            /// Lets the server send the rest.
            public func open() {
                let first = state.withLock { state -> Bool in
                    defer { state.opened = true }
                    return !state.opened
                }
                if first { semaphore.signal() }
            }
            /// Whether the server gave up waiting (the client never saw the first chunks in time).
            public var timedOut: Bool { state.withLock { $0.timedOut } }
            fileprivate func wait() {
                if semaphore.wait(timeout: .now() + 60) == .timedOut { state.withLock { $0.timedOut = true } }
            }
        }

        /// How a `.stream` answer ends.
        public enum StreamEnd: Sendable {
            /// End the body; stay silent until the client goes away; close without ending it.
            case end, silent, close
        }

        /// Answers `status` with the JSON `text` (and `headers`).
        public static func json(_ status: Int, _ text: String, headers: [(String, String)] = []) -> Action {
            .respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
        }
    }

    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Action
    private let state = Mutex<(requests: [Request], connections: Set<Int32>, sent: Int, stopped: Bool)>(
        ([], [], 0, false))

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// Every request read, in order.
    public var requests: [Request] { state.withLock { $0.requests } }
    /// Body bytes written by `.endless` and `.stream` answers.
    public var bodyBytesSent: Int { state.withLock { $0.sent } }

    /// A server answering each request as `handler` says; throws the failing socket call's error.
    public init(_ handler: @escaping @Sendable (Request) -> Action) throws {
        signal(SIGPIPE, SIG_IGN)
        (listener, port) = try LoopbackSocket.listening(backlog: 16)
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Closes the listening socket and every connection.
    /// Once only: a second call (an explicit `stop()`, then deinit) must not touch the listening descriptor
    /// again, which by then may be another server's. Connections are shut down under the lock, before
    /// their threads (which remove them under it first) can close them and free the descriptor for reuse.
    public func stop() {
        let first = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        // Wakes an accept() that shutdown does not interrupt (Darwin). The accept loop closes the listening
        // descriptor itself as it ends, so no thread uses it after it is closed and perhaps reused.
        if let wake = try? LoopbackSocket.connected(port: port) { close(wake) }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if isStopped { return }
                continue
            }
            let registered = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(connection)
                return true
            }
            guard registered else {
                close(connection)
                return
            }
            Thread { [self] in
                serve(connection)
                _ = state.withLock { $0.connections.remove(connection) }
                close(connection)
            }.start()
        }
    }

    private func serve(_ connection: Int32) {
        var buffer: [UInt8] = []
        while let request = readRequest(connection, buffer: &buffer) {
            state.withLock { $0.requests.append(request) }
            switch handler(request) {
            case .respond(let status, let headers, let body):
                var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\n"
                for (name, value) in headers { head += "\(name): \(value)\r\n" }
                guard write(connection, Array((head + "\r\n").utf8) + body) else { return }
            case .close:
                return
            case .silent:
                var byte: UInt8 = 0
                while !isStopped, recv(connection, &byte, 1, 0) > 0 {}
                return
            case .endless(let total):
                guard
                    write(
                        connection,
                        Array(
                            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                                .utf8))
                else { return }
                let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
                var sent = 0
                while sent < total {
                    let size = min(chunk.count, total - sent)
                    guard
                        write(connection, Array(String(size, radix: 16).utf8) + [13, 10] + chunk[0..<size] + [13, 10])
                    else { return }
                    sent += size
                    state.withLock { $0.sent += size }
                }
                guard write(connection, Array("0\r\n\r\n".utf8)) else { return }
            case .stream(let status, let chunks, let pause, let end, let gate):
                let head =
                    "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
                guard write(connection, Array(head.utf8)) else { return }
                for (index, chunk) in chunks.enumerated() where !chunk.isEmpty {
                    if index == chunks.count - 1 { gate?.wait() }
                    if pause > .zero {
                        Thread.sleep(
                            forTimeInterval: Double(pause.components.attoseconds) / 1e18
                                + Double(pause.components.seconds))
                    }
                    guard write(connection, Array(String(chunk.count, radix: 16).utf8) + [13, 10] + chunk + [13, 10])
                    else { return }
                    state.withLock { $0.sent += chunk.count }
                }
                switch end {
                case .end:
                    guard write(connection, Array("0\r\n\r\n".utf8)) else { return }
                case .silent:
                    var byte: UInt8 = 0
                    while !isStopped, recv(connection, &byte, 1, 0) > 0 {}
                    return
                case .close:
                    return
                }
            }
        }
    }

    /// Reads one request (head and `Content-Length` body); `nil` when the connection ends first.
    private func readRequest(_ connection: Int32, buffer: inout [UInt8]) -> Request? {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find(separator, in: buffer)
            if headEnd == nil { guard receive(connection, into: &buffer) else { return nil } }
        }
        guard let end = headEnd else { return nil }
        let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let bodyStart = end + separator.count
        while buffer.count < bodyStart + length {
            guard receive(connection, into: &buffer) else { return nil }
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return Request(
            method: requestLine.first.map(String.init) ?? "",
            target: requestLine.dropFirst().first.map(String.init) ?? "",
            headers: headers, body: body
        )
    }

    private func receive(_ connection: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = recv(connection, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 501: "Not Implemented"
        case 429: "Too Many Requests"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
