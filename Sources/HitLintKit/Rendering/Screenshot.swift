import Foundation

/// A picture of the screen the layout was captured from, drawn under the
/// layout: its bytes go into the page as a data URI, so the page stays one
/// file. Only the header is read here (the pixel size); decoding is left to
/// the browser.
public struct Screenshot: Sendable, Equatable {
    public enum Format: String, Sendable {
        case png, jpeg

        var mediaType: String { "image/\(rawValue)" }
    }

    /// Why a picture is not drawn; `message` completes "screenshot not drawn (…)".
    public struct Problem: Error, Sendable, Equatable {
        public var message: String

        public init(_ message: String) {
            self.message = message
        }
    }

    /// As given or found, for the caption: the same inputs give the same page.
    public var path: String
    public var format: Format
    /// The picture's size in its own pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var bytes: [UInt8]

    /// Larger files are not embedded: a page of hundreds of MB helps nobody,
    /// and a screenshot, even a 4K PNG, is well under this.
    public static let maximumSize = 32 << 20

    /// Reads the header of `bytes` (a PNG or a JPEG); the problem says what is wrong.
    public init(path: String, bytes: [UInt8]) throws(Problem) {
        let header = try Self.header(of: bytes)
        self.path = path
        format = header.format
        pixelWidth = header.width
        pixelHeight = header.height
        self.bytes = bytes
    }

    /// `data:image/png;base64,…`.
    var dataURI: String {
        "data:\(format.mediaType);base64," + Data(bytes).base64EncodedString()
    }

    // MARK: - Headers

    /// The format and pixel size, from the PNG IHDR chunk or the JPEG frame
    /// header. Reads only what the header needs, each offset checked against the
    /// length: any bytes give a size or a problem, never a trap.
    public static func header(of bytes: [UInt8]) throws(Problem) -> (format: Format, width: Int, height: Int) {
        if bytes.starts(with: pngSignature) { return try pngHeader(bytes) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return try jpegHeader(bytes) }
        if bytes.isEmpty { throw Problem("the file is empty") }
        throw Problem("not a PNG or JPEG file")
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The first chunk must be IHDR: width and height, big-endian, after the
    /// signature, the chunk's length and its type.
    private static func pngHeader(_ bytes: [UInt8]) throws(Problem) -> (format: Format, width: Int, height: Int) {
        guard bytes.count >= 24 else { throw Problem("a PNG cut short before its size") }
        guard bytes[12..<16].elementsEqual("IHDR".utf8) else { throw Problem("a damaged PNG (no IHDR chunk first)") }
        let width = bigEndian(bytes, at: 16, count: 4), height = bigEndian(bytes, at: 20, count: 4)
        // PNG sizes are at most 2³¹ − 1.
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
            throw Problem("a PNG of \(width)×\(height) pixels")
        }
        return (.png, width, height)
    }

    /// Walks the marker segments from the start until a frame header (SOFn),
    /// each step moving forward by a segment's length, so the walk ends within
    /// the file's length.
    private static func jpegHeader(_ bytes: [UInt8]) throws(Problem) -> (format: Format, width: Int, height: Int) {
        var position = 2
        while position < bytes.count {
            guard bytes[position] == 0xFF else { throw Problem("a damaged JPEG (no marker at byte \(position))") }
            // Any number of 0xFF may pad before a marker.
            while position < bytes.count, bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { break }
            let marker = bytes[position]
            position += 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue  // no length follows
            case 0xD9:
                throw Problem("a JPEG that ends before its frame header")
            case 0xDA:
                throw Problem("a JPEG whose image data comes before its frame header")
            default:
                break
            }
            guard position + 2 <= bytes.count else { break }
            let length = bigEndian(bytes, at: position, count: 2)
            guard length >= 2 else { throw Problem("a damaged JPEG (segment length \(length) at byte \(position))") }
            // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                // Length, sample precision, then height and width.
                guard position + 7 <= bytes.count else { break }
                let height = bigEndian(bytes, at: position + 3, count: 2), width = bigEndian(bytes, at: position + 5, count: 2)
                // Baseline, extended and progressive are what browsers decode;
                // lossless, hierarchical and arithmetic-coded JPEGs they do not.
                guard marker <= 0xC2 else {
                    throw Problem("a JPEG coding browsers do not draw (SOF\(marker - 0xC0))")
                }
                // A height of 0 is given later, in a DNL segment, which browsers do not read.
                guard width > 0, height > 0 else { throw Problem("a JPEG of \(width)×\(height) pixels") }
                return (.jpeg, width, height)
            }
            position += length
        }
        throw Problem("a JPEG cut short before its frame header")
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        var value = 0
        for index in offset..<(offset + count) { value = value << 8 | Int(bytes[index]) }
        return value
    }

    // MARK: - Found beside a capture

    /// Where a capture's screenshot would be, in the order tried: DroidBot's
    /// `screen_<time>` beside `state_<time>.json`, Sentry's `screenshot` beside
    /// `view-hierarchy.json` (the names of the event's attachments), and a
    /// picture with the capture's own name (`checkout.json`, `checkout.png`).
    /// Each as `.jpg`, `.jpeg` and `.png`, in lower then upper case. Names only,
    /// derived from the capture's path: nothing in the file decides what is read.
    public static func candidatePaths(besideCapture path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return [] }
        let stem = String(name[..<dot])
        var stems: [String] = []
        if stem.hasPrefix("state_"), stem.count > "state_".count { stems.append("screen_" + stem.dropFirst("state_".count)) }
        if stem == "view-hierarchy" { stems.append("screenshot") }
        stems.append(stem)
        let extensions = ["jpg", "jpeg", "png"]
        return stems.flatMap { stem in
            (extensions + extensions.map { $0.uppercased() }).map { folder + stem + "." + $0 }
        }
    }
}

