/// The field names of stored documents, interned: a stored record names a field by a small number
/// instead of repeating its text. Names are never forgotten, so the table is capped; past the cap, records
/// spell new names out.
struct FieldNameTable: Sendable {
    static let capacity = 1 << 16

    private(set) var names: [String] = []
    private var ids: [TextKey: UInt32] = [:]

    /// The number of `name`, interning it when new and there is room.
    mutating func intern(_ name: String) -> UInt32? {
        let key = TextKey(name)
        if let id = ids[key] { return id }
        guard names.count < Self.capacity else { return nil }
        let id = UInt32(names.count)
        names.append(name)
        ids[key] = id
        return id
    }

    /// The name numbered `id`, or `nil` for an unknown number.
    func name(_ id: Int) -> String? {
        id < names.count ? names[id] : nil
    }
}
