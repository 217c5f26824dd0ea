/// Which environment a program runs in, and so which stores it may reach (seed 002: development must
/// never touch production data, and emulators are for development only). Read from `HEARTH_ENV`.
public enum HearthProfile: String, Sendable, Hashable, CaseIterable {
    /// The default. Refuses a production Firestore project — one whose ID does not start with `demo-`,
    /// or reached without the emulator — unless ``HearthConfiguration/allowsProduction`` is set
    /// (`HEARTH_ALLOW_PRODUCTION=1`).
    case development
    /// Refuses the Firestore emulator and the in-memory store (which loses every write at exit).
    case production
}
