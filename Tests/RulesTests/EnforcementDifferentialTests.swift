import Foundation
import HearthDomain
import HearthFileSystem
import HearthPort
import HearthRules
import HearthTestSupport
import Testing

/// The file store *as a user* against Google's emulator: the same random requests as
/// `RulesDifferentialTests` (users, claims, methods, paths, documents, queries), each made of a
/// `FileSystemDocumentStore` through `acting(as:policy:)` under the rules file, and of the emulator with
/// the same rules and the user's unsigned token; the store must deny exactly the requests the emulator
/// denies (`permissionDenied` / HTTP 403). Reproducible by seed. `HEARTH_RULES_DIFFERENTIAL_REQUESTS`
/// sets how many requests per rules file (default 150).
@Suite(
    "File store as a user vs the emulator",
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
struct EnforcementDifferentialTests {
    @Test(arguments: RulesDifferentialTests.files.indices)
    func everyDecision_matchesTheEmulator(_ index: Int) async throws {
        let (name, text) = RulesDifferentialTests.files[index]
        let emulator = try await FirestoreEmulator.shared()
        let project = FirestoreEmulator.newProjectID(prefix: "enforce-\(name.replacingOccurrences(of: "_", with: "-"))")
        try await emulator.setRules(text, projectID: project)
        let client = EmulatorREST(base: emulator.baseURL, project: project)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-enforce-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await FileSystemDocumentStore.open(
            directory: directory, database: try DatabaseID(projectID: project), options: .init(durability: .relaxed))
        let policy = try RulesAccessPolicy(rules: text, fileName: "\(name).rules")
        let seed = UInt64(index + 1) &* 0xC2B2_AE3D
        var random = SplitMix64(seed: seed)
        try await client.write("admins/admin", ["owner": "admin"], token: nil)
        _ = try await store.commit(
            [.update(try DocumentPath("admins/admin"), fields: ["owner": "admin"])], transaction: nil)

        var mismatches: [String] = []
        var allowed = 0
        for number in 0..<RulesDifferentialTests.requestsPerFile {
            let request = RandomRequest(&random)
            let path = try DocumentPath(request.path)
            let status = try await client.send(request)
            let emulatorAllows = status != 403
            // The same state before the request in the store, written as the admin (rules bypassed).
            _ = try await store.commit(
                [request.existing.map { .update(path, fields: $0) } ?? .delete(path)], transaction: nil)
            let view = store.acting(as: try request.context, policy: policy)
            let hearthAllows: Bool
            do {
                try await Self.send(request, path: path, to: view)
                hearthAllows = true
            } catch let error as DocumentStoreError where error.code == .permissionDenied {
                hearthAllows = false
            }
            if emulatorAllows { allowed += 1 }
            if hearthAllows != emulatorAllows {
                mismatches.append(
                    "#\(number) (seed \(seed)): \(request) — emulator \(emulatorAllows ? "allows" : "denies") (HTTP \(status)), the file store \(hearthAllows ? "allows" : "denies")"
                )
            }
        }
        try await store.close()
        FileHandle.standardError.write(
            Data(
                "enforcement differential, \(name): \(RulesDifferentialTests.requestsPerFile) requests, \(allowed) allowed, \(mismatches.count) mismatches\n"
                    .utf8))
        #expect(
            mismatches.isEmpty,
            "\(name): \(mismatches.count) mismatches:\n\(mismatches.prefix(10).joined(separator: "\n"))")
        #expect(allowed > 0 && allowed < RulesDifferentialTests.requestsPerFile, "\(name): both outcomes seen")
    }

    /// Makes `request` of `store` (a view as the request's user); throws what the store throws.
    static func send(_ request: RandomRequest, path: DocumentPath, to store: any DocumentStore) async throws {
        switch request.operation {
        case .get:
            _ = try await store.getDocument(path, mask: nil, consistency: .latest)
        case .set(let fields):
            _ = try await store.commit([.update(path, fields: fields)], transaction: nil)
        case .delete:
            _ = try await store.commit([.delete(path)], transaction: nil)
        case .list(let filter, let limit):
            let query = StructuredQuery(
                from: CollectionSelector(collectionID: path.collectionID), filter: filter, limit: limit)
            let parent = path.segments.count > 2 ? try DocumentPath(segments: Array(path.segments.dropLast(2))) : nil
            _ = try await store.runQueryAll(parent: parent, query: query, consistency: .latest)
        }
    }
}

extension RandomRequest {
    /// The request's user as an `AuthContext` (no user: unauthenticated).
    var context: AuthContext {
        get throws {
            guard let user else { return .unauthenticated }
            // The claims the emulator's token shows (RulesDifferentialTests.token): the user's, `sub`, `user_id`.
            var claims = user.claims
            claims["sub"] = .string(user.uid)
            claims["user_id"] = .string(user.uid)
            return .user(try UserID(user.uid), claims: claims)
        }
    }
}
