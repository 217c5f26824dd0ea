// The libFuzzer entry points. SwiftPM compiles this executable as a library under `--sanitize=fuzzer`, and
// libFuzzer's own `main` parses its flags, then calls `LLVMFuzzerInitialize` once and
// `LLVMFuzzerTestOneInput` per input.
//
//   hearth-fuzz --target=NAME [libFuzzer flags] [corpus directories or input files]
//   hearth-fuzz --make-corpus=DIRECTORY     writes every target's seed corpus into DIRECTORY/<target>/
//   hearth-fuzz --list                      prints the target names
//
// A target traps (`FuzzCheck.fail`) when a property is broken; the sanitizers report memory errors and
// leaks; any other trap in the code under test is a finding too.

import Foundation

/// Every fuzz target, by name (computed: a stored global of metatypes is not `Sendable`).
var allTargets: [any FuzzTarget.Type] {
    [
        RESTDecodersTarget.self,
        RESTResponsesTarget.self,
        TimestampsTarget.self,
        RecordPayloadsTarget.self,
        StoreFoldersTarget.self,
        PageTokensTarget.self,
        ExportLinesTarget.self,
        PathsTarget.self,
        FieldPathsTarget.self,
        RulesFilesTarget.self,
    ]
}

/// The target chosen by `--target=NAME`: written once in `LLVMFuzzerInitialize`, before libFuzzer calls
/// `LLVMFuzzerTestOneInput` on the same thread, and only read after (hence `nonisolated(unsafe)`).
nonisolated(unsafe) var selectedTarget: (any FuzzTarget.Type)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let arguments = CommandLine.arguments
    if arguments.contains("--list") {
        for target in allTargets { print(target.name) }
        exit(0)
    }
    if let directory = arguments.first(where: { $0.hasPrefix("--make-corpus=") })?.dropFirst("--make-corpus=".count) {
        do {
            try CorpusWriter.writeAll(allTargets, into: URL(fileURLWithPath: String(directory)))
        } catch {
            FileHandle.standardError.write(Data("hearth-fuzz: cannot write the corpus: \(error)\n".utf8))
            exit(1)
        }
        exit(0)
    }
    guard let name = arguments.first(where: { $0.hasPrefix("--target=") })?.dropFirst("--target=".count),
        let target = allTargets.first(where: { $0.name == name })
    else {
        let names = allTargets.map { $0.name }.joined(separator: ", ")
        FileHandle.standardError.write(Data("hearth-fuzz: give --target=NAME, one of: \(names)\n".utf8))
        exit(2)
    }
    selectedTarget = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = selectedTarget else { return 0 }
    target.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
