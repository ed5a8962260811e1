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

    /// A view waiting to be placed: its element, the layout index of its
    /// superview, where its superview's origin is on the canvas, and whether
    /// the table or collection view around it lets cells be selected.
    struct Pending {
        var element: Int
        var parent: Int
        var originX: Double
        var originY: Double
        var cellsSelectable: Bool
    }

    struct Reader {
        let document: Document
        let options: ImportOptions
        let tvOS: Bool
        let index: Index
        var assembler: CaptureAssembler
        var keys: [String] = []
        var facts = InterfaceBuilderFacts()
        var systemControls: [Int32: SystemControlSize] = [:]
        var drawnFrames: [Int32: Rect] = [:]
        var codeHeldViews: Set<Int32> = []
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
        /// Controls hidden or transparent in the file (the code may show them).
        var hiddenTargets: [String] = []
        var hiddenTargetElements: Set<Int> = []
        var firstHiddenTarget = -1
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
            result.layout.drawnFrames = drawnFrames
            result.layout.codeHeldViews = codeHeldViews
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

        func isSceneRoot(_ element: Int) -> Bool {
            let attributes = Attributes(element, in: document)
            return attributes.key >= 0 && document.stringEquals(attributes.key, "view")
        }

        /// `<rect key="frame" x= y= width= height=/>`, when all four are finite numbers and the size is not negative.
        func savedFrame(of element: Int) -> Rect? {
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
                guard let relative = frameInParent(element, attributes: attributes, pending: pending) else {
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
                let interaction = readInteraction(element, name: name, attributes: attributes, pending: pending, relative: relative, into: &node)
                let shown = readAppearance(element, name: name, attributes: attributes, into: &node)
                noteWhatWasNotChecked(element, attributes: attributes, interaction: interaction, shown: shown)
                let shownName: String
                if let known = nameByElement[element] {
                    shownName = known
                } else {
                    shownName = assembler.uniqueName(displayName(element, attributes))
                    nameByElement[element] = shownName
                }
                let index = assembler.append(node, parent: pending.parent, name: shownName, nameIsID: false, nameIsUnique: true)
                recordFacts(of: index, element: element, name: name, attributes: attributes, node: node, absolute: absolute,
                            isTarget: interaction.isTarget, pending: pending)
                var selectable = pending.cellsSelectable
                if name == "tableView" || name == "collectionView" { selectable = attributes.allowsSelection ?? true }
                let children = childViews(of: element, name: name, attributes: attributes)
                for child in children.reversed() {
                    stack.append(Pending(element: child, parent: index, originX: absolute.minX, originY: absolute.minY,
                                         cellsSelectable: selectable))
                }
            }
        }

        /// A view's frame in its parent's coordinates: the saved one, or, for a
        /// cell's content view, its cell's. Nil when the file gives none.
        private func frameInParent(_ element: Int, attributes: Attributes, pending: Pending) -> Rect? {
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
            return frame
        }

        /// What a view does with touches, as the file shows it.
        private struct Interaction {
            var isTarget: Bool
            var isControl: Bool
            /// A control or action the file disables.
            var disabled: Bool
        }

        /// Whether a view is a target and takes touches: its class, its
        /// actions and gestures, and the flags the file sets on it.
        private mutating func readInteraction(_ element: Int, name: String, attributes: Attributes, pending: Pending,
                                              relative: Rect, into node: inout LayoutNode) -> Interaction {
            let connections = self.connections(of: element)
            let isControl = InterfaceBuilderClasses.controls.contains(name)
                || (name == "textView" && attributes.editable != false)
            // A control the file disables (`enabled="NO"`) sends no action:
            // touches on it reach the cell or view around it, as they do in UIKit
            // for a table's rows; code that enables it later is not in the file.
            let disabled = attributes.enabled == false && (isControl || connections.hasAction)
            // A control the file hides from accessibility (`isElement` NO) is
            // one its developer has another element do the work of (a small
            // arrow beside a title that takes the tap): no accessibility
            // element, which Xcode's hit-region audit does not check either.
            var isTarget = (connections.hasAction || connections.hasTargetGesture || isControl) && !disabled
                && !isHiddenFromAccessibility(element)
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
            // finger aimed at or is stopped by.
            if !isTarget, min(relative.width, relative.height) <= 1, !hasChildViews(element) {
                node.userInteractionEnabled = false
            }
            return Interaction(isTarget: isTarget, isControl: isControl, disabled: disabled)
        }

        /// How a view is drawn, as far as it matters to touches: hidden, its
        /// alpha, opaque, clipping, scrolling. Returns whether it is hidden and its alpha.
        private mutating func readAppearance(_ element: Int, name: String, attributes: Attributes,
                                             into node: inout LayoutNode) -> (hidden: Bool, alpha: Double?) {
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
            return (hidden, alpha)
        }

        /// What the import note says was not checked or not sure: targets the
        /// file hides, views Interface Builder marks misplaced or ambiguous,
        /// custom classes of targets.
        private mutating func noteWhatWasNotChecked(_ element: Int, attributes: Attributes, interaction: Interaction,
                                                    shown: (hidden: Bool, alpha: Double?)) {
            // A control the file hides (or draws at alpha 0) is there for the
            // code to show: say it was not checked, rather than pass over it.
            if interaction.isTarget, !interaction.disabled, shown.hidden || (shown.alpha ?? 1) < 0.01,
               !hiddenTargetElements.contains(element) {
                hiddenTargetElements.insert(element)
                if firstHiddenTarget < 0 { firstHiddenTarget = element + 1 }
                if hiddenTargets.count < 4 { hiddenTargets.append(displayName(element, attributes)) } else { hiddenTargets.append("") }
            }
            if attributes.misplaced || attributes.ambiguous, !misplacedElements.contains(element) {
                misplacedElements.insert(element)
                if firstMisplaced < 0 { firstMisplaced = element + 1 }
                if misplaced.count < 4 { misplaced.append(displayName(element, attributes)) } else { misplaced.append("") }
            }
            if attributes.customClass >= 0, let custom = document.string(attributes.customClass),
               interaction.isTarget || interaction.isControl, !customClasses.contains(custom), customClasses.count < 4 {
                customClasses.append(custom)
            }
        }

        /// What the rest of the lint reads of a placed view besides its node:
        /// a button's drawn title, a control's system size, its object id,
        /// frames not sure, views the code holds, size constraints.
        private mutating func recordFacts(of index: Int, element: Int, name: String, attributes: Attributes, node: LayoutNode,
                                          absolute: Rect, isTarget: Bool, pending: Pending) {
            let uncertain = attributes.misplaced || attributes.ambiguous || (pending.parent > 0 && uncertainNodes.contains(Int32(pending.parent)))
            if name == "button", let drawn = titleLine(of: element, in: absolute) { drawnFrames[Int32(index)] = drawn }
            if let system = name == "textField" ? (hasRoundedRectBorder(element) ? SystemControlSize.textField : nil)
                : SystemControlSize.named(name) {
                systemControls[Int32(index)] = system
            }
            keys.append(attributes.id >= 0 ? document.string(attributes.id) ?? "" : "")
            if uncertain { uncertainNodes.insert(Int32(index)) }
            if !isTarget, node.userInteractionEnabled, let id = attributes.id >= 0 ? document.string(attributes.id) : nil,
               self.index.outletDestinations.contains(id) {
                codeHeldViews.insert(Int32(index))
            }
            if let id = attributes.id >= 0 ? document.string(attributes.id) : nil, let sizes = self.index.sizeConstraints[id] {
                facts.sizeConstraints[Int32(index)] = sizes
            }
        }

        /// The views inside a view, back to front: its background view, then its
        /// content view, subviews, table header, cells and footer in file order.
        mutating func childViews(of element: Int, name: String, attributes: Attributes) -> [Int] {
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

        /// Where a button that shows only a title draws: the title's line (1.2
        /// times its font's size, UIKit's line height for the system font),
        /// centred as `contentVerticalAlignment` says, across the frame; nil
        /// for a button with an image, a background or a colour behind it.
        func titleLine(of element: Int, in frame: Rect) -> Rect? {
            var pointSize = 15.0  // a button's system font, as IB writes it when none is given
            var hasTitle = false
            for child in document.childElements(element) {
                let name = document.string(child + 1) ?? ""
                if name == "state" || name == "buttonConfiguration" {
                    for attribute in ["image", "backgroundImage"] as [StaticString]
                    where InterfaceBuilderDocument.attribute(child, attribute, in: document) != nil {
                        return nil
                    }
                    if InterfaceBuilderDocument.attribute(child, "title", in: document) != nil { hasTitle = true }
                } else if name == "fontDescription",
                          let size = InterfaceBuilderDocument.attribute(child, "pointSize", in: document).flatMap({ document.numberValue($0) }) {
                    pointSize = size
                } else if name == "color", let key = InterfaceBuilderDocument.attribute(child, "key", in: document),
                          document.stringEquals(key, "backgroundColor") {
                    return nil
                }
            }
            guard hasTitle, pointSize.isFinite, pointSize > 0 else { return nil }
            let line = min(frame.height, 1.2 * pointSize)
            let alignment = InterfaceBuilderDocument.attribute(element, "contentVerticalAlignment", in: document)
            let top: Double
            if let alignment, document.stringEquals(alignment, "top") {
                top = frame.minY
            } else if let alignment, document.stringEquals(alignment, "bottom") {
                top = frame.maxY - line
            } else {
                top = frame.minY + (frame.height - line) / 2
            }
            return Rect(x: frame.minX, y: top, width: frame.width, height: line)
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

        /// `<accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/>`.
        func isHiddenFromAccessibility(_ element: Int) -> Bool {
            for child in document.childElements(element) where document.stringEquals(child + 1, "accessibility") {
                for flag in document.childElements(child) where document.stringEquals(flag + 1, "bool") {
                    if let key = InterfaceBuilderDocument.attribute(flag, "key", in: document), document.stringEquals(key, "isElement"),
                       let value = InterfaceBuilderDocument.attribute(flag, "value", in: document), document.stringEquals(value, "NO") {
                        return true
                    }
                }
            }
            return false
        }

        /// What a view's `<connections>` prove: a target–action connection with
        /// an event (only a `UIControl` can have one), and a tap or long-press
        /// gesture recognizer attached (`<outletCollection property="gestureRecognizers">`).
        func connections(of element: Int) -> (hasAction: Bool, hasTargetGesture: Bool) {
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
        func backgroundIsOpaque(_ element: Int) -> Bool {
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
        func displayName(_ element: Int, _ attributes: Attributes) -> String {
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

    }
}
