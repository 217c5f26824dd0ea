import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP proxy on 127.0.0.1 in front of a loopback server (the Firestore emulator), whose network the
/// caller breaks on purpose: refuse connections, cut every open connection (mid-request too), let
/// requests through but drop their answers (the server applies a write the client never hears of),
/// or hold connections without an answer. Blocking sockets, one thread per direction of a connection;
/// ``stop()`` (or deinit) closes everything. Used by `hearth-bench sync-crash` and the cache's tests.
public final class LoopbackProxy: Sendable {
    /// What the proxy does with connections.
    public enum Mode: Sendable, Hashable {
        /// Forwards bytes both ways.
        case forward
        /// Closes new connections at once, and cut every open one when set: the network is down.
        case refuse
        /// Forwards requests to the server but not their answers: the first bytes of an answer close the
        /// client's connection (existing connections included), so the server applies what the client
        /// cannot know was applied. With `matching`, only the answers to requests whose bytes contain it
        /// (such as `":commit"`) are dropped; the others are forwarded.
        case dropResponses(matching: String? = nil)
        /// Accepts new connections and never forwards or answers them (the client times out); open
        /// connections keep forwarding.
        case silent
    }

    /// How many connections the proxy saw, and what it did to them.
    public struct Counts: Sendable, Hashable {
        /// Connections accepted and forwarded.
        public var forwarded = 0
        /// Connections closed at once (``Mode/refuse``, or the server could not be reached).
        public var refused = 0
        /// Connections held without an answer (``Mode/silent``).
        public var held = 0
        /// Connections cut while open (``cutConnections()``, ``Mode/refuse``).
        public var cut = 0
        /// Answers dropped (``Mode/dropResponses``).
        public var droppedResponses = 0
    }

    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// The port of the server it forwards to, on 127.0.0.1.
    public let upstreamPort: Int
    private let listener: Int32
    private let state = Mutex<State>(State())

    private struct State {
        var mode = Mode.forward
        var links: [Int: Link] = [:]
        var nextLink = 0
        var counts = Counts()
        var stopped = false
    }

    /// One proxied connection: the client's socket and the server's (`-1` when held).
    private struct Link {
        let client: Int32
        let upstream: Int32
        var openPumps: Int
        /// The start of the last request the client sent (whose answer comes next).
        var lastRequest = ""
    }

    /// `127.0.0.1:PORT`, the form of `FIRESTORE_EMULATOR_HOST`.
    public var hostAndPort: String { "127.0.0.1:\(port)" }

    /// What it does with connections now.
    public var mode: Mode { state.withLock { $0.mode } }

    /// The connections it saw so far.
    public var counts: Counts { state.withLock { $0.counts } }

    /// A proxy forwarding to `upstreamPort` on 127.0.0.1, in ``Mode/forward``; throws the failing
    /// socket call's error.
    public init(upstreamPort: Int) throws {
        signal(SIGPIPE, SIG_IGN)
        self.upstreamPort = upstreamPort
        (listener, port) = try LoopbackSocket.listening(backlog: 64)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Changes what the proxy does (see ``Mode``); ``Mode/refuse`` also cuts every open connection.
    public func setMode(_ mode: Mode) {
        state.withLock { $0.mode = mode }
        if mode == .refuse { cutConnections() }
    }

    /// Shuts down every open connection, both ways: a request or an answer under way is cut where it is.
    /// Returns how many were cut.
    @discardableResult
    public func cutConnections() -> Int {
        state.withLock { state in
            for link in state.links.values { Self.shut(link) }
            state.counts.cut += state.links.count
            return state.links.count
        }
    }

    /// Closes the listening socket and every connection. Once only (see `LoopbackServer.stop()`).
    public func stop() {
        let first = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            for link in state.links.values { Self.shut(link) }
            return true
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        if let wake = try? LoopbackSocket.connected(port: port) { close(wake) }
    }

    private static func shut(_ link: Link) {
        shutdown(link.client, Int32(SHUT_RDWR))
        if link.upstream >= 0 { shutdown(link.upstream, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let (stopped, mode) = state.withLock { ($0.stopped, $0.mode) }
            if stopped {
                close(client)
                return
            }
            switch mode {
            case .refuse:
                state.withLock { $0.counts.refused += 1 }
                close(client)
            case .silent:
                start(client: client, upstream: -1)
            case .forward, .dropResponses:
                guard let upstream = try? LoopbackSocket.connected(port: upstreamPort) else {
                    state.withLock { $0.counts.refused += 1 }
                    close(client)
                    continue
                }
                start(client: client, upstream: upstream)
            }
        }
    }

    /// Registers a link and starts its pumps (one, reading and discarding, for a held connection).
    private func start(client: Int32, upstream: Int32) {
        let id = state.withLock { state -> Int? in
            guard !state.stopped else { return nil }
            let id = state.nextLink
            state.nextLink += 1
            state.links[id] = Link(client: client, upstream: upstream, openPumps: upstream >= 0 ? 2 : 1)
            if upstream >= 0 { state.counts.forwarded += 1 } else { state.counts.held += 1 }
            return id
        }
        guard let id else {
            close(client)
            if upstream >= 0 { close(upstream) }
            return
        }
        Thread { [self] in pump(link: id, from: client, to: upstream >= 0 ? upstream : nil, answers: false) }.start()
        if upstream >= 0 {
            Thread { [self] in pump(link: id, from: upstream, to: client, answers: true) }.start()
        }
    }

    /// Copies bytes `from` → `to` (discards them when `to` is `nil`) until either side ends; `answers`:
    /// the server-to-client direction, where ``Mode/dropResponses`` applies. Then shuts the link down,
    /// and the last pump of the link closes both sockets (after removing it under the lock, so that no
    /// shutdown ever reaches a descriptor reused by another connection).
    private func pump(link id: Int, from source: Int32, to destination: Int32?, answers: Bool) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        loop: while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            guard let destination else { continue }
            let drop = state.withLock { state -> Bool in
                if !answers {
                    // A new request starts with its method and target (read whole in its first chunk).
                    let text = String(decoding: buffer[..<min(count, 512)], as: UTF8.self)
                    if ["POST ", "GET ", "PATCH ", "DELETE "].contains(where: { text.hasPrefix($0) }) {
                        state.links[id]?.lastRequest = text
                    }
                    return false
                }
                guard case .dropResponses(let matching) = state.mode else { return false }
                if let matching, state.links[id]?.lastRequest.contains(matching) != true { return false }
                state.counts.droppedResponses += 1
                return true
            }
            if drop { break }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return -1 }
                    return write(destination, base + offset, count - offset)
                }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break loop }
                offset += written
            }
        }
        let finished = state.withLock { state -> Link? in
            guard var link = state.links[id] else { return nil }
            Self.shut(link)
            link.openPumps -= 1
            if link.openPumps > 0 {
                state.links[id] = link
                return nil
            }
            state.links[id] = nil
            return link
        }
        if let finished {
            close(finished.client)
            if finished.upstream >= 0 { close(finished.upstream) }
        }
    }
}
