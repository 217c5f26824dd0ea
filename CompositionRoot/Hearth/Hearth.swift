// The composition root: the only module that names concrete adapters (in-memory, file, Firestore REST).
//
// `import Hearth` gives everything a program needs, with no other import: Foundation (`Date`, `Data`,
// `NSNumber`, ...), the Domain, the port (`DocumentStore`, its requests and listen snapshots, the retry
// policy) and the client API with Firebase's names (`Firestore`, `Firestore.Encoder`, ...), plus the
// configuration, the factories,
// `Firestore.firestore()` and the policy decorators of this module:
//
//     let db = try HearthConfiguration(store: .memory).makeDatabase()
//
@_exported import Foundation
@_exported import HearthApplication
@_exported import HearthDomain
@_exported import HearthPort
