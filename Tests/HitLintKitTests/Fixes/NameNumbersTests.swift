import XCTest
@testable import HitLintKit

final class NameNumbersTests: XCTestCase {
    /// Numbers in the order names are first met, the same number for the same
    /// name (nil included) however large the table has grown, and names that
    /// differ only where a weak hash would not look (their order, their length).
    func testANameKeepsTheNumberItWasFirstGiven() {
        var numbers = NameNumbers(expected: 2)
        var names: [String?] = [nil, "", "a", "ab", "ba", "a\u{0}", "é", "e\u{301}"]
        for index in 0..<5_000 { names.append("screen.section\(index % 97).button\(index)") }
        for (expected, name) in names.enumerated() {
            XCTAssertEqual(numbers.number(name.map { MessageText($0) }), UInt32(expected), "\(String(describing: name))")
        }
        for (expected, name) in names.enumerated().reversed() {
            XCTAssertEqual(numbers.number(name.map { MessageText($0) }), UInt32(expected), "\(String(describing: name))")
        }
        XCTAssertEqual(numbers.names.count, names.count)
        XCTAssertEqual(numbers.names.map { $0?.string }, names)
    }
}
