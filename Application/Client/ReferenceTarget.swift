import HearthDomain

/// Where a reference points, for ``CollectionReference`` and ``DocumentReference`` alike: a valid path,
/// or, for a reference made from an invalid path, the placeholder path and the ``InvalidPath`` whose
/// `invalidArgument` error every operation throws.
struct ReferenceTarget<Path: ReferencePath>: Sendable, Hashable {
    /// The path; the placeholder when the target is invalid.
    let path: Path
    let invalid: InvalidPath?

    /// `path`. A path that holds the placeholder ID `__invalid__` (taken from an invalid reference) makes
    /// an invalid target.
    init(_ path: Path) {
        self.path = path
        self.invalid = InvalidPath.isPlaceholder(path.segments) ? .fromPlaceholder(Path.kind, path.path) : nil
    }

    /// An invalid target: every operation throws `invalid.error`.
    init(invalid: InvalidPath) {
        self.path = Path.placeholder
        self.invalid = invalid
    }

    /// The path `relative` (slash-separated) below `parent`, or an invalid target naming the whole path
    /// when it is not a valid path of this kind.
    init(_ relative: String, below parent: [String] = []) {
        do throws(DocumentStoreError) {
            self.init(try Path(segments: parent + ResourcePath.split(relative, what: Path.kind)))
        } catch {
            self.init(invalid: InvalidPath(Path.kind, text: InvalidPath.join(parent, relative), reason: error))
        }
    }

    /// The target `relative` below this one (a collection's document, a document's subcollection); an
    /// invalid target's children carry its error.
    func child<Child: ReferencePath>(_ relative: String) -> ReferenceTarget<Child> {
        if let invalid { return ReferenceTarget<Child>(invalid: invalid) }
        return ReferenceTarget<Child>(relative, below: path.segments)
    }

    /// A target of another kind made from this one's path (`parent`), or carrying its error.
    func map<Other: ReferencePath>(_ transform: (Path) -> Other) -> ReferenceTarget<Other> {
        if let invalid { return ReferenceTarget<Other>(invalid: invalid) }
        return ReferenceTarget<Other>(transform(path))
    }

    /// Why the reference cannot be used, or `nil`.
    var pathError: DocumentStoreError? { invalid?.error }

    /// ``path``, or the invalid target's error thrown.
    func checkedPath() throws(DocumentStoreError) -> Path {
        if let invalid { throw invalid.error }
        return path
    }

    /// Same path; an invalid target equals only invalid targets made from the same text.
    static func == (lhs: ReferenceTarget, rhs: ReferenceTarget) -> Bool {
        lhs.path == rhs.path && InvalidPath.sameText(lhs.invalid, rhs.invalid)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(invalid?.text)
    }
}
