import Foundation
import HearthCrypto
import HearthDomain
import HearthFileSystem

/// `auth`: what a sign-in costs on the file auth adapter at the default work factor (sign-ins per second,
/// one at a time and from two tasks, with the file holding many accounts), what its file operations cost
/// without a derivation (refresh, lookup), and what each scrypt work factor costs (ms per derivation), so
/// that the default is a measured choice (Docs/Performance.md, "Authentication").
struct AuthScenario: BenchScenario {
    let name = "auth"
    let summary = "file auth adapter: sign-ins per second at the default work factor, and each work factor's cost"
    let options: [BenchOption] = [
        .runs(default: 5, "derivations per work factor (medians are reported)"),
        .text("exponents", default: "12,13,14,15,16", "work factors to time: log2(n), comma-separated (r = 8, p = 1)"),
        .integer("sign-ins", default: 40, "sign-ins timed on the file adapter"),
        .integer("accounts", default: 1_000, "accounts in the auth file while sign-ins are timed (at least 3)"),
        .parentDirectory,
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let runs = max(arguments.integer("runs"), 1)
        let signIns = max(arguments.integer("sign-ins"), 2)
        let accounts = max(arguments.integer("accounts"), 3)
        let exponentParts = (arguments.text("exponents") ?? "").split(separator: ",")
        let exponents = exponentParts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !exponents.isEmpty, exponents.count == exponentParts.count,
            exponents.allSatisfy({ (1...20).contains($0) })
        else {
            throw BenchUsageError("--exponents needs integers from 1 to 20, e.g. 12,14,16")
        }

        print("auth: scrypt work factors (r = 8, p = 1), \(runs) derivations each")
        print("")
        print("work factor          memory     ms per derivation (median)   derivations/s (one core)")
        for exponent in exponents {
            let workFactor = try ScryptWorkFactor(n: 1 << exponent, r: 8, p: 1)
            let times = try (1...runs).map { _ in try deriveTime(workFactor) }
            let median = BenchMath.median(times)
            let marker = workFactor == .default ? "  <- default" : ""
            print(
                "n = 2^\(exponent)".padding(toLength: 21, withPad: " ", startingAt: 0)
                    + "\(workFactor.memoryByteCount >> 20) MiB".padding(toLength: 11, withPad: " ", startingAt: 0)
                    + BenchMath.format(median * 1000, digits: 1).padding(toLength: 29, withPad: " ", startingAt: 0)
                    + BenchMath.format(1 / median, digits: 1) + marker)
        }

        let directory = try BenchDirectory(parent: arguments.text("dir"), prefix: "hearth-auth")
        defer { directory.remove() }
        print("")
        print("file adapter: FileAuthGateway, default work factor (\(ScryptWorkFactor.default)), \(accounts) accounts")
        print("directory: \(describeFileSystem(of: directory.path))")
        try await fill(directory.url, accounts: accounts)
        let gateway = try FileAuthGateway(folder: directory.url)
        let email = try Email("bench-0@example.com")
        let password = try Password("bench-password-0")
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: gateway.fileURL.path)[.size] as? Int) ?? 0
        print("auth file: \(fileBytes / 1024) KiB")
        print("")

        var signInTimes: [Double] = []
        var session = try await gateway.signIn(withEmail: email, password: password)
        for _ in 1...signIns {
            signInTimes.append(
                try await BenchMath.seconds { session = try await gateway.signIn(withEmail: email, password: password) }
            )
        }
        let concurrent = try await BenchMath.seconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<2 {
                    group.addTask {
                        for _ in 0..<(signIns / 2) {
                            _ = try await gateway.signIn(
                                withEmail: try Email("bench-\(task)@example.com"),
                                password: try Password("bench-password-\(task)"))
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        var wrongTimes: [Double] = []
        for index in 0..<3 {
            wrongTimes.append(
                try await BenchMath.seconds {
                    do {
                        _ = try await gateway.signIn(
                            withEmail: try Email("bench-2@example.com"),
                            password: try Password("wrong-password-\(index)"))
                    } catch AuthError.invalidCredentials {}
                })
        }
        var refreshTimes: [Double] = []
        var lookupTimes: [Double] = []
        for _ in 1...signIns {
            refreshTimes.append(try await BenchMath.seconds { session = try await gateway.refresh(session) })
            lookupTimes.append(try await BenchMath.seconds { _ = try await gateway.lookupUser(session) })
        }
        let derive = BenchMath.median(try (1...runs).map { _ in try deriveTime(.default) })

        func line(_ label: String, _ values: [Double], perSecond: Bool = true) {
            let median = BenchMath.median(values)
            print(
                label.padding(toLength: 44, withPad: " ", startingAt: 0) + "median "
                    + BenchMath.format(median * 1000, digits: median < 0.001 ? 3 : 1) + " ms"
                    + (perSecond ? "   (\(BenchMath.format(1 / median, digits: 0))/s)" : "")
                    + "   p90 \(BenchMath.format(BenchMath.percentile(values, 0.9) * 1000, digits: median < 0.001 ? 3 : 1)) ms"
            )
        }
        line("sign-in, one at a time (\(signIns))", signInTimes)
        print(
            "sign-in, two tasks at once (\(signIns / 2 * 2))".padding(toLength: 44, withPad: " ", startingAt: 0)
                + "\(BenchMath.format(Double(signIns / 2 * 2) / concurrent, digits: 1)) sign-ins/s")
        line("sign-in, wrong password (3)", wrongTimes, perSecond: false)
        line("refresh (the file, no derivation)", refreshTimes)
        line("lookupUser (the file, no derivation)", lookupTimes)
        print("")
        let signIn = BenchMath.median(signInTimes)
        print(
            "of a sign-in: \(BenchMath.format(derive * 1000, digits: 1)) ms in scrypt, "
                + "\(BenchMath.format(max(signIn - derive, 0) * 1000, digits: 1)) ms in the file "
                + "(the lock, one crash-safe write of the whole file) and the token")
        return 0
    }

    /// Seconds for one derivation of a 16-byte password at `workFactor`.
    private func deriveTime(_ workFactor: ScryptWorkFactor) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        _ = try Scrypt.deriveKey(
            password: Array("bench-password-0".utf8), salt: [UInt8](repeating: 7, count: 16), n: workFactor.n,
            r: workFactor.r, p: workFactor.p, keyByteCount: 32)
        return BenchMath.seconds(clock.now - start)
    }

    /// `accounts` accounts (`bench-<i>@example.com`, password `bench-password-<i>`); the first three with the
    /// default work factor (the ones signed in), the rest with a cheap one, to fill the file fast.
    private func fill(_ folder: URL, accounts: Int) async throws {
        let cheap = try FileAuthGateway(folder: folder, workFactor: try ScryptWorkFactor(n: 2, r: 1, p: 1))
        let real = try FileAuthGateway(folder: folder)
        for index in 0..<accounts {
            let gateway = index < 3 ? real : cheap
            _ = try await gateway.createUser(
                withEmail: try Email("bench-\(index)@example.com"), password: try Password("bench-password-\(index)"))
        }
    }
}
