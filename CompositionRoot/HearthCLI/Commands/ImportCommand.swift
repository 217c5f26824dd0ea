import Foundation
import Hearth
import HearthFileSystem
import HearthFirestoreCodec
import HearthLocalEngine

/// `hearth import [<file> | -] [--batch-size N]`
struct ImportCommand: Command {
    static let name = "import"
    static let summary = "Write documents from JSON lines (Firestore REST documents)"
    static let help = """
        Usage: hearth import [<file> | -] [--batch-size N]

        Reads one Firestore REST document per line (the format export writes; empty lines are skipped)
        and writes each into the store, replacing a document at the same path. Only the documents'
        paths are used from their names, so an export of one project imports into another; createTime
        and updateTime in the file are not kept (the store gives new ones).

        The whole input is checked first: a line that is not a document, or holds one the store refuses
        (an empty or reserved field name, arrays directly in arrays, nesting over 20 levels, over 1 MiB),
        stops the import with status 2, naming the line, before anything is written. Then documents are committed N at a time (not atomic as a
        whole). Without <file> (or with -) the lines come from standard input. Progress goes to standard
        error: a bar on a terminal, plain lines otherwise.

        Options:
          --batch-size N   documents per commit (1…500, default 500)
          -h, --help       show this help

        Example:
          hearth import backup.jsonl
        """

    let source: String?
    let batchSize: Int

    init(parsing arguments: inout Arguments) throws(CommandFailure) {
        if let text = try arguments.option("--batch-size") {
            guard let size = Int(text), (1...500).contains(size) else {
                throw .usage("--batch-size must be an integer from 1 to 500, not \(Excerpt.quoted(text))")
            }
            batchSize = size
        } else {
            batchSize = 500
        }
        source = try arguments.optionalPositional("<file>")
    }

    func run(_ context: CommandContext) async throws {
        let spooled = try source == nil ? SpooledInput.standardInput() : nil
        defer { spooled?.remove() }
        let path = source ?? spooled?.path ?? "-"
        let name = source ?? "standard input"
        let progress = ProgressReporter(console: context.console, style: context.progressStyle, label: "import")

        let count = try checkEveryLine(path: path, name: name, progress: progress)
        progress.note("\(count) valid documents in \(name)")

        let database = try context.database()
        var reader = try Self.open(path, name: name)
        defer { reader.close() }
        var writes: [Write] = []
        var imported = 0
        while let document = try Self.nextDocument(&reader) {
            writes.append(.update(document.path, fields: document.fields))
            if writes.count == batchSize {
                _ = try await database.store.commit(writes, transaction: nil)
                imported += writes.count
                writes.removeAll(keepingCapacity: true)
                progress.update(
                    done: imported, fraction: reader.size.map { Double(reader.bytesConsumed) / Double(max($0, 1)) },
                    detail: "\(document.path)")
            }
        }
        if !writes.isEmpty {
            _ = try await database.store.commit(writes, transaction: nil)
            imported += writes.count
            progress.update(done: imported, fraction: 1, detail: "")
        }
        progress.finish("imported \(imported) documents from \(name)")
    }

    private func checkEveryLine(path: String, name: String, progress: ProgressReporter) throws(CommandFailure) -> Int {
        var reader = try Self.open(path, name: name)
        defer { reader.close() }
        var count = 0
        while try Self.nextDocument(&reader) != nil {
            count += 1
            if count % 500 == 0 {
                progress.update(
                    done: count, fraction: reader.size.map { Double(reader.bytesConsumed) / Double(max($0, 1)) },
                    detail: "checking")
            }
        }
        return count
    }

    /// Opens the input through the file store's export reader; `name` is what errors call it.
    static func open(_ path: String, name: String) throws(CommandFailure) -> LineReader {
        do {
            return try LineReader(path: path, name: name)
        } catch {
            throw .usage("cannot read \(name): \(error.message)")
        }
    }

    /// The next document of `reader` as the export format reads it (blank lines skipped), checked
    /// against the store's own rules so that the whole input is checked before anything is written;
    /// an invalid line is a usage error naming it.
    static func nextDocument(_ reader: inout LineReader) throws(CommandFailure) -> Document? {
        let document: Document?
        do {
            document = try DocumentExportFile.nextDocument(&reader, database: nil)
        } catch {
            throw .usage(error.message)
        }
        guard let document else { return nil }
        do {
            try StoreRules.validateDocument(document.path, fields: document.fields)
        } catch {
            throw .usage("line \(reader.lineNumber) of \(reader.name) cannot be stored: \(error.message)")
        }
        return document
    }
}

/// Standard input copied to a temporary file, so that it can be checked completely before import.
struct SpooledInput {
    let path: String

    static func standardInput() throws(CommandFailure) -> SpooledInput {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-import-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        ).path
        let file = try OutputFile(path: path)
        try POSIX.readStandardInput { (chunk) throws(CommandFailure) in try file.write(Array(chunk)) }
        try file.commit()
        return SpooledInput(path: path)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
