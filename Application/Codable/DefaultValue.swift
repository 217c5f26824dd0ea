import HearthDomain

/// A property that takes a default when its field is missing or null, as a model declares:
///
/// ```swift
/// struct GymClass: Codable {
///     var name: String
///     @DefaultValue<DefaultValues.True> var isActive: Bool   // documents without isActive are active
/// }
/// ```
///
/// The default comes from a ``DefaultValueProvider`` type; ``DefaultValues`` has common ones, and you
/// can declare your own. A stored value of the wrong kind still throws (it is not replaced by the
/// default). Encoding always writes the current value. The same can be written by hand in
/// `init(from:)`: `isActive = try container.decodeIfPresent(Bool.self, forKey: .isActive) ?? true`.
@propertyWrapper
public struct DefaultValue<Provider: DefaultValueProvider>: Sendable {
    /// The value; the provider's default when the field was missing or null.
    public var wrappedValue: Provider.Wrapped

    /// An explicit value (encoded as is).
    public init(wrappedValue: Provider.Wrapped) {
        self.wrappedValue = wrappedValue
    }

    /// The provider's default.
    static var providerDefault: DefaultValue { DefaultValue(wrappedValue: Provider.defaultValue) }
}

/// Supplies the value a ``DefaultValue`` property takes when its field is missing or null.
public protocol DefaultValueProvider {
    /// The type of the property and of its default.
    associatedtype Wrapped: Codable & Sendable
    /// The default.
    static var defaultValue: Wrapped { get }
}

/// Common ``DefaultValueProvider``s.
public enum DefaultValues {
    /// `true`.
    public enum True: DefaultValueProvider {
        /// The default.
        public static var defaultValue: Bool { true }
    }

    /// `false`.
    public enum False: DefaultValueProvider {
        /// The default.
        public static var defaultValue: Bool { false }
    }

    /// `0`.
    public enum Zero: DefaultValueProvider {
        /// The default.
        public static var defaultValue: Int { 0 }
    }

    /// `""`.
    public enum EmptyString: DefaultValueProvider {
        /// The default.
        public static var defaultValue: String { "" }
    }

    /// An empty array of `Element`.
    public enum EmptyArray<Element: Codable & Sendable>: DefaultValueProvider {
        /// The default.
        public static var defaultValue: [Element] { [] }
    }
}

extension DefaultValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(
            wrappedValue: container.decodeNil() ? Provider.defaultValue : try container.decode(Provider.Wrapped.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension DefaultValue: MissingFieldDecodable {
    static func valueForMissingField(documentPath: DocumentPath?) -> DefaultValue { .providerDefault }
}

extension DefaultValue: Equatable where Provider.Wrapped: Equatable {}
extension DefaultValue: Hashable where Provider.Wrapped: Hashable {}
