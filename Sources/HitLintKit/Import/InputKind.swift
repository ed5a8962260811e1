/// What a file is: a hitlint layout, or a view hierarchy captured from a
/// running app that an importer maps onto the layout model (`--from`).
public enum InputKind: String, Sendable, CaseIterable {
    /// A hitlint layout file (SPEC §1): a mapping with `root`.
    case hitlint
    /// A Sentry view-hierarchy attachment: `rendering_system` and `windows`
    /// (which sentry-dart leaves out when it has none).
    case sentry
    /// A DroidBot UI state dump: a flat `views` list (with the screen's `width` and `height`).
    case droidbot

    /// Captured hierarchies are evidence, not sources: nothing may edit them.
    public var isCapture: Bool { self != .hitlint }

    /// Recognises a file by its top-level keys; anything else is read as a
    /// hitlint layout (which then says what it is missing).
    public static func detect(_ document: Document) -> InputKind {
        guard !document.entries.isEmpty, document.kind(0) == .object else { return .hitlint }
        var hasRenderingSystem = false
        var hasViews = false
        var child = 1
        let end = document.next(0)
        while child < end {
            let value = child + 1
            if document.stringEquals(child, "root") { return .hitlint }
            if document.stringEquals(child, "rendering_system") { hasRenderingSystem = true }
            if document.stringEquals(child, "views"), document.kind(value) == .array { hasViews = true }
            child = document.next(value)
        }
        if hasRenderingSystem { return .sentry }
        if hasViews { return .droidbot }
        return .hitlint
    }
}

/// `--from`: a kind, or `auto` to recognise each file by its keys.
public enum InputChoice: String, Sendable, CaseIterable {
    case auto, hitlint, sentry, droidbot

    public func kind(of document: Document) -> InputKind {
        switch self {
        case .auto: return InputKind.detect(document)
        case .hitlint: return .hitlint
        case .sentry: return .sentry
        case .droidbot: return .droidbot
        }
    }
}
