import Foundation
import HearthFirestoreCodec
import Testing

/// One test of a conformance file: `{"description", "comment"?, <kind>: {...}}`.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    /// The file's name (`create-basic.json`), with the directory's label when it is not the bundled one.
    let file: String
    /// The position of the test in its file.
    let index: Int
    let description: String
    /// `create`, `set`, `update`, `updatePaths`, `delete`, `get`, `query`, `listen`, or an unknown kind.
    let kind: String
    /// The kind's object.
    let body: JSONObject
    /// Set when the file or the test could not be read; the case then fails with this message.
    let loadProblem: String?

    var testDescription: String { "\(file) #\(index): \(description)" }

    static func problem(file: String, _ message: String) -> ConformanceCase {
        ConformanceCase(
            file: file, index: 0, description: "unreadable", kind: "unreadable", body: [:], loadProblem: message)
    }
}

/// Reads every `*.json` file of the bundled vectors and of `$HEARTH_CONFORMANCE_DIR` (when set).
enum ConformanceVectors {
    static let environmentVariable = "HEARTH_CONFORMANCE_DIR"

    /// Every case, bundled ones first; unreadable files and directories become failing cases.
    static let all: [ConformanceCase] = {
        var cases: [ConformanceCase] = []
        if let bundled = Bundle.module.url(forResource: "Vectors", withExtension: nil) {
            cases += load(directory: bundled, label: nil)
        } else {
            cases.append(.problem(file: "Vectors", "The bundled Vectors directory is missing from the test resources."))
        }
        if let extra = ProcessInfo.processInfo.environment[environmentVariable], !extra.isEmpty {
            cases += load(directory: URL(fileURLWithPath: extra, isDirectory: true), label: extra)
        }
        return cases
    }()

    static func load(directory: URL, label: String?) -> [ConformanceCase] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
                .sorted()
        } catch {
            return [.problem(file: label ?? directory.path, "Cannot list the directory: \(error)")]
        }
        if names.isEmpty { return [.problem(file: label ?? directory.path, "The directory holds no *.json file.")] }
        return names.flatMap { name in
            load(file: directory.appendingPathComponent(name), displayName: label.map { "\($0)/\(name)" } ?? name)
        }
    }

    static func load(file: URL, displayName: String) -> [ConformanceCase] {
        let json: JSON
        do {
            json = try JSONParser.parse(try Data(contentsOf: file))
        } catch {
            return [.problem(file: displayName, "Cannot read the file: \(error)")]
        }
        guard case .object(let root) = json, case .array(let tests)? = root["tests"] else {
            return [.problem(file: displayName, "Expected {\"tests\": [...]} at the top level.")]
        }
        return tests.enumerated().map { index, test in
            guard case .object(let object) = test else {
                return ConformanceCase(
                    file: displayName, index: index, description: "?", kind: "?", body: [:],
                    loadProblem: "A test is not an object.")
            }
            let description: String =
                if case .string(let text)? = object["description"] { text } else { "(no description)" }
            let kinds = object.keys.filter { $0 != "description" && $0 != "comment" }
            guard kinds.count == 1, let kind = kinds.first, case .object(let body)? = object[kind] else {
                return ConformanceCase(
                    file: displayName, index: index, description: description, kind: "?", body: [:],
                    loadProblem: "Expected exactly one kind object beside description and comment, found \(kinds)."
                )
            }
            return ConformanceCase(
                file: displayName, index: index, description: description, kind: kind, body: body, loadProblem: nil)
        }
    }
}
