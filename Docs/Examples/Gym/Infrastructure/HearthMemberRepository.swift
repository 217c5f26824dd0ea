import Foundation
import GymApplication
import GymDomain
import HearthApplication
import HearthDomain

/// Members in `members/{id}` and the email index in `user_emails/{normalised email}` (seed 000).
public struct HearthMemberRepository: MemberRepository, MemberRegistrar, EmailIndex {
    let database: Database

    private var members: CollectionReference { database.collection("members") }
    private var emails: CollectionReference { database.collection("user_emails") }

    public func save(_ member: Member) async throws(GymError) {
        try await GymErrorMapping.run("saving member \(member.id)") {
            try await members.document(member.id).setData(DocumentEncoder().encode(MemberRecord(member)))
        }
    }

    /// The member and their email claim are written in one batch: the email document is *created*
    /// (precondition `exists: false`), so a taken address fails the whole batch with `alreadyExists`.
    public func register(_ member: Member, email: Email) async throws(GymError) {
        do {
            let batch = database.batch()
            try batch.create(from: EmailRecord(primaryUserId: member.id, email: email.value), forDocument: emails.document(email.value))
            try batch.setData(from: MemberRecord(member), forDocument: members.document(member.id))
            try await batch.commit()
        } catch let error as DocumentStoreError where error.code == .alreadyExists {
            throw .emailAlreadyRegistered(email.value)
        } catch {
            throw GymErrorMapping.translate(error, context: "registering member \(member.id)")
        }
    }

    public func register(_ email: Email, memberID: String) async throws(GymError) {
        do {
            try await emails.document(email.value).create(from: EmailRecord(primaryUserId: memberID, email: email.value))
        } catch let error as DocumentStoreError where error.code == .alreadyExists {
            throw .emailAlreadyRegistered(email.value)
        } catch {
            throw GymErrorMapping.translate(error, context: "indexing \(email)")
        }
    }

    public func memberID(for email: Email) async throws(GymError) -> String? {
        try await GymErrorMapping.run("resolving \(email)") {
            try await emails.document(email.value).getDocumentIfExists(as: EmailRecord.self)?.primaryUserId
        }
    }

    public func member(id: String) async throws(GymError) -> Member? {
        try await GymErrorMapping.run("reading member \(id)") {
            try await members.document(id).getDocumentIfExists(as: MemberRecord.self)?.domain()
        }
    }

    public func activeMembers() async throws(GymError) -> [Member] {
        try await GymErrorMapping.run("listing active members") {
            try await members.whereField("isActive", isEqualTo: true).order(by: "paternalLastName")
                .getDocuments(as: MemberRecord.self).map { try $0.domain() }
        }
    }

    public func allMembers() async throws(GymError) -> [Member] {
        try await GymErrorMapping.run("listing members") {
            try await members.order(by: "paternalLastName").getDocuments(as: MemberRecord.self).map { try $0.domain() }
        }
    }

    /// Soft delete: `isActive = false` and the server's time in `updatedAt` (seed 000).
    public func deactivate(id: String) async throws(GymError) {
        do {
            try await members.document(id).updateData(["isActive": false, "updatedAt": FieldValue.serverTimestamp()])
        } catch let error as DocumentStoreError where error.code == .notFound {
            throw .memberNotFound(id)
        } catch {
            throw GymErrorMapping.translate(error, context: "deactivating member \(id)")
        }
    }

    public func countActive() async throws(GymError) -> Int {
        try await GymErrorMapping.run("counting members") {
            Int(truncating: try await members.whereField("isActive", isEqualTo: true).count.getAggregation().count)
        }
    }
}

/// The stored shape of a member (seed 000's field names). Private to Infrastructure: the wire shape
/// never leaks into the domain.
struct MemberRecord: Codable {
    @DocumentID var id: String?
    var firstName: String
    var paternalLastName: String
    var maternalLastName: String?
    var email: String?
    var phone: String?
    var membershipPlanId: String?
    @DefaultValue<DefaultValues.True> var isActive: Bool
    var registrationDate: Date
    @ServerTimestamp var createdAt: Timestamp?
    @ServerTimestamp var updatedAt: Timestamp?

    init(_ member: Member) {
        firstName = member.firstName
        paternalLastName = member.paternalLastName
        maternalLastName = member.maternalLastName
        email = member.email?.value
        phone = member.phone
        membershipPlanId = member.membershipPlanID
        isActive = member.isActive
        registrationDate = member.registeredAt
    }

    func domain() throws(GymError) -> Member {
        guard let id else { throw .invalidData("member without an ID") }
        return Member(
            id: id, firstName: firstName, paternalLastName: paternalLastName, maternalLastName: maternalLastName,
            email: try email.map { raw throws(GymError) in try Email(raw) }, phone: phone, membershipPlanID: membershipPlanId,
            isActive: isActive, registeredAt: registrationDate
        )
    }
}

/// `user_emails/{email}`: which member registered an address.
struct EmailRecord: Codable {
    var primaryUserId: String
    var email: String
    @ServerTimestamp var createdAt: Timestamp?

    init(primaryUserId: String, email: String) {
        self.primaryUserId = primaryUserId
        self.email = email
    }
}
