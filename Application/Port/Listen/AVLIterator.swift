/// In-order traversal of an ``AVLNode`` tree with an explicit stack: O(n) for the whole walk.
struct AVLIterator<Element: Sendable>: IteratorProtocol {
    private var stack: [AVLNode<Element>] = []

    init(_ root: AVLNode<Element>?) {
        pushLeft(root)
    }

    mutating func next() -> Element? {
        guard let node = stack.popLast() else { return nil }
        pushLeft(node.right)
        return node.element
    }

    private mutating func pushLeft(_ node: AVLNode<Element>?) {
        var node = node
        while let current = node {
            stack.append(current)
            node = current.left
        }
    }
}
