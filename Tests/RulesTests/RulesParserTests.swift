import Foundation
import HearthDomain
import HearthRules
import HearthTestSupport
import Testing

/// The rules parser: the seeds' files and every construct issue 19 lists parse into the expected syntax;
/// every error names its line and column; no input traps it.
@Suite("RulesParser")
struct RulesParserTests {
    static let seed001 = SeedRules.seed001
    static let seed002 = SeedRules.seed002

    /// Every construct of the rules language issue 19 lists, in one file.
    static let everything = """
        rules_version = '2';
        service cloud.firestore {
          function signedIn() { return request.auth != null; }
          match /databases/{database}/documents {
            function owns(uid) {
              let profile = get(/databases/$(database)/documents/users/$(uid));
              return signedIn() && request.auth.uid == uid && profile.data.role in ['member', 'admin'];
            }
            match /users/{userId} {
              allow get: if owns(userId);
              allow list: if request.query.limit <= 50 && request.query.orderBy == 'name';
              allow create: if request.resource.data.keys().hasAll(['name', 'age'])
                && request.resource.data.name is string && request.resource.data.name.size() < 100
                && request.resource.data.age is int && request.resource.data.age >= 0
                && request.time < timestamp.date(2030, 1, 1) + duration.value(1, 'd');
              allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name'])
                && !('admin' in request.auth.token) ? true : request.auth.token.admin == true;
              allow delete: if exists(/databases/$(database)/documents/admins/$(request.auth.uid))
                || existsAfter(/databases/$(database)/documents/audit/$(userId))
                || getAfter(/databases/$(database)/documents/users/$(userId)).data.deleted == true;
            }
            match /{path=**}/reviews/{reviewId} {
              allow read;
              allow write: if resource.data.text.matches('[a-z]+\\\\d*') && resource.id.lower().upper() != ''
                && resource.data.tags.size() % 2 == 0 && resource.data.score * 2 - 1 / 3 > -1.5e0
                && resource.data.m.get('k', 0) == {'a': 1, 'b': [1, 2]}.values()[0]
                && resource.data.list[1:2] == [2] && math.abs(-3) == 3 && hashing.sha256('x') != null
                && resource.__name__ == /databases/$(database)/documents/reviews/$(reviewId)
                && 'a,b'.split(',').toSet().hasAny(['a']) && ' x '.trim().replace('x', 'y') == 'y';
            }
          }
        }
        """

    @Test func theSeedsRules_parse() throws {
        let one = try RulesParser().parse(Self.seed001)
        #expect(one.version == "2")
        #expect(one.service == "cloud.firestore")
        let documents = try #require(one.matches.first)
        #expect(documents.path.description == "/databases/{database}/documents")
        #expect(documents.matches.map(\.path.description) == ["/users/{userId}", "/products/{document=**}"])
        let users = documents.matches[0]
        #expect(users.allows.first?.methods == [.get, .list, .create, .update, .delete])
        #expect(users.allows.first?.position == RulesPosition(line: 6, column: 7))

        let two = try RulesParser().parse(Self.seed002)
        let deny = try #require(two.matches.first?.matches.last)
        #expect(deny.path.segments == [.recursive("document")])
        #expect(deny.allows.first?.condition == .bool(false, RulesPosition(line: 19, column: 29)))
    }

    @Test func everyConstruct_parses() throws {
        let file = try RulesParser().parse(Self.everything)
        #expect(file.functions.map(\.name) == ["signedIn"])
        let documents = try #require(file.matches.first)
        #expect(documents.functions.first?.parameters == ["uid"])
        #expect(documents.functions.first?.bindings.map(\.name) == ["profile"])
        let users = documents.matches[0]
        #expect(users.allows.map(\.methods) == [[.get], [.list], [.create], [.update], [.delete]])
        let reviews = documents.matches[1]
        #expect(reviews.path.segments == [.recursive("path"), .literal("reviews"), .wildcard("reviewId")])
        #expect(reviews.allows.first?.condition == nil, "allow read; is unconditional")
        guard case .call(.identifier("get", _), let arguments, _)? = documents.functions.first?.bindings.first?.value
        else {
            Issue.record("the let binding is a call of get")
            return
        }
        guard case .path(let segments, _)? = arguments.first else {
            Issue.record("get's argument is a path")
            return
        }
        #expect(segments.count == 5)
        #expect(segments[1].parts == [.expression(.identifier("database", RulesPosition(line: 6, column: 38)))])
    }

    @Test func precedence_followsTheLanguage() throws {
        let file = try RulesParser().parse(
            "service cloud.firestore { match /a/{b} { allow read: if 1 + 2 * 3 == 7 || !true && false; } }")
        let condition = try #require(file.matches.first?.allows.first?.condition)
        guard
            case .binary(
                .or, .binary(.equal, .binary(.add, _, .binary(.multiply, _, _, _), _), _, _),
                .binary(.and, .unary(.not, _, _), .bool(false, _), _), _) = condition
        else {
            Issue.record("unexpected tree: \(condition)")
            return
        }
    }