/// Where the screenshot goes, in layout points: its pixel (0, 0) on the
/// screen's top-left corner, at one scale for both axes, chosen so that the
/// picture's short side spans the screen's short side. A device's screenshot
/// is then drawn pixel for pixel on the screen's pixels (1:1, never
/// stretched), whichever way the screen is turned: a picture with a band the
/// tree leaves out (the navigation bar below a portrait app, beside a
/// landscape one) runs past the screen's edge and is cut there.
///
/// A picture turned the other way than the screen (portrait over a landscape
/// tree) was taken at another moment than the tree (the app rotated between
/// the two): it is not drawn, and the problem says so.
struct ScreenshotPlacement: Equatable {
    /// The screen: the layout's root frame. The picture is clipped to it.
    var screen: Rect
    /// The whole picture.
    var picture: Rect
    var pixelWidth: Int
    var pixelHeight: Int

    /// Points per picture pixel.
    var scale: Double { min(screen.width, screen.height) / Double(min(pixelWidth, pixelHeight)) }

    /// The screen in the picture's pixels: what of the picture is shown.
    var shownPixels: Rect { Rect(x: 0, y: 0, width: screen.width / scale, height: screen.height / scale) }

    /// How much longer than wide (or wide than long) a screen or picture must be
    /// to have an orientation: a square tablet split screen has none.
    static let orientedRatio = 1.15

    init(screen: Rect, pixelWidth: Int, pixelHeight: Int) throws(Screenshot.Problem) {
        guard screen.minX.isFinite, screen.minY.isFinite, screen.width.isFinite, screen.height.isFinite, !screen.isEmpty else {
            throw Screenshot.Problem("the layout's root has no size to lay it on")
        }
        guard pixelWidth > 0, pixelHeight > 0 else { throw Screenshot.Problem("a picture of no pixels") }
        func orientation(_ width: Double, _ height: Double) -> String? {
            height >= width * Self.orientedRatio ? "portrait" : width >= height * Self.orientedRatio ? "landscape" : nil
        }
        if let shot = orientation(Double(pixelWidth), Double(pixelHeight)), let tree = orientation(screen.width, screen.height), shot != tree {
            throw Screenshot.Problem("the picture is \(shot) and the capture's screen \(tree): they were taken at different moments")
        }
        self.screen = screen
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        let scale = min(screen.width, screen.height) / Double(min(pixelWidth, pixelHeight))
        picture = Rect(x: screen.minX, y: screen.minY, width: Double(pixelWidth) * scale, height: Double(pixelHeight) * scale)
    }
}

extension RenderInput {
    /// A capture (imported from a view hierarchy), whose screenshot is looked
    /// for beside it: not an Interface Builder document, which is no picture
    /// of a moment.
    public var isCapture: Bool { context?.layout.importedNames != nil && result.fileKind != .interfaceBuilder }

    /// Lays `screenshot` under the drawing, on the layout's root frame (the
    /// screen); the problem says why it cannot be.
    public mutating func attach(_ screenshot: Screenshot) throws(Screenshot.Problem) {
        guard let context else { throw Screenshot.Problem("the layout is not valid, so nothing is drawn over it") }
        guard context.geometry.nodeCount > 0 else { throw Screenshot.Problem("the layout has no root to lay it on") }
        if let moment = context.layout.capturedAtAnotherMoment { throw Screenshot.Problem(moment) }
        _ = try ScreenshotPlacement(screen: context.geometry.frame(0), pixelWidth: screenshot.pixelWidth,
                                    pixelHeight: screenshot.pixelHeight)
        self.screenshot = screenshot
    }
}
