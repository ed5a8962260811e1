import XCTest
@testable import HitLintKit

/// Interface Builder documents, each a minimal file written here for one trap.
final class InterfaceBuilderImporterTests: XCTestCase {
    /// A XIB holding `objects` (the elements inside `<objects>`), as Xcode writes one.
    static func xib(_ objects: String, device: String = #"<device id="retina6_12" orientation="portrait" appearance="light"/>"#,
                    resources: String = "", type: String = "com.apple.InterfaceBuilder3.CocoaTouch.XIB") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="\(type)" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            \(device)
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        \(objects)
            </objects>
            <resources>\(resources)</resources>
        </document>

        """
    }

    /// A top-level 393×852 view holding `subviews`.
    static func screen(_ subviews: String, id: String = "Scr-vw-001") -> String {
        """
                <view contentMode="scaleToFill" id="\(id)">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <subviews>
        \(subviews)
                    </subviews>
                </view>
        """
    }

    static func button(_ id: String, _ frame: (Double, Double, Double, Double), label: String? = nil, extra: String = "") -> String {
        """
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="\(id)"\(label.map { " userLabel=\"\($0)\"" } ?? "")>
                            <rect key="frame" x="\(frame.0)" y="\(frame.1)" width="\(frame.2)" height="\(frame.3)"/>
                            \(extra)
                        </button>
        """
    }

    private func importLayout(_ text: String) throws -> (layout: Layout, diagnostics: [Diagnostic]) {
        let document = try XMLReader.parse(SourceText(text))
        XCTAssertEqual(FileKind.detect(document), .interfaceBuilder)
        return Importers.importLayout(.interfaceBuilder, document: document, options: ImportOptions())
    }

    private func lint(_ text: String, arguments: [String] = []) throws -> LintResult {
        try TestSupport.lint(text, format: .xml, arguments: arguments)
    }

    private func findings(_ result: LintResult) -> [Diagnostic] {
        result.diagnostics.filter { $0.rule != RuleID.importNote }
    }

    // MARK: Recognising and reading

    func testDocumentsAreRecognisedByTheirRootElement() throws {
        XCTAssertEqual(FileKind.detect(try XMLReader.parse(SourceText(Self.xib("")))), .interfaceBuilder)
        XCTAssertEqual(FileKind.detect(try XMLReader.parse(SourceText(Self.xib("", type: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB")))),
                       .interfaceBuilder)
        XCTAssertEqual(FileKind.detect(try XMLReader.parse(SourceText(Self.xib("", type: "com.apple.InterfaceBuilder3.Cocoa.XIB")))), .unknown)
        XCTAssertEqual(FileKindChoice(rawValue: "interface-builder")?.kind(of: try XMLReader.parse(SourceText("<a/>"))), .interfaceBuilder)
        XCTAssertEqual(SourceFormat(path: "App/Base.lproj/Main.storyboard"), .xml)
        XCTAssertEqual(SourceFormat(path: "Cell.XIB"), .xml)
    }

    func testAnAppKitDocumentIsSkippedWithANoteNamedOrFound() throws {
        let appKit = Self.xib(#"<customView id="c1"><rect key="frame" x="0" y="0" width="480" height="272"/></customView>"#,
                              type: "com.apple.InterfaceBuilder3.Cocoa.XIB")
        let result = try lint(appKit)
        XCTAssertEqual(result.diagnostics.count, 1)
        XCTAssertEqual(result.diagnostics[0].rule, RuleID.importNote)
        XCTAssertTrue(result.diagnostics[0].message.contains("AppKit"), result.diagnostics[0].message)
        XCTAssertEqual(result.fileKind, .unknown)
    }

    func testFramesAreRelativeToTheSuperviewAndDiagnosticsLandOnTheElement() throws {
        let text = Self.xib(Self.screen("""
                        <view contentMode="scaleToFill" id="Crd-vw-001" userLabel="Card">
                            <rect key="frame" x="20" y="100" width="300" height="80"/>
                            <subviews>
        \(Self.button("Cls-bt-001", (250, 10, 24, 24), label: "Close"))
                            </subviews>
                        </view>
        """))
        let (layout, _) = try importLayout(text)
        layout.assertFrame("Close", Rect(x: 270, y: 110, width: 24, height: 24))
        XCTAssertEqual(layout.platform, .uikit)
        XCTAssertFalse(layout.zOrderIsInferred)
        let result = try lint(text)
        let small = try XCTUnwrap(findings(result).first)
        XCTAssertEqual(small.rule, TargetSizeRule.id)
        XCTAssertEqual(small.message, "'Close' is reachable on 24×24 pt; minimum is 44×44 pt (ios)")
        XCTAssertEqual(small.node, "Cls-bt-001", "reports key a node by its IB object id")
        let lines = text.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.contains("id=\"Cls-bt-001\"") }) + 1
        let location = result.location(small).start
        XCTAssertEqual(location.line, line)
        XCTAssertEqual(location.column, lines[line - 1].distance(from: lines[line - 1].startIndex,
                                                                    to: lines[line - 1].firstIndex(of: "<")!) + 2,
                       "on the element's name, after '<'")
    }

    func testNamesAreWhatXcodeShows() throws {
        let (layout, _) = try importLayout(Self.xib(Self.screen("""
        \(Self.button("a", (0, 0, 44, 44), label: "Labelled"))
        \(Self.button("b", (50, 0, 44, 44), extra: #"<accessibility key="accessibilityConfiguration" identifier="closeButton" label="Close"/>"#))
        \(Self.button("c", (100, 0, 44, 44), extra: #"<accessibility key="accessibilityConfiguration" label="Share"/>"#))
        \(Self.button("d", (150, 0, 44, 44), extra: #"<state key="normal" title="Done"/>"#))
                        <button opaque="NO" contentMode="scaleToFill" id="e" customClass="BouncyButton">
                            <rect key="frame" x="200" y="0" width="44" height="44"/>
                        </button>
        \(Self.button("f", (250, 0, 44, 44)))
        \(Self.button("g", (300, 0, 44, 44)))
        """)))
        let names = Set(layout.allNames())
        for name in ["Labelled", "closeButton", "Share", "Done", "BouncyButton", "UIButton", "UIButton[2]"] {
            XCTAssertTrue(names.contains(name), "\(name) in \(names.sorted())")
        }
        XCTAssertEqual(layout.key(of: layout.index(named: "UIButton[2]")!), "g")
    }

    func testEveryTopLevelViewAndSceneIsALayoutOfItsOwnOnTheCanvas() throws {
        var scenes = ""
        for index in 0..<300 {
            scenes += """
                    <scene sceneID="s\(index)">
                        <objects>
                            <viewController id="vc\(index)" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v\(index)">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <subviews>
                                        <button opaque="NO" contentMode="scaleToFill" id="b\(index)">
                                            <rect key="frame" x="0.0" y="0.0" width="30" height="30"/>
                                        </button>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>

            """
        }
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
            <device id="retina4_7" orientation="landscape" appearance="light"/>
            <scenes>
        \(scenes)
            </scenes>
        </document>
        """
        let (layout, _) = try importLayout(text)
        XCTAssertEqual(layout.nodes.count, 1 + 300 * 2)
        // Each scene's view is placed apart from the others: no two scenes overlap or touch.
        let roots = layout.nodes.indices.filter { layout.nodes[$0].parent == 0 }
        XCTAssertEqual(roots.count, 300)
        for (a, b) in zip(roots, roots.dropFirst()) {
            XCTAssertFalse(layout.nodes[a].frame.intersects(layout.nodes[b].frame))
        }
        let result = try lint(text)
        // 300 buttons, each 30×30 and alone: one finding each, none joining two scenes.
        XCTAssertEqual(findings(result).count, 300)
        XCTAssertTrue(findings(result).allSatisfy { $0.rule == TargetSizeRule.id && $0.related.isEmpty })
        let note = try XCTUnwrap(result.diagnostics.first { $0.rule == RuleID.importNote })
        XCTAssertTrue(note.message.contains("iPhone SE (3rd generation) (667×375 pt)"), "landscape: \(note.message)")
    }

    // MARK: Targets

    func testTargetsAreWhatTheFileProves() throws {
        let (layout, _) = try importLayout(Self.xib(Self.screen("""
                        <view contentMode="scaleToFill" id="act" customClass="RatingControl">
                            <rect key="frame" x="0" y="0" width="44" height="44"/>
                            <connections>
                                <action selector="changed:" destination="-1" eventType="valueChanged" id="x1"/>
                            </connections>
                        </view>
                        <view contentMode="scaleToFill" id="tap">
                            <rect key="frame" x="50" y="0" width="44" height="44"/>
                            <gestureRecognizers/>
                            <connections>
                                <outletCollection property="gestureRecognizers" destination="T1" appends="YES" id="x2"/>
                            </connections>
                        </view>
                        <view contentMode="scaleToFill" id="triple">
                            <rect key="frame" x="100" y="0" width="44" height="44"/>
                            <connections>
                                <outletCollection property="gestureRecognizers" destination="T3" appends="YES" id="x3"/>
                            </connections>
                        </view>
                        <view contentMode="scaleToFill" id="press">
                            <rect key="frame" x="150" y="0" width="44" height="44"/>
                            <connections>
                                <outletCollection property="gestureRecognizers" destination="P1" appends="YES" id="x4"/>
                            </connections>
                        </view>
                        <view contentMode="scaleToFill" id="off">
                            <rect key="frame" x="200" y="0" width="44" height="44"/>
                            <connections>
                                <outletCollection property="gestureRecognizers" destination="T0" appends="YES" id="x5"/>
                            </connections>
                        </view>
                        <view contentMode="scaleToFill" id="named" customClass="PlayPauseButton">
                            <rect key="frame" x="250" y="0" width="44" height="44"/>
                        </view>
                        <textView clipsSubviews="YES" contentMode="scaleToFill" editable="NO" id="readOnly">
                            <rect key="frame" x="0" y="100" width="200" height="100"/>
                        </textView>
                        <textView clipsSubviews="YES" contentMode="scaleToFill" id="editor">
                            <rect key="frame" x="0" y="200" width="200" height="100"/>
                        </textView>
                        <button opaque="NO" contentMode="scaleToFill" userInteractionEnabled="NO" id="badge">
                            <rect key="frame" x="0" y="300" width="44" height="44"/>
                        </button>
                        <button opaque="NO" contentMode="scaleToFill" id="arrow">
                            <rect key="frame" x="0" y="400" width="10" height="10"/>
                            <accessibility key="accessibilityConfiguration">
                                <bool key="isElement" value="NO"/>
                            </accessibility>
                            <connections>
                                <action selector="arrowTapped:" destination="-1" eventType="touchUpInside" id="x9"/>
                            </connections>
                        </button>
        """) + """
                <tapGestureRecognizer id="T1"><connections><action selector="tapped" destination="-1" id="a1"/></connections></tapGestureRecognizer>
                <tapGestureRecognizer numberOfTapsRequired="3" id="T3"><connections><action selector="debug" destination="-1" id="a3"/></connections></tapGestureRecognizer>
                <pongPressGestureRecognizer allowableMovement="10" minimumPressDuration="0.5" id="P1"><connections><action selector="menu" destination="-1" id="a4"/></connections></pongPressGestureRecognizer>
                <tapGestureRecognizer enabled="NO" id="T0"/>
        """))
        func isTarget(_ key: String) -> Bool {
            guard let index = layout.nodes.indices.first(where: { layout.key(of: $0) == key }) else {
                XCTFail("no node \(key)")
                return false
            }
            return layout.nodes[index].isTarget
        }
        XCTAssertTrue(isTarget("act"), "an action with an event: only a UIControl has one")
        XCTAssertTrue(isTarget("tap"), "a single tap recognizer")
        XCTAssertFalse(isTarget("triple"), "a triple tap is a hidden shortcut")
        XCTAssertTrue(isTarget("press"), "Xcode writes a long press as pongPressGestureRecognizer")
        XCTAssertFalse(isTarget("off"), "a disabled recognizer")
        XCTAssertFalse(isTarget("named"), "a class name alone proves nothing")
        XCTAssertFalse(isTarget("readOnly"))
        XCTAssertTrue(isTarget("editor"))
        XCTAssertFalse(isTarget("badge"), "a button made to ignore touches is decoration")
        XCTAssertFalse(isTarget("arrow"), "a control hidden from accessibility: another element does its work")
    }

    func testCellsTheFileShowsAreTappedAreTargets() throws {
        func cell(_ id: String, style: String, y: Double) -> String {
            """
                                <tableViewCell contentMode="scaleToFill" selectionStyle="default" \(style) id="\(id)">
                                    <rect key="frame" x="0.0" y="\(y)" width="393" height="32"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" id="\(id)-c">
                                        <rect key="frame" x="0.0" y="0.0" width="393" height="32"/>
                                    </tableViewCellContentView>
                                </tableViewCell>
            """
        }
        func table(allowsSelection: Bool) -> String {
            """
                        <tableView clipsSubviews="YES" contentMode="scaleToFill" \(allowsSelection ? "" : #"allowsSelection="NO" "#)dataMode="prototypes" style="plain" id="t">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <prototypes>
            \(cell("plain", style: #"accessoryType="disclosureIndicator""#, y: 100))
            \(cell("quiet", style: "", y: 140))
                            </prototypes>
                        </tableView>
            """
        }
        let selectable = try lint(Self.xib(Self.screen(table(allowsSelection: true))))
        XCTAssertEqual(findings(selectable).map(\.node), ["plain"],
                       "a 32 pt cell with a disclosure indicator; a selection style alone is IB's default and proves nothing")
        XCTAssertEqual(findings(try lint(Self.xib(Self.screen(table(allowsSelection: false))))).count, 0)
    }

    // MARK: State

    func testAbsentAttributesAreUIViewDefaults() throws {
        // A label that takes touches (the attribute left out) in front of a button swallows them;
        // one that says userInteractionEnabled="NO" lets them through.
        func document(labelAttribute: String) -> String {
            Self.xib(Self.screen("""
            \(Self.button("Ply-bt-001", (0, 0, 60, 60), label: "Play"))
                            <label opaque="NO" \(labelAttribute)contentMode="left" text="Episode" id="Lbl-001">
                                <rect key="frame" x="0.0" y="0.0" width="200" height="60"/>
                            </label>
            """))
        }
        let swallowed = try lint(document(labelAttribute: ""))
        XCTAssertEqual(findings(swallowed).map(\.rule), [UnreachableTargetRule.id])
        XCTAssertTrue(findings(swallowed)[0].message.contains("entirely covered by 'Episode'"), findings(swallowed)[0].message)
        XCTAssertEqual(findings(try lint(document(labelAttribute: #"userInteractionEnabled="NO" "#))).count, 0)
    }

    func testHiddenTransparentAndStoppedSpinnersDoNotCover() throws {
        for cover in [
            #"<view contentMode="scaleToFill" hidden="YES" id="c"><rect key="frame" x="0" y="0" width="100" height="100"/></view>"#,
            #"<view alpha="0.0" contentMode="scaleToFill" id="c"><rect key="frame" x="0" y="0" width="100" height="100"/></view>"#,
            #"<activityIndicatorView opaque="NO" contentMode="scaleToFill" style="medium" id="c"><rect key="frame" x="0" y="0" width="100" height="100"/></activityIndicatorView>"#,
        ] {
            let result = try lint(Self.xib(Self.screen(Self.button("b", (0, 0, 60, 60)) + "\n" + cover)))
            XCTAssertEqual(findings(result).count, 0, cover)
        }
        // A spinner that spins is shown, standing in for what it covers (a button waiting): not what takes the touch.
        let spinning = #"<activityIndicatorView opaque="NO" contentMode="scaleToFill" animating="YES" style="medium" id="c"><rect key="frame" x="0" y="0" width="100" height="100"/></activityIndicatorView>"#
        XCTAssertEqual(findings(try lint(Self.xib(Self.screen(Self.button("b", (0, 0, 60, 60)) + "\n" + spinning)))).count, 0)
        // A hairline divider over a button's edge is nothing a finger is stopped by.
        let divider = #"<view contentMode="scaleToFill" id="d"><rect key="frame" x="0" y="59" width="393" height="1"/></view>"#
        XCTAssertEqual(findings(try lint(Self.xib(Self.screen(Self.button("b", (0, 0, 300, 60)) + "\n" + divider)))).count, 0)
    }

    func testControlsHiddenInTheFileAreNamedInANoteNotPassedOverInSilence() throws {
        let hidden = #"<button hidden="YES" opaque="NO" contentMode="scaleToFill" buttonType="system" id="h" userLabel="Clear Search"><rect key="frame" x="10" y="100" width="22" height="22"/></button>"#
        let faded = #"<button alpha="0.0" opaque="NO" contentMode="scaleToFill" buttonType="system" id="f" userLabel="Cancel"><rect key="frame" x="10" y="200" width="48" height="30"/></button>"#
        let shown = Self.button("s", (10, 300, 24, 24), label: "Close")
        let result = try lint(Self.xib(Self.screen([hidden, faded, shown].joined(separator: "\n"))))
        XCTAssertEqual(findings(result).map(\.node), ["s"])
        let notes = result.diagnostics.filter { $0.rule == RuleID.importNote }.map(\.message)
        let note = try XCTUnwrap(notes.first { $0.contains("hidden or transparent") }, "\(notes)")
        XCTAssertTrue(note.hasPrefix("2 controls are hidden or transparent in the file ('Clear Search' and 'Cancel')"), note)
        XCTAssertFalse(note.contains("Close"), note)
        // Views that are no controls, hidden, are not named: nothing was left unchecked.
        let plain = #"<view hidden="YES" contentMode="scaleToFill" id="v"><rect key="frame" x="0" y="0" width="100" height="100"/></view>"#
        let quiet = try lint(Self.xib(Self.screen(plain + "\n" + Self.button("b", (0, 400, 60, 60)))))
        XCTAssertFalse(quiet.diagnostics.contains { $0.message.contains("hidden or transparent") })
    }

    func testViewsSavedOnTopOfEachOtherAreAlternativesCheckedOneAtATime() throws {
        // Edit and Done in one place (code shows one); a form and the error view saved over it.
        let text = Self.xib(Self.screen("""
        \(Self.button("Edt-bt-001", (340, 27, 30, 30), label: "Edit"))
        \(Self.button("Dne-bt-001", (332, 27, 38, 30), label: "Done"))
                        <view contentMode="scaleToFill" id="form" userLabel="Form">
                            <rect key="frame" x="0.0" y="100" width="393" height="300"/>
                            <subviews>
        \(Self.button("Add-bt-001", (20, 20, 135, 30), label: "Add Image"))
                            </subviews>
                        </view>
                        <view contentMode="scaleToFill" id="error" userLabel="Error View">
                            <rect key="frame" x="0.0" y="100" width="393" height="300"/>
                            <subviews>
        \(Self.button("Cls-bt-001", (20, 20, 24, 24), label: "Close Error"))
                            </subviews>
                            <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                        </view>
        """))
        let result = try lint(text)
        // Each is too small in its own state; none is "covered" by its alternative, and each is reported once.
        XCTAssertEqual(findings(result).map(\.node), ["Edt-bt-001", "Dne-bt-001", "Add-bt-001", "Cls-bt-001"])
        XCTAssertTrue(findings(result).allSatisfy { $0.rule == TargetSizeRule.id })
        let note = try XCTUnwrap(result.diagnostics.first { $0.message.hasPrefix("views saved in one place") })
        XCTAssertTrue(note.message.contains("'Edit' and 'Done'") && note.message.contains("'Form' and 'Error View'"), note.message)
        // A transparent overlay over a button is no alternative: it covers it.
        let overlay = try lint(Self.xib(Self.screen(Self.button("b", (0, 0, 60, 60), label: "Buy") + """

                        <view contentMode="scaleToFill" id="fade" userLabel="Fade"><rect key="frame" x="0" y="0" width="393" height="200"/></view>
        """)))
        XCTAssertEqual(findings(overlay).map(\.message), ["'Buy' is entirely covered by 'Fade', which swallows every touch"])
        // A view the code holds through an outlet may be given the covered control's
        // action in code, or let touches through: what only it covers is not judged.
        let held = try lint(Self.xib(Self.screen(Self.button("b", (0, 0, 60, 60), label: "Buy") + """

                        <view contentMode="scaleToFill" id="header" userLabel="Header"><rect key="frame" x="0" y="0" width="393" height="40"/></view>
        """) + #"<customObject id="o"><connections><outlet property="headerView" destination="header" id="h1"/></connections></customObject>"#))
        XCTAssertEqual(findings(held).count, 0, findings(held).map(\.message).joined(separator: "\n"))
        // A control too small alone, under such a view (a radio button's dot the code
        // shows and hides), is too small at its own size, not at what the dot leaves.
        let radio = try lint(Self.xib(Self.screen(Self.button("r", (20, 20, 22, 22), label: "Radio") + """

                        <view contentMode="scaleToFill" id="dot" userLabel="Dot"><rect key="frame" x="25" y="25" width="12" height="12"/></view>
        """) + #"<customObject id="o"><connections><outlet property="roundView" destination="dot" id="h2"/></connections></customObject>"#))
        XCTAssertEqual(findings(radio).map(\.message), ["'Radio' is reachable on 22×22 pt; minimum is 44×44 pt (ios)"])
    }

    func testATopLevelViewNothingConnectsIsLeftOut() throws {
        let text = Self.xib("""
                <view contentMode="scaleToFill" id="main">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                </view>
                <view contentMode="scaleToFill" id="header" userLabel="Old Header">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="60"/>
                    <subviews>
        \(Self.button("x", (0, 0, 20, 20)))
                    </subviews>
                </view>
        """).replacingOccurrences(of: #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>"#, with: """
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner">
                    <connections><outlet property="view" destination="main" id="o1"/></connections>
                </placeholder>
        """)
        let result = try lint(text)
        XCTAssertEqual(findings(result).count, 0)
        XCTAssertTrue(result.diagnostics.contains { $0.message.hasPrefix("1 top-level view is connected to nothing ('Old Header')") })
        // In a cell's XIB the owner holds nothing: every top-level view is kept.
        XCTAssertEqual(findings(try lint(Self.xib(Self.screen(Self.button("x", (0, 0, 20, 20)))))).count, 1)
    }

    func testADisabledControlInACellLetsTheCellTakeTheTouch() throws {
        let result = try lint(Self.xib("""
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" accessoryType="disclosureIndicator" id="row" userLabel="Tag Row">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" id="row-c">
                        <rect key="frame" x="0.0" y="0.0" width="360" height="43.5"/>
                        <subviews>
                            <textField opaque="NO" contentMode="scaleToFill" enabled="NO" id="name"><rect key="frame" x="16" y="11" width="300" height="22"/></textField>
                        </subviews>
                    </tableViewCellContentView>
                </tableViewCell>
        """))
        XCTAssertEqual(findings(result).count, 0, "the field sends nothing; the 44 pt row (its separator aside) takes the tap")
    }

    func testPaddingCutFromAButtonThatShowsOnlyATitleIsNotSeen() throws {
        // A bar 36 pt tall; a 40 pt button hangs 4 pt below it. With only a
        // title (a 12 pt line, centred), what hangs out is empty padding; with
        // an image, it is the button itself.
        func bar(_ state: String) -> String {
            Self.xib(Self.screen("""
                            <view contentMode="scaleToFill" id="bar" userLabel="Bar">
                                <rect key="frame" x="0.0" y="800" width="393" height="36"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" id="b" userLabel="Subscribe">
                                        <rect key="frame" x="240" y="0" width="120" height="40"/>
                                        <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="12"/>
                                        \(state)
                                    </button>
                                </subviews>
                            </view>
            """))
        }
        XCTAssertFalse(findings(try lint(bar(#"<state key="normal" title="SUBSCRIBE TO ALL"/>"#))).contains { $0.rule == ClippedTargetRule.id })
        XCTAssertTrue(findings(try lint(bar(#"<state key="normal" image="plus"/>"#))).contains { $0.rule == ClippedTargetRule.id })
    }

    func testNothingIsJudgedWhereInterfaceBuilderSaysTheFramesAreStale() throws {
        let result = try lint(Self.xib(Self.screen("""
                        <view contentMode="scaleToFill" ambiguous="YES" id="bar" userLabel="Buttons View">
                            <rect key="frame" x="0" y="0" width="393" height="24"/>
                            <subviews>
        \(Self.button("b", (0, 0, 95, 24), label: "Share"))
                            </subviews>
                        </view>
        """)))
        XCTAssertEqual(findings(result).count, 0)
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("1 view is misplaced or ambiguous ('Buttons View')") })
    }

    func testAnOpaqueBackgroundHidesWhatIsBehindIt() throws {
        func cover(_ color: String) -> String {
            """
            <view contentMode="scaleToFill" id="c">
                <rect key="frame" x="0" y="0" width="100" height="30"/>
                \(color)
            </view>
            """
        }
        let button = Self.button("b", (0, 0, 60, 60))
        let resources = #"<systemColor name="systemBackgroundColor"><color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></systemColor>"#
        // Transparent: the user sees a button that does not answer there.
        let clear = try lint(Self.xib(Self.screen(button + cover(#"<color key="backgroundColor" white="0.0" alpha="0.0" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>"#))))
        XCTAssertTrue(findings(clear).contains { $0.rule == OccludedTargetRule.id })
        // Opaque (a colour with alpha 1, or a system colour the file defines as one): what it covers is not seen.
        for color in [#"<color key="backgroundColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#,
                      #"<color key="backgroundColor" systemColor="systemBackgroundColor"/>"#] {
            let opaque = try lint(Self.xib(Self.screen(button + cover(color)), resources: resources))
            XCTAssertFalse(findings(opaque).contains { $0.rule == OccludedTargetRule.id }, color)
        }
    }

    func testATapOnALabelThatIgnoresTouchesIsUnreachable() throws {
        let result = try lint(Self.xib(Self.screen("""
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Show more" id="More-lb-001">
                            <rect key="frame" x="0" y="0" width="200" height="44"/>
                            <connections>
                                <outletCollection property="gestureRecognizers" destination="T1" appends="YES" id="x2"/>
                            </connections>
                        </label>
        """) + #"<tapGestureRecognizer id="T1"/>"#))
        XCTAssertEqual(findings(result).map(\.message), ["'Show more' ignores touches (User Interaction Enabled is off): no touch reaches it"])
    }

    // MARK: System controls

    func testFixedSizeControlsAreHeldToTheirOwnSize() throws {
        let result = try lint(Self.xib(Self.screen("""
                        <switch opaque="NO" contentMode="scaleToFill" on="YES" id="sw"><rect key="frame" x="10" y="10" width="51" height="31"/></switch>
                        <stepper opaque="NO" contentMode="scaleToFill" maximumValue="100" id="st"><rect key="frame" x="10" y="60" width="94" height="32"/></stepper>
                        <slider opaque="NO" contentMode="scaleToFill" value="0.5" minValue="0.0" maxValue="1" id="sl"><rect key="frame" x="10" y="110" width="300" height="31"/></slider>
                        <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="0" id="sc"><rect key="frame" x="10" y="160" width="300" height="32"/></segmentedControl>
                        <textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" id="rf"><rect key="frame" x="10" y="210" width="300" height="34"/></textField>
                        <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="0" id="squeezed" userLabel="Speed"><rect key="frame" x="10" y="300" width="300" height="24"/></segmentedControl>
                        <textField opaque="NO" contentMode="scaleToFill" id="bare" userLabel="Email"><rect key="frame" x="10" y="350" width="300" height="18"/></textField>
        """)))
        XCTAssertEqual(findings(result).map(\.node), ["squeezed", "bare"])
        XCTAssertEqual(findings(result)[0].message, "'Speed' is reachable on 300×24 pt; minimum is 44×28 pt (ios, UISegmentedControl's own height)")
        XCTAssertEqual(findings(result)[1].message, "'Email' is reachable on 300×18 pt; minimum is 44×44 pt (ios)")
    }

    // MARK: Fixes

    func testFixesAreWordsThatNameTheSizeConstraint() throws {
        let text = Self.xib(Self.screen(Self.button("Bck-bt-001", (100, 100, 24, 24), label: "Back", extra: """
                            <constraints>
                                <constraint firstAttribute="width" constant="24" id="Bck-wd-001"/>
                                <constraint firstAttribute="height" constant="24" id="Bck-ht-001"/>
                            </constraints>
        """)))
        let result = try lint(text, arguments: ["--show-fixes"])
        let fix = try XCTUnwrap(findings(result).first?.fix)
        XCTAssertEqual(fix.edits, [])
        XCTAssertEqual(fix.description, "grow 'Back' to 44×44 pt: raise its width constraint 'Bck-wd-001' from 24 to 44 pt and its height constraint 'Bck-ht-001' from 24 to 44 pt, or make its hit area 10 pt larger on every side (in code: point(inside:with:))")
        // --fix never edits an IB file.
        let outcome = Fixer.fixUntilStable(Array(text.utf8), format: .xml, path: "Back.xib",
                                           linter: Linter(options: try Arguments(parsing: ["--fix", "x"]).lintOptions.resolved()))
        XCTAssertEqual(outcome.bytes, Array(text.utf8))
        XCTAssertEqual(outcome.fixesApplied, 0)
    }

    // MARK: Notes and bad input

    func testWhatTheFileCannotShowIsSaidOnce() throws {
        let result = try lint(Self.xib(Self.screen("""
                        <toolbar opaque="NO" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" id="tb">
                            <rect key="frame" x="0.0" y="808" width="393" height="44"/>
                            <items>
                                <barButtonItem title="Edit" id="e1"/>
                                <barButtonItem systemItem="flexibleSpace" id="e2"/>
                            </items>
                        </toolbar>
                        <button opaque="NO" contentMode="scaleToFill" misplaced="YES" id="m" customClass="BouncyButton" userLabel="Moved">
                            <rect key="frame" x="0" y="0" width="44" height="44"/>
                        </button>
                        <view contentMode="scaleToFill" id="sc">
                            <rect key="frame" x="0" y="100" width="100" height="100"/>
                            <variation key="heightClass=compact" hidden="YES"/>
                        </view>
        """)))
        let notes = result.diagnostics.filter { $0.rule == RuleID.importNote }.map(\.message)
        XCTAssertEqual(notes.count, 3, notes.joined(separator: "\n"))
        XCTAssertTrue(notes[0].contains("2 bar items (they have no frame)") && notes[0].contains("'BouncyButton'")
                      && notes[0].contains("Dynamic Type") && notes[0].contains("iPhone 15 (393×852 pt)"), notes[0])
        XCTAssertTrue(notes.contains { $0.contains("1 view is misplaced or ambiguous ('Moved')") }, notes.joined(separator: "\n"))
        XCTAssertTrue(notes.contains { $0.contains("'heightClass=compact'") }, notes.joined(separator: "\n"))
    }

    func testAViewWithoutAReadableFrameIsLeftOutAndTheRestChecked() throws {
        let result = try lint(Self.xib(Self.screen("""
                        <view contentMode="scaleToFill" id="noFrame" userLabel="Lost">
                            <subviews>
        \(Self.button("inner", (0, 0, 10, 10)))
                            </subviews>
                        </view>
                        <view contentMode="scaleToFill" id="bad" userLabel="Garbled">
                            <rect key="frame" x="0" y="zero" width="100" height="100"/>
                        </view>
                        <gizmoView contentMode="scaleToFill" id="gz">
                            <rect key="frame" x="0" y="500" width="100" height="100"/>
                        </gizmoView>
                        <tableViewCell contentMode="scaleToFill" selectionStyle="default" id="cell" userLabel="Bare Cell">
                            <rect key="frame" x="0.0" y="700" width="393" height="44"/>
                        </tableViewCell>
        \(Self.button("small", (200, 200, 20, 20), label: "Small"))
        """)))
        let notes = result.diagnostics.filter { $0.rule == RuleID.importNote }.map(\.message)
        XCTAssertTrue(notes.contains { $0.hasPrefix("2 views have no readable frame ('Lost' and 'Garbled')") }, notes.joined(separator: "\n"))
        XCTAssertTrue(notes.contains { $0.contains("<gizmoView> is not one hitlint knows") }, notes.joined(separator: "\n"))
        XCTAssertTrue(notes.contains { $0.contains("no content view ('Bare Cell')") }, notes.joined(separator: "\n"))
        XCTAssertEqual(findings(result).map(\.node), ["small"], "the rest of the file is still checked")
    }

    func testATruncatedDocumentIsAClearError() throws {
        let text = Self.xib(Self.screen(Self.button("b", (0, 0, 20, 20))))
        let cut = String(text.prefix(text.count * 2 / 3))
        let result = try lint(cut)
        XCTAssertEqual(result.diagnostics.map(\.rule), [RuleID.invalidLayout])
        XCTAssertTrue(result.diagnostics[0].message.contains("end of file"), result.diagnostics[0].message)
    }

    func testADocumentWithNoViewsHasNothingToLint() throws {
        let result = try lint(Self.xib(""))
        XCTAssertEqual(result.diagnostics.map(\.message), ["the document holds no views: nothing to lint"])
    }

    // MARK: Configuration

    func testOverridesSetRulesPerFileAndIgnoreNodesByTheirObjectID() throws {
        let folder = try TemporaryFolder()
        let player = Self.xib(Self.screen(Self.button("Bck-bt-001", (0, 0, 24, 24), label: "Back")
                                          + "\n" + Self.button("Fwd-bt-001", (100, 0, 24, 24), label: "Forward")))
        try folder.write("App/Player.xib", player)
        try folder.write("App/Legacy/Old.xib", player)
        try folder.write(".hitlint.yml", """
        overrides:
          - files: ["App/Legacy/**"]
            rules: { target-size: warning }
          - files: ["App/Player.xib"]
            ignore:
              - { node: "Bck-bt-001", rules: [target-size] }
              - Forward
              - { node: "Gone-00-000", rules: [dead-gap] }
          - files: ["App/Missing.xib"]
            ignore: ["x"]

        """)
        let run = runCommand(["."], in: folder.path)
        XCTAssertEqual(run.status, 0, "warnings only: \(run.error)")
        let lines = run.output.components(separatedBy: "\n").filter { !$0.contains("import-note") && !$0.isEmpty }
        XCTAssertEqual(lines, [
            ".hitlint.yml:8:9: note: ignoring 'dead-gap' on 'Gone-00-000' suppresses nothing in the files this override matches; remove it [unused-ignore]",
            ".hitlint.yml:9:12: note: this override's 'files' match no file linted; remove it or fix its patterns [unused-ignore]",
            "App/Legacy/Old.xib:13:18: warning: 'Back' is reachable on 24×24 pt; minimum is 44×44 pt (ios) [target-size]",
            "App/Legacy/Old.xib:17:18: warning: 'Forward' is reachable on 24×24 pt; minimum is 44×44 pt (ios) [target-size]",
            "0 errors, 2 warnings, 4 infos in 3 files",
        ], run.output)
        // The command line wins over the overrides; a run of one file does not call other files' overrides stale.
        let single = runCommand(["App/Legacy/Old.xib", "--rule", "target-size=error"], in: folder.path)
        XCTAssertTrue(single.output.contains("error: 'Back'"), single.output)
        XCTAssertFalse(single.output.contains("unused-ignore"), single.output)
        // A stale entry's location points into the configuration.
        XCTAssertTrue(try folder.read(".hitlint.yml").components(separatedBy: "\n")[7].contains("Gone-00-000"))
    }

    func testABadOverrideIsAConfigurationError() throws {
        for (text, message) in [
            ("overrides: [{ rules: { target-size: warning } }]", "an override needs 'files'"),
            ("overrides: [{ files: a.xib, ignore: [{ rules: [target-size] }] }]", "an 'ignore' entry needs 'node'"),
            ("overrides: [{ files: a.xib, ignore: [{ node: x, rules: [target-sise] }] }]", "unknown rule 'target-sise'; did you mean 'target-size'?"),
            ("overrides: [{ files: a.xib, rulez: {} }]", "unknown key 'rulez' in an override; did you mean 'rules'?"),
        ] {
            XCTAssertThrowsError(try Configuration.parse(SourceText(text), path: ".hitlint.yml", folder: "/p"), text) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }
}
