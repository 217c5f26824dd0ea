import Foundation
import Hearth
import HearthRules

/// `hearth rules check <file>`
struct RulesCommand: Command {
    static let name = "rules"
    static let summary = "Check a firestore.rules file: parse it and list what it allows"
    static let help = """
        Usage: hearth rules check <file>

        Parses a security rules file (rules_version = '2', service cloud.firestore) and prints each
        match block's path with the methods its allow statements name. A file that does not parse is
        reported with its line and column (exit status 2), e.g.
          firestore.rules:4:3: expected ';' after the allow statement, found '}'

        The rules engine that evaluates these files is checked against Google's emulator (see
        Docs/Rules.md); enforcing them on the memory and file stores comes next.
        """

    let file: String

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        let words = try arguments.positionals()
        guard words.first == "check" else {
            throw .usage(words.isEmpty ? "missing check <file>" : "unknown rules command \(Excerpt.of(words[0]))")
        }
        guard words.count == 2 else { throw .usage("check takes one <file>") }
        file = words[1]
    }

    func run(_ context: CommandContext) async throws {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CommandFailure.failed("cannot read \(file): \(error.localizedDescription)")
        }
        let rules: RulesFile
        do {
            rules = try RulesParser().parse(String(decoding: data, as: UTF8.self), fileName: url.lastPathComponent)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        context.console.print("\(file): rules_version \(rules.version ?? "1"), service \(rules.service)")
        for line in Self.outline(rules.matches, prefix: "", indent: "  ") { context.console.print(line) }
    }

    /// Each match block's full path and the methods it allows, nested blocks indented.
    static func outline(_ matches: [RulesMatch], prefix: String, indent: String) -> [String] {
        var lines: [String] = []
        for match in matches {
            let path = prefix + match.path.description
            let allows = match.allows.map { allow in
                allow.methods.map(\.rawValue).joined(separator: ",") + (allow.condition == nil ? " always" : " if …")
            }
            lines.append(indent + path + (allows.isEmpty ? "" : ": allow " + allows.joined(separator: "; ")))
            lines += outline(match.matches, prefix: path, indent: indent + "  ")
        }
        return lines
    }
}
