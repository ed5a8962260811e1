/// A first run's messages and fixes' words, packed (`PackedText`) while its
/// fixes are checked, and put back before anything reports them.
///
/// Checking a large file's fixes holds the first run's findings beside the
/// checking lints' tables, at the run's peak, and reads neither their
/// messages nor their fixes' words (it counts problems by rule and node
/// name, and checks fixes by the hit-area changes and edit spans they hold
/// apart). Held as written, that text is the largest part of what a
/// finding costs, and it repeats the same phrases and names: packed, it
/// shrinks many times over.
///
/// Messages are set aside (`Diagnostic.messageText` is empty until
/// `unpack`); fixes keep every part and hold their words packed, so a fix
/// that checking does read (one checked on its edited file, one that fails
/// and gets a note) reads as before, its text read back for the call.
struct PackedFindingText: ~Copyable {
    /// Text is packed in pieces of about this many bytes: a fix read while
    /// packed reads its piece back whole.
    private static let pieceSize = 1 << 16

    private var pieces: [PackedText] = []
    /// By piece: the first diagnostic whose text is in it; the piece holds
    /// theirs up to the next piece's first.
    private var firstDiagnostics: [Int] = []
    /// By diagnostic: where its text begins in its piece (its message, then
    /// its fix's words).
    private var starts: [UInt32] = []
    /// By diagnostic: its message's bytes, or `.max` for a message left where it was.
    private var messageCounts: [UInt32] = []

    /// Nothing packed: the findings keep their text.
    init() {}

    /// Packs the text of `diagnostics`, which must be put back with `unpack`
    /// before anything reads their messages.
    init(packing diagnostics: inout [Diagnostic]) {
        starts = [UInt32](repeating: 0, count: diagnostics.count)
        messageCounts = [UInt32](repeating: .max, count: diagnostics.count)
        var scratch = PackedText.Scratch()
        var piece = ByteWriter(capacity: Self.pieceSize)
        // The diagnostics of the piece being written, with where their fix's words are in it (-1: not packed).
        var waiting: [(index: Int, fixAt: Int)] = []
        for index in diagnostics.indices {
            let messageCount = diagnostics[index].messageText.withBytes { $0.count }
            let fixCount = diagnostics[index].fix?.heldTextCount ?? 0
            // A text of a gigabyte (names quoted from a hostile file) stays where it is.
            let packsMessage = messageCount > 0 && messageCount < 1 << 30
            let packsFix = fixCount > 0 && fixCount < 1 << 30
            guard packsMessage || packsFix else { continue }
            let adding = (packsMessage ? messageCount : 0) + (packsFix ? fixCount : 0)
            if piece.count > 0, piece.count + adding > Self.pieceSize {
                seal(&piece, of: &waiting, in: &diagnostics, scratch: &scratch)
            }
            starts[index] = UInt32(piece.count)
            if packsMessage {
                piece.append(diagnostics[index].messageText)
                messageCounts[index] = UInt32(messageCount)
            }
            var fixAt = -1
            if packsFix {
                fixAt = piece.count
                diagnostics[index].fix!.withHeldText { piece.append(bytes: $0) }
            }
            waiting.append((index, fixAt))
        }
        seal(&piece, of: &waiting, in: &diagnostics, scratch: &scratch)
        // The text let go of is small pieces in the allocator's heap, which
        // the checking lints' tables would not reuse.
        if !pieces.isEmpty { FreedMemory.giveBack() }
    }

    /// Packs the piece written, and lets go of the text it holds where the
    /// diagnostics held it.
    private mutating func seal(_ piece: inout ByteWriter, of waiting: inout [(index: Int, fixAt: Int)],
                               in diagnostics: inout [Diagnostic], scratch: inout PackedText.Scratch) {
        guard !waiting.isEmpty else { return }
        let packed = piece.withBytes { PackedText($0, scratch: &scratch) }
        pieces.append(packed)
        firstDiagnostics.append(waiting[0].index)
        for (index, fixAt) in waiting {
            if messageCounts[index] != .max { diagnostics[index].messageText = .empty }
            if fixAt >= 0 { diagnostics[index].fix = diagnostics[index].fix!.packed(in: packed, at: fixAt) }
        }
        waiting.removeAll(keepingCapacity: true)
        piece.removeAll()
    }

    /// Puts the text back: each message into blocks shared with the others
    /// (`MessageArena`), each fix's words into its own store again (a fix
    /// checking replaced, one given a note, holds its words already).
    consuming func unpack(_ diagnostics: inout [Diagnostic]) {
        precondition(messageCounts.count == diagnostics.count || pieces.isEmpty, "the findings packed are the findings put back")
        var messages = MessageArena()
        for (position, packed) in pieces.enumerated() {
            let first = firstDiagnostics[position]
            let end = position + 1 < pieces.count ? firstDiagnostics[position + 1] : diagnostics.count
            packed.withBytesOnce { bytes in
                for index in first..<end {
                    let messageCount = messageCounts[index]
                    if messageCount != .max {
                        let start = Int(starts[index])
                        diagnostics[index].messageText = messages.write(bytes: UnsafeBufferPointer(rebasing: bytes[start ..< start + Int(messageCount)]))
                    }
                    if let fix = diagnostics[index].fix, let unpacked = fix.unpacked(from: packed, bytes: bytes) {
                        diagnostics[index].fix = unpacked
                    }
                }
            }
        }
        // What checking held is let go of by now, much of it small pieces.
        if !pieces.isEmpty { FreedMemory.giveBack() }
    }
}
