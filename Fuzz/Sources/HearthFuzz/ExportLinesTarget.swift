import Foundation
import HearthDomain
import HearthFileSystem

/// Export files (one REST document per line, `hearth export`/`import`): any file is read or refused
/// with an error; the documents read are written and read back unchanged.
enum ExportLinesTarget: FuzzTarget {
    static let name = "export-lines"

    static func run(_ input: [UInt8]) {
        guard let directory = try? TemporaryDirectory("export") else { return }
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("in.jsonl")
        guard (try? Data(input).write(to: file)) != nil else { return }
        var documents: [Document] = []
        guard (try? DocumentExportFile.readDocuments(from: file, database: nil) { documents.append($0) }) != nil else {
            return
        }
        let copy = directory.url.appendingPathComponent("copy.jsonl")
        do {
            _ = try DocumentExportFile.write(documents, database: Samples.database, to: copy)
        } catch {
            FuzzCheck.fail(name, "documents read from an export cannot be written: \(error)")
        }
        var again: [Document] = []
        do {
            _ = try DocumentExportFile.readDocuments(from: copy, database: Samples.database) { again.append($0) }
        } catch {
            FuzzCheck.fail(name, "a written export does not read back: \(error)")
        }
        let second = directory.url.appendingPathComponent("second.jsonl")
        _ = try? DocumentExportFile.write(again, database: Samples.database, to: second)
        guard readFile(copy) == readFile(second), again.count == documents.count else {
            FuzzCheck.fail(name, "an export changes when read and written again")
        }
    }

    static func corpus() throws -> [[UInt8]] {
        let directory = try TemporaryDirectory("export-corpus")
        defer { directory.remove() }
        var inputs: [[UInt8]] = []
        let documents = Samples.documents
        for range in [0..<1, 0..<3, 0..<documents.count, 3..<documents.count] {
            let file = directory.url.appendingPathComponent("e\(range.lowerBound)-\(range.upperBound).jsonl")
            _ = try DocumentExportFile.write(documents[range], database: Samples.database, to: file)
            inputs.append(readFile(file) ?? [])
        }
        inputs.append(Array("\n\n   \n".utf8))
        return inputs
    }
}
