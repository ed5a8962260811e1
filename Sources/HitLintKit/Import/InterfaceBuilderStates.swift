/// Views saved in one place that the app shows one at a time, and
/// top-level views nothing connects (`InterfaceBuilderImporter`'s "States, and
/// views nothing shows" in Docs/importers.md).
extension InterfaceBuilderImporter.Reader {
        /// Whether the element, or a view inside it, is something hitlint takes
        /// for a target (a control, an action, a tap or long-press recognizer).
        mutating func holdsTargets(_ element: Int) -> Bool {
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
        func childViewElements(of element: Int) -> [Int] {
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
        mutating func states(of root: Int) -> [Set<Int>] {
            var groups: [[Int]] = []
            var stack = [root]
            while let element = stack.popLast() {
                let children = childViewElements(of: element)
                stack += children
                guard children.count > 1 else { continue }
                var byFrame: [[Int]] = []
                var frames: [Rect] = []
                for child in children {
                    let attributes = InterfaceBuilderImporter.Attributes(child, in: document)
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
                        member > firstHolder && (InterfaceBuilderImporter.Attributes(member, in: document).userInteractionEnabled != false || backgroundIsOpaque(member))
                    }
                    if covers { groups.append(group) }
                }
            }
            guard !groups.isEmpty else { return [[]] }
            for group in groups {
                if firstAlternative < 0 { firstAlternative = group[0] + 1 }
                if alternatives.count < 3 {
                    alternatives.append(englishList(group.map { "'\(displayName($0, InterfaceBuilderImporter.Attributes($0, in: document)))'" }))
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
        static func coincide(_ a: Rect, _ b: Rect) -> Bool {
            let (small, large) = a.area <= b.area ? (a, b) : (b, a)
            let grown = Rect(minX: large.minX - 0.5, minY: large.minY - 0.5, maxX: large.maxX + 0.5, maxY: large.maxY + 0.5)
            return grown.contains(small) && small.area >= 0.5 * large.area
        }

        static func sameFrame(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) <= 0.5 && abs(a.minY - b.minY) <= 0.5 && abs(a.width - b.width) <= 0.5 && abs(a.height - b.height) <= 0.5
        }

        /// Leaves out the top-level views of a XIB that nothing connects: where
        /// the file's owner holds some top-level views through outlets, one that
        /// no outlet points at and in which nothing has an action or an outlet is
        /// a view Interface Builder keeps and the app never shows (a XIB of a cell
        /// or a view loaded whole, whose owner holds none, keeps them all).
        mutating func leaveOutOrphans() {
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
                    if orphans.count < 3 { orphans.append(displayName(root.element, InterfaceBuilderImporter.Attributes(root.element, in: document))) } else { orphans.append("") }
                }
            }
            roots = kept
        }
}
