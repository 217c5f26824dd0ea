// The composition root: the only module that names concrete adapters (in-memory, file, Firestore REST).
//
// `import Hearth` gives the Domain and Application layers (values, the `DocumentStore` port, the client
// API) plus the configuration, the factories and the policy decorators of this module:
//
//     let db = try HearthConfiguration(store: .memory).makeDatabase()
//
@_exported import HearthApplication
@_exported import HearthDomain
