import Foundation
import GymApplication
import GymDomain
import GymInfrastructure
import Hearth
import HearthCache
import HearthInMemory

/// The teaching scenario (the gym of seeds 000 and 003), narrated step by step, through the gym
/// example's own use cases on whichever store the configuration chose, after the front desk signs in
/// through `auth` (seed 002's login). Idempotent: fixed document IDs and the unique email index make a
/// second run find — and show — the first run's data, and an existing desk account is kept.
struct GymDemo {
    let database: Database
    /// The gateway staff sign in through; the demo creates the front-desk account on it when missing.
    let auth: any AuthGateway
    let say: (String) -> Void

    private var gym: HearthGymStorage { HearthGymStorage(database: database) }

    /// The front desk's account: a demo account, its password never printed.
    static let desk = (email: "desk@sajarubox.mx", password: "front-desk-2026")

    /// March 2026 (UTC), when the demo's classes take place.
    static func march(_ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        let seconds: Int = (day - 1) * 86_400 + hour * 3_600 + minute * 60
        return Date(timeIntervalSince1970: 1_772_323_200 + Double(seconds))
    }

    static let people: [(id: String, first: String, paternal: String, maternal: String?, email: String)] = [
        ("juan-garcia", "Juan", "García", "López", "juan.garcia@sajarubox.mx"),
        ("ana-benitez", "Ana", "Benítez", "Ruiz", "ana.benitez@sajarubox.mx"),
        ("juana-lopez", "Juana", "López", "Pérez", "juana.lopez@sajarubox.mx"),
    ]

    func run() async throws {
        try await welcome()
        try await login()
        try await plans()
        try await members()
        try await lists()
        try await search()
        try await softDelete()
        try await counts()
        let yoga = try await schedule()
        try await attendance(yoga: yoga)
        try await offlineDesk(yoga: yoga)
    }

    // MARK: - Steps

    private func welcome() async throws {
        let runs = database.document("app_config/demo")
        let previous = try await runs.getDocument().get("runs") as? Int
        try await runs.setData(["runs": .increment(Int64(1)), "lastRunAt": .serverTimestamp()], merge: true)
        let registered = try await ListMembers(members: gym.members)(includeInactive: true)
        if let count = previous, count > 0 {
            say("Run #\(count + 1) on this store.")
        }
        if let first = registered.min(by: { $0.registeredAt < $1.registeredAt }) {
            say(
                "Welcome back: \(registered.count) members registered on a previous run (the first on \(Self.day(first.registeredAt)))."
            )
        } else {
            say("First run on this store: nothing here yet, so everything below is created now.")
        }
    }

    private func login() async throws {
        step(
            0, "Front-desk login",
            "the LogIn use case signs in through the StaffAuthenticator port; Hearth's AuthGateway is behind it")
        // Creating staff accounts is an administrator's job (the Firebase console's): the composition root
        // does it here, on the gateway, not through the gym's use cases.
        if try await createDeskAccount() {
            say("   + created the front-desk account \(Self.desk.email) (an administrator's job)")
        } else {
            say("   = \(Self.desk.email) already has an account (kept from a previous run)")
        }
        let logIn = LogIn(authenticator: HearthStaffAuthenticator(gateway: auth))
        do {
            _ = try await logIn(email: Self.desk.email, password: "front-desk-2025")
            say("   ! signed in with a mistyped password: the gateway did not check it")
        } catch .invalidCredentials {
            say("   ✗ a mistyped password is refused with the gym's error invalidCredentials (an unknown email too)")
        }
        let staff = try await logIn(email: " Desk@SajaruBox.MX", password: Self.desk.password)
        say("   signed in as \(staff.email)")
    }

    /// Creates the front-desk account; `false` when it exists already (a gateway that keeps accounts).
    private func createDeskAccount() async throws -> Bool {
        do {
            _ = try await auth.createUser(withEmail: Self.desk.email, password: Self.desk.password)
            return true
        } catch {
            guard error.code == .emailAlreadyInUse else { throw error }
            return false
        }
    }

    private func plans() async throws {
        step(1, "Membership plans", "saved in one batch, then the active ones listed by sortOrder")
        try await gym.plans.save([
            MembershipPlan(id: "visita", name: "Visita", price: 50, currency: "MXN", durationInDays: 1, sortOrder: 1),
            MembershipPlan(id: "semana", name: "Semana", price: 150, currency: "MXN", durationInDays: 7, sortOrder: 2),
            MembershipPlan(
                id: "mensualidad", name: "Mensualidad", price: 350, currency: "MXN", durationInDays: 30, sortOrder: 3),
            MembershipPlan(
                id: "promo-2019", name: "Promoción 2019", price: 99, currency: "MXN", durationInDays: 30,
                isActive: false, sortOrder: 0),
        ])
        for plan in try await gym.plans.activePlans() {
            say(
                "   \(plan.sortOrder). \(plan.name.padding(12)) \(Self.money(plan.price)) \(plan.currency) · \(plan.durationInDays) day\(plan.durationInDays == 1 ? "" : "s")"
            )
        }
        say("   (Promoción 2019 is inactive, so the filter isActive == true leaves it out.)")
    }

