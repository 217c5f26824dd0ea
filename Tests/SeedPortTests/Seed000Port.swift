// Seed 000 ("Operaciones Firestore", ../shared/seeds/000_01254e5ab3ef1eb5.txt), ported to Hearth.
//
// Every line between the BEGIN/END SEED markers is the seed's Swift code as written, block by block, in
// the seed's order; `SeedLineTests` checks that against the seed file. The one changed line is the import
// below (the seed has none: it is written for `import FirebaseFirestore`). Statement blocks of the seed
// are wrapped in functions named after their section (those wrapper lines are marked `// port:`), and the
// types the seed uses without declaring them (`Member`, `MemberRepository`, …) are in Seed000Models.swift.

// BEGIN SEED 000
import Hearth

public actor FirestoreMemberRepository: MemberRepository {
    private let db: Firestore
    private let collectionName: String
    
    private var collection: CollectionReference {
        db.collection(collectionName)
    }
    
    public init(
        collection: String = "members",
        db: Firestore = Firestore.firestore()
    ) {
        self.collectionName = collection
        self.db = db
    }
}

extension FirestoreMemberRepository { // port:

public func getMember(byId memberId: String) async throws -> Member? {
    let document = try await collection.document(memberId).getDocument()
    guard document.exists else { return nil }
    return try document.data(as: Member.self)
}

public func getAllMembers() async throws -> [Member] {
    let snapshot = try await collection
        .order(by: "paternalLastName", descending: false)
        .getDocuments()
    
    return try snapshot.documents.compactMap { document in
        try document.data(as: Member.self)
    }
}

public func getActiveMembers() async throws -> [Member] {
    let snapshot = try await collection
        .whereField("isActive", isEqualTo: true)
        .order(by: "paternalLastName", descending: false)
        .getDocuments()
    
    return try snapshot.documents.compactMap { document in
        try document.data(as: Member.self)
    }
}

func createBothForms(member: Member, user: AppUser) async throws { // port:
// Forma 1: setData con Encoder (mas control)
let encoded = try Firestore.Encoder().encode(member)
try await collection.document(member.id).setData(encoded)

// Forma 2: setData(from:) directo
try collection.document(user.id).setData(from: user)
} // port:

func updateMerging(member: Member) async throws { // port:
let encoded = try Firestore.Encoder().encode(member)
try await collection.document(member.id).setData(encoded, merge: true)
} // port:

func updateFields(memberId: String) async throws { // port:
try await collection.document(memberId).updateData([
    "isActive": false,
    "updatedAt": FieldValue.serverTimestamp()
])
} // port:

func hardDelete(userId: String) async throws { // port:
try await collection.document(userId).delete()
} // port:

public func deleteMember(_ memberId: String) async throws {
    let document = try await collection.document(memberId).getDocument()
    guard document.exists else {
        throw MemberError.memberNotFound
    }
    try await collection.document(memberId).updateData([
        "isActive": false,
        "updatedAt": FieldValue.serverTimestamp()
    ])
}

public func registerEmailIndex(email: String, userId: String) async throws {
    let normalized = email.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    try await db.collection("user_emails").document(normalized).setData([
        "primaryUserId": userId,
        "email": normalized,
        "createdAt": FieldValue.serverTimestamp()
    ])
}

public func resolveUserIdByEmail(_ email: String) async throws -> String? {
    let normalized = email.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    let document = try await db.collection("user_emails").document(normalized).getDocument()
    guard document.exists, let data = document.data() else { return nil }
    return data["primaryUserId"] as? String
}

public func isAdminSetupComplete() async throws -> Bool {
    let document = try await db.collection("app_config").document("setup").getDocument()
    return document.exists
}

public func markAdminSetupComplete(adminUserId: String) async throws {
    try await db.collection("app_config").document("setup").setData([
        "adminUserId": adminUserId,
        "createdAt": FieldValue.serverTimestamp()
    ])
}

public func searchMembers(query: String) async throws -> [Member] {
    let allMembers = try await getActiveMembers()
    let q = query.lowercased()
    
    return allMembers.filter { member in
        member.firstName.lowercased().contains(q) ||
        member.paternalLastName.lowercased().contains(q) ||
        (member.maternalLastName?.lowercased().contains(q) ?? false) ||
        (member.phone?.contains(query) ?? false)
    }
}

public func getUserCount() async throws -> Int {
    let countQuery = collection.count
    let snapshot = try await countQuery.getAggregation(source: .server)
    return Int(truncating: snapshot.count)
}

} // port:
// END SEED 000
