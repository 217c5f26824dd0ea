import Foundation
package import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// The floor of push latency: one WebChannel `Listen` connection with one document target and nothing
/// above it (no multiplexer, no watch state machine), timing each commit made through the REST API to the
/// arrival of its `documentChange` on the back channel. For the bench (`hearth-bench listen-remote`).
package struct WebChannelLatencyProbe: Sendable {
    /// One measured commit.
    package struct Sample: Sendable, Hashable {
        /// From just before the commit was sent to the arrival of its `documentChange`.
        package var commitToChange: Duration
        /// The commit's own round trip (sent → answered).
        package var commit: Duration
    }

    let configuration: FirestoreRESTConfiguration
    let httpClient: URLSessionHTTPClient

    /// A probe of the database `configuration` names, through `httpClient`.
    package init(configuration: FirestoreRESTConfiguration, httpClient: URLSessionHTTPClient = URLSessionHTTPClient()) {
        self.configuration = configuration
        self.httpClient = httpClient
    }

    /// A probe of project `projectID` on the emulator at `hostAndPort` (`Bearer owner`). Throws
    /// `invalidArgument` for a malformed host or project.
    package init(
        hostAndPort: String, projectID: String, httpClient: URLSessionHTTPClient = URLSessionHTTPClient()
    )
        throws(DocumentStoreError)
    {
        let database = try DatabaseID(projectID: projectID)
        self.init(
            configuration: try FirestoreRESTConfiguration.emulator(hostAndPort: hostAndPort, database: database),
            httpClient: httpClient)
    }

    /// Opens a connection listening to `path`, waits for the target to be current, then `commits` times
    /// sets `{"probe": i}` on `path` and waits for that document on the back channel. Throws what the
    /// connection or a commit throws; a change that does not arrive within `timeout` fails with
    /// `deadlineExceeded`.
    package func measure(
        commits: Int, path: DocumentPath? = nil, timeout: Duration = .seconds(10)
    ) async throws -> [Sample] {
        let path = try path ?? DocumentPath("hearth-latency-probe/doc")
        let store = FirestoreRESTDocumentStore(configuration: configuration, httpClient: httpClient)
        let connection = try await WebChannelListenConnector(configuration: configuration, httpClient: httpClient)
            .connect()
        defer { Task { await connection.close() } }
        let timer = Task {
            try await Task.sleep(for: timeout * (commits + 1))
            await connection.close()
        }
        defer { timer.cancel() }
        var responses = connection.responses.makeAsyncIterator()
        try await connection.addTarget(.document(path), targetID: 1, resumeToken: [])
        while let response = try await responses.next() {
            if case .targetChange(let change) = response, change.kind == .current { break }
        }
        let clock = ContinuousClock()
        var samples: [Sample] = []
        for index in 0..<commits {
            let value = Value.integer(Int64(index) + 1_000_000 * Int64.random(in: 1...1_000))
            let start = clock.now
            _ = try await store.commit([Write.update(path, fields: ["probe": value])], transaction: nil)
            let committed = clock.now
            var arrived: ContinuousClock.Instant?
            while arrived == nil, let response = try await responses.next() {
                if case .documentChange(let document, _, _) = response, document.fields["probe"] == value {
                    arrived = clock.now
                }
            }
            guard let arrived else {
                throw DocumentStoreError(
                    .deadlineExceeded, "The probe's change \(index) did not arrive within \(timeout).")
            }
            samples.append(Sample(commitToChange: arrived - start, commit: committed - start))
        }
        return samples
    }
}
