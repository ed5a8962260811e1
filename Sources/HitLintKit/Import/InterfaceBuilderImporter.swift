/// Imports an Interface Builder document, a `.xib` or a `.storyboard`, for
/// UIKit:
///
///     <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" …>
///       <device id="retina6_12" orientation="portrait" appearance="light"/>
///       <objects>
///         <view contentMode="scaleToFill" id="iN0-l3-epB">
///           <rect key="frame" x="0.0" y="0.0" width="393" height="120"/>
///           <subviews>
///             <button opaque="NO" … id="x7Q-2a-Pl1" userLabel="Close">
///               <rect key="frame" x="349" y="8" width="24" height="24"/>
///
/// Every view's frame is saved, relative to its superview, as Interface
/// Builder laid it out for the document's device, so no layout engine is
/// needed: the saved layout is what is checked (Docs/importers.md lists every
/// element and attribute read and where its meaning comes from).
///
/// - Layouts: each top-level view, cell or reusable view of a XIB, each
///   scene's root view of a storyboard (and views kept beside a scene's
///   controller), is drawn side by side on one canvas, far enough apart that no
///   rule compares two of them: the canvas is the root, and each of them a
///   screen of its own. Subviews are in the order UIKit draws and hit-tests
///   them (later in front), so the z-order is the app's, not inferred.
/// - Targets: UIKit controls (`<button>`, `<switch>`, …, an editable
///   `<textView>`), any view with a target–action connection (only a
///   `UIControl` can have one), any view with a single-tap or long-press
///   gesture recognizer attached, and table view cells that show a selection.
///   A class name alone never makes a target.
/// - State: `hidden`, `alpha`, `userInteractionEnabled`, `clipsSubviews`,
///   `enabled`; a view paints over what is behind it when its background
///   colour is opaque; an activity indicator that hides when stopped and is
///   not animating is hidden. Absent attributes mean UIView's defaults: IB
///   writes `userInteractionEnabled="NO"` on every label and image view that
///   ignores touches, and leaves it out on those made to take them.
/// - Names: the `userLabel`, else the accessibility identifier or label, else
///   the title or text, else the class; reports key each node by its IB
///   object id (`Layout.nodeKeys`).
/// - Notes, once per file: what the file cannot show (bar items without a
///   frame, views added or resized in code, hit-testing changed in code,
///   Dynamic Type), misplaced or ambiguous views, size-class variations,
///   views whose frame is missing or unreadable (left out, the rest read).
enum InterfaceBuilderImporter: Importer {
    /// Space between two top-level views on the canvas: wider than any gap a
    /// rule measures, so no finding joins views of two scenes.
    static let canvasGap = 400.0
    /// Top-level views in a row of the canvas, before the next row starts.
    static let canvasColumns = 8

    static func importLayout(_ document: Document, options: ImportOptions) -> (layout: Layout, diagnostics: [Diagnostic]) {
        guard case .uiKit(let tvOS) = InterfaceBuilderDocument.family(of: document) else {
            return SentryImporter.unreadable(document, "not an Interface Builder document for UIKit: the root element must be "
                                             + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"> or …Storyboard.XIB")
        }
        var reader = Reader(document: document, options: options, tvOS: tvOS)
        return reader.read()
    }

    /// The attributes of one element hitlint reads, found in one pass over its
    /// attribute list (an element has a dozen; a file thousands of elements).
    struct Attributes {
        var id = -1, userLabel = -1, customClass = -1, key = -1, text = -1, placeholder = -1, title = -1
        var selectionStyle = -1, axis = -1
        var hidden: Bool?, userInteractionEnabled: Bool?, clipsSubviews: Bool?, enabled: Bool?, editable: Bool?
        var hidesWhenStopped: Bool?, animating: Bool?, allowsSelection: Bool?
        var misplaced = false, ambiguous = false
        var alpha = -1

