import Foundation
public import HearthApplication
import HearthDomain
import Synchronization

extension Database {
    /// The process-wide default database, Firebase's `Firestore.firestore()`: made once, on the first
    /// call, from ``HearthConfiguration/fromEnvironment(_:)`` (`HEARTH_STORE` and the other variables;
    /// with none set, the file store in `.hearth/data`), then the same database on every call.
    ///
    /// Never throws and never traps: when the environment does not make a valid configuration, or the
    /// store cannot be opened (a file store locked by another process, a profile that refuses the
    /// store), the default database is one whose every operation throws that error (`invalidArgument`
    /// naming the variable, `failedPrecondition`, ...). See
    /// ``HearthConfiguration/defaultDatabase(environment:)``.
    ///
    /// It is a convenience for code written against Firebase; code that can choose should make its
    /// database in one place (`try HearthConfiguration.fromEnvironment().makeDatabase()`) and pass it
    /// on, and close it when done.
    public static func firestore() -> Database {
        DefaultDatabase.process.database
    }
}

extension HearthConfiguration {
    /// The database ``Database/firestore()`` makes, for the variables in `environment`, made anew on
    /// every call: ``fromEnvironment(_:)`` then ``makeDatabase(options:)``. Never throws: when either
    /// fails, the database returned is one whose every operation (reads, writes, queries, listeners,
    /// batches, transactions) throws that error; its identity is ``defaultLocalDatabase``, and once closed it
    /// refuses every call with `failedPrecondition`, as every store does.
    public static func defaultDatabase(environment: [String: String]) -> Database {
        do throws(DocumentStoreError) {
            return try fromEnvironment(environment).makeDatabase()
        } catch {
            return Database(store: FailingDocumentStore(database: defaultLocalDatabase, error: error))
        }
    }
}

/// A database made once, on first use, under a lock (so concurrent first calls make one).
final class DefaultDatabase: Sendable {
    /// The process's default: from the process environment.
    static let process = DefaultDatabase {
        HearthConfiguration.defaultDatabase(environment: ProcessInfo.processInfo.environment)
    }

    private let made = Mutex<Database?>(nil)
    private let make: @Sendable () -> Database

    init(_ make: @escaping @Sendable () -> Database) {
        self.make = make
    }

    var database: Database {
        made.withLock { made in
            if let made { return made }
            let database = make()
            made = database
            return database
        }
    }
}
