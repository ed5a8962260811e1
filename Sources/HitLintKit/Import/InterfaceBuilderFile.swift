/// Reading an Interface Builder document's elements: the attributes of one
/// element, and what one pass over the whole file gathers before any view is
/// placed (`InterfaceBuilderImporter`).
extension InterfaceBuilderImporter {
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
