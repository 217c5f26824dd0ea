import Foundation
public import HearthDomain

extension HearthConfiguration {
    /// Checks the profile's rules (seed 002: development never touches production; emulators are for
    /// development only):
    ///
    /// - production refuses ``StoreSelection/memory`` and a Firestore target with an emulator host;
    /// - development refuses a production Firestore project — an ID not starting with `demo-`, no
    ///   emulator host, or a `FIRESTORE_BASE_URL` that is not on this machine — unless
    ///   ``allowsProduction``.
    ///
    /// Also checks that names are valid: an invalid project or database ID is `invalidArgument`, and so is
    /// a file cache (``cache``) in the file store's own directory.
    /// Throws `failedPrecondition` naming the variable to change when a rule refuses the configuration.
    public func validate() throws(DocumentStoreError) {
        if case .file(let cacheDirectory) = cache, case .file(let storeDirectory) = store,
            cacheDirectory.standardizedFileURL.path == storeDirectory.standardizedFileURL.path
        {
            throw DocumentStoreError(
                .invalidArgument,
                "HEARTH_CACHE=file:\(cacheDirectory.relativePath) is the store's own directory (HEARTH_STORE): give the cache a directory of its own."
            )
        }
        switch store {
        case .memory:
            if profile == .production {
                throw DocumentStoreError(
                    .failedPrecondition,
                    "HEARTH_ENV=production refuses HEARTH_STORE=memory: an in-memory store loses every write when the process ends."
                )
            }
        case .file:
            break
        case .firestore(let target):
            _ = try DatabaseID(projectID: target.projectID, databaseID: target.databaseID)
            switch profile {
            case .production:
                if let host = target.emulatorHost {
                    throw DocumentStoreError(
                        .failedPrecondition,
                        "HEARTH_ENV=production refuses the Firestore emulator (FIRESTORE_EMULATOR_HOST=\(host)): unset FIRESTORE_EMULATOR_HOST to reach Firestore."
                    )
                }
            case .development:
                if !allowsProduction, let reason = Self.productionReason(target) {
                    throw DocumentStoreError(
                        .failedPrecondition,
                        "HEARTH_ENV=development refuses \(reason). Use the emulator (FIRESTORE_EMULATOR_HOST) with a demo-* GOOGLE_CLOUD_PROJECT, or set HEARTH_ALLOW_PRODUCTION=1 to reach production on purpose."
                    )
                }
            }
        }
    }

    /// Why `target` may reach production data, or `nil` when it cannot.
    static func productionReason(_ target: FirestoreTarget) -> String? {
        if !target.projectID.hasPrefix("demo-") {
            return "the Firestore project \"\(target.projectID)\" (GOOGLE_CLOUD_PROJECT does not start with demo-)"
        }
        guard target.emulatorHost != nil else {
            return "Firestore without the emulator (FIRESTORE_EMULATOR_HOST is not set)"
        }
        if let base = target.environment["FIRESTORE_BASE_URL"]?.trimmingCharacters(in: .whitespaces), !base.isEmpty {
            let host = URL(string: base)?.host ?? ""
            if !["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) {
                return "FIRESTORE_BASE_URL=\(base), which is not on this machine"
            }
        }
        return nil
    }
}
