/// Firebase's name for the database: `Firestore` is ``Database``, so Firebase code that declares
/// `let db: Firestore` or calls `Firestore.firestore()` (from the `Hearth` module) compiles as written.
public typealias Firestore = Database