    private func members() async throws {
        step(2, "Members and the unique email index", "a member and user_emails/{email} are created in one batch")
        for person in Self.people {
            let register = RegisterMember(registrar: gym.members, ids: DemoIdentifiers(person.id))
            do {
                let member = try await register(
                    firstName: person.first, paternalLastName: person.paternal, maternalLastName: person.maternal,
                    email: person.email, at: Date()
                )
                say("   + registered \(member.fullName) <\(person.email)>")
            } catch .emailAlreadyRegistered(let email) {
                say("   = \(email) is already registered (kept from a previous run)")
            }
        }
        let shouted = "  JUAN.GARCIA@SajaruBox.MX "
        do {
            _ = try await RegisterMember(registrar: gym.members, ids: DemoIdentifiers("juan-impostor"))(
                firstName: "Juan", paternalLastName: "Impostor", email: shouted, at: Date()
            )
            say(
                "   ! registered a second Juan with \(shouted.trimmingCharacters(in: .whitespaces)): the index did not hold"
            )
        } catch .emailAlreadyRegistered(let email) {
            say(
                "   ✗ \"\(shouted.trimmingCharacters(in: .whitespaces))\" is refused: it normalises to \(email), which is taken (nothing written)"
            )
        }
    }

    private func lists() async throws {
        step(3, "Ordered and filtered lists", "active members ordered by paternal last name")
        for member in try await ListMembers(members: gym.members)() {
            say("   \(member.paternalLastName) \(member.maternalLastName ?? ""), \(member.firstName)")
        }
        let everyone = try await ListMembers(members: gym.members)(includeInactive: true)
        let inactive = everyone.filter { !$0.isActive }.map(\.fullName)
        if !inactive.isEmpty { say("   (inactive, kept for their history: \(inactive.joined(separator: ", ")))") }
    }

    private func search() async throws {
        step(
            4, "Text search",
            "\"juan\" in names (Firestore has no full-text search: the gym filters active members locally)")
        let found = try await SearchMembers(members: gym.members)("juan")
        say("   " + (found.isEmpty ? "no active member matches" : found.map(\.fullName).joined(separator: ", ")))
    }

    private func softDelete() async throws {
        step(
            5, "Soft delete",
            "Juan leaves, so isActive becomes false and updatedAt the server's time; his history stays")
        try await SoftDeleteMember(members: gym.members)(id: "juan-garcia")
        let active = try await ListMembers(members: gym.members)().map(\.firstName)
        say("   active now: \(active.joined(separator: ", "))")
    }

    private func counts() async throws {
        step(6, "Counts", "computed by the store (an aggregation) without downloading the members")
        let active = try await CountActiveMembers(members: gym.members)()
        let all = Int(truncating: try await database.collection("members").count.getAggregation().count)
        say("   \(all) members registered, \(active) active")
    }

    private func schedule() async throws -> [GymClass] {
        step(7, "A recurring class schedule", "one batch per series, cancelled by recurrence group")
        let yoga = try await ScheduleRecurringClasses(classes: gym.classes, ids: DemoIdentifiers("yoga-2026-03"))(
            name: "Yoga", weekdays: [2, 4], startTime: "07:30", durationMinutes: 60, maxCapacity: 12,
            from: Self.march(2), through: Self.march(15)
        )
        say(
            "   Yoga, Mondays and Wednesdays 07:30, 2–15 March: \(yoga.count) classes in one batch (group \(yoga.first?.recurrenceGroupID ?? "-"))"
        )
        let box = try await ScheduleRecurringClasses(classes: gym.classes, ids: DemoIdentifiers("box-2026-03"))(
            name: "Box", weekdays: [3, 5], startTime: "19:00", durationMinutes: 90, maxCapacity: 8, from: Self.march(2),
            through: Self.march(15)
        )
        say(
            "   Box, Tuesdays and Thursdays 19:00, 2–15 March: \(box.count) classes in one batch (group \(box.first?.recurrenceGroupID ?? "-"))"
        )
        let cancelled = try await CancelRecurringClasses(classes: gym.classes)(groupID: "box-2026-03")
        say("   the Box coach is away: cancelled the group box-2026-03, \(cancelled) classes in one batch")
        let week = try await gym.classes.activeClasses(from: Self.march(2), to: Self.march(9))
        say(
            "   active classes in the week of 2 March: "
                + week.map { "\($0.name) \(Self.weekday($0.date)) \($0.startTime)" }.joined(separator: ", "))
        return yoga
    }