        init(_ element: Int, in document: Document) {
            var member = element + 3
            let end = document.next(element + 2)
            func yes(_ value: Int) -> Bool? {
                if document.stringEquals(value, "YES") { return true }
                if document.stringEquals(value, "NO") { return false }
                return nil
            }
            while member < end {
                let value = member + 1
                switch document.firstByte(of: member) {
                case UInt8(ascii: "a"):
                    if document.stringEquals(member, "alpha") { alpha = value }
                    else if document.stringEquals(member, "axis") { axis = value }
                    else if document.stringEquals(member, "animating") { animating = yes(value) }
                    else if document.stringEquals(member, "ambiguous") { ambiguous = yes(value) ?? false }
                    else if document.stringEquals(member, "allowsSelection") { allowsSelection = yes(value) }
                case UInt8(ascii: "c"):
                    if document.stringEquals(member, "customClass") { customClass = value }
                    else if document.stringEquals(member, "clipsSubviews") { clipsSubviews = yes(value) }
                case UInt8(ascii: "e"):
                    if document.stringEquals(member, "enabled") { enabled = yes(value) }
                    else if document.stringEquals(member, "editable") { editable = yes(value) }
                case UInt8(ascii: "h"):
                    if document.stringEquals(member, "hidden") { hidden = yes(value) }
                    else if document.stringEquals(member, "hidesWhenStopped") { hidesWhenStopped = yes(value) }
                case UInt8(ascii: "i"):
                    if document.stringEquals(member, "id") { id = value }
                case UInt8(ascii: "k"):
                    if document.stringEquals(member, "key") { key = value }
                case UInt8(ascii: "m"):
                    if document.stringEquals(member, "misplaced") { misplaced = yes(value) ?? false }
                case UInt8(ascii: "p"):
                    if document.stringEquals(member, "placeholder") { placeholder = value }
                case UInt8(ascii: "s"):
                    if document.stringEquals(member, "selectionStyle") { selectionStyle = value }
                case UInt8(ascii: "t"):
                    if document.stringEquals(member, "text") { text = value }
                    else if document.stringEquals(member, "title") { title = value }
                case UInt8(ascii: "u"):
                    if document.stringEquals(member, "userLabel") { userLabel = value }
                    else if document.stringEquals(member, "userInteractionEnabled") { userInteractionEnabled = yes(value) }
                default: break
                }
                member = document.next(value)
            }
        }
    }

    /// What one pass over the whole document gathers before any view is
    /// placed: gesture recognizers and the constraints that set sizes (both
    /// referred to by id from elsewhere in the file), the colours the file
    /// defines, and what the notes count.
    struct Index {
        /// Ids of the gesture recognizers that make a view a target: enabled
        /// single taps (a double or triple tap is a hidden shortcut, not
        /// something a user aims at) and long presses.
        var targetGestures: Set<String> = []
        /// Width and height constraints (a constant, no second item) by the id of the view they size.
        var sizeConstraints: [String: SizeConstraints] = [:]
        /// Alpha of the system and named colours the file defines in `<resources>`.
        var colorAlphas: [String: Double] = [:]
        var barItems = 0
        var firstBarItem = -1
        var variations: [String] = []
        var firstVariation = -1

        init(document: Document) {
            guard document.isXMLElement(0) else { return }
            // Elements with the view whose <constraints> list holds them (a constraint with no firstItem is about it).
            var stack: [(element: Int, owner: Int)] = [(0, -1)]
            while let (element, owner) = stack.popLast() {
                let name = document.string(element + 1) ?? ""
                if name == "constraint" {
                    readConstraint(element, owner: owner, document: document)
                    continue
                }
                // Xcode writes a long press as `pongPressGestureRecognizer` (its
                // legacy class name, `IBUIPongPressGestureRecognizer`).
                if name == "tapGestureRecognizer" || name == "pongPressGestureRecognizer" || name == "longPressGestureRecognizer" {
                    readGesture(element, isTap: name == "tapGestureRecognizer", document: document)
                    continue
                }
                if name == "systemColor" || name == "namedColor" {
                    readColor(element, document: document)
                    continue
                }
                if InterfaceBuilderClasses.barItems.contains(name) {
                    if firstBarItem < 0 { firstBarItem = element + 1 }
                    barItems += 1
                }
                if name == "variation", let key = InterfaceBuilderDocument.attribute(element, "key", in: document)
                    .flatMap({ document.string($0) }), key != "default" {
                    if firstVariation < 0 { firstVariation = element + 1 }
                    if !variations.contains(key) { variations.append(key) }
                }
                let ownerHere = name == "constraints" ? owner : element
                for child in document.childElements(element).reversed() { stack.append((child, ownerHere)) }
            }
        }

