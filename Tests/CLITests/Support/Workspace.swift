import Foundation
import HearthFirestoreCodec
import HearthPort

/// A temporary working directory with a file store in `data/`, and `hearth` running on it.
struct Workspace {
    let directory: TemporaryDirectory
    let hearth: HearthProcess

    init(store: String? = nil, environment: [String: String] = [:]) throws {
        directory = try TemporaryDirectory("hearth-cli")
        var variables = environment
        variables["HEARTH_STORE"] = store ?? "file:\(directory.url.appendingPathComponent("data").path)"
        hearth = HearthProcess(directory: directory.url, environment: variables)
    }

    /// Whether the store's directory was ever created.
    var storeExists: Bool { directory.exists("data") }

    func run(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil
    ) async throws -> HearthProcess.Run {
        try await hearth.run(arguments, environment: environment, input: input)
    }

    /// Runs and requires exit status 0.
    @discardableResult
    func succeed(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil
    ) async throws -> HearthProcess.Run {
        let run = try await run(arguments, environment: environment, input: input)
        guard run.status == 0 else { throw CommandFailed(arguments: arguments, run: run) }
        return run
    }

    /// The store's documents as `path → compact plain JSON of the fields`, read through `hearth query`
    /// of every collection found by `hearth export` (so the check does not depend on the code it checks
    /// beyond the command itself).
    func contents() async throws -> [String: String] {
        let export = try await succeed(["export"])
        var documents: [String: String] = [:]
        for line in export.outputLines {
            let json = try JSONParser.parse(line)
            guard case .object(let object) = json, case .string(let name)? = object["name"] else { continue }
            let path = name.components(separatedBy: "/documents/").last ?? name
            documents[path] = JSONWriter.string(object["fields"] ?? .object([:]))
        }
        return documents
    }

    func remove() { directory.remove() }
}

struct CommandFailed: Error, CustomStringConvertible {
    let arguments: [String]
    let run: HearthProcess.Run
    var description: String { "hearth \(arguments.joined(separator: " ")) failed: \(run)" }
}
