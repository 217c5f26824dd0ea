/// The operations on ``AVLNode`` trees. A `probe` compares the wanted element with the one it is given:
/// negative when the wanted element comes first, zero when it is the one.
enum AVLTree {
    /// The tree with `element` inserted, or replacing the element that compares equal.
    static func inserting<E>(_ element: E, into node: AVLNode<E>?, by compare: (E, E) -> Int) -> AVLNode<E> {
        guard let node else { return AVLNode(element, nil, nil) }
        let order = compare(element, node.element)
        if order < 0 { return balance(node.element, inserting(element, into: node.left, by: compare), node.right) }
        if order > 0 { return balance(node.element, node.left, inserting(element, into: node.right, by: compare)) }
        return AVLNode(element, node.left, node.right)
    }

    /// The tree without the element for which `probe` answers 0 (an equal tree when there is none).
    static func removing<E>(from node: AVLNode<E>?, where probe: (E) -> Int) -> AVLNode<E>? {
        guard let node else { return nil }
        let order = probe(node.element)
        if order < 0 { return balance(node.element, removing(from: node.left, where: probe), node.right) }
        if order > 0 { return balance(node.element, node.left, removing(from: node.right, where: probe)) }
        guard let left = node.left else { return node.right }
        guard let right = node.right else { return left }
        let (minimum, rest) = removingMinimum(right)
        return balance(minimum, left, rest)
    }

    /// The element for which `probe` answers 0, and its position in order.
    static func find<E>(in node: AVLNode<E>?, where probe: (E) -> Int) -> (element: E, index: Int)? {
        var node = node
        var before = 0
        while let current = node {
            let order = probe(current.element)
            if order < 0 {
                node = current.left
            } else if order > 0 {
                before += (current.left?.count ?? 0) + 1
                node = current.right
            } else {
                return (current.element, before + (current.left?.count ?? 0))
            }
        }
        return nil
    }

    /// The element at position `index` (0-based, in order); `index` must be in range.
    static func element<E>(at index: Int, in root: AVLNode<E>) -> E {
        var node = root
        var index = index
        while true {
            let leftCount = node.left?.count ?? 0
            if index < leftCount, let left = node.left {
                node = left
            } else if index > leftCount, let right = node.right {
                index -= leftCount + 1
                node = right
            } else {
                return node.element
            }
        }
    }

    /// A balanced tree of `elements`, which must already be in order.
    static func build<E>(_ elements: ArraySlice<E>) -> AVLNode<E>? {
        guard !elements.isEmpty else { return nil }
        let middle = elements.startIndex + elements.count / 2
        return AVLNode(
            elements[middle], build(elements[elements.startIndex..<middle]), build(elements[(middle + 1)...]))
    }

    private static func removingMinimum<E>(_ node: AVLNode<E>) -> (E, AVLNode<E>?) {
        guard let left = node.left else { return (node.element, node.right) }
        let (minimum, rest) = removingMinimum(left)
        return (minimum, balance(node.element, rest, node.right))
    }

    private static func height<E>(_ node: AVLNode<E>?) -> Int { node?.height ?? 0 }

    private static func balance<E>(_ element: E, _ left: AVLNode<E>?, _ right: AVLNode<E>?) -> AVLNode<E> {
        let difference = height(left) - height(right)
        if difference > 1, let left {
            if height(left.left) >= height(left.right) {
                return AVLNode(left.element, left.left, AVLNode(element, left.right, right))
            }
            if let pivot = left.right {
                return AVLNode(
                    pivot.element, AVLNode(left.element, left.left, pivot.left), AVLNode(element, pivot.right, right))
            }
        }
        if difference < -1, let right {
            if height(right.right) >= height(right.left) {
                return AVLNode(right.element, AVLNode(element, left, right.left), right.right)
            }
            if let pivot = right.left {
                return AVLNode(
                    pivot.element, AVLNode(element, left, pivot.left), AVLNode(right.element, pivot.right, right.right))
            }
        }
        return AVLNode(element, left, right)
    }
}