        private mutating func readConstraint(_ element: Int, owner: Int, document: Document) {
            var first = -1, firstAttribute = -1, second = -1, constant = 0.0, id = -1, relation = -1
            for (key, value) in document.members(element + 2) {
                if document.stringEquals(key, "firstItem") { first = value }
                else if document.stringEquals(key, "firstAttribute") { firstAttribute = value }
                else if document.stringEquals(key, "secondItem") { second = value }
                else if document.stringEquals(key, "constant") { constant = document.numberValue(value) ?? 0 }
                else if document.stringEquals(key, "id") { id = value }
                else if document.stringEquals(key, "relation") { relation = value }
            }
            guard second < 0, relation < 0, id >= 0, firstAttribute >= 0, constant.isFinite else { return }
            let isWidth = document.stringEquals(firstAttribute, "width")
            guard isWidth || document.stringEquals(firstAttribute, "height") else { return }
            let item = first >= 0 ? document.string(first) : InterfaceBuilderDocument.attribute(owner, "id", in: document).flatMap { document.string($0) }
            guard let item, let constraintID = document.string(id) else { return }
            let constraint = SizeConstraints.Constraint(id: constraintID, constant: constant)
            if isWidth {
                if sizeConstraints[item]?.width == nil { sizeConstraints[item, default: SizeConstraints()].width = constraint }
            } else if sizeConstraints[item]?.height == nil {
                sizeConstraints[item, default: SizeConstraints()].height = constraint
            }
        }

        private mutating func readGesture(_ element: Int, isTap: Bool, document: Document) {
            guard let id = InterfaceBuilderDocument.attribute(element, "id", in: document).flatMap({ document.string($0) }) else { return }
            if let enabled = InterfaceBuilderDocument.attribute(element, "enabled", in: document), document.stringEquals(enabled, "NO") { return }
            if isTap, let taps = InterfaceBuilderDocument.attribute(element, "numberOfTapsRequired", in: document),
               let count = document.numberValue(taps), count > 1 {
                return
            }
            targetGestures.insert(id)
        }

        private mutating func readColor(_ element: Int, document: Document) {
            guard let name = InterfaceBuilderDocument.attribute(element, "name", in: document).flatMap({ document.string($0) }),
                  let color = document.childElements(element).first(where: { document.stringEquals($0 + 1, "color") }) else { return }
            colorAlphas[name] = InterfaceBuilderDocument.attribute(color, "alpha", in: document).flatMap { document.numberValue($0) } ?? 1
        }
    }

    /// A view waiting to be placed: its element, the layout index of its
    /// superview, where its superview's origin is on the canvas, and whether
    /// the table or collection view around it lets cells be selected.
    private struct Pending {
        var element: Int
        var parent: Int
        var originX: Double
        var originY: Double
        var cellsSelectable: Bool
    }

    private struct Reader {
        let document: Document
        let options: ImportOptions
        let tvOS: Bool
        let index: Index
        var assembler: CaptureAssembler
        var keys: [String] = []
        var facts = InterfaceBuilderFacts()
        /// Top-level views: element, and its frame as saved (nil: none readable).
        var roots: [(element: Int, frame: Rect?)] = []
        var screen: InterfaceBuilderDocument.Screen?
        var deviceEntry = -1
        var deviceWarning: String?
        var misplaced: [String] = []
        var firstMisplaced = -1
        var withoutFrame: [String] = []
        var firstWithoutFrame = -1
        var unknownElements: [String] = []
        var firstUnknown = -1
        var customClasses: [String] = []
        var cellsWithoutContent: [String] = []
        var firstCellWithoutContent = -1

