import Foundation

// The engine of `scripts/doc-samples`: it turns every ```swift block of README.md and Docs/**/*.md into a
// Swift file under Tests/DocSamplesTests/Generated/, which `swift build --build-tests` compiles against
// Hearth. The script compiles this file alone (with a three-line main) and writes the files; the test
// target compiles it too, so that `DocSamplesTests` re-runs the extraction and fails when a checked-in
// file differs from what its doc gives now. No dependency but Foundation, no top-level code.
//
// Rules (also in Docs/Architecture.md, "Every code sample compiles"):
//
// - A block is compiled unless the nearest non-blank line before its fence is a mark,
//   `<!-- sample: KIND ARGUMENT -->`:
//     `manifest`        a Package.swift manifest (PackageDescription is not a library we can import);
//     `skip REASON`     never compiled, with the reason (code that must not compile);
//     `excerpt PATH`    lines cut from PATH (a repository-relative source file that is compiled elsewhere,
//                       elisions written `...`): every other line must appear in PATH, in order;
//     `each-line`       alternatives: every non-blank, non-comment line is compiled on its own.
// - One generated file per compiled block, its declarations inside a namespace struct named after the
//   file (so that blocks of different docs may both declare `Member`). Top-level `import`s of the block
//   go to the file's top; a block without imports gets `import Hearth`, what a user's program has.
//   Declarations (types, functions, anything with an attribute such as `@Test`) stay members of the
//   namespace; `extension`s and XCTestCase classes (XCTest on Linux finds top-level classes only) go to file
//   scope, with a file-private alias for each type the namespace holds.
//   `@main` is blanked (a test module has its own entry point). The remaining statements become the body
//   of `func sample(…) async throws`, whose parameters are the prelude names the statements use and do not
//   declare (``DocSamples/prelude``), and which ends with `_ = name` for each top-level `let`/`var`, so an
//   illustration's unused constant is not a warning.
// - Every line keeps its text and column, under `#sourceLocation(file: "Docs/X.md", line: N)`: a compile
//   error names the doc's file and line.
enum DocSamples {
    /// Where the generated files live, relative to the repository root.
    static let generatedDirectory = "Tests/DocSamplesTests/Generated"

    /// Names a statement block may use without declaring them, with their types: the parameters of its
    /// `sample` function. Keep it small; a sample that needs more should declare it.
    static let prelude: [(name: String, type: String)] = [
        ("db", "Database"),
        ("store", "any DocumentStore"),
    ]

    /// One ```swift block of a doc.
    struct Block: Equatable, Sendable {
        /// The doc's path relative to the repository root (`Docs/GettingStarted.md`).
        let doc: String
        /// The block's number among the doc's swift blocks, from 1.
        let index: Int
        /// The 1-based line of the opening fence; the first content line is the next.
        let fenceLine: Int
        /// The content lines, verbatim.
        let lines: [String]
        let mark: Mark

        /// How messages name the block: `Docs/GettingStarted.md, block 2 (line 38)`.
        var label: String { "\(doc), block \(index) (line \(fenceLine))" }
        /// The generated file's name without `.swift`, also the namespace struct's name.
        var stem: String { DocSamples.stem(doc: doc, index: index) }
    }

    /// What the mark before a block asks for.
    enum Mark: Equatable, Sendable {
        case compile
        case eachLine
        case excerpt(path: String)
        case manifest
        case skip(reason: String)
    }

    struct Failure: Error, CustomStringConvertible, Equatable {
        let description: String
    }

    // MARK: Finding the docs and their blocks

