import Foundation
import Testing

/// The docs' samples are compiled by this target (Generated/, written by scripts/doc-samples). These tests
/// keep that honest: the checked-in files must be what the docs give now, excerpts must still be in their
/// sources, and the generator must wrap and locate samples as Docs/Architecture.md says.
@Suite("Doc samples")
struct DocSamplesTests {
    // MARK: The repository's docs

    @Test func generatedFiles_areUpToDateWithTheDocs() throws {
        let problems = try DocSamples.differences(
            root: repositoryRoot, expected: DocSamples.generatedFiles(root: repositoryRoot))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyExcerpt_appearsInItsSource() throws {
        var problems: [String] = []
        var excerpts = 0
        for doc in try DocSamples.documents(root: repositoryRoot) {
            for block in try DocSamples.blocks(doc: doc, text: try read(doc)) {
                if case .excerpt = block.mark { excerpts += 1 }
                if let problem = DocSamples.excerptMismatch(block, root: repositoryRoot) { problems.append(problem) }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(excerpts > 0)
    }

    @Test func theDocsListed_includeTheReadmeAndNestedDocs() throws {
        let documents = try DocSamples.documents(root: repositoryRoot)
        #expect(documents.contains("README.md"))
        #expect(documents.contains("Docs/GettingStarted.md"))
        #expect(documents.allSatisfy { $0 == "README.md" || $0.hasPrefix("Docs/") })
    }

    // MARK: Staleness, on a repository made here

    @Test func aDocEditedWithoutRegenerating_isReportedNamingTheDocAndTheBlock() throws {
        let root = try temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("README.md", in: root, "# R\n\n```swift\nlet a = 1\n```\n\nText.\n\n```swift\nlet b = 2\n```\n")
        #expect(DocSamples.commandLine([root.path]) == 0)
        #expect(try DocSamples.differences(root: root, expected: DocSamples.generatedFiles(root: root)).isEmpty)

        try write("README.md", in: root, "# R\n\n```swift\nlet a = 1\n```\n\nText.\n\n```swift\nlet b = 3\n```\n")

        let problems = try DocSamples.differences(root: root, expected: DocSamples.generatedFiles(root: root))
        #expect(
            problems == [
                "Tests/DocSamplesTests/Generated/README_02.swift is out of date with README.md, block 2 (line 9); run scripts/doc-samples"
            ])
        #expect(DocSamples.commandLine(["--check", root.path]) == 1)
        #expect(DocSamples.commandLine([root.path]) == 0)
        #expect(DocSamples.commandLine(["--check", root.path]) == 0)
    }

    @Test func aBlockRemovedOrAdded_isReportedAsStaleOrMissing() throws {
        let root = try temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("Docs/Guide.md", in: root, "```swift\nlet a = 1\n```\n")
        #expect(DocSamples.commandLine([root.path]) == 0)

        try write(
            "Docs/Guide.md", in: root,
            "<!-- sample: skip shows an error on purpose -->\n```swift\nlet a: Int = \"1\"\n```\n")
        #expect(
            try DocSamples.differences(root: root, expected: DocSamples.generatedFiles(root: root)) == [
                "Tests/DocSamplesTests/Generated/Docs_Guide_01.swift matches no compiled block of the docs now; run scripts/doc-samples"
            ])

        try write("Docs/Sub/New.md", in: root, "~~~swift\nlet a = 1\n~~~\n")
        #expect(
            try DocSamples.differences(root: root, expected: DocSamples.generatedFiles(root: root)).contains(
                "Tests/DocSamplesTests/Generated/Docs_Sub_New_01.swift is missing for Docs/Sub/New.md, block 1 (line 1); run scripts/doc-samples"
            ))
        #expect(DocSamples.commandLine([root.path]) == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(DocSamples.generatedDirectory).path) == [
                    "Docs_Sub_New_01.swift"
                ])
    }

    // MARK: Marks

    @Test func marks_sayWhichBlocksAreCompiledAndHow() throws {
        let text = """
            <!-- sample: manifest -->
            ```swift
            let package = Package(name: "X")
            ```
            <!-- sample: skip does not compile on purpose -->

            ```swift
            let a: Int = "x"
            ```
              <!-- sample: excerpt Sources/A.swift -->
              ```swift
              func a() {}
              ```
            <!-- sample: each-line -->
            ```Swift
            ```
            ```swift title="x"
            let b = 1
            ```
            ```swift
            ```
            """
        let blocks = try DocSamples.blocks(doc: "Docs/M.md", text: text)
        #expect(
            blocks.map(\.mark) == [
                .manifest, .skip(reason: "does not compile on purpose"), .excerpt(path: "Sources/A.swift"), .compile,
                .compile,
            ])
        #expect(blocks.map(\.fenceLine) == [2, 7, 11, 17, 20])
        #expect(blocks.map(\.index) == [1, 2, 3, 4, 5])
        #expect(blocks[2].lines == ["  func a() {}"])
        #expect(blocks.map { DocSamples.source(for: $0) == nil } == [true, true, true, false, false])
    }

    @Test func anUnknownMark_orAnUnclosedFence_isAnErrorNamingTheBlock() {
        #expect(
            throws: DocSamples.Failure(
                description:
                    "Docs/M.md, block 1 (line 2): unknown sample mark `skipp x` (manifest, each-line, skip REASON, excerpt PATH)"
            )
        ) {
            try DocSamples.blocks(doc: "Docs/M.md", text: "<!-- sample: skipp x -->\n```swift\n```\n")
        }
        #expect(
            throws: DocSamples.Failure(
                description:
                    "Docs/M.md, block 1 (line 2): unknown sample mark `skip` (manifest, each-line, skip REASON, excerpt PATH)"
            )
        ) {
            try DocSamples.blocks(doc: "Docs/M.md", text: "<!-- sample: skip -->\n```swift\n```\n")
        }
        #expect(throws: DocSamples.Failure(description: "Docs/M.md, block 1 (line 1): the fence is never closed")) {
            try DocSamples.blocks(doc: "Docs/M.md", text: "```swift\nlet a = 1\n")
        }
    }

    @Test func anExcerpt_mustKeepItsLinesInOrder() throws {
        let root = try temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("Sources/A.swift", in: root, "struct A {\n    let x: Int\n    let y: Int\n    func f() {}\n}\n")
        let matching = try DocSamples.blocks(
            doc: "Docs/M.md",
            text: "<!-- sample: excerpt Sources/A.swift -->\n```swift\nstruct A {\n    ...\n  let y: Int\n}\n```\n")
        #expect(DocSamples.excerptMismatch(matching[0], root: root) == nil)
        let reordered = try DocSamples.blocks(
            doc: "Docs/M.md", text: "<!-- sample: excerpt Sources/A.swift -->\n```swift\nlet y: Int\nlet x: Int\n```\n")
        #expect(
            DocSamples.excerptMismatch(reordered[0], root: root)
                == "Docs/M.md, block 1 (line 2): line 4, `let x: Int`, is not in Sources/A.swift (after line 3)")
        let missing = try DocSamples.blocks(
            doc: "Docs/M.md", text: "<!-- sample: excerpt Sources/B.swift -->\n```swift\nlet y: Int\n```\n")
        #expect(
            DocSamples.excerptMismatch(missing[0], root: root)
                == "Docs/M.md, block 1 (line 2): the excerpt's source Sources/B.swift cannot be read")
    }

    // MARK: Wrapping

    @Test func statements_becomeAnAsyncThrowingFunction_takingThePreludeNamesTheyUse() throws {
        let source = try generated(
            """
            ```swift
            let rooms = try db.collection("rooms")   // store: a label, not a use
            let config = HearthConfiguration(store: .memory)
            print(rooms, config)
            ```
            """)
        #expect(
            source == """
                // Generated by scripts/doc-samples from Docs/X.md, block 1 (line 1). Do not edit: edit the doc, then run
                // scripts/doc-samples. Lines keep their text and columns; #sourceLocation points errors at the doc.

                import Hearth

                struct Docs_X_01 {
                    func sample(db: Database) async throws {
                #sourceLocation(file: "Docs/X.md", line: 2)
                let rooms = try db.collection("rooms")   // store: a label, not a use
                let config = HearthConfiguration(store: .memory)
                print(rooms, config)
                #sourceLocation()
                        _ = rooms
                        _ = config
                    }
                }

                """)
    }

    @Test func aPreludeNameTheSampleDeclares_isNotAParameter() throws {
        let source = try generated(
            "```swift\nlet db = try HearthConfiguration(store: .memory).makeDatabase()\nprint(db)\n```\n")
        #expect(source.contains("    func sample() async throws {\n"))
    }

    @Test func declarations_areMembersOfTheNamespace_andStatementsFollowInTheFunction() throws {
        let source = try generated(
            """
            ```swift
            import Foundation
            import Hearth

            /// A model.
            struct GymClass: Codable {
                var date: Date
            }

            let gymClass = GymClass(date: Date())
            @Test(arguments: [1, 2])
            func check(_ value: Int) {
                #expect(value > 0)
            }
            print(gymClass)
            ```
            """)
        #expect(
            source.contains(
                """
                #sourceLocation(file: "Docs/X.md", line: 2)
                import Foundation
                import Hearth
                #sourceLocation()

                struct Docs_X_01 {
                #sourceLocation(file: "Docs/X.md", line: 4)

                /// A model.
                struct GymClass: Codable {
                    var date: Date
                }
                #sourceLocation(file: "Docs/X.md", line: 11)
                @Test(arguments: [1, 2])
                func check(_ value: Int) {
                    #expect(value > 0)
                }
                #sourceLocation()
                    func sample() async throws {
                #sourceLocation(file: "Docs/X.md", line: 9)

                let gymClass = GymClass(date: Date())
                #sourceLocation(file: "Docs/X.md", line: 15)
                print(gymClass)
                #sourceLocation()
                        _ = gymClass
                    }
                }
                """))
        #expect(!source.contains("import Hearth\n\nstruct"), "a block's own imports replace the default one")
    }

    @Test func mainIsBlankedInPlace_extensionsAndXCTestCasesGoToFileScope() throws {
        let source = try generated(
            """
            ```swift
            @main
            struct App {
                static func main() {}
            }
            extension App {
                func more() {}
            }
            final class AppTests: XCTestCase {}
            ```
            """)
        #expect(
            source.contains("struct Docs_X_01 {\n#sourceLocation(file: \"Docs/X.md\", line: 2)\n     \nstruct App {\n"))
        #expect(
            source.contains(
                """
                }

                fileprivate typealias App = Docs_X_01.App
                #sourceLocation(file: "Docs/X.md", line: 6)
                extension App {
                    func more() {}
                }
                final class AppTests: XCTestCase {}
                #sourceLocation()
                """))
        #expect(!source.contains("func sample"))
    }

    @Test func eachLine_compilesEveryLineOnItsOwn() throws {
        let source = try generated(
            "<!-- sample: each-line -->\n```swift\nlet db = 1  // one\n\n// a comment\nlet db = 2  // two\n```\n")
        #expect(
            source.contains(
                "    func sampleLine3() async throws {\n#sourceLocation(file: \"Docs/X.md\", line: 3)\nlet db = 1  // one\n"
            ))
        #expect(
            source.contains(
                "    func sampleLine6() async throws {\n#sourceLocation(file: \"Docs/X.md\", line: 6)\nlet db = 2  // two\n"
            ))
        #expect(!source.contains("sampleLine5"))
    }

    @Test func bracesInStringsAndComments_doNotEndADeclaration() throws {
        let source = try generated(
            """
            ```swift
            struct A {
                let open = "{ ( ["   // }
                /* } */
            }
            print(A())
            ```
            """)
        #expect(
            source.contains(
                "/* } */\n}\n#sourceLocation()\n    func sample() async throws {\n#sourceLocation(file: \"Docs/X.md\", line: 6)\nprint(A())\n"
            ))
    }

    // MARK: Helpers

    private var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private func read(_ doc: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(doc), encoding: .utf8)
    }

    private func generated(_ markdown: String, doc: String = "Docs/X.md") throws -> String {
        let blocks = try DocSamples.blocks(doc: doc, text: markdown)
        return try #require(blocks.first.flatMap(DocSamples.source(for:)))
    }

    private func temporaryRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-doc-samples-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    private func write(_ relative: String, in root: URL, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