        init(document: Document, options: ImportOptions, tvOS: Bool) {
            self.document = document
            self.options = options
            self.tvOS = tvOS
            index = Index(document: document)
            assembler = CaptureAssembler(document: document, platform: .uikit, modality: options.modality, options: options,
                                         screen: .empty, rootName: "canvas")
            assembler.detectsModalLayers = false
            keys.append("canvas")
        }

        mutating func read() -> (layout: Layout, diagnostics: [Diagnostic]) {
            readDevice()
            findRoots()
            if roots.isEmpty {
                return SentryImporter.nothingToLint(document, "the document holds no views: nothing to lint", entry: 1)
            }
            // The canvas: top-level views in rows, in file order.
            var placements: [(x: Double, y: Double)] = []
            var x = 0.0, y = 0.0, rowHeight = 0.0, width = 0.0
            for (position, root) in roots.enumerated() {
                if position > 0, position % canvasColumns == 0 {
                    y += rowHeight + canvasGap
                    x = 0
                    rowHeight = 0
                }
                placements.append((x, y))
                let size = root.frame ?? .empty
                x += max(size.width, 1) + canvasGap
                width = max(width, x - canvasGap)
                rowHeight = max(rowHeight, size.height)
            }
            let canvas = Rect(x: 0, y: 0, width: max(width, 1), height: max(y + rowHeight, 1))
            assembler.setScreen(canvas)
            for (position, root) in roots.enumerated() {
                guard let frame = root.frame else { continue }
                place(root.element, parent: 0, originX: placements[position].x - frame.minX,
                      originY: placements[position].y - frame.minY)
            }
            writeNotes()
            var result = assembler.finish(namesEntry: 1)
            result.layout.nodeKeys = keys
            result.layout.interfaceBuilder = facts
            result.layout.zOrderIsInferred = false
            if let screen {
                result.layout.device = screen.isPad ? .ipad : .iphone
            }
            return result
        }

        /// `<device id=… orientation=…>`: the screen the document is laid out for.
        private mutating func readDevice() {
            guard let device = document.childElements(0).first(where: { document.stringEquals($0 + 1, "device") }) else { return }
            deviceEntry = device + 1
            guard let id = InterfaceBuilderDocument.attribute(device, "id", in: document).flatMap({ document.string($0) }) else { return }
            guard var known = InterfaceBuilderDocument.screens[id] else {
                deviceWarning = "device '\(id)' is not one hitlint knows"
                return
            }
            if let orientation = InterfaceBuilderDocument.attribute(device, "orientation", in: document),
               document.stringEquals(orientation, "landscape") {
                (known.width, known.height) = (known.height, known.width)
            }
            screen = known
        }

        /// The top-level views: a XIB's views under `<objects>`, a storyboard's
        /// scene root views (`key="view"` of each controller) and the views in
        /// each scene's dock; a controller with no root view (a navigation or tab
        /// bar controller) gives its bars.
        private mutating func findRoots() {
            for child in document.childElements(0) {
                if document.stringEquals(child + 1, "objects") {
                    collectRoots(in: child)
                } else if document.stringEquals(child + 1, "scenes") {
                    for scene in document.childElements(child) where document.stringEquals(scene + 1, "scene") {
                        for objects in document.childElements(scene) where document.stringEquals(objects + 1, "objects") {
                            collectRoots(in: objects)
                        }
                    }
                }
            }
        }

        private mutating func collectRoots(in objects: Int) {
            for object in document.childElements(objects) {
                guard let name = document.string(object + 1) else { continue }
                if InterfaceBuilderClasses.views.contains(name) {
                    addRoot(object)
                } else if InterfaceBuilderClasses.isController(name) {
                    var hasView = false
                    for child in document.childElements(object) {
                        let attributes = Attributes(child, in: document)
                        guard attributes.key >= 0, let childName = document.string(child + 1),
                              InterfaceBuilderClasses.views.contains(childName) else { continue }
                        if document.stringEquals(attributes.key, "view") {
                            addRoot(child)
                            hasView = true
                        }
                    }
                    if !hasView {
                        for child in document.childElements(object) {
                            if let childName = document.string(child + 1), InterfaceBuilderClasses.bars.contains(childName) { addRoot(child) }
                        }
                    }
                }
            }
        }

