/// The notes an Interface Builder document gets: what it cannot show, and
/// what was left out or read with care.
extension InterfaceBuilderImporter.Reader {
        mutating func writeNotes() {
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
            if !hiddenTargets.isEmpty {
                let count = hiddenTargets.count
                assembler.note("\(count) control\(count == 1 ? " is" : "s are") hidden or transparent in the file (\(namesShown(hiddenTargets))): "
                               + "not checked, as the app's code may show \(count == 1 ? "it" : "them")",
                               entry: firstHiddenTarget)
            }
            if !misplaced.isEmpty {
                let count = misplaced.count
                assembler.note("\(count) view\(count == 1 ? " is" : "s are") misplaced or ambiguous (\(namesShown(misplaced))): "
                               + (count == 1 ? "its saved frame is not where Auto Layout puts it, so hitlint judges nothing in it"
                                  : "their saved frames are not where Auto Layout puts them, so hitlint judges nothing in them"),
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
        func namesShown(_ names: [String]) -> String {
            let shown = names.filter { !$0.isEmpty }.prefix(3).map { "'\($0)'" }
            return names.count > shown.count ? shown.joined(separator: ", ") + ", …" : englishList(Array(shown))
        }
}
