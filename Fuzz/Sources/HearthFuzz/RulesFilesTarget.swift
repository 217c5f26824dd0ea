import HearthDomain
import HearthRules

/// `firestore.rules` files: `RulesParser` parses them or throws an error naming `file:line:column`, never
/// traps; a file that parses is then used to decide a few requests, which never traps either.
enum RulesFilesTarget: FuzzTarget {
    static let name = "rules-files"

    static func run(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        let file: RulesFile
        do {
            file = try RulesParser().parse(text, fileName: "f.rules")
        } catch {
            guard error.code == .invalidArgument, error.message.hasPrefix("f.rules:"),
                error.message.dropFirst("f.rules:".count).first?.isNumber == true
            else { FuzzCheck.fail(name, "an error without a line and column: \(error.message)") }
            return
        }
        let engine = RulesEngine(file: file)
        let time = Timestamp(date: .init(timeIntervalSince1970: 1_780_000_000))
        for method in RulesMethod.allCases {
            for auth in [nil, RulesAuth(uid: "u1", token: ["admin": true])] {
                _ = engine.allows(
                    RulesRequest(
                        method: method, path: ["users", "u1"], auth: auth, time: time, existing: ["owner": "u1"],
                        incoming: ["owner": "u1", "n": 1]))
            }
        }
        // A query the rules must prove from its filters (a choice, bounds), and a commit of two writes
        // whose document reads are counted together.
        var bounds = RulesFieldConstraint()
        bounds.upper = 5
        bounds.lower = 1
        bounds.lowerInclusive = true
        bounds.excluded = [3]
        bounds.contained = ["a"]
        let query = RulesQuery(
            limit: 10, equalities: ["owner": "u1"], choices: ["o": ["a", "b"]], bounds: ["n": bounds, "tags": bounds])
        for auth in [nil, RulesAuth(uid: "u1")] {
            _ = engine.allows(RulesRequest(method: .list, path: ["users", ""], auth: auth, time: time, query: query))
        }
        _ = engine.firstDenied([
            RulesRequest(
                method: .create, path: ["users", "u1"], auth: RulesAuth(uid: "u1"), time: time, incoming: ["n": 1]),
            RulesRequest(
                method: .delete, path: ["users", "u2"], auth: RulesAuth(uid: "u1"), time: time, existing: [:]),
        ])
    }

    static func corpus() throws -> [[UInt8]] {
        let files = [
            """
            rules_version = '2';
            service cloud.firestore {
              match /databases/{database}/documents {
                match /users/{userId} {
                  allow read, write: if request.auth != null && request.auth.uid == userId;
                }
                match /products/{document=**} {
                  allow read: if request.auth != null;
                  allow write: if request.auth != null && request.auth.token.admin == true;
                }
                match /{document=**} { allow read, write: if false; }
              }
            }
            """,
            """
            rules_version = '2';
            service cloud.firestore {
              match /databases/{database}/documents {
                function isOwner(data) { return request.auth != null && data.owner == request.auth.uid; }
                match /users/{id} {
                  allow get: if resource == null || isOwner(resource.data);
                  allow create: if isOwner(request.resource.data) && request.resource.data.n is int
                    && request.resource.data.keys().hasOnly(['owner', 'n']) && request.time > timestamp.date(2020, 1, 1);
                  allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(['n'])
                    && 'a,b'.split(',').size() == 2 && [1, 2][0:1] == [1] && {'k': 1}.get('k', 0) == 1;
                  allow delete: if exists(/databases/$(database)/documents/admins/$(request.auth.uid))
                    || math.abs(-1) == 1 ? true : 'x'.matches('[a-z]+');
                }
              }
            }
            """,
        ]
        return files.map { Array($0.utf8) }
    }
}