        private mutating func addRoot(_ element: Int) {
            var frame = savedFrame(of: element)
            if frame == nil, let screen, isSceneRoot(element) {
                // A controller's root view with no saved frame fills the device's screen.
                frame = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
            }
            if frame == nil { leftOutWithoutFrame(element) }
            roots.append((element, frame))
        }

        private func isSceneRoot(_ element: Int) -> Bool {
            let attributes = Attributes(element, in: document)
            return attributes.key >= 0 && document.stringEquals(attributes.key, "view")
        }

        /// `<rect key="frame" x= y= width= height=/>`, when all four are finite numbers and the size is not negative.
        private func savedFrame(of element: Int) -> Rect? {
            for child in document.childElements(element) where document.stringEquals(child + 1, "rect") {
                var key = -1, x: Double?, y: Double?, width: Double?, height: Double?
                for (name, value) in document.members(child + 2) {
                    if document.stringEquals(name, "key") { key = value }
                    else if document.stringEquals(name, "x") { x = document.numberValue(value) }
                    else if document.stringEquals(name, "y") { y = document.numberValue(value) }
                    else if document.stringEquals(name, "width") { width = document.numberValue(value) }
                    else if document.stringEquals(name, "height") { height = document.numberValue(value) }
                }
                guard key >= 0, document.stringEquals(key, "frame") else { continue }
                guard let x, let y, let width, let height else { return nil }
                for value in [x, y, width, height] where !value.isFinite || abs(value) > 1e7 { return nil }
                guard width >= 0, height >= 0 else { return nil }
                return Rect(x: x, y: y, width: width, height: height)
            }
            return nil
        }

        private mutating func leftOutWithoutFrame(_ element: Int) {
            if firstWithoutFrame < 0 { firstWithoutFrame = element + 1 }
            if withoutFrame.count < 4 { withoutFrame.append(displayName(element, Attributes(element, in: document))) } else { withoutFrame.append("") }
        }

