import Foundation
import HearthDomain
import HearthRules

/// Where the security rules that the local stores (memory, file) enforce come from
/// (``HearthConfiguration/rules``, `HEARTH_RULES`). The Firestore REST store leaves rules to the server.
public enum RulesSource: Sendable, Hashable {
    /// A `firestore.rules` file, by path (relative to the working directory).
    case file(String)
    /// The rules' text, named `firestore.rules` in errors.
    case text(String)

    /// The parsed rules as a policy. Throws `notFound` naming the file when it cannot be read, and
    /// `invalidArgument` naming the file, line and column when it does not parse.
    func policy(database: DatabaseID) throws(DocumentStoreError) -> RulesAccessPolicy {
        switch self {
        case .text(let text):
            return try RulesAccessPolicy(rules: text, database: database.databaseID)
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw DocumentStoreError(.notFound, "The rules file \(path) (HEARTH_RULES) cannot be read.")
            }
            return try RulesAccessPolicy(
                rules: String(decoding: data, as: UTF8.self), fileName: path, database: database.databaseID)
        }
    }
}
