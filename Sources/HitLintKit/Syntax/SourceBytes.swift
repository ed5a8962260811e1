#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The bytes of a source text: an array, or a large file mapped read-only into
/// memory (see `FileMapping`). Both read the same; a mapped file can also give
/// its memory back to the system between stages (`dropResidentPages`), which an
/// array cannot.
public struct SourceBytes: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case array([UInt8])
        case mapping(FileMapping)
    }

    private let storage: Storage
    public let count: Int

    public init(_ bytes: [UInt8]) {
        storage = .array(bytes)
        count = bytes.count
    }

    init(_ mapping: FileMapping) {
        storage = .mapping(mapping)
        count = mapping.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> UInt8 {
        switch storage {
        case .array(let bytes): return bytes[position]
        case .mapping(let mapping):
            precondition(position >= 0 && position < count, "index out of range")
            return mapping.base[position]
        }
    }

    public func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch storage {
        case .array(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .mapping(let mapping): return try body(mapping.buffer)
        }
    }

    /// Slices and generic algorithms (`append(contentsOf:)`, `contains`) use the buffer, not the subscript.
    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        switch storage {
        case .array(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .mapping(let mapping): return try body(mapping.buffer)
        }
    }

    /// The bytes as an array (a copy, for a mapped file).
    public var array: [UInt8] {
        switch storage {
        case .array(let bytes): return bytes
        case .mapping(let mapping): return Array(mapping.buffer)
        }
    }

    /// The bytes `range` decoded as UTF-8 (invalid sequences repaired).
    public func string(_ range: Range<Int>) -> String {
        withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Just past the quote that closes the JSON string whose opening quote
    /// is at `start` (a string the parser read: the first quote after an
    /// even run of backslashes closes it), else `count`. The quote is found
    /// by memchr (vectorized: ids are a few words long) and the backslashes
    /// before it counted, rather than each byte looked at for an escape.
    public func endOfString(openedAt start: Int) -> Int {
        withUnsafeBufferPointer { Self.endOfString(in: $0, openedAt: start, before: count) }
    }

    /// `endOfString(openedAt:)` in bytes the caller holds, looking no further
    /// than `limit` (returned when no quote before it closes the string).
    static func endOfString(in bytes: UnsafeBufferPointer<UInt8>, openedAt start: Int, before limit: Int) -> Int {
        guard let base = bytes.baseAddress else { return limit }
        var end = start + 1
        while end < limit, let found = memchr(base + end, Int32(UInt8(ascii: "\"")), limit - end) {
            end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while end - backslashes - 1 > start, bytes[end - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return end + 1 }
            end += 1
        }
        return limit
    }

    /// Whether the bytes are a mapped file (whose pages can be dropped).
    public var isMapped: Bool {
        if case .mapping = storage { return true }
        return false
    }

    /// For a mapped file: notes a read of a few bytes at `offset`, after
    /// which the page read stays in the process's memory (and the pages around
    /// it); once reads have brought back so much, the pages are given back.
    /// Nothing for an array.
    public func noteScatteredRead(at offset: Int) {
        guard case .mapping(let mapping) = storage else { return }
        mapping.noteScatteredRead(at: offset)
    }

    /// `noteScatteredRead(at:)` for a reader that reads on in order (a
    /// report's locations): `window` is its own note of the window it last
    /// read in, and a read in the same window is not noted again, so the
    /// reader takes the mapping's lock, which other threads' readers take
    /// too, once a window rather than once a read.
    func noteScatteredRead(at offset: Int, window: inout Int) {
        guard case .mapping(let mapping) = storage, offset >> FileMapping.windowShift != window else { return }
        window = offset >> FileMapping.windowShift
        mapping.noteScatteredRead(at: offset)
    }

    /// For a mapped file: gives the memory holding `range` back to the system
    /// until it is read again. Nothing for an array.
    public func dropResidentPages(_ range: Range<Int>? = nil) {
        guard case .mapping(let mapping) = storage else { return }
        mapping.dropResidentPages(range ?? 0..<count)
    }
}
