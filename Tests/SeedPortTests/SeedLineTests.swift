import Foundation
import Testing

/// The ports are the seeds as written: between a port file's `BEGIN SEED`/`END SEED` markers, every line
/// of the seed's ported Swift blocks appears, in order, and at most two lines differ (the import and the
/// line that makes the database). Lines the port adds to hold the seed's snippets (a function around a
/// statement block) end in `// port:` and are not counted as changes.
@Suite("Seed ports are the seeds as written")
struct SeedLineTests {
    struct Port: Sendable, CustomTestStringConvertible {
        let seedFile: String
        let portFiles: [String]
        /// Which of the seed's ```swift blocks are ported (by index), or nil for all.
        let blocks: [Int]?
        var testDescription: String { seedFile }
    }

    static let ports: [Port] = [
        Port(seedFile: "000_01254e5ab3ef1eb5.txt", portFiles: ["Seed000Port.swift"], blocks: nil),
        // Block 3: the "Example Actions" (the engines are made by Seed001ExampleActionsTests).
        Port(seedFile: "001_fbb4e71c8a4f8345.txt", portFiles: ["Seed001Port.swift"], blocks: [3]),
        // Blocks 2 and 3: the repository and its mapper (the others need Firebase Auth, issue 16).
        Port(seedFile: "002_56922efacb6ea023.txt", portFiles: ["Seed002Port.swift"], blocks: [2, 3]),
        // Blocks 0–6: models, repository protocols, the encoder, the batch write (7 and 8 are
        // swift-dependencies and SwiftUI code, not Firestore code).
        Port(seedFile: "003_6c7fbd09d2bf4e7f.txt", portFiles: ["Seed003Port.swift"], blocks: Array(0...6)),
    ]

    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let seeds = here.appendingPathComponent("../../../shared/seeds").standardized

    @Test(arguments: ports)
    func thePortChangesAtMostTwoLines(_ port: Port) throws {
        let seedURL = Self.seeds.appendingPathComponent(port.seedFile)
        guard FileManager.default.fileExists(atPath: seedURL.path) else {
            if ProcessInfo.processInfo.environment["CI"].map({ !["", "0", "false"].contains($0.lowercased()) }) ?? false
            {
                Issue.record(
                    "CI is set but the seed \(seedURL.path) is missing (../shared must be beside the checkout)")
                return
            }
            try Test.cancel(
                "seed \(port.seedFile) not found at \(seedURL.path) (../shared is not beside this checkout)")
        }
        let seedText = try String(contentsOf: seedURL, encoding: .utf8)
        let allBlocks = Self.swiftBlocks(in: seedText)
        let chosen = port.blocks ?? Array(allBlocks.indices)
        let seedLines = chosen.flatMap { allBlocks[$0] }.filter { !Self.isBlank($0) }

        var portLines: [String] = []
        for file in port.portFiles {
            let text = try String(contentsOf: Self.here.appendingPathComponent(file), encoding: .utf8)
            portLines += Self.region(in: text)
        }
        let ported = portLines.filter { !Self.isBlank($0) && !$0.hasSuffix("// port:") }
        #expect(!seedLines.isEmpty && !ported.isEmpty, "nothing to compare for \(port.seedFile)")

        let matched = Self.longestCommonSubsequence(seedLines, ported)
        let missing = seedLines.count - matched
        let added = ported.count - matched
        let changed = max(missing, added)
        #expect(
            changed <= 2,
            "\(port.seedFile): \(changed) changed lines (\(missing) seed lines missing, \(added) lines added)"
        )
        // The seed must really be there: most of its lines.
        #expect(matched >= seedLines.count - 2)
    }

    static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    /// The lines of each ```swift block, in order.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(current ?? [])
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The lines between `// BEGIN SEED` and `// END SEED`.
    static func region(in text: String) -> [String] {
        var inside = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("// BEGIN SEED") { inside = true; continue }
            if line.hasPrefix("// END SEED") { inside = false; continue }
            if inside { lines.append(line) }
        }
        return lines
    }

    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [Int](repeating: 0, count: b.count + 1)
            for (j, y) in b.enumerated() {
                current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return previous[b.count]
    }
}