        /// Places a top-level view and everything in it, depth first with an
        /// explicit stack (a hand-written file can nest deeper than the call stack allows).
        private mutating func place(_ root: Int, parent: Int, originX: Double, originY: Double) {
            var stack = [Pending(element: root, parent: parent, originX: originX, originY: originY, cellsSelectable: true)]
            while let pending = stack.popLast() {
                let element = pending.element
                let name = document.string(element + 1) ?? ""
                let attributes = Attributes(element, in: document)
                var frame = savedFrame(of: element)
                if frame == nil, attributes.key >= 0, document.stringEquals(attributes.key, "contentView"),
                   pending.parent > 0 {
                    // A content view fills its cell when IB left its frame out.
                    let parentFrame = assembler.frame(of: pending.parent)
                    frame = Rect(x: 0, y: 0, width: parentFrame.width, height: parentFrame.height)
                }
                guard let relative = frame else {
                    leftOutWithoutFrame(element)
                    continue
                }
                if !InterfaceBuilderClasses.views.contains(name) {
                    if firstUnknown < 0 { firstUnknown = element + 1 }
                    if !unknownElements.contains(name), unknownElements.count < 4 { unknownElements.append(name) }
                }
                let absolute = Rect(x: pending.originX + relative.minX, y: pending.originY + relative.minY,
                                    width: relative.width, height: relative.height)
                var node = LayoutNode()
                node.objectEntry = Int32(element + 2)
                node.typeEntry = Int32(element + 1)
                node.frameEntry = Int32(element + 1)
                node.frame = absolute
                let connections = self.connections(of: element)
                let isControl = InterfaceBuilderClasses.controls.contains(name)
                    || (name == "textView" && attributes.editable != false)
                let isCell = InterfaceBuilderClasses.cells.contains(name)
                var isTarget = connections.hasAction || connections.hasTargetGesture
                if isControl, attributes.userInteractionEnabled != false { isTarget = true }
                if isCell, pending.cellsSelectable, attributes.selectionStyle < 0 || !document.stringEquals(attributes.selectionStyle, "none") {
                    isTarget = isTarget || name == "tableViewCell"
                }
                node.isTarget = isTarget
                node.userInteractionEnabled = attributes.userInteractionEnabled ?? true
                node.clipsToBounds = attributes.clipsSubviews ?? false
                node.isEnabled = attributes.enabled ?? true
                var hidden = attributes.hidden ?? false
                if name == "activityIndicatorView", attributes.hidesWhenStopped ?? true, !(attributes.animating ?? false) { hidden = true }
                node.isHidden = hidden
                node.isScrollable = InterfaceBuilderClasses.scrolling.contains(name)
                node.isStack = name == "stackView"
                let alpha = attributes.alpha >= 0 ? document.numberValue(attributes.alpha) : nil
                if let alpha, alpha.isFinite { assembler.setAlpha(of: &node, max(0, min(1, alpha))) }
                node.isOpaque = (alpha ?? 1) >= 0.999 && backgroundIsOpaque(element)
                if attributes.misplaced || attributes.ambiguous {
                    if firstMisplaced < 0 { firstMisplaced = element + 1 }
                    if misplaced.count < 4 { misplaced.append(displayName(element, attributes)) } else { misplaced.append("") }
                }
                if attributes.customClass >= 0, let custom = document.string(attributes.customClass),
                   isTarget || isControl, !customClasses.contains(custom), customClasses.count < 4 {
                    customClasses.append(custom)
                }
                let index = assembler.append(node, parent: pending.parent, name: displayName(element, attributes), nameIsID: false)
                keys.append(attributes.id >= 0 ? document.string(attributes.id) ?? "" : "")
                if let id = attributes.id >= 0 ? document.string(attributes.id) : nil, let sizes = self.index.sizeConstraints[id] {
                    facts.sizeConstraints[Int32(index)] = sizes
                }
                var selectable = pending.cellsSelectable
                if name == "tableView" || name == "collectionView" { selectable = attributes.allowsSelection ?? true }
                let children = childViews(of: element, name: name, attributes: attributes)
                for child in children.reversed() {
                    stack.append(Pending(element: child, parent: index, originX: absolute.minX, originY: absolute.minY,
                                         cellsSelectable: selectable))
                }
            }
        }

        /// The views inside a view, back to front: its background view, then its
        /// content view, subviews, table header, cells and footer in file order.
        private mutating func childViews(of element: Int, name: String, attributes: Attributes) -> [Int] {
            var back: [Int] = []
            var rest: [Int] = []
            var hasContentView = false
            for child in document.childElements(element) {
                guard let childName = document.string(child + 1) else { continue }
                switch childName {
                case "subviews":
                    rest += document.childElements(child)
                case "prototypes", "cells":
                    rest += document.childElements(child).filter { isViewElement($0) }
                case "sections":
                    for section in document.childElements(child) {
                        for cells in document.childElements(section) where document.stringEquals(cells + 1, "cells") {
                            rest += document.childElements(cells).filter { isViewElement($0) }
                        }
                    }
                default:
                    let key = Attributes(child, in: document).key
                    guard key >= 0, let keyName = document.string(key), InterfaceBuilderClasses.childViewKeys.contains(keyName),
                          isViewElement(child) else { continue }
                    if keyName == "backgroundView" {
                        back.append(child)
                    } else {
                        if keyName == "contentView" { hasContentView = true }
                        rest.append(child)
                    }
                }
            }
            if InterfaceBuilderClasses.cells.contains(name), !hasContentView {
                if firstCellWithoutContent < 0 { firstCellWithoutContent = element + 1 }
                if cellsWithoutContent.count < 4 { cellsWithoutContent.append(displayName(element, attributes)) } else { cellsWithoutContent.append("") }
            }
            return back + rest
        }

