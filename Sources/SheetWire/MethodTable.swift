/// The daemon's method table: wire method types with their handlers, by name.
///
/// Built from the types (`register(InputPan.self) { ... }`), each entry keeps the type's static
/// data next to its handler, so the dispatcher checks members and edges from the declarations.
/// A second method of the same name is refused, not silently dropped.
///
/// Its registration is `@inlinable` so the daemon's table (built at start-up, before the
/// `initialize` reply) is specialized for its handler type: unspecialized, the dictionary
/// work through runtime generic metadata was a quarter of sheetd's start-up instructions.
public struct MethodTable<Handler> {
    /// One registered method.
    public struct Entry {
        public let info: WireProtocol.MethodInfo
        /// The names of every member it accepts (the unknown-member check).
        public let allowed: [String]
        /// Its members with values only some edges support.
        public let restricted: [MemberSpec]
        public let handler: Handler

        @inlinable
        init(_ info: WireProtocol.MethodInfo, _ handler: Handler) {
            self.info = info
            allowed = info.allMembers.map { $0.name }
            restricted = info.members.filter { !$0.restrictedChoices.isEmpty }
            self.handler = handler
        }
    }

    @usableFromInline var entries: [String: Entry] = [:]
    @usableFromInline var orderedNames: [String] = []
    /// Method names in registration order.
    public var names: [String] { orderedNames }

    @inlinable
    public init() {}

    /// An empty table with room for `minimumCapacity` methods (no rehashing while it fills).
    @inlinable
    public init(minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
        orderedNames.reserveCapacity(minimumCapacity)
    }

    /// Adds `method` handled by `handler`; throws if its name is taken.
    @inlinable
    public mutating func register<M: WireMethod>(_ method: M.Type, _ handler: Handler) throws(DuplicateMethodName) {
        try add(Entry(WireProtocol.MethodInfo(method), handler))
    }

    /// Adds the session command `method` (it also takes `session` and `t`).
    @inlinable
    public mutating func register<M: SessionCommand>(_ method: M.Type, _ handler: Handler) throws(DuplicateMethodName) {
        try add(Entry(WireProtocol.MethodInfo(method), handler))
    }

    @inlinable
    mutating func add(_ entry: Entry) throws(DuplicateMethodName) {
        guard entries[entry.info.name] == nil else { throw DuplicateMethodName(name: entry.info.name) }
        entries[entry.info.name] = entry
        orderedNames.append(entry.info.name)
    }

    @inlinable
    public subscript(name: String) -> Entry? { entries[name] }

    /// Every entry, in registration order.
    public var all: [Entry] { names.compactMap { entries[$0] } }
}

extension MethodTable: Sendable where Handler: Sendable {}
extension MethodTable.Entry: Sendable where Handler: Sendable {}

/// Two methods registered under one name.
public struct DuplicateMethodName: Error, Equatable {
    public let name: String
    public init(name: String) { self.name = name }
}
