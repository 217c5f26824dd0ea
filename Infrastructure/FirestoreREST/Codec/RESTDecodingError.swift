public import HearthDomain

/// Why a piece of Firestore REST JSON could not be decoded, and where.
///
/// Every decoder of this module throws only this error. ``path`` locates the offending JSON node from the
/// root of the decoded text (`$.documents[3].fields.age.integerValue`); ``reason`` says what was wrong;
/// ``underlying`` is the domain error when a value object rejected the content (an invalid document
/// name, field path, timestamp, ...).
///
/// Convert it with ``documentStoreError(_:)`` at the edge, choosing the code for the situation: the REST
/// adapter reports a malformed *server answer* as `internal`, a local engine decoding a malformed
/// *request* reports `invalidArgument`.
public struct RESTDecodingError: Error, Sendable, CustomStringConvertible {
    /// One step of a JSON path: an object member or an array element.
    public enum PathComponent: Sendable, Hashable {
        /// The member named by the key, written `.key` in a path (or `["key"]` when it is not a simple name).
        case key(String)
        /// The array element at the index, written `[n]` in a path.
        case index(Int)
    }

    /// The path components from the root, innermost last. Stored innermost-first so that decoders can
    /// add the enclosing component while the error unwinds, at no cost on the success path.
    private var reversedComponents: [PathComponent]
    /// What was wrong with the node at ``path``.
    public let reason: String
    /// The domain error raised while building a value object from the node, if any.
    public let underlying: DocumentStoreError?

    /// An error at the root (`$`); decoders prepend the enclosing components as the error unwinds.
    public init(reason: String, underlying: DocumentStoreError? = nil) {
        self.reversedComponents = []
        self.reason = reason
        self.underlying = underlying
    }

    /// An error at the given path (components from the root).
    public init(path components: [PathComponent], reason: String, underlying: DocumentStoreError? = nil) {
        self.reversedComponents = components.reversed()
        self.reason = reason
        self.underlying = underlying
    }

    /// The path components from the root to the offending node.
    public var components: [PathComponent] { reversedComponents.reversed() }

    /// The JSON path of the offending node: `$` for the root, `.name` for members with simple names,
    /// `["some name"]` for other members, `[3]` for array elements.
    public var path: String {
        var text = "$"
        for component in reversedComponents.reversed() {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if RESTDecodingError.isSimpleKey(key) {
                    text += "." + key
                } else {
                    text += "[" + JSONWriter.string(.string(key)) + "]"
                }
            }
        }
        return text
    }

    /// `Malformed Firestore REST JSON at $.path: reason`, then the domain error's message in parentheses when
    /// there is one.
    public var description: String {
        var text = "Malformed Firestore REST JSON at \(path): \(reason)"
        if let underlying { text += " (\(underlying.message))" }
        return text
    }

    /// This error as a `DocumentStoreError` with the given code, the message naming the path and the
    /// reason, and `self` as the underlying cause.
    public func documentStoreError(_ code: DocumentStoreError.Code) -> DocumentStoreError {
        DocumentStoreError(code, description, underlying: self)
    }

    /// This error, located one level deeper inside `component`.
    public func prefixed(by component: PathComponent) -> RESTDecodingError {
        var copy = self
        copy.reversedComponents.append(component)
        return copy
    }

    private static func isSimpleKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "@")
        }
    }
}

extension RESTDecodingError {
    /// Runs `body`, locating any error it throws inside `component`.
    @inline(__always)
    static func within<T>(
        _ component: PathComponent, _ body: () throws(RESTDecodingError) -> T
    ) throws(RESTDecodingError) -> T {
        do {
            return try body()
        } catch {
            throw error.prefixed(by: component)
        }
    }

    /// Runs `body`, locating any error it throws inside the member `key`.
    @inline(__always)
    static func within<T>(key: String, _ body: () throws(RESTDecodingError) -> T) throws(RESTDecodingError) -> T {
        try within(.key(key), body)
    }

    /// Runs `body`, locating any error it throws inside the array element `index`.
    @inline(__always)
    static func within<T>(index: Int, _ body: () throws(RESTDecodingError) -> T) throws(RESTDecodingError) -> T {
        try within(.index(index), body)
    }
}

extension RESTDecodingError {
    /// The error for text that is not JSON at all: at the root (`$`), naming the byte offset.
    public init(_ error: JSONParseError) {
        self.init(reason: error.description)
    }
}
