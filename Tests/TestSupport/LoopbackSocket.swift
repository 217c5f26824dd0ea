import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket bound to an ephemeral port on 127.0.0.1: the one place tests make one, for a port to
/// hand to a child process or for a loopback server to listen on.
public enum LoopbackSocket {
    /// A new TCP socket bound to port 0 on 127.0.0.1, and the port the kernel chose. The caller owns the
    /// descriptor (listen on it, or close it). Throws the failing call's `POSIXError`.
    public static func bound() throws -> (descriptor: Int32, port: Int) {
        let descriptor = try stream()
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        let named =
            bound == 0
            ? withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            } : -1
        guard bound == 0, named == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            close(descriptor)
            throw POSIXError(code)
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A new TCP socket listening on an ephemeral port of 127.0.0.1 with `backlog`, and its port: what a
    /// loopback server accepts on. The caller owns the descriptor. Throws the failing call's `POSIXError`.
    public static func listening(backlog: Int32) throws -> (descriptor: Int32, port: Int) {
        let (descriptor, port) = try bound()
        guard listen(descriptor, backlog) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EADDRINUSE
            close(descriptor)
            throw POSIXError(code)
        }
        return (descriptor, port)
    }

    /// A new TCP socket connected to `port` on 127.0.0.1. The caller owns (and closes) the descriptor.
    /// Throws the failing call's `POSIXError`.
    public static func connected(port: Int) throws -> Int32 {
        let descriptor = try stream()
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED
            close(descriptor)
            throw POSIXError(code)
        }
        return descriptor
    }

    private static func stream() throws -> Int32 {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, socketType, 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return descriptor
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