        /// An element that stands for a view: a known view name, or any element with a saved frame.
        private func isViewElement(_ element: Int) -> Bool {
            guard document.isXMLElement(element), let name = document.string(element + 1) else { return false }
            return InterfaceBuilderClasses.views.contains(name) || savedFrame(of: element) != nil
        }

        /// What a view's `<connections>` prove: a target–action connection with
        /// an event (only a `UIControl` can have one), and a tap or long-press
        /// gesture recognizer attached (`<outletCollection property="gestureRecognizers">`).
        private func connections(of element: Int) -> (hasAction: Bool, hasTargetGesture: Bool) {
            var result = (hasAction: false, hasTargetGesture: false)
            for child in document.childElements(element) where document.stringEquals(child + 1, "connections") {
                for connection in document.childElements(child) {
                    if document.stringEquals(connection + 1, "action"),
                       InterfaceBuilderDocument.attribute(connection, "eventType", in: document) != nil {
                        result.hasAction = true
                    } else if document.stringEquals(connection + 1, "outletCollection"),
                              let property = InterfaceBuilderDocument.attribute(connection, "property", in: document),
                              document.stringEquals(property, "gestureRecognizers"),
                              let destination = InterfaceBuilderDocument.attribute(connection, "destination", in: document)
                                .flatMap({ document.string($0) }),
                              index.targetGestures.contains(destination) {
                        result.hasTargetGesture = true
                    }
                }
            }
            return result
        }

        /// Whether the view's `backgroundColor` hides what is behind it: an alpha
        /// of 1, read from the colour, or from the system or named colour the
        /// file defines. A named colour the file does not define (one from an
        /// asset catalog) is taken as opaque, as backgrounds nearly always are,
        /// so no view is reported covered by a view that may hide it.
        private func backgroundIsOpaque(_ element: Int) -> Bool {
            for child in document.childElements(element) {
                guard let key = InterfaceBuilderDocument.attribute(child, "key", in: document),
                      document.stringEquals(key, "backgroundColor") else { continue }
                guard document.stringEquals(child + 1, "color") else { return false }  // <nil key="backgroundColor"/>
                if let alpha = InterfaceBuilderDocument.attribute(child, "alpha", in: document).flatMap({ document.numberValue($0) }) {
                    return alpha >= 0.999
                }
                for attribute in ["systemColor", "name"] as [StaticString] {
                    if let value = InterfaceBuilderDocument.attribute(child, attribute, in: document).flatMap({ document.string($0) }) {
                        if value == "clearColor" { return false }
                        return (index.colorAlphas[value] ?? 1) >= 0.999
                    }
                }
                return true
            }
            return false
        }

        /// The name a developer finds in Xcode: the `userLabel`, else the
        /// accessibility identifier or label, else the title or text, else the class.
        private func displayName(_ element: Int, _ attributes: Attributes) -> String {
            func shortened(_ text: String) -> String? {
                let trimmed = text.trimmingWhitespace()
                guard !trimmed.isEmpty else { return nil }
                return trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : trimmed
            }
            if attributes.userLabel >= 0, let label = document.string(attributes.userLabel).flatMap(shortened) { return label }
            for child in document.childElements(element) {
                if document.stringEquals(child + 1, "accessibility") {
                    for attribute in ["identifier", "label"] as [StaticString] {
                        if let text = InterfaceBuilderDocument.attribute(child, attribute, in: document)
                            .flatMap({ document.string($0) }).flatMap(shortened) {
                            return text
                        }
                    }
                }
            }
            // A button's title for its normal state, or its configuration's (iOS 15).
            for child in document.childElements(element)
            where document.stringEquals(child + 1, "state") || document.stringEquals(child + 1, "buttonConfiguration") {
                if let title = InterfaceBuilderDocument.attribute(child, "title", in: document).flatMap({ document.string($0) })
                    .flatMap(shortened) {
                    return title
                }
            }
            for entry in [attributes.title, attributes.text, attributes.placeholder] where entry >= 0 {
                if let text = document.string(entry).flatMap(shortened) { return text }
            }
            if attributes.customClass >= 0, let custom = document.string(attributes.customClass), !custom.isEmpty { return custom }
            return InterfaceBuilderClasses.className(document.string(element + 1) ?? "view")
        }