    private func attendance(yoga: [GymClass]) async throws {
        step(8, "Attendance by date range", "Ana's visits between 1 and 8 March")
        for (index, gymClass) in yoga.prefix(3).enumerated() {
            try await gym.attendance.record(
                ClassAttendance(
                    id: "ana-benitez-\(gymClass.id)", classID: gymClass.id, memberID: "ana-benitez",
                    attended: index != 1,
                    timestamp: gymClass.date.addingTimeInterval(5 * 60)
                )
            )
        }
        let report = try await AttendanceReport(attendance: gym.attendance)(
            memberID: "ana-benitez", from: Self.march(1), to: Self.march(8))
        for entry in report {
            say(
                "   \(Self.weekday(entry.timestamp)) \(Self.time(entry.timestamp)) \(entry.classID): \(entry.attended ? "attended" : "missed")"
            )
        }
    }

    /// The desk's app: the same store behind an offline cache (in memory here; a file cache survives
    /// restarts). `.local`: a registered visit returns once the cache keeps it, so the counter never waits
    /// for the network (awaited writes would wait for the server, as in Firebase).
    static func deskStorage(over store: any DocumentStore) async throws -> (HearthGymStorage, CachedDocumentStore) {
        let cache = try await CachedDocumentStore.open(
            remote: store, local: InMemoryDocumentStore(database: store.database),
            options: CacheOptions(acknowledgement: .local))
        return (HearthGymStorage(database: Database(store: cache)), cache)
    }

    /// The front desk keeps registering visits while the network is down: its app's database is a cached
    /// one over the same store, so each visit is kept (and shown) at once and reaches the store when the
    /// network returns.
    private func offlineDesk(yoga: [GymClass]) async throws {
        step(
            9, "The front desk offline",
            "visits registered while the network is down are kept by the desk's cache and reach the store when it returns"
        )
        let (desk, cache) = try await Self.deskStorage(over: database.store)
        let visits = yoga.suffix(3)
        let ids = visits.map { "juan-garcia-\($0.id)" }
        for id in ids {  // a new day at the desk: a previous run's visits are removed first (online)
            try await desk.database.collection("classAttendance").document(id).delete()
        }
        try await cache.waitForPendingWrites()
        cache.disableNetwork()
        say("   the network is down")
        for (id, gymClass) in zip(ids, visits) {
            try await desk.attendance.record(
                ClassAttendance(
                    id: id, classID: gymClass.id, memberID: "juan-garcia", attended: true,
                    timestamp: gymClass.date.addingTimeInterval(2 * 60)))
        }
        let from = visits.first?.date ?? Self.march(1)
        let to = (visits.last?.date ?? Self.march(31)).addingTimeInterval(3_600)
        let atTheDesk = try await AttendanceReport(attendance: desk.attendance)(
            memberID: "juan-garcia", from: from, to: to)
        let inTheStore = try await AttendanceReport(attendance: gym.attendance)(
            memberID: "juan-garcia", from: from, to: to)
        say(
            "   registered \(visits.count) of Juan's visits: the desk shows \(atTheDesk.count), \(cache.pendingWrites.count) waiting to be sent; the store has \(inTheStore.count) of them"
        )
        cache.enableNetwork()
        try await cache.waitForPendingWrites()
        let arrived = try await AttendanceReport(attendance: gym.attendance)(
            memberID: "juan-garcia", from: from, to: to)
        say(
            "   the network is back: the store has \(arrived.count) of Juan's visits, \(cache.pendingWrites.count) waiting"
        )
    }

    // MARK: - Formatting

    private func step(_ number: Int, _ title: String, _ detail: String) {
        say("")
        say("\(number). \(title): \(detail)")
    }

    private static func utcCalendar() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    static func day(_ date: Date) -> String {
        let parts = utcCalendar().dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static func weekday(_ date: Date) -> String {
        let calendar = utcCalendar()
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let index = calendar.component(.weekday, from: date) - 1
        return "\(names.indices.contains(index) ? names[index] : "?") \(calendar.component(.day, from: date))"
    }

    static func time(_ date: Date) -> String {
        let parts = utcCalendar().dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    static func money(_ amount: Double) -> String { String(format: "$%7.2f", amount) }
}
