import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// `FieldValue`'s own doc example, `FieldValue.increment(1)`, compiles and means an integer increment
/// (an integer literal is an `Int`, which the Int64 and Double overloads alone left ambiguous).
@Suite("FieldValue.increment with literals")
struct FieldValueLiteralTests {
    @Test func incrementOfAnIntegerLiteral_isAnIntegerIncrement() {
        #expect(FieldValue.increment(1) == FieldValue.increment(Int64(1)))
        #expect(FieldValue.increment(1) != FieldValue.increment(1.0))
        let count = 3
        #expect(FieldValue.increment(count) == FieldValue.increment(Int64(3)))
    }

    @Test func incrementOfAFloatLiteral_isADoubleIncrement() {
        #expect(FieldValue.increment(0.5) == FieldValue.increment(Double(0.5)))
    }
}