        private mutating func writeNotes() {
            var cannotShow: [String] = []
            if index.barItems > 0 {
                let count = index.barItems
                cannotShow.append("\(count) bar item\(count == 1 ? "" : "s") (\(count == 1 ? "it has" : "they have") no frame)")
            }
            cannotShow.append("views added or resized in code")
            if customClasses.isEmpty {
                cannotShow.append("hit-testing changed in code (point(inside:with:))")
            } else {
                let names = englishList(customClasses.map { "'\($0)'" })
                cannotShow.append("hit-testing changed in code (point(inside:with:) in \(names)\(customClasses.count >= 4 ? ", …" : ""))")
            }
            cannotShow.append("sizes that Dynamic Type changes")
            var checked = "checked the frames Interface Builder saved"
            if let screen {
                checked += " for \(screen.name) (\(formatLength(screen.width))×\(formatLength(screen.height)) pt)"
            } else if let deviceWarning {
                checked += " (\(deviceWarning))"
            }
            assembler.note("\(checked); the file cannot show \(englishList(cannotShow))",
                           entry: deviceEntry >= 0 ? deviceEntry : 1)
            if tvOS, !options.profileIsChosen {
                assembler.note("a tvOS document, held to iOS sizes: pass --profile tvos for Apple TV's (66×66 pt)", entry: 1)
            }
            if !misplaced.isEmpty {
                let count = misplaced.count
                assembler.note("\(count) view\(count == 1 ? " is" : "s are") misplaced or ambiguous (\(namesShown(misplaced))): "
                               + "their saved frames may not be where Auto Layout puts them; hitlint checked the saved frames",
                               entry: firstMisplaced)
            }
            if !index.variations.isEmpty {
                let shown = index.variations.prefix(3).map { "'\($0)'" }
                assembler.note("size-class variations (\(englishList(Array(shown)))\(index.variations.count > 3 ? ", …" : "")) "
                               + "change this layout on other devices; hitlint checked the layout saved for the document's device",
                               entry: index.firstVariation)
            }
            if !withoutFrame.isEmpty {
                let count = withoutFrame.count
                assembler.note("\(count) view\(count == 1 ? " has" : "s have") no readable frame (\(namesShown(withoutFrame))): "
                               + "left out with \(count == 1 ? "its" : "their") subviews; the rest of the file is checked",
                               entry: firstWithoutFrame)
            }
            if !unknownElements.isEmpty {
                assembler.note("element\(unknownElements.count == 1 ? "" : "s") \(englishList(unknownElements.map { "<\($0)>" })) "
                               + "\(unknownElements.count == 1 ? "is" : "are") not one hitlint knows: read as a plain view",
                               entry: firstUnknown)
            }
            if !cellsWithoutContent.isEmpty {
                let count = cellsWithoutContent.count
                assembler.note("\(count) cell\(count == 1 ? " has" : "s have") no content view (\(namesShown(cellsWithoutContent))), "
                               + "which Interface Builder always writes: the file may have been edited by hand",
                               entry: firstCellWithoutContent)
            }
        }

        /// The first few names of a list that counts them all ("" for those not kept).
        private func namesShown(_ names: [String]) -> String {
            let shown = names.filter { !$0.isEmpty }.prefix(3).map { "'\($0)'" }
            return names.count > shown.count ? shown.joined(separator: ", ") + ", …" : englishList(Array(shown))
        }
    }
}

private extension Document {
    /// The first byte of a string value (0 for an empty or non-string one), to
    /// pick the few names worth comparing in full.
    func firstByte(of entry: Int) -> UInt8 {
        guard kind(entry) == .string else { return 0 }
        if let span = contentSpan(entry) {
            return span.end > span.start ? source.bytes[span.start] : 0
        }
        return string(entry)?.utf8.first ?? 0
    }
}
