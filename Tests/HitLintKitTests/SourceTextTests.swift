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

    /// A byte order mark is not counted in the first line's columns (editors skip
    /// it), whatever order the locations are asked in.
    func testByteOrderMarkIsNotAColumn() {
        let text = SourceText("\u{FEFF}ab: 1\ncd: 2")
        XCTAssertEqual(text.location(of: 0), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(text.location(of: 3), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(text.location(of: 5), SourceLocation(line: 1, column: 3))
        XCTAssertEqual(text.location(of: 9), SourceLocation(line: 2, column: 1))
        XCTAssertEqual(text.location(of: 11), SourceLocation(line: 2, column: 3))
        let fresh = SourceText("\u{FEFF}ab: 1\ncd: 2")
        XCTAssertEqual(fresh.location(of: 5), SourceLocation(line: 1, column: 3))
        XCTAssertEqual(fresh.location(of: 1), SourceLocation(line: 1, column: 2), "inside the mark")
        XCTAssertEqual(fresh.location(of: 6), SourceLocation(line: 1, column: 4))
        XCTAssertEqual(fresh.lineText(1), "ab: 1")
        XCTAssertEqual(fresh.lineText(2), "cd: 2")
    }
}
