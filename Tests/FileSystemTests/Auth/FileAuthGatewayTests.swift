import Foundation
import Synchronization
import HearthCrypto
import HearthDomain
import HearthPort
import HearthTestSupport
import Testing

@testable import HearthFileSystem

/// What only the file gateway promises (the shared behaviours are `AuthContract`'s): durability across
/// reopening, several gateways on one folder, signed tokens, the failure limit, stored work factors, and
/// what the file holds.
@Suite("FileAuthGateway")
struct FileAuthGatewayTests {
    // MARK: Durability

    @Test func reopen_keepsAccountsAndSessions() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let first = try makeSUT(folder)
        let created = try await first.createUser(withEmail: "ana@example.com", password: "ana-password")

        let reopened = try makeSUT(folder)

        let session = try await reopened.signIn(withEmail: "ana@example.com", password: "ana-password")
        #expect(session.userID == created.userID)
        #expect(try await reopened.lookupUser(created).uid == created.userID, "the ID token survives")
        let refreshed = try await reopened.refresh(created)
        #expect(refreshed.refreshToken == created.refreshToken, "the refresh token survives")
        #expect(try reopened.userCount() == 1)
    }

    @Test func reopen_revokedSessionsStayRevoked() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let first = try makeSUT(folder)
        let signedOut = try await first.createUser(withEmail: "ana@example.com", password: "ana-password")
        let beforeChange = try await first.signIn(withEmail: "ana@example.com", password: "ana-password")
        try await first.signOut(signedOut)
        let afterChange = try await first.updatePassword(to: try Password("new-password"), for: beforeChange)

        let reopened = try makeSUT(folder)

        for revoked in [signedOut, beforeChange] {
            #expect(await thrownError(AuthError.self) { try await reopened.refresh(revoked) }?.code == .sessionExpired)
            #expect(
                await thrownError(AuthError.self) { try await reopened.lookupUser(revoked) }?.code == .sessionExpired)
        }
        #expect(
            await thrownError(AuthError.self) {
                try await reopened.signIn(withEmail: "ana@example.com", password: "ana-password")
            }?.code == .invalidCredentials)
        #expect(try await reopened.lookupUser(afterChange).uid == afterChange.userID)
    }

    @Test func twoGatewaysOnOneFolder_seeEachOthersChanges() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let one = try makeSUT(folder)
        let other = try makeSUT(folder)

        let session = try await one.createUser(withEmail: "ana@example.com", password: "ana-password")
        let elsewhere = try await other.signIn(withEmail: "ana@example.com", password: "ana-password")
        try await other.signOut(session)

        #expect(elsewhere.userID == session.userID)
        #expect(await thrownError(AuthError.self) { try await one.refresh(session) }?.code == .sessionExpired)
    }

    @Test func twoGatewaysOnOneFolder_concurrentSignUps_loseNothing() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let gateways = [try makeSUT(folder), try makeSUT(folder)]

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    _ = try await gateways[index % 2].createUser(
                        withEmail: "user\(index)@example.com", password: "password-\(index)")
                }
            }
            try await group.waitForAll()
        }

        #expect(try gateways[0].userCount() == 16)
        for index in 0..<16 {
            _ = try await gateways[1 - index % 2].signIn(
                withEmail: "user\(index)@example.com", password: "password-\(index)")
        }
    }

    @Test func fileWriteFails_isInternalNamingTheFile_andKeepsTheFileAsItWas() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let full = FileFaults { operation, name in
            operation == .write && name == "auth.json.writing" ? ENOSPC : nil
        }
        _ = try await makeSUT(folder).createUser(withEmail: "ana@example.com", password: "ana-password")
        let before = try Data(contentsOf: folder.file("auth.json"))
        let sut = try FileAuthGateway(
            file: AuthFile(folder: folder.path, faults: full), projectID: "hearth-local", workFactor: .contract,
            failureLimit: .default, tokenLifetime: .seconds(3_600), recentLoginWindow: .seconds(300),
            now: { Date() })

        let error = try #require(
            await thrownError(AuthError.self) {
                try await sut.createUser(withEmail: "bob@example.com", password: "bob-password")
            })

        #expect(error.code == .internal)
        #expect(error.message == "Could not write the auth file \(folder.path)/auth.json.")
        #expect((error.underlying as? DocumentStoreError)?.code == .resourceExhausted)
        #expect(try Data(contentsOf: folder.file("auth.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.file("auth.json.writing").path))
    }

    @Test func unchangedFile_isNotReadAgain_butAChangeByAnotherGatewayIs() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let reads = Mutex<[String]>([])
        let observed = FileFaults(observingReads: { name, _ in reads.withLock { $0.append(name) } }) { _, _ in nil }
        let sut = try FileAuthGateway(
            file: AuthFile(folder: folder.path, faults: observed), projectID: "hearth-local", workFactor: .contract,
            failureLimit: .default, tokenLifetime: .seconds(3_600), recentLoginWindow: .seconds(300),
            now: { Date() })
        let other = try makeSUT(folder)
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")
        reads.withLock { $0.removeAll() }

        _ = try await sut.lookupUser(session)
        _ = try await sut.refresh(session)
        let unchanged = reads.withLock { $0.filter { $0 == "auth.json" }.count }
        try await other.signOut(session)
        let afterChange = await thrownError(AuthError.self) { try await sut.lookupUser(session) }

        #expect(unchanged == 0, "the records it wrote are reused")
        #expect(reads.withLock { $0.filter { $0 == "auth.json" }.count } == 1, "the other gateway's change is read")
        #expect(afterChange?.code == .sessionExpired)
    }

    // MARK: Damaged files

    static let damagedFiles: [(name: String, bytes: String, problem: String)] = [
        ("empty", "", "is not JSON (cut short or overwritten?)."),
        ("garbage", "\u{1}\u{2}not json at all", "is not JSON (cut short or overwritten?)."),
        ("a JSON array", "[1, 2]", "the top level: has the wrong type."),
        ("no format", "{}", "format: is missing."),
        ("a foreign format", #"{"format": "other", "version": 1}"#, #"format: is not "hearth-auth"."#),
        ("a later version", #"{"format": "hearth-auth", "version": 2}"#, "version: is 2; this Hearth reads version 1."),
    ]

    @Test(arguments: damagedFiles.indices)
    func damagedFile_isInternalNamingTheFile_andIsNotReplaced(_ index: Int) throws {
        let (name, text, problem) = Self.damagedFiles[index]
        let folder = try TemporaryDirectory("hearth-auth")
        try Data(text.utf8).write(to: folder.file("auth.json"))

        let error = try #require(throwsAuthError { try makeSUT(folder) }, "\(name)")

        #expect(error.code == .internal, "\(name)")
        #expect(error.message == "The auth file \(folder.path)/auth.json is damaged: \(problem)", "\(name)")
        #expect(try Data(contentsOf: folder.file("auth.json")) == Data(text.utf8), "\(name): left as it was")
    }

    @Test func truncatedFile_isInternalNamingTheFile() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        _ = try await makeSUT(folder).createUser(withEmail: "ana@example.com", password: "ana-password")
        let whole = try Data(contentsOf: folder.file("auth.json"))
        try whole.prefix(whole.count / 2).write(to: folder.file("auth.json"))

        let error = try #require(throwsAuthError { try makeSUT(folder) })

        #expect(error.code == .internal)
        #expect(error.message.hasPrefix("The auth file \(folder.path)/auth.json is damaged: "))
    }

    /// Fields that decode but break a rule: each error names the field and never quotes the file (which
    /// holds the signing key).
    @Test(arguments: [
        ("\"email\" : \"ana@example.com\"", "\"email\" : \"not an email\"", "accounts[0].email: "),
        ("\"n\" : 1024", "\"n\" : 1000", "accounts[0].password: "),
        ("\"n\" : 1024", "\"n\" : 1073741824", "accounts[0].password: "),
        ("\"algorithm\" : \"scrypt\"", "\"algorithm\" : \"md5\"", "accounts[0].password.algorithm: "),
        ("\"disabled\" : false", "\"disabled\" : \"no\"", "accounts[0].disabled: has the wrong type."),
    ])
    func damagedField_namesTheField_neverTheKey(
        _ original: String, _ replacement: String, _ problem: String
    )
        async throws
    {
        let folder = try TemporaryDirectory("hearth-auth")
        _ = try await makeSUT(folder).createUser(withEmail: "ana@example.com", password: "ana-password")
        let text = try String(contentsOf: folder.file("auth.json"), encoding: .utf8)
        #expect(text.contains(original))
        try Data(text.replacingOccurrences(of: original, with: replacement).utf8).write(to: folder.file("auth.json"))

        let error = try #require(throwsAuthError { try makeSUT(folder) })

        #expect(error.code == .internal)
        #expect(error.message.hasPrefix("The auth file \(folder.path)/auth.json is damaged: \(problem)"))
        #expect(!error.description.contains(try storedSigningKey(text)))
    }

    @Test func shortSigningKey_andASignInOfNoAccount_areDamage() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        _ = try await makeSUT(folder).createUser(withEmail: "ana@example.com", password: "ana-password")
        let text = try String(contentsOf: folder.file("auth.json"), encoding: .utf8)
        let key = try storedSigningKey(text)

        try Data(text.replacingOccurrences(of: key, with: "c2hvcnQ").utf8).write(to: folder.file("auth.json"))
        #expect(
            throwsAuthError { try makeSUT(folder) }?.message.hasSuffix(
                "is damaged: signingKey: has 5 bytes, not 32…64.") == true)

        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        object["accounts"] = []
        try JSONSerialization.data(withJSONObject: object).write(to: folder.file("auth.json"))
        #expect(throwsAuthError { try makeSUT(folder) }?.message.hasSuffix("signIns[0].uid: names no account.") == true)
    }

    @Test func hugeFile_isRefusedBeforeReading() throws {
        let folder = try TemporaryDirectory("hearth-auth")
        _ = FileManager.default.createFile(atPath: folder.file("auth.json").path, contents: nil)
        let handle = try FileHandle(forWritingTo: folder.file("auth.json"))
        try handle.truncate(atOffset: UInt64(AuthFile.maximumByteCount + 1))
        try handle.close()

        let error = try #require(throwsAuthError { try makeSUT(folder) })

        #expect(error.code == .internal)
        #expect(error.message.contains("\(folder.path)/auth.json is not a Hearth auth file"))
    }

    @Test func fileDamagedOrRemovedAfterOpening_isInternal_neverAnEmptyStore() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder)
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        try Data("garbage".utf8).write(to: folder.file("auth.json"))
        let damaged = await thrownError(AuthError.self) { try await sut.lookupUser(session) }
        try FileManager.default.removeItem(at: folder.file("auth.json"))
        let missing = await thrownError(AuthError.self) {
            try await sut.signIn(withEmail: "ana@example.com", password: "ana-password")
        }

        #expect(damaged?.code == .internal)
        #expect(damaged?.message.hasPrefix("The auth file \(folder.path)/auth.json is damaged") == true)
        #expect(missing?.code == .internal)
        #expect(missing?.message.hasPrefix("The auth file \(folder.path)/auth.json is missing") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.file("auth.json").path), "not made again, empty")
    }

    // MARK: The failure limit

    @Test func failedSignIns_pastTheLimit_areTooManyRequests_untilTheWindowPasses() async throws {
        let clock = TestClock()
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(
            folder, clock: clock, limit: try SignInFailureLimit(maximumFailures: 3, window: .seconds(60)))
        _ = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        for attempt in 1...3 {
            clock.advance(by: 1)
            #expect(await signInCode(sut, "ana@example.com", "wrong-password") == .invalidCredentials, "\(attempt)")
        }
        clock.advance(by: 1)
        #expect(await signInCode(sut, "ana@example.com", "ana-password") == .tooManyRequests, "even the right one")
        #expect(await signInCode(sut, "ANA@example.com", "wrong-password") == .tooManyRequests, "any case")
        clock.advance(by: 56)
        #expect(await signInCode(sut, "ana@example.com", "ana-password") == .tooManyRequests, "59 s after the first")
        clock.advance(by: 1)
        #expect(await signInCode(sut, "ana@example.com", "ana-password") == nil, "60 s after the first")
    }

    @Test func successfulSignIns_areNotLimited() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder, limit: try SignInFailureLimit(maximumFailures: 1, window: .seconds(3_600)))
        _ = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        for _ in 1...20 {
            #expect(await signInCode(sut, "ana@example.com", "ana-password") == nil)
        }
    }

    @Test func aSuccessfulSignIn_forgetsTheFailures() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder, limit: try SignInFailureLimit(maximumFailures: 3, window: .seconds(3_600)))
        _ = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        #expect(await signInCode(sut, "ana@example.com", "wrong-password") == .invalidCredentials)
        #expect(await signInCode(sut, "ana@example.com", "wrong-password") == .invalidCredentials)
        #expect(await signInCode(sut, "ana@example.com", "ana-password") == nil)
        #expect(await signInCode(sut, "ana@example.com", "wrong-password") == .invalidCredentials)
        #expect(await signInCode(sut, "ana@example.com", "wrong-password") == .invalidCredentials)
        #expect(await signInCode(sut, "ana@example.com", "ana-password") == nil)
    }

    @Test func failures_surviveReopening_andCountForUnknownEmailsToo() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let limit = try SignInFailureLimit(maximumFailures: 2, window: .seconds(3_600))
        let first = try makeSUT(folder, limit: limit)
        _ = try await first.createUser(withEmail: "ana@example.com", password: "ana-password")
        var answers: [String] = []
        for email in ["ana@example.com", "nobody@example.com"] {
            for _ in 1...2 {
                let error = await thrownError(AuthError.self) {
                    try await first.signIn(withEmail: email, password: "wrong-password")
                }
                answers.append(error?.description ?? "no error")
            }
        }
        #expect(Set(answers) == [AuthError.invalidCredentials.description], "one answer, known email or not")

        let reopened = try makeSUT(folder, limit: limit)

        #expect(await signInCode(reopened, "ana@example.com", "ana-password") == .tooManyRequests)
        #expect(await signInCode(reopened, "nobody@example.com", "wrong-password") == .tooManyRequests)
        #expect(await signInCode(reopened, "other@example.com", "wrong-password") == .invalidCredentials)
    }

    @Test func invalidLimitsAndWorkFactors_areInternalNamingTheParameter() {
        #expect(
            throwsAuthError { try SignInFailureLimit(maximumFailures: 0, window: .seconds(1)) }?.message
                == "maximumFailures: must be at least 1 (it is 0).")
        #expect(
            throwsAuthError { try SignInFailureLimit(maximumFailures: 1, window: .zero) }?.message
                == "window: must be positive.")
        #expect(
            throwsAuthError { try ScryptWorkFactor(n: 1000, r: 8, p: 1) }?.message
                == "The scrypt work factor is invalid: invalid parameter n: must be a power of two greater than 1.")
        #expect(throwsAuthError { try ScryptWorkFactor(n: 1 << 20, r: 8, p: 1) }?.code == .internal, "1 GiB")
        #expect(throwsAuthError { try ScryptWorkFactor(n: 1 << 14, r: 0, p: 1) }?.code == .internal)
        #expect(ScryptWorkFactor.default.description == "scrypt(n: 16384, r: 8, p: 1)")
        #expect(ScryptWorkFactor.default.memoryByteCount == 16 << 20)
    }

    // MARK: Work factors

    @Test func storedWorkFactor_keepsOldAccountsWorking_andNewPasswordsGetTheNewOne() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let cheaper = try ScryptWorkFactor(n: 1 << 9, r: 4, p: 1)
        _ = try await makeSUT(folder, workFactor: cheaper).createUser(
            withEmail: "ana@example.com", password: "ana-password")
        let later = try makeSUT(folder, workFactor: .contract)

        let session = try await later.signIn(withEmail: "ana@example.com", password: "ana-password")
        #expect(try storedPassword(in: folder) == ["n": 512, "r": 4, "p": 1])
        _ = try await later.updatePassword(to: try Password("new-password"), for: session)
        #expect(try storedPassword(in: folder) == ["n": 1024, "r": 8, "p": 1])
    }

    // MARK: Tokens

    @Test func idToken_isAnHS256JWT_signedWithTheFilesKey_withFirebasesClaims() async throws {
        let clock = TestClock()
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder, clock: clock, projectID: "demo-gym")

        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        let key = try Base64URL.decode(try storedSigningKey(in: folder))
        let payload = try HS256JWT.verify(session.idToken, key: key, now: clock.now)
        // The claims' shape is LocalIDTokenClaims' (PortTests): here, that they are this session's.
        let claims = try #require(LocalIDTokenClaims(json: payload))
        #expect(
            [claims.aud, claims.sub, claims.email, claims.firebase.sign_in_provider]
                == ["demo-gym", session.userID.rawValue, "ana@example.com", "password"])
        #expect([claims.iat, claims.auth_time, claims.exp] == [1_800_000_000, 1_800_000_000, 1_800_003_600])
        #expect(claims.sid?.count == 20, "the sign-in it belongs to")
        #expect(session.expiresAt == Timestamp(date: Date(timeIntervalSince1970: 1_800_003_600)))
        #expect(session.userID.rawValue.count == 28)
    }

    @Test func tamperedTokens_areSessionExpired() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder)
        let ana = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")
        let bob = try await sut.createUser(withEmail: "bob@example.com", password: "bob-password")
        let otherFolder = try TemporaryDirectory("hearth-auth")
        let elsewhere = try makeSUT(otherFolder)
        let foreign = try await elsewhere.createUser(withEmail: "ana@example.com", password: "ana-password")
        let parts = ana.idToken.split(separator: ".").map(String.init)
        let claims = try #require(
            try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[1]))) as? [String: Any])
        var asBob = claims
        asBob["sub"] = bob.userID.rawValue
        asBob["user_id"] = bob.userID.rawValue
        let bobPayload = Base64URL.encode(try JSONSerialization.data(withJSONObject: asBob, options: [.sortedKeys]))
        var later = claims
        later["exp"] = (claims["exp"] as? Int ?? 0) + 86_400
        let laterPayload = Base64URL.encode(try JSONSerialization.data(withJSONObject: later, options: [.sortedKeys]))
        let unsignedHeader = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))

        let forgeries = [
            ("payload changed to another user", parts[0] + "." + bobPayload + "." + parts[2]),
            ("expiry pushed back", parts[0] + "." + laterPayload + "." + parts[2]),
            ("alg none", unsignedHeader + "." + parts[1] + "."),
            ("alg none, another user", unsignedHeader + "." + bobPayload + "."),
            ("signed by another store", foreign.idToken),
            ("signature cut", parts[0] + "." + parts[1] + "."),
            ("garbage", "x.y.z"),
        ]
        for (what, token) in forgeries {
            let forged = try Session(
                userID: ana.userID, email: ana.email, idToken: token, refreshToken: ana.refreshToken,
                expiresAt: ana.expiresAt)
            let error = await thrownError(AuthError.self) { try await sut.lookupUser(forged) }
            #expect(error?.code == .sessionExpired, "\(what)")
            #expect(error.map { !$0.description.contains(token) } == true, "\(what): the token is not quoted")
            #expect(
                await thrownError(AuthError.self) { try await sut.deleteUser(forged) }?.code == .sessionExpired,
                "\(what)")
        }
        #expect(try await sut.lookupUser(ana).uid == ana.userID, "the genuine token still works")
        #expect(try sut.userCount() == 2)
    }

    @Test func expiredIDToken_isSessionExpired_butRefreshStillWorks() async throws {
        let clock = TestClock()
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder, clock: clock, tokenLifetime: .seconds(60))
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        clock.advance(by: 59)
        #expect(try await sut.lookupUser(session).uid == session.userID)
        clock.advance(by: 1)

        let error = try #require(await thrownError(AuthError.self) { try await sut.lookupUser(session) })
        #expect(error.code == .sessionExpired)
        #expect(error.message == "The ID token has expired; refresh the session.")
        let refreshed = try await sut.refresh(session)
        #expect(refreshed.expiresAt == Timestamp(date: clock.now.addingTimeInterval(60)))
        #expect(try await sut.lookupUser(refreshed).uid == session.userID)
    }

    @Test func updatePasswordAndDelete_needARecentSignIn() async throws {
        let clock = TestClock()
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder, clock: clock)
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        clock.advance(by: 301)
        let refreshed = try await sut.refresh(session)

        #expect(
            await thrownError(AuthError.self) {
                try await sut.updatePassword(to: try Password("new-password"), for: refreshed)
            }?
            .code == .requiresRecentLogin)
        #expect(await thrownError(AuthError.self) { try await sut.deleteUser(refreshed) }?.code == .requiresRecentLogin)
        let again = try await sut.signIn(withEmail: "ana@example.com", password: "ana-password")
        try await sut.deleteUser(again)
        #expect(try sut.userCount() == 0)
    }

    @Test func disabledAccount_isUserDisabled_onlyOnceThePasswordIsRight() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder)
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        #expect(try await sut.setDisabled(true, for: session.userID))

        #expect(await signInCode(try makeSUT(folder), "ana@example.com", "ana-password") == .userDisabled)
        #expect(await signInCode(sut, "ana@example.com", "wrong-password") == .invalidCredentials)
        #expect(await thrownError(AuthError.self) { try await sut.refresh(session) }?.code == .userDisabled)
        #expect(await thrownError(AuthError.self) { try await sut.lookupUser(session) }?.code == .userDisabled)
        #expect(try await sut.setDisabled(false, for: session.userID))
        #expect(try await sut.lookupUser(session).uid == session.userID)
        #expect(try await !sut.setDisabled(true, for: try UserID("nobody")))
    }

    // MARK: Secrecy

    @Test func file_holdsNoPasswordNorToken_onlyHashes_andOnlyItsOwnerReadsIt() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder)
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")
        let refreshed = try await sut.refresh(session)

        let bytes = try Data(contentsOf: folder.file("auth.json"))
        let text = String(decoding: bytes, as: UTF8.self)

        for secret in ["ana-password", session.idToken, session.refreshToken, refreshed.idToken] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil)
        }
        #expect(bytes.range(of: Data(Base64URL.encode(Array("ana-password".utf8)).utf8)) == nil)
        #expect(text.contains(Base64URL.encode(SHA256.hash(session.refreshToken.utf8))), "the refresh token's hash")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("auth.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func descriptionsAndDump_showNoPasswordTokenOrKey() async throws {
        let folder = try TemporaryDirectory("hearth-auth")
        let sut = try makeSUT(folder, projectID: "demo")
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")
        let secrets = [
            "ana-password", "ana@example.com", session.idToken, session.refreshToken, try storedSigningKey(in: folder),
        ]

        var dumped = ""
        dump(sut, to: &dumped)

        #expect(sut.description == "FileAuthGateway(project: demo, file: \(folder.path)/auth.json)")
        for secret in secrets {
            #expect(!sut.description.contains(secret))
            #expect(!String(reflecting: sut).contains(secret))
            #expect(!dumped.contains(secret))
        }
    }

    // MARK: - Helpers

    private func makeSUT(
        _ folder: TemporaryDirectory, clock: TestClock? = nil, projectID: String = "hearth-local",
        workFactor: ScryptWorkFactor = .contract, limit: SignInFailureLimit = .default,
        tokenLifetime: Duration = .seconds(3_600)
    ) throws -> FileAuthGateway {
        var now: @Sendable () -> Date = { Date() }
        if let clock { now = clock.function }
        return try FileAuthGateway(
            folder: folder.url, projectID: projectID, workFactor: workFactor, failureLimit: limit,
            tokenLifetime: tokenLifetime, now: now)
    }

    private func signInCode(_ sut: FileAuthGateway, _ email: String, _ password: String) async -> AuthError.Code? {
        do {
            _ = try await sut.signIn(withEmail: email, password: password)
            return nil
        } catch {
            return error.code
        }
    }

    private func throwsAuthError<T>(_ body: () throws -> T) -> AuthError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? AuthError
        }
    }

    private func storedSigningKey(in folder: TemporaryDirectory) throws -> String {
        try storedSigningKey(try String(contentsOf: folder.file("auth.json"), encoding: .utf8))
    }

    private func storedSigningKey(_ text: String) throws -> String {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(object["signingKey"] as? String)
    }

    private func storedPassword(in folder: TemporaryDirectory) throws -> [String: Int] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("auth.json"))) as? [String: Any])
        let account = try #require((object["accounts"] as? [[String: Any]])?.first)
        let password = try #require(account["password"] as? [String: Any])
        return password.compactMapValues { $0 as? Int }
    }
}
