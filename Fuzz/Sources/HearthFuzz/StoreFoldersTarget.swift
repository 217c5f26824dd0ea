import Foundation
import HearthDomain
import HearthFileSystem
import HearthPort

/// Whole store folders: a folder of fuzzed files is opened as a file store, which must throw a
/// `DocumentStoreError` or open; an opened store answers reads, takes a commit and closes; either way no
/// file descriptor is left open (the lock included).
///
/// Input: a folder as a sequence of files, each `name length (1 byte), name, size (4 bytes, little
/// endian), contents`; names that are not plain file names are skipped.
enum StoreFoldersTarget: FuzzTarget {
    static let name = "store-folders"

    /// Whether ``warmUp()`` ran: the first store opened and the first task started create descriptors
    /// that live as long as the process (the dispatch machinery's), which are not leaks.
    nonisolated(unsafe) static var warm = false

    static func warmUp() {
        warm = true
        guard let directory = try? TemporaryDirectory("store-warm-up") else { return }
        defer { directory.remove() }
        _ = blocking { () async throws -> Void in
            let store = try await FileSystemDocumentStore.open(directory: directory.url, database: Samples.database)
            _ = try await store.commit([.update(try DocumentPath("fuzz/warm"), fields: [:])], transaction: nil)
            try await store.close()
        }
    }

    static func run(_ input: [UInt8]) {
        if !warm { warmUp() }
        guard let directory = try? TemporaryDirectory("store") else { return }
        defer { directory.remove() }
        for (fileName, contents) in unpack(input) {
            try? Data(contents).write(to: directory.url.appendingPathComponent(fileName))
        }
        let descriptorsBefore = openFileDescriptorCount()
        let outcome = blocking { () async throws -> Void in
            let store = try await FileSystemDocumentStore.open(directory: directory.url, database: Samples.database)
            do {
                for document in Samples.documents.prefix(3) {
                    _ = try await store.getDocument(document.path, mask: nil, consistency: .latest)
                }
                _ = try await store.listDocuments(ListDocumentsRequest(collectionID: "members"))
                _ = try await store.listCollectionIDs(ListCollectionIDsRequest())
                _ = try await store.commit(
                    [.update(try DocumentPath("fuzz/after-open"), fields: ["ok": .boolean(true)])], transaction: nil)
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
        if case .failure(let error) = outcome, !(error is DocumentStoreError) {
            FuzzCheck.fail(name, "opening threw \(type(of: error)), not a DocumentStoreError: \(error)")
        }
        let descriptorsAfter = openFileDescriptorCount()
        if descriptorsAfter != descriptorsBefore {
            FuzzCheck.fail(
                name, "\(descriptorsAfter - descriptorsBefore) file descriptors leaked (outcome: \(outcome))")
        }
    }

    /// The files packed in `input`.
    static func unpack(_ input: [UInt8]) -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        var index = 0
        while index < input.count, files.count < 16 {
            let nameLength = Int(input[index])
            index += 1
            guard index + nameLength + 4 <= input.count else { break }
            let name = String(decoding: input[index..<index + nameLength], as: UTF8.self)
            index += nameLength
            let size = input[index..<index + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
            index += 4
            let end = min(input.count, index + size)
            let contents = Array(input[index..<end])
            index = end
            let plain =
                !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
                && !name.utf8.contains(0)
            if plain { files.append((name, contents)) }
        }
        return files
    }

    /// `files` packed as ``unpack(_:)`` reads them.
    static func pack(_ files: [(String, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (name, contents) in files {
            bytes.append(UInt8(name.utf8.count))
            bytes += name.utf8
            withUnsafeBytes(of: UInt32(contents.count).littleEndian) { bytes += $0 }
            bytes += contents
        }
        return bytes
    }

    /// Real store folders, made by the file store: empty, after commits, after a compaction, after
    /// deletes, and with a compaction followed by more commits.
    static func corpus() throws -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        let documents = Samples.documents
        for scenario in 0..<6 {
            let directory = try TemporaryDirectory("store-corpus")
            defer { directory.remove() }
            let result = blocking { () async throws -> Void in
                let store = try await FileSystemDocumentStore.open(directory: directory.url, database: Samples.database)
                if scenario >= 1 {
                    for document in documents.prefix(scenario + 1) {
                        _ = try await store.commit([.update(document.path, fields: document.fields)], transaction: nil)
                    }
                }
                if scenario >= 3 { _ = try await store.commit([.delete(documents[0].path)], transaction: nil) }
                if scenario >= 4 { try await store.compact() }
                if scenario >= 5 {
                    _ = try await store.commit(
                        documents.suffix(2).map { .update($0.path, fields: ["again": .integer(1)]) }, transaction: nil)
                }
                try await store.close()
            }
            try result.get()
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
            let files = names.map { ($0, readFile(directory.url.appendingPathComponent($0)) ?? []) }
            inputs.append(pack(files))
        }
        return inputs
    }
}
