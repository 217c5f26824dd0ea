/// A node of an immutable, size-augmented AVL tree. Updates copy only the path from the root to the
/// changed node (O(log n)), so every earlier version stays valid and shares the rest: snapshots can keep
/// their document sets while a listener builds the next one.
final class AVLNode<Element: Sendable>: Sendable {
    let element: Element
    let left: AVLNode?
    let right: AVLNode?
    let height: Int
    let count: Int

    init(_ element: Element, _ left: AVLNode?, _ right: AVLNode?) {
        self.element = element
        self.left = left
        self.right = right
        self.height = max(left?.height ?? 0, right?.height ?? 0) + 1
        self.count = (left?.count ?? 0) + (right?.count ?? 0) + 1
    }
}
