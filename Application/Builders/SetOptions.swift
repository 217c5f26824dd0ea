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
