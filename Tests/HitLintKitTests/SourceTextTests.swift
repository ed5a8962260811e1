import XCTest
@testable import HitLintKit

final class SourceTextTests: XCTestCase {
    func testLocationsCountScalarsAndHandleCRLF() {
        let text = SourceText("ab\r\né x\nlast")
        XCTAssertEqual(text.location(of: 0), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(text.location(of: 4), SourceLocation(line: 2, column: 1))
        // 'é' is two bytes but one column.
        XCTAssertEqual(text.location(of: 7), SourceLocation(line: 2, column: 3))
        XCTAssertEqual(text.location(of: 9), SourceLocation(line: 3, column: 1))
        XCTAssertEqual(text.location(of: 10), SourceLocation(line: 3, column: 2))
        XCTAssertEqual(text.lineText(1), "ab")
        XCTAssertEqual(text.lineText(2), "é x")
    }
}
