/// Whether `lhs` and `rhs` hold the same bytes, in a time that depends only on their lengths, never on
/// where they first differ.
///
/// Use it to compare secrets and codes derived from them (password hashes, HMAC tags, token signatures):
/// `==` stops at the first differing byte, and how long it takes tells an attacker how many leading bytes
/// they guessed right. Lengths are not secret here: inputs of different lengths are unequal at once (hashes
/// and MACs of one algorithm all have one length). Every byte of the shorter length is read whatever the
/// differences, and the differences are accumulated with bitwise OR, without branching on them.
public func constantTimeEquals(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for (left, right) in zip(lhs, rhs) {
        difference |= left ^ right
    }
    return difference == 0
}
