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
    static let canvasGap = 80.0
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
        /// Ids that an outlet or outlet collection points at: views the app's code holds.
        var outletDestinations: Set<String> = []
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
                if name == "outlet" || name == "outletCollection" {
                    if let destination = InterfaceBuilderDocument.attribute(element, "destination", in: document).flatMap({ document.string($0) }) {
                        outletDestinations.insert(destination)
                    }
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
        var systemControls: [Int32: SystemControlSize] = [:]
        /// Top-level views: element, and its frame as saved (nil: none readable).
        var roots: [(element: Int, frame: Rect?)] = []
        /// Alternatives left out of the top-level view being placed (`states(of:)`).
        var leftOutAlternatives: Set<Int> = []
        /// Names given to elements in the first state of their top-level view:
        /// the same view in another state keeps its name, so its findings are one.
        var nameByElement: [Int: String] = [:]
        var alternatives: [String] = []
        var firstAlternative = -1
        var orphans: [String] = []
        var firstOrphan = -1
        /// Per element, whether it or a view inside it is a target (`holdsTargets`).
        var holdsTargetsCache: [Int: Bool] = [:]
        var screen: InterfaceBuilderDocument.Screen?
        var deviceEntry = -1
        var deviceWarning: String?
        var misplaced: [String] = []
        var misplacedElements: Set<Int> = []
        var firstMisplaced = -1
        /// Nodes whose saved frame IB marks misplaced or ambiguous, or inside one.
        var uncertainNodes: Set<Int32> = []
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
            leaveOutOrphans()
            // Each top-level view in each of its states (`states(of:)`), in file order.
            var slots: [(root: (element: Int, frame: Rect?), leftOut: Set<Int>)] = []
            for root in roots {
                for leftOut in states(of: root.element) { slots.append((root, leftOut)) }
            }
            // The canvas: top-level views in rows, in file order.
            var placements: [(x: Double, y: Double)] = []
            var x = 0.0, y = 0.0, rowHeight = 0.0, width = 0.0
            for (position, root) in slots.map(\.root).enumerated() {
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
            for (position, slot) in slots.enumerated() {
                guard let frame = slot.root.frame else { continue }
                leftOutAlternatives = slot.leftOut
                place(slot.root.element, parent: 0, originX: placements[position].x - frame.minX,
                      originY: placements[position].y - frame.minY)
            }
            writeNotes()
            var result = assembler.finish(namesEntry: 1)
            // A view shown in several states is one view: its findings are reported once.
            result.layout.repeatsViews = slots.count > roots.count
            result.layout.nodeKeys = keys
            result.layout.interfaceBuilder = facts
            result.layout.systemControls = systemControls
            result.layout.uncertainFrames = uncertainNodes
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
                if leftOutAlternatives.contains(element) { continue }
                let name = document.string(element + 1) ?? ""
                let attributes = Attributes(element, in: document)
                var frame = savedFrame(of: element)
                if attributes.key >= 0, document.stringEquals(attributes.key, "contentView"), pending.parent > 0 {
                    // A content view fills its cell when IB left its frame out, and
                    // where it stops short of the cell by its separator (up to a
                    // point): the separator is a hairline the cell answers for.
                    let parentFrame = assembler.frame(of: pending.parent)
                    if frame == nil || (frame!.minX == 0 && frame!.minY == 0 && frame!.width == parentFrame.width
                                        && parentFrame.height - frame!.height > 0 && parentFrame.height - frame!.height <= 1) {
                        frame = Rect(x: 0, y: 0, width: parentFrame.width, height: parentFrame.height)
                    }
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
                // A control the file disables (`enabled="NO"`) sends no action:
                // touches on it reach the cell or view around it, as they do in UIKit
                // for a table's rows; code that enables it later is not in the file.
                let disabled = attributes.enabled == false && (isControl || connections.hasAction)
                var isTarget = (connections.hasAction || connections.hasTargetGesture || isControl) && !disabled
                if isControl, attributes.userInteractionEnabled == false { isTarget = connections.hasTargetGesture }
                // A cell is a target where the file shows it is tapped: a disclosure,
                // detail or checkmark accessory, or a segue (most cells are selected in
                // code, which the file cannot show; a selection style alone is IB's default).
                if InterfaceBuilderClasses.cells.contains(name), pending.cellsSelectable, cellIsTapped(element, attributes) {
                    isTarget = true
                }
                node.isTarget = isTarget
                node.userInteractionEnabled = (attributes.userInteractionEnabled ?? true) && !disabled
                // A hairline (a divider or separator drawn as a view) is nothing a
                // finger aims at or is stopped by.
                if !isTarget, min(relative.width, relative.height) <= 1, !hasChildViews(element) {
                    node.userInteractionEnabled = false
                }
                node.clipsToBounds = attributes.clipsSubviews ?? false
                node.isEnabled = attributes.enabled ?? true
                var hidden = attributes.hidden ?? false
                if name == "activityIndicatorView" {
                    if attributes.hidesWhenStopped ?? true, !(attributes.animating ?? false) { hidden = true }
                    // A spinner stands in for what it covers while it spins (a
                    // button waiting for its action): it is not what takes the touch.
                    node.userInteractionEnabled = false
                }
                node.isHidden = hidden
                node.isScrollable = InterfaceBuilderClasses.scrolling.contains(name)
                // A UIStackView is Interface Builder's tool for laying out anything,
                // not the author's word that its children are one strip of
                // controls (`type: stack`): its children are neighbours like any.
                let alpha = attributes.alpha >= 0 ? document.numberValue(attributes.alpha) : nil
                if let alpha, alpha.isFinite { assembler.setAlpha(of: &node, max(0, min(1, alpha))) }
                node.isOpaque = (alpha ?? 1) >= 0.999 && backgroundIsOpaque(element)
                if attributes.misplaced || attributes.ambiguous, !misplacedElements.contains(element) {
                    misplacedElements.insert(element)
                    if firstMisplaced < 0 { firstMisplaced = element + 1 }
                    if misplaced.count < 4 { misplaced.append(displayName(element, attributes)) } else { misplaced.append("") }
                }
                let uncertain = attributes.misplaced || attributes.ambiguous || (pending.parent > 0 && uncertainNodes.contains(Int32(pending.parent)))
                if attributes.customClass >= 0, let custom = document.string(attributes.customClass),
                   isTarget || isControl, !customClasses.contains(custom), customClasses.count < 4 {
                    customClasses.append(custom)
                }
                let shownName: String
                if let known = nameByElement[element] {
                    shownName = known
                } else {
                    shownName = assembler.uniqueName(displayName(element, attributes))
                    nameByElement[element] = shownName
                }
                let index = assembler.append(node, parent: pending.parent, name: shownName, nameIsID: false, nameIsUnique: true)
                if let system = name == "textField" ? (hasRoundedRectBorder(element) ? SystemControlSize.textField : nil)
                    : SystemControlSize.named(name) {
                    systemControls[Int32(index)] = system
                }
                keys.append(attributes.id >= 0 ? document.string(attributes.id) ?? "" : "")
                if uncertain { uncertainNodes.insert(Int32(index)) }
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

        /// Whether the file shows that a cell is tapped: an accessory that says so
        /// (a disclosure indicator, a detail button, a checkmark), or a segue.
        private func cellIsTapped(_ element: Int, _ attributes: Attributes) -> Bool {
            if let accessory = InterfaceBuilderDocument.attribute(element, "accessoryType", in: document)
                .flatMap({ document.string($0) }), accessory != "none" {
                return true
            }
            for child in document.childElements(element) where document.stringEquals(child + 1, "connections") {
                if document.childElements(child).contains(where: { document.stringEquals($0 + 1, "segue") }) { return true }
            }
            return false
        }

        /// Whether any view is inside this one.
        private func hasChildViews(_ element: Int) -> Bool {
            for child in document.childElements(element) {
                if document.stringEquals(child + 1, "subviews") || document.stringEquals(child + 1, "prototypes")
                    || document.stringEquals(child + 1, "cells") || document.stringEquals(child + 1, "sections") {
                    if !document.childElements(child).isEmpty { return true }
                } else if let key = InterfaceBuilderDocument.attribute(child, "key", in: document).flatMap({ document.string($0) }),
                          InterfaceBuilderClasses.childViewKeys.contains(key) {
                    return true
                }
            }
            return false
        }

        /// Whether the element, or a view inside it, is something hitlint takes
        /// for a target (a control, an action, a tap or long-press recognizer).
        private mutating func holdsTargets(_ element: Int) -> Bool {
            if let known = holdsTargetsCache[element] { return known }
            var found = false
            var stack = [element]
            while let current = stack.popLast(), !found {
                let name = document.string(current + 1) ?? ""
                let connections = self.connections(of: current)
                if InterfaceBuilderClasses.controls.contains(name) || connections.hasAction || connections.hasTargetGesture {
                    found = true
                }
                stack += childViewElements(of: current)
            }
            holdsTargetsCache[element] = found
            return found
        }

        /// The view elements directly inside a view (as `childViews`, without its notes).
        private func childViewElements(of element: Int) -> [Int] {
            var result: [Int] = []
            for child in document.childElements(element) {
                switch document.string(child + 1) ?? "" {
                case "subviews": result += document.childElements(child)
                case "prototypes", "cells": result += document.childElements(child)
                case "sections":
                    for section in document.childElements(child) {
                        for cells in document.childElements(section) where document.stringEquals(cells + 1, "cells") {
                            result += document.childElements(cells)
                        }
                    }
                default:
                    if let key = InterfaceBuilderDocument.attribute(child, "key", in: document).flatMap({ document.string($0) }),
                       InterfaceBuilderClasses.childViewKeys.contains(key) {
                        result.append(child)
                    }
                }
            }
            return result
        }

        /// The states a top-level view is checked in, each as the alternatives
        /// left out of it. Siblings saved with the same frame, where one holds
        /// targets and another would cover them (or both hold targets), are
        /// views the app shows one at a time (Edit and Done, a panel and its
        /// empty state, a form and its error view): the file shows all of
        /// them, which the app never does. The first state shows the backmost
        /// of each such group; each further state shows one other member of one
        /// group. A single state (nothing left out) when there are none.
        private mutating func states(of root: Int) -> [Set<Int>] {
            var groups: [[Int]] = []
            var stack = [root]
            while let element = stack.popLast() {
                let children = childViewElements(of: element)
                stack += children
                guard children.count > 1 else { continue }
                var byFrame: [[Int]] = []
                var frames: [Rect] = []
                for child in children {
                    let attributes = Attributes(child, in: document)
                    guard attributes.hidden != true, let frame = savedFrame(of: child), !frame.isEmpty else { continue }
                    // The same frame; or, for two targets, one over most of the
                    // other (Edit and Done, each as wide as its title, in one place).
                    var found: Int?
                    for position in frames.indices where Self.sameFrame(frames[position], frame)
                        || (Self.coincide(frames[position], frame) && holdsTargets(child) && holdsTargets(byFrame[position][0])) {
                        found = position
                        break
                    }
                    if let position = found {
                        byFrame[position].append(child)
                    } else {
                        frames.append(frame)
                        byFrame.append([child])
                    }
                }
                for group in byFrame where group.count > 1 {
                    let holders = group.filter { holdsTargets($0) }
                    guard let firstHolder = holders.first else { continue }
                    // Another holder, or a view in front of a holder that would take its touches or hide it.
                    let covers = holders.count > 1 || group.contains { member in
                        member > firstHolder && (Attributes(member, in: document).userInteractionEnabled != false || backgroundIsOpaque(member))
                    }
                    if covers { groups.append(group) }
                }
            }
            guard !groups.isEmpty else { return [[]] }
            for group in groups {
                if firstAlternative < 0 { firstAlternative = group[0] + 1 }
                if alternatives.count < 3 {
                    alternatives.append(englishList(group.map { "'\(displayName($0, Attributes($0, in: document)))'" }))
                } else {
                    alternatives.append("")
                }
            }
            let backmost = Set(groups.flatMap { $0.dropFirst() })
            var states = [backmost]
            for group in groups {
                for member in group.dropFirst() {
                    var leftOut = backmost
                    leftOut.remove(member)
                    leftOut.insert(group[0])
                    states.append(leftOut)
                }
            }
            return states
        }

        /// One rect inside the other, the smaller covering at least half the larger.
        private static func coincide(_ a: Rect, _ b: Rect) -> Bool {
            let (small, large) = a.area <= b.area ? (a, b) : (b, a)
            let grown = Rect(minX: large.minX - 0.5, minY: large.minY - 0.5, maxX: large.maxX + 0.5, maxY: large.maxY + 0.5)
            return grown.contains(small) && small.area >= 0.5 * large.area
        }

        private static func sameFrame(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) <= 0.5 && abs(a.minY - b.minY) <= 0.5 && abs(a.width - b.width) <= 0.5 && abs(a.height - b.height) <= 0.5
        }

        /// Leaves out the top-level views of a XIB that nothing connects: where
        /// the file's owner holds some top-level views through outlets, one that
        /// no outlet points at and in which nothing has an action or an outlet is
        /// a view Interface Builder keeps and the app never shows (a XIB of a cell
        /// or a view loaded whole, whose owner holds none, keeps them all).
        private mutating func leaveOutOrphans() {
            let destinations = index.outletDestinations
            func id(_ element: Int) -> String? {
                InterfaceBuilderDocument.attribute(element, "id", in: document).flatMap { document.string($0) }
            }
            let connected = roots.filter { !isSceneRoot($0.element) }.map { root -> Bool in
                var stack = [root.element]
                while let element = stack.popLast() {
                    if let id = id(element), destinations.contains(id) { return true }
                    if connections(of: element).hasAction { return true }
                    stack += childViewElements(of: element)
                }
                return false
            }
            let loose = roots.filter { !isSceneRoot($0.element) }
            guard loose.contains(where: { root in id(root.element).map(destinations.contains) ?? false }) else { return }
            var kept: [(element: Int, frame: Rect?)] = []
            var position = 0
            for root in roots {
                if isSceneRoot(root.element) {
                    kept.append(root)
                    continue
                }
                defer { position += 1 }
                if connected[position] {
                    kept.append(root)
                } else {
                    if firstOrphan < 0 { firstOrphan = root.element + 1 }
                    if orphans.count < 3 { orphans.append(displayName(root.element, Attributes(root.element, in: document))) } else { orphans.append("") }
                }
            }
            roots = kept
        }

        /// `borderStyle="roundedRect"`: a text field drawn at its system height.
        private func hasRoundedRectBorder(_ element: Int) -> Bool {
            InterfaceBuilderDocument.attribute(element, "borderStyle", in: document).map { document.stringEquals($0, "roundedRect") } ?? false
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
            cannotShow.append("views added, shown, hidden or resized in code")
            if customClasses.isEmpty {
                cannotShow.append("hit areas changed in code (point(inside:with:))")
            } else {
                let names = englishList(customClasses.map { "'\($0)'" })
                cannotShow.append("hit areas changed in code (custom classes such as \(names)\(customClasses.count >= 4 ? ", …" : "") may override point(inside:with:))")
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
            if !alternatives.isEmpty {
                let shown = alternatives.filter { !$0.isEmpty }.joined(separator: "; ")
                assembler.note("views saved in one place, one over the other (\(shown)\(alternatives.count > 3 ? "; …" : "")): "
                               + "taken as alternatives the app shows one at a time, and each checked without the others",
                               entry: firstAlternative)
            }
            if !orphans.isEmpty {
                let count = orphans.count
                assembler.note("\(count) top-level view\(count == 1 ? " is" : "s are") connected to nothing (\(namesShown(orphans))): "
                               + "no outlet points at \(count == 1 ? "it" : "them") and nothing in \(count == 1 ? "it" : "them") has an action, so the app never shows \(count == 1 ? "it" : "them"); not checked",
                               entry: firstOrphan)
            }
            if !misplaced.isEmpty {
                let count = misplaced.count
                assembler.note("\(count) view\(count == 1 ? " is" : "s are") misplaced or ambiguous (\(namesShown(misplaced))): "
                               + "their saved frames are not where Auto Layout puts them, so hitlint judges nothing in them",
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
