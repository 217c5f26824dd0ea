import Foundation
import HearthDomain
import Synchronization

/// A new, empty directory under the system's temporary directory, removed (with its contents) when
/// released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init(_ name: String = "hearth-filestore") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Keeps the temporary directories of stores made by a factory alive until the pool is released.
final class DirectoryPool: Sendable {
    private let directories = Mutex<[TemporaryDirectory]>([])

    func make() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        directories.withLock { $0.append(directory) }
        return directory
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing operation.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
