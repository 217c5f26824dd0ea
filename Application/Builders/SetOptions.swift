public import HearthDomain

/// How a set write treats the fields already stored in the document (Firebase's `setData` options).
public enum SetOptions: Sendable, Hashable {
    /// Replace the whole document with the data (the default). `FieldValue.delete()` is not allowed.
    case overwrite
    /// Merge the data into the document: every leaf of the data (a plain value, an array, an empty map,
    /// a `FieldValue.delete()`) is written; every other stored field is kept. Transforms apply as usual.
    case merge
    /// Write only these field paths, taking their values from the data (each path must be present in the
    /// data; no path may be a prefix of another). Data outside them is ignored, transforms outside them
    /// are dropped, and `FieldValue.delete()` may appear only exactly at one of them.
    case mergeFields([FieldPath])
}

extension SetOptions {
    /// `.mergeFields` from dotted paths (`"address.city"`), as Firebase's `setData(_:mergeFields:)` takes them.
    /// Throws `invalidArgument` naming a path that is not a valid dotted path.
    public static func mergeFields(dotted paths: [String]) throws(DocumentStoreError) -> SetOptions {
        var fieldPaths: [FieldPath] = []
        for path in paths {
            do {
                fieldPaths.append(try FieldPath(dotted: path))
            } catch {
                throw .invalidArgument("Invalid merge field in setData(): \(error.message)")
            }
        }
        return .mergeFields(fieldPaths)
    }
}
