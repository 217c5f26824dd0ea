/// The field names of stored documents, interned: a stored record names a field by a small number
/// instead of repeating its text. Names are never forgotten, so the table is capped; past the cap, records
/// spell new names out. A durable engine interns nothing (``selfContained``): its records are written to
/// the log as they are, and a log cannot depend on a table that lives in one process.
package struct FieldNameTable: Sendable {
    static let capacity = 1 << 16

    /// Whether records written with this table name fields by number.
    package let interns: Bool
    private(set) var names: [String] = []
    private var ids: [TextKey: UInt32] = [:]

    /// A table that interns when `interning` (an in-memory engine's records), or a self-contained one.
    package init(interning: Bool = true) {
        interns = interning
    }

    /// A table that interns nothing: records written with it spell every field name out.
    package static var selfContained: FieldNameTable { FieldNameTable(interning: false) }

    /// The number of `name`, interning it when new and there is room; `nil` when it must be spelled out.
    mutating func intern(_ name: String) -> UInt32? {
        guard interns else { return nil }
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
        id >= 0 && id < names.count ? names[id] : nil
    }
}
