import Foundation
import Testing

@Suite("hearth demo", .enabled(if: HearthProcess.executable != nil, "the hearth executable is not built"))
struct DemoTests {
    @Test func theDefaultStore_isTheFileStoreInTheLocalFolder_andASecondRunShowsTheFirstRunsData() async throws {
        let directory = try TemporaryDirectory("hearth-demo")
        defer { directory.remove() }
        let hearth = HearthProcess(directory: directory.url)

        let first = try await hearth.run(["demo"])
        let second = try await hearth.run(["demo"])

        #expect(first.status == 0, "\(first)")
        #expect(first.standardOutput.contains("on the file:.hearth/data store (development)"))
        #expect(first.standardOutput.contains("First run on this store"))
        #expect(first.standardOutput.contains("+ registered Ana Benítez Ruiz <ana.benitez@sajarubox.mx>"))
        #expect(directory.exists(".hearth/data"))
        #expect(second.status == 0, "\(second)")
        #expect(second.standardOutput.contains("Run #2 on this store."))
        #expect(second.standardOutput.contains("Welcome back: 3 members registered on a previous run"))
        #expect(
            second.standardOutput.contains(
                "= ana.benitez@sajarubox.mx is already registered (kept from a previous run)"))
        #expect(!second.standardOutput.contains("+ registered"))
        #expect(second.standardOutput.contains("3 members registered, 2 active"))
    }

    @Test func theDemo_narratesEveryStepOfTheScenario() async throws {
        let workspace = try Workspace(store: "memory")
        defer { workspace.remove() }

        let run = try await workspace.succeed(["demo"])

        let steps = [
            "0. Front-desk login", "1. Membership plans", "2. Members and the unique email index",
            "3. Ordered and filtered lists",
            "4. Text search",
            "5. Soft delete", "6. Counts", "7. A recurring class schedule", "8. Attendance by date range",
            "9. The front desk offline",
        ]
        for step in steps { #expect(run.standardOutput.contains("\n" + step), "missing: \(step)") }
        #expect(run.standardOutput.contains("+ created the front-desk account desk@sajarubox.mx"))
        #expect(
            run.standardOutput.contains(
                "✗ a mistyped password is refused with the gym's error invalidCredentials (an unknown email too)\n"
                    + "   signed in as desk@sajarubox.mx\n"))
        #expect(!run.standardOutput.contains("front-desk-20"), "a password was printed")
        #expect(run.standardOutput.contains("   1. Visita"))
        #expect(!run.standardOutput.contains("   0. Promoción 2019"))
        #expect(run.standardOutput.contains("is refused: it normalises to juan.garcia@sajarubox.mx, which is taken"))
        #expect(run.standardOutput.contains("   Benítez Ruiz, Ana\n   García López, Juan\n   López Pérez, Juana\n"))
        #expect(run.standardOutput.contains("   Juan García López, Juana López Pérez\n"))
        #expect(run.standardOutput.contains("active now: Ana, Juana"))
        #expect(run.standardOutput.contains("3 members registered, 2 active"))
        #expect(run.standardOutput.contains("4 classes in one batch (group yoga-2026-03)"))
        #expect(run.standardOutput.contains("cancelled the group box-2026-03, 4 classes"))
        #expect(
            run.standardOutput.contains("active classes in the week of 2 March: Yoga Mon 2 07:30, Yoga Wed 4 07:30"))
        #expect(
            run.standardOutput.contains("Mon 2 07:35 yoga-2026-03-1: attended\n   Wed 4 07:35 yoga-2026-03-2: missed"))
        #expect(
            run.standardOutput.contains(
                "registered 3 of Juan's visits: the desk shows 3, 3 waiting to be sent; the store has 0 of them\n"
                    + "   the network is back: the store has 3 of Juan's visits, 0 waiting\n"),
            "the offline scene: kept by the desk's cache, then on the store")
        #expect(run.standardError.isEmpty)
    }

    @Test func theMemoryStore_startsEmptyEveryRun() async throws {
        let workspace = try Workspace(store: "memory")
        defer { workspace.remove() }

        try await workspace.succeed(["demo"])
        let second = try await workspace.succeed(["demo"])

        #expect(second.standardOutput.contains("First run on this store"))
        #expect(second.standardOutput.contains("on the memory store"))
        #expect(!workspace.directory.exists(".hearth"))
    }

    @Test func theDemosData_isThereForTheOtherCommands() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.succeed(["demo"])

        #expect(
            try await workspace.succeed(["count", "members", "--where", "isActive == true"]).standardOutput == "2\n")
        #expect(
            try await workspace.succeed(["collections"]).outputLines == [
                "app_config", "classAttendance", "classes", "members", "membership_plans", "user_emails",
            ])
        #expect(
            try await workspace.succeed(["get", "user_emails/ana.benitez@sajarubox.mx"]).standardOutput.contains(
                #""primaryUserId": "ana-benitez""#))
    }

    @Test func loggingToStandardError_leavesTheNarrationAlone() async throws {
        let workspace = try Workspace(store: "memory")
        defer { workspace.remove() }

        let plain = try await workspace.succeed(["demo"])
        let logged = try await workspace.succeed(["demo"], environment: ["HEARTH_LOG": "debug"])

        #expect(logged.standardError.contains("hearth[debug]: commit "))
        #expect(logged.standardError.contains("hearth[info]: opened the memory store (development)"))
        #expect(logged.outputLines.count == plain.outputLines.count)
    }
}
