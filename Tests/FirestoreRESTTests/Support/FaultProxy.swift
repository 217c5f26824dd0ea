import Foundation
import HearthTestSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP proxy on 127.0.0.1 in front of a real server (the emulator), which a test tells to break the
/// connections going through it the ways a network does: ``cut()`` closes every open connection at once,
/// ``truncate()`` lets the next bytes from the server through only in part and then closes that
/// connection (a frame ends mid-way), ``stall(for:)`` holds every byte from the server for a while (the
/// connections stay open, nothing arrives). Blocking sockets, two threads per connection.
final class FaultProxy: Sendable {
    let port: Int
    private let listener: Int32
    private let upstreamPort: Int
    private struct State {
        var pairs: [Int: (client: Int32, server: Int32)] = [:]
        var nextID = 0
        var stalledUntil: ContinuousClock.Instant?
        var truncateNext = false
        var stopped = false
        var connections = 0
    }
    private let state = Mutex(State())

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// Connections accepted so far.
    var connectionCount: Int { state.withLock { $0.connections } }

    init(upstreamPort: Int) throws {
        signal(SIGPIPE, SIG_IGN)
        (listener, port) = try LoopbackSocket.listening(backlog: 64)
        self.upstreamPort = upstreamPort
        Thread { [self] in acceptLoop() }.start()
    }

    deinit { stop() }

    /// Closes every connection through the proxy (both sides), as a dropped network does.
    func cut() {
        for pair in state.withLock({ Array($0.pairs.values) }) { Self.shut(pair) }
    }

    /// The next bytes the server sends on any connection get through only in part, then that connection
    /// is closed.
    func truncate() { state.withLock { $0.truncateNext = true } }

    /// Holds every byte from the server for `duration`; connections stay open.
    func stall(for duration: Duration) { state.withLock { $0.stalledUntil = ContinuousClock.now + duration } }

    /// Stops accepting and closes every connection.
    func stop() {
        let pairs = state.withLock { state -> [(client: Int32, server: Int32)] in
            guard !state.stopped else { return [] }
            state.stopped = true
            return Array(state.pairs.values)
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for pair in pairs { Self.shut(pair) }
    }

    private static func shut(_ pair: (client: Int32, server: Int32)) {
        shutdown(pair.client, Int32(SHUT_RDWR))
        shutdown(pair.server, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            guard let server = try? LoopbackSocket.connected(port: upstreamPort) else {
                close(client)
                continue
            }
            let id = state.withLock { state -> Int? in
                guard !state.stopped else { return nil }
                state.nextID += 1
                state.connections += 1
                state.pairs[state.nextID] = (client, server)
                return state.nextID
            }
            guard let id else {
                close(client)
                close(server)
                return
            }
            let finished = Mutex(0)
            let finish: @Sendable () -> Void = { [self] in
                let both = finished.withLock { count -> Bool in
                    count += 1
                    return count == 2
                }
                guard both else { return }
                _ = state.withLock { $0.pairs.removeValue(forKey: id) }
                close(client)
                close(server)
            }
            Thread { [self] in
                pump(from: client, to: server, downstream: false, pair: (client, server))
                finish()
            }.start()
            Thread { [self] in
                pump(from: server, to: client, downstream: true, pair: (client, server))
                finish()
            }.start()
        }
    }

    /// Copies bytes until either side closes; the server's bytes (`downstream`) obey the faults.
    private func pump(from source: Int32, to destination: Int32, downstream: Bool, pair: (client: Int32, server: Int32))
    {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        // Truncation cuts bodies, never a response head: FoundationNetworking traps ("Transfer completed,
        // but there's no response") when a connection ends inside the head of an answer.
        var headsPassed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            var forward = count
            var truncated = false
            if downstream {
                while let until = state.withLock({ $0.stalledUntil }), ContinuousClock.now < until {
                    Thread.sleep(forTimeInterval: 0.005)
                }
                truncated =
                    headsPassed
                    && state.withLock { state -> Bool in
                        defer { state.truncateNext = false }
                        return state.truncateNext
                    }
                if !headsPassed, buffer[0..<count].contains(13) {
                    headsPassed = Self.containsHeadEnd(buffer[0..<count])
                }
                if truncated { forward = max(1, count / 2) }
            }
            guard write(destination, buffer, forward) else { break }
            if truncated { break }
        }
        Self.shut(pair)
    }

    /// Whether `bytes` hold the end of a response head (`\r\n\r\n`).
    private static func containsHeadEnd(_ bytes: ArraySlice<UInt8>) -> Bool {
        let end: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return false }
        var index = bytes.startIndex
        while index + 4 <= bytes.endIndex {
            if bytes[index..<(index + 4)].elementsEqual(end) { return true }
            index += 1
        }
        return false
    }

    /// Writes the first `count` bytes (SIGPIPE is ignored: a closed peer is a failed write).
    private func write(_ connection: Int32, _ bytes: [UInt8], _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let written = bytes.withUnsafeBytes {
                send(connection, $0.baseAddress.map { $0 + offset }, count - offset, 0)
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