    /// README.md and every `.md` under Docs/, as repository-relative paths in byte order.
    static func documents(root: URL) throws -> [String] {
        let fileManager = FileManager.default
        var documents: [String] = []
        if fileManager.fileExists(atPath: root.appendingPathComponent("README.md").path) {
            documents.append("README.md")
        }
        let docs = root.appendingPathComponent("Docs")
        if let enumerator = fileManager.enumerator(atPath: docs.path) {
            while let relative = enumerator.nextObject() as? String {
                if relative.utf8.count > 3, relative.utf8.reversed().starts(with: "dm.".utf8) {
                    documents.append("Docs/" + relative)
                }
            }
        }
        return documents.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The swift blocks of `text`, the contents of `doc`; a malformed mark or an unclosed fence is an error.
    static func blocks(doc: String, text: String) throws(Failure) -> [Block] {
        let lines = splitLines(text)
        var blocks: [Block] = []
        var lineIndex = 0
        while lineIndex < lines.count {
            guard let fence = openingSwiftFence(lines[lineIndex]) else {
                lineIndex += 1
                continue
            }
            let fenceLine = lineIndex + 1
            let label = "\(doc), block \(blocks.count + 1) (line \(fenceLine))"
            let mark = try markBefore(lineIndex, in: lines, label: label)
            var content: [String] = []
            lineIndex += 1
            while lineIndex < lines.count, !isClosingFence(lines[lineIndex], fence: fence) {
                content.append(lines[lineIndex])
                lineIndex += 1
            }
            guard lineIndex < lines.count else { throw Failure(description: "\(label): the fence is never closed") }
            lineIndex += 1
            blocks.append(Block(doc: doc, index: blocks.count + 1, fenceLine: fenceLine, lines: content, mark: mark))
        }
        return blocks
    }

    // MARK: Generating

    /// Every generated file the docs under `root` give: file name (`Docs_GettingStarted_02.swift`) → contents.
    static func generatedFiles(root: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for doc in try documents(root: root) {
            let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
            for block in try blocks(doc: doc, text: text) {
                if let source = source(for: block) { files[block.stem + ".swift"] = source }
            }
        }
        return files
    }

    /// The Swift file compiling `block`, or nil when its mark says it is not compiled.
    static func source(for block: Block) -> String? {
        let numbered = block.lines.enumerated().map {
            NumberedLine(number: block.fenceLine + 1 + $0.offset, text: $0.element)
        }
        var functions: [(name: String, lines: [NumberedLine])] = []
        let parts: Parts
        switch block.mark {
        case .manifest, .skip, .excerpt:
            return nil
        case .compile:
            parts = split(numbered)
            if !parts.statements.isEmpty { functions.append(("sample", parts.statements)) }
        case .eachLine:
            parts = Parts()
            for line in numbered {
                let trimmed = trimmedSpaces(line.text)
                if trimmed.isEmpty || hasPrefix(trimmed, "//") { continue }
                functions.append(("sampleLine\(line.number)", [line]))
            }
        }
        var out: [String] = [
            "// Generated by scripts/doc-samples from \(block.label). Do not edit: edit the doc, then run",
            "// scripts/doc-samples. Lines keep their text and columns; #sourceLocation points errors at the doc.",
            "",
        ]
        if parts.imports.isEmpty {
            out.append("import Hearth")
        } else {
            out += located(parts.imports, doc: block.doc)
            out.append("#sourceLocation()")
        }
        out.append("")
        out.append("struct \(block.stem) {")
        if !parts.members.isEmpty {
            out += located(parts.members, doc: block.doc)
            out.append("#sourceLocation()")
        }
        for function in functions {
            let declared = topLevelNames(function.lines)
            let used = prelude.filter { entry in
                !declared.contains(entry.name) && function.lines.contains { mentions($0.text, entry.name) }
            }
            let parameters = used.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            out.append("    func \(function.name)(\(parameters)) async throws {")
            out += located(function.lines, doc: block.doc)
            out.append("#sourceLocation()")
            for name in declared { out.append("        _ = \(name)") }
            out.append("    }")
        }
        out.append("}")
        if !parts.fileScope.isEmpty {
            out.append("")
            for type in parts.declaredTypes { out.append("fileprivate typealias \(type) = \(block.stem).\(type)") }
            out += located(parts.fileScope, doc: block.doc)
            out.append("#sourceLocation()")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The generated file stem for a doc's block: the doc's path without `.md`, every other byte than a
    /// letter or digit made `_`, then the block number (`Docs_TeachingGuide_es_03`).
    static func stem(doc: String, index: Int) -> String {
        var bytes = Array(doc.utf8)
        if bytes.count > 3, bytes.suffix(3).elementsEqual(".md".utf8) { bytes.removeLast(3) }
        let name = String(
            decoding: bytes.map { isIdentifierByte($0) && $0 != UInt8(ascii: "_") ? $0 : UInt8(ascii: "_") },
            as: UTF8.self)
        let number = index < 10 ? "0\(index)" : "\(index)"
        let first = bytes.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? true
        return (first ? "Doc_" : "") + name + "_" + number
    }

    // MARK: Excerpts

    /// For an `excerpt` block, the first of its lines (other than `...`) that does not appear in its source
    /// after the previous one, as a message; nil when the excerpt matches (or the block is no excerpt).
    static func excerptMismatch(_ block: Block, root: URL) -> String? {
        guard case .excerpt(let path) = block.mark else { return nil }
        guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
            return "\(block.label): the excerpt's source \(path) cannot be read"
        }
        let source = splitLines(text).map(trimmedSpaces)
        var position = 0
        for (offset, line) in block.lines.enumerated() {
            let wanted = trimmedSpaces(line)
            if wanted.isEmpty || wanted.utf8.elementsEqual("...".utf8) { continue }
            guard let found = source[position...].firstIndex(where: { $0.utf8.elementsEqual(wanted.utf8) }) else {
                return
                    "\(block.label): line \(block.fenceLine + 1 + offset), `\(wanted)`, is not in \(path) (after line \(position))"
            }
            position = found + 1
        }
        return nil
    }

    // MARK: The command

    /// `doc-samples [--check] [root]`: writes the generated files (removing stale ones), or with `--check`
    /// only reports what differs. Returns the exit status.
    static func commandLine(_ arguments: [String]) -> Int32 {
        let check = arguments.contains("--check")
        let rootPath = arguments.first { !hasPrefix($0, "--") } ?? FileManager.default.currentDirectoryPath
        let root = URL(fileURLWithPath: rootPath)
        do {
            let files = try generatedFiles(root: root)
            let problems = try differences(root: root, expected: files)
            var excerptProblems: [String] = []
            for doc in try documents(root: root) {
                let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
                excerptProblems += try blocks(doc: doc, text: text).compactMap { excerptMismatch($0, root: root) }
            }
            for problem in excerptProblems { printError("doc-samples: \(problem)") }
            if check {
                for problem in problems { printError("doc-samples: \(problem)") }
                return problems.isEmpty && excerptProblems.isEmpty ? 0 : 1
            }
            try write(files, root: root)
            print("doc-samples: \(files.count) samples in \(generatedDirectory) (\(problems.count) changed)")
            return excerptProblems.isEmpty ? 0 : 1
        } catch {
            printError("doc-samples: \(error)")
            return 1
        }
    }

    /// What differs between the generated directory and `expected`, one message per file, naming the
    /// doc and the block.
    static func differences(root: URL, expected: [String: String]) throws -> [String] {
        let directory = root.appendingPathComponent(generatedDirectory)
        let present = Set(
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter(isSwiftFile) ?? [])
        var problems: [String] = []
        for name in Set(expected.keys).union(present).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let onDisk = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            switch (expected[name], onDisk) {
            case (let wanted?, let actual?) where wanted != actual:
                problems.append(
                    "\(generatedDirectory)/\(name) is out of date with \(origin(of: wanted)); run scripts/doc-samples")
            case (let wanted?, nil):
                problems.append(
                    "\(generatedDirectory)/\(name) is missing for \(origin(of: wanted)); run scripts/doc-samples")
            case (nil, _?):
                problems.append(
                    "\(generatedDirectory)/\(name) matches no compiled block of the docs now; run scripts/doc-samples")
            default:
                break
            }
        }
        return problems
    }

    private static func write(_ files: [String: String], root: URL) throws {
        let fileManager = FileManager.default
        let directory = root.appendingPathComponent(generatedDirectory)
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in try fileManager.contentsOfDirectory(atPath: directory.path)
        where isSwiftFile(name) && files[name] == nil {
            try fileManager.removeItem(at: directory.appendingPathComponent(name))
        }
        for (name, contents) in files {
            let url = directory.appendingPathComponent(name)
            if (try? String(contentsOf: url, encoding: .utf8)) != contents {
                try contents.write(to: url, atomically: true, encoding: .utf8)
            }
        }
    }

    /// The block a generated file names in its first line (`Docs/X.md, block 2 (line 38)`).
    private static func origin(of source: String) -> String {
        let first =
            source.utf8.split(separator: UInt8(ascii: "\n"), maxSplits: 1).first.map {
                String(decoding: $0, as: UTF8.self)
            } ?? ""
        let prefix = "// Generated by scripts/doc-samples from "
        guard hasPrefix(first, prefix), let end = first.utf8.lastIndex(of: UInt8(ascii: ")")) else { return "its doc" }
        return String(
            decoding: first.utf8[first.utf8.index(first.utf8.startIndex, offsetBy: prefix.utf8.count)...end],
            as: UTF8.self)
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    // MARK: Splitting a block into imports, members, file-scope declarations and statements

    struct NumberedLine: Equatable {
        let number: Int
        let text: String
    }

    struct Parts {
        var imports: [NumberedLine] = []
        var members: [NumberedLine] = []
        var fileScope: [NumberedLine] = []
        var statements: [NumberedLine] = []
        var declaredTypes: [String] = []
    }

    private enum Place { case member, fileScope }

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "nonisolated", "indirect",
        "convenience", "required", "override", "lazy", "mutating", "nonmutating", "dynamic",
    ]
    private static let bodyKeywords: Set<String> = [
        "struct", "class", "enum", "protocol", "actor", "extension", "func", "init", "deinit", "subscript",
    ]
    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor"]

    static func split(_ lines: [NumberedLine]) -> Parts {
        var parts = Parts()
        var lexer = Lexer()
        var pending: [NumberedLine] = []
        var open: (place: Place, needsBody: Bool, sawBrace: Bool, lines: [NumberedLine])?
        var statementOpen = false

        for original in lines {
            let line = NumberedLine(number: original.number, text: blankingMain(original.text))
            let atTop = lexer.depth == 0 && !lexer.insideLiteralOrComment
            let trimmed = trimmedSpaces(line.text)
            if open == nil, atTop, !statementOpen {
                if trimmed.isEmpty || hasPrefix(trimmed, "//") {
                    pending.append(line)
                    lexer.scan(line.text)
                    continue
                }
                if hasPrefix(trimmed, "import ") {
                    parts.imports.append(line)
                    lexer.scan(line.text)
                    continue
                }
                if let declaration = declarationStart(trimmed) {
                    // XCTest's discovery on Linux finds only top-level XCTestCase classes.
                    let atFileScope =
                        declaration.keyword == "extension"
                        || (declaration.keyword == "class" && contains(trimmed, "XCTestCase"))
                    open = (
                        atFileScope ? .fileScope : .member, declaration.keyword.map(bodyKeywords.contains) ?? true,
                        false, pending + [line]
                    )
                    if !atFileScope, let keyword = declaration.keyword, typeKeywords.contains(keyword),
                        let name = declaration.name
                    {
                        parts.declaredTypes.append(name)
                    }
                } else {
                    parts.statements += pending + [line]
                }
                pending = []
            } else if open != nil {
                open?.lines.append(line)
            } else {
                parts.statements.append(line)
            }
            let sawBrace = lexer.scan(line.text)
            if var declaration = open {
                declaration.sawBrace = declaration.sawBrace || sawBrace
                let attributeOnly = declarationStart(trimmed).map { $0.keyword == nil } ?? false
                let ends =
                    lexer.depth == 0 && !lexer.insideLiteralOrComment
                    && (declaration.needsBody ? declaration.sawBrace : !attributeOnly)
                if ends {
                    switch declaration.place {
                    case .member: parts.members += declaration.lines
                    case .fileScope: parts.fileScope += declaration.lines
                    }
                    open = nil
                } else {
                    open = declaration
                }
            }
            statementOpen = open == nil && (lexer.depth != 0 || lexer.insideLiteralOrComment)
        }
        if let declaration = open {
            switch declaration.place {
            case .member: parts.members += declaration.lines
            case .fileScope: parts.fileScope += declaration.lines
            }
        }
        return parts
    }

    /// When `trimmed` starts a declaration: its keyword (nil for a line of attributes only) and the name
    /// after it; nil for a statement.
    private static func declarationStart(_ trimmed: String) -> (keyword: String?, name: String?)? {
        var words = Words(trimmed)
        var sawAttributeOrModifier = false
        var sawAttribute = false
        while let word = words.next() {
            if word.utf8.first == UInt8(ascii: "@") {
                sawAttribute = true
                sawAttributeOrModifier = true
            } else if modifiers.contains(word) {
                sawAttributeOrModifier = true
            } else if bodyKeywords.contains(word) || word == "typealias" || word == "associatedtype" {
                return (word, words.next())
            } else if (word == "let" || word == "var") && sawAttributeOrModifier {
                return (word, words.next())
            } else {
                return nil
            }
        }
        return sawAttribute ? (nil, nil) : nil
    }

    /// The names a statement list declares at its top level with `let` or `var` (a simple name only).
    static func topLevelNames(_ lines: [NumberedLine]) -> [String] {
        var lexer = Lexer()
        var names: [String] = []
        for line in lines {
            if lexer.depth == 0, !lexer.insideLiteralOrComment {
                var words = Words(trimmedSpaces(line.text))
                if let first = words.next(), first == "let" || first == "var", let name = words.next(),
                    isIdentifier(name),
                    !names.contains(name)
                {
                    names.append(name)
                }
            }
            lexer.scan(line.text)
        }
        return names
    }

    /// Whether `text` uses `name` as an identifier (not as a member after `.`, not inside a longer name, not
    /// as an argument label or a declaration's `name:`).
    static func mentions(_ text: String, _ name: String) -> Bool {
        let bytes = Array(text.utf8)
        let target = Array(name.utf8)
        guard target.count <= bytes.count else { return false }
        var start = 0
        while start + target.count <= bytes.count {
            if bytes[start..<(start + target.count)].elementsEqual(target) {
                let before = start == 0 ? nil : bytes[start - 1]
                let after = start + target.count < bytes.count ? bytes[start + target.count] : nil
                let clearBefore = before.map { !isIdentifierByte($0) && $0 != UInt8(ascii: ".") } ?? true
                let clearAfter = after.map { !isIdentifierByte($0) } ?? true
                let rest = bytes[(start + target.count)...].drop { $0 == UInt8(ascii: " ") }
                let isLabel = rest.first == UInt8(ascii: ":") && rest.dropFirst().first != UInt8(ascii: ":")
                if clearBefore && clearAfter && !isLabel { return true }
            }
            start += 1
        }
        return false
    }

    // MARK: Lines and bytes

    private static func located(_ lines: [NumberedLine], doc: String) -> [String] {
        var out: [String] = []
        var next: Int?
        for line in lines {
            if line.number != next { out.append("#sourceLocation(file: \"\(doc)\", line: \(line.number))") }
            out.append(line.text)
            next = line.number + 1
        }
        return out
    }

    /// The text's lines, split on `\n` bytes (a trailing `\r` removed).
    static func splitLines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            let bytes = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    static func trimmedSpaces(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    static func hasPrefix(_ text: String, _ prefix: String) -> Bool { text.utf8.starts(with: prefix.utf8) }

    private static func contains(_ text: String, _ part: String) -> Bool {
        let bytes = Array(text.utf8)
        let target = Array(part.utf8)
        guard target.count <= bytes.count else { return false }
        return (0...(bytes.count - target.count)).contains { bytes[$0..<($0 + target.count)].elementsEqual(target) }
    }

    private static func isSwiftFile(_ name: String) -> Bool { name.utf8.reversed().starts(with: "tfiws.".utf8) }

    /// `@main` at the start of a line, replaced by spaces (same columns).
    private static func blankingMain(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
            bytes[first...].starts(with: "@main".utf8),
            first + 5 == bytes.count || !isIdentifierByte(bytes[first + 5])
        else { return text }
        var blanked = bytes
        for offset in first..<(first + 5) { blanked[offset] = UInt8(ascii: " ") }
        return String(decoding: blanked, as: UTF8.self)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private static func isIdentifier(_ word: String) -> Bool {
        guard let first = word.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return word.utf8.allSatisfy(isIdentifierByte)
    }

    /// The fence (its backtick or tilde run) when `line` opens a block whose info string starts with `swift`.
    private static func openingSwiftFence(_ line: String) -> (indent: Int, marker: UInt8, length: Int)? {
        let bytes = Array(line.utf8)
        guard let start = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }),
            start <= 3 || bytes[..<start].allSatisfy({ $0 == UInt8(ascii: " ") })
        else {
            return nil
        }
        let marker = bytes[start]
        guard marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") else { return nil }
        let run = bytes[start...].prefix { $0 == marker }.count
        guard run >= 3 else { return nil }
        let info = trimmedSpaces(String(decoding: bytes[(start + run)...], as: UTF8.self))
        let word = info.utf8.prefix { isIdentifierByte($0) }
        guard word.elementsEqual("swift".utf8) else { return nil }
        return (start, marker, run)
    }

    private static func isClosingFence(_ line: String, fence: (indent: Int, marker: UInt8, length: Int)) -> Bool {
        let trimmed = trimmedSpaces(line)
        return trimmed.utf8.count >= fence.length && trimmed.utf8.allSatisfy { $0 == fence.marker }
    }

    private static func markBefore(_ fenceIndex: Int, in lines: [String], label: String) throws(Failure) -> Mark {
        var index = fenceIndex - 1
        while index >= 0, trimmedSpaces(lines[index]).isEmpty { index -= 1 }
        guard index >= 0 else { return .compile }
        let line = trimmedSpaces(lines[index])
        let opening = "<!-- sample:"
        guard hasPrefix(line, opening) else { return .compile }
        guard line.utf8.reversed().starts(with: ">--".utf8) else {
            throw Failure(description: "\(label): the sample mark must be one line ending in -->")
        }
        let bytes = Array(line.utf8)
        let body = trimmedSpaces(String(decoding: bytes[opening.utf8.count..<(bytes.count - 3)], as: UTF8.self))
        let kind = String(decoding: body.utf8.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self)
        let argument = trimmedSpaces(String(decoding: body.utf8.dropFirst(kind.utf8.count), as: UTF8.self))
        switch kind {
        case "manifest" where argument.isEmpty: return .manifest
        case "each-line" where argument.isEmpty: return .eachLine
        case "skip" where !argument.isEmpty: return .skip(reason: argument)
        case "excerpt" where !argument.isEmpty: return .excerpt(path: argument)
        default:
            throw Failure(
                description: "\(label): unknown sample mark `\(body)` (manifest, each-line, skip REASON, excerpt PATH)")
        }
    }

    /// Words separated by spaces, an attribute with its parenthesised arguments counting as one word.
    private struct Words {
        private let bytes: [UInt8]
        private var position = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        mutating func next() -> String? {
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
            { position += 1 }
            guard position < bytes.count else { return nil }
            let start = position
            if bytes[position] == UInt8(ascii: "@") {
                position += 1
                while position < bytes.count, isIdentifierByte(bytes[position]) || bytes[position] == UInt8(ascii: ".")
                { position += 1 }
                if position < bytes.count, bytes[position] == UInt8(ascii: "(") || bytes[position] == UInt8(ascii: "<")
                {
                    var depth = 0
                    repeat {
                        let byte = bytes[position]
                        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "<") { depth += 1 }
                        if byte == UInt8(ascii: ")") || byte == UInt8(ascii: ">") { depth -= 1 }
                        position += 1
                    } while position < bytes.count && depth > 0
                }
                return String(decoding: bytes[start..<position], as: UTF8.self)
            }
            while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
            if position == start { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
    }

    /// Bracket depth across lines, skipping comments and string literals (enough for documentation code).
    private struct Lexer {
        private(set) var depth = 0
        private var blockComments = 0
        private var multilineString = false

        var insideLiteralOrComment: Bool { blockComments > 0 || multilineString }

        /// Scans one line; returns whether it opened a `{`.
        @discardableResult
        mutating func scan(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            var index = 0
            var openedBrace = false
            func at(_ offset: Int, _ ascii: Unicode.Scalar) -> Bool {
                index + offset < bytes.count && bytes[index + offset] == UInt8(ascii: ascii)
            }
            while index < bytes.count {
                if blockComments > 0 {
                    if at(0, "*") && at(1, "/") {
                        blockComments -= 1; index += 2
                    } else if at(0, "/") && at(1, "*") {
                        blockComments += 1; index += 2
                    } else {
                        index += 1
                    }
                    continue
                }
                if multilineString {
                    if at(0, "\\") {
                        index += 2
                    } else if at(0, "\"") && at(1, "\"") && at(2, "\"") {
                        multilineString = false; index += 3
                    } else {
                        index += 1
                    }
                    continue
                }
                if at(0, "/") && at(1, "/") { return openedBrace }
                if at(0, "/") && at(1, "*") { blockComments += 1; index += 2; continue }
                if at(0, "\"") && at(1, "\"") && at(2, "\"") { multilineString = true; index += 3; continue }
                if at(0, "\"") {
                    index += 1
                    while index < bytes.count, !at(0, "\"") { index += at(0, "\\") ? 2 : 1 }
                    index += 1
                    continue
                }
                switch bytes[index] {
                case UInt8(ascii: "{"): depth += 1; openedBrace = true
                case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                index += 1
            }
            return openedBrace
        }
    }
}
