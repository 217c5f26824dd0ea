// Swift arrays in `arrayUnion` / `arrayRemove` (``FieldValueConvertible``, and Firebase's `[Any]`). A
// literal still takes the `[FieldValue]` forms (these are disfavoured). An element Firestore cannot store
// fails the write that carries the sentinel, with `invalidArgument` naming the field.

extension FieldValue {
    /// Appends each element not already present in the array field: typed Swift values, such as a
    /// `[String]` variable.
    @_disfavoredOverload
    public static func arrayUnion(_ elements: [any FieldValueConvertible]) -> FieldValue {
        arrayUnion(elements.map(\.fieldValue))
    }

    /// Appends each element not already present in the array field: values of any type, checked when
    /// the write is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public static func arrayUnion(_ elements: [Any]) -> FieldValue {
        arrayUnion(elements.map(FieldValue.init(converting:)))
    }

    /// Removes every occurrence of each element from the array field: typed Swift values, such as a
    /// `[String]` variable.
    @_disfavoredOverload
    public static func arrayRemove(_ elements: [any FieldValueConvertible]) -> FieldValue {
        arrayRemove(elements.map(\.fieldValue))
    }

    /// Removes every occurrence of each element from the array field: values of any type, checked when
    /// the write is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public static func arrayRemove(_ elements: [Any]) -> FieldValue {
        arrayRemove(elements.map(FieldValue.init(converting:)))
    }
}