    /// Broken files, each with the line and column its error must name.
    static let broken: [(String, String, String)] = [
        ("service cloud.firestore {\n  match /a/{b} {\n    allow read: if true\n  }\n}", "4:3", "expected ';'"),
        ("service cloud.storage { }", "1:9", "not cloud.firestore"),
        (
            "service cloud.firestore {\n  match /a/{b} {\n    allow reed: if true;\n  }\n}", "3:11",
            "unknown method 'reed'"
        ),
        ("service cloud.firestore { match /a/{b=**}/c { } }", "1:42", "the last segment unless rules_version = '2'"),
        ("service cloud.firestore {\n  match /a {\n    allow read: if 'open;\n  }\n}", "3:20", "string is not closed"),
        ("service cloud.firestore { /* never closed", "1:27", "comment is not closed"),
        ("service cloud.firestore { match /a { allow read: if (1 + ; } }", "1:58", "expected an expression"),
        ("service cloud.firestore { match /a { allow read: if a ? b; } }", "1:58", "expected ':'"),
        ("service cloud.firestore { match /a { allow read: if 99999999999999999999; } }", "1:53", "out of range"),
        ("service cloud.firestore { function f( { return 1; } }", "1:39", "expected a name"),
        ("service cloud.firestore { function f() { let x = 1; } }", "1:53", "expected 'return'"),
        ("rules_version = '3'; service cloud.firestore { }", "1:17", "must be '1' or '2'"),
        ("service cloud.firestore { } extra", "1:29", "expected the end of the file"),
        ("service cloud.firestore { match /a { allow read: if a # b; } }", "1:55", "unexpected character '#'"),
        ("service cloud.firestore { allow read; }", "1:27", "expected 'match' or 'function'"),
        ("", "1:1", "expected 'service cloud.firestore'"),
    ]

    @Test(arguments: broken.indices)
    func aBrokenFile_isAnErrorNamingItsLineAndColumn(_ index: Int) {
        let (text, position, message) = Self.broken[index]
        let error = #expect(throws: DocumentStoreError.self) { try RulesParser().parse(text, fileName: "x.rules") }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.hasPrefix("x.rules:\(position): ") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test func deepNesting_isAnError_notACrash() {
        let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        let error = #expect(throws: DocumentStoreError.self) {
            try RulesParser().parse("service cloud.firestore { match /a { allow read: if \(deep); } }")
        }
        #expect(error?.message.contains("nesting deeper than \(RulesParser.maximumDepth)") == true)
        let blocks = String(repeating: "match /a { ", count: 10_000) + String(repeating: "} ", count: 10_000)
        #expect(throws: DocumentStoreError.self) { try RulesParser().parse("service cloud.firestore { \(blocks) }") }
        let nots = String(repeating: "!", count: 100_000)
        #expect(throws: DocumentStoreError.self) {
            try RulesParser().parse("service cloud.firestore { match /a { allow read: if \(nots)true; } }")
        }
    }

    /// Mutated files (bytes replaced, deleted, inserted, duplicated; lines swapped) either parse or fail
    /// with an error naming a line and column: none traps. Reproducible: the seed is printed on failure.
    @Test func mutatedFiles_neverTrap() {
        var random = SplitMix64(seed: 0x5EED_2026_1126)
        let corpus = [Self.seed001, Self.seed002, Self.everything].map { Array($0.utf8) }
        let alphabet = Array("{}()[];:,./=*!&|<>'\"$?-+%#\\ \n\tabcdefghijklmnopqrstuvwxyz0123456789é∑".utf8)
        var parsed = 0
        var refused = 0
        for iteration in 0..<10_000 {
            var bytes = corpus[Int(random.next() % UInt64(corpus.count))]
            for _ in 0...(random.next() % 4) {
                let at = Int(random.next() % UInt64(max(bytes.count, 1)))
                switch random.next() % 4 {
                case 0 where !bytes.isEmpty: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1 where !bytes.isEmpty:
                    bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 8) + 1))
                case 2: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: min(at, bytes.count))
                default:
                    let end = min(bytes.count, at + Int(random.next() % 16))
                    bytes.insert(contentsOf: bytes[at..<end], at: at)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                _ = try RulesParser().parse(text)
                parsed += 1
            } catch {
                refused += 1
                let located = error.message.range(of: #"^firestore\.rules:\d+:\d+: "#, options: .regularExpression)
                if located == nil {
                    Issue.record("iteration \(iteration): an error without a line and column: \(error.message)")
                    return
                }
            }
        }
        #expect(parsed + refused == 10_000)
        #expect(parsed > 0 && refused > 0, "parsed \(parsed), refused \(refused)")
    }
}

/// A small, seedable random generator (SplitMix64), so a failing mutation can be replayed.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
