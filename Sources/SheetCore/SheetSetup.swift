/// Everything a session is created from (`session.create`, already validated on the wire).
public struct SheetSetup: Sendable, Equatable {
    public var container: Container
    /// The single content's preferred height (pt, without the bottom safe area). `nil` =
    /// half the container height minus the bottom safe area, so `fit` equals `medium`.
    public var contentHeight: Double?
    /// The host's detents in the host's order; the engine sorts them ascending.
    public var detents: [DetentSpec]
    /// The detent to rest at; `nil` = the smallest.
    public var selectedDetent: String?
    /// The presentation options, held out of line (`nil` in `init` = the defaults, whose one
    /// box every such setup shares: memory per session).
    public var options: SheetOptions {
        get { optionsStorage.value }
        set { optionsStorage = ImmutableBox(newValue) }
    }
    private var optionsStorage: ImmutableBox<SheetOptions>

    /// The options' box, as `body(start, bytes)` (for a caller that prefetches it).
    @inline(__always)
    func optionsStorage(_ body: (UnsafeRawPointer, Int) -> Void) {
        body(UnsafeRawPointer(Unmanaged.passUnretained(optionsStorage).toOpaque()), 16 + MemoryLayout<SheetOptions>.size)
    }

    /// `body(options)` with the options read in place: the box is not retained for the call
    /// (this setup holds it throughout). For the frame path, which resolves the layout on
    /// every step and frame.
    @inline(__always)
    func withOptions<Result>(_ body: (borrowing SheetOptions) -> Result) -> Result {
        Unmanaged.passUnretained(optionsStorage)._withUnsafeGuaranteedRef { body($0.value) }
    }

    /// `options.edge`, read from the box without copying the options (the fast path asks on
    /// every input; a read coroutine would allocate its frame across modules).
    public var edge: SheetEdge { optionsStorage.value.edge }
    /// An initial navigation stack (bottom first); empty = a single content.
    public var navigation: [NavEntry]

    public init(container: Container, contentHeight: Double? = nil, detents: [DetentSpec] = [.fit],
                selectedDetent: String? = nil, options: SheetOptions? = nil,
                navigation: [NavEntry] = []) {
        self.container = container
        self.contentHeight = contentHeight
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.optionsStorage = options.map(ImmutableBox.init) ?? Self.defaultOptions
        self.navigation = navigation
    }
}

extension SheetSetup {
    /// The box of the default options, shared by every setup created without options.
    private static let defaultOptions = ImmutableBox(SheetOptions())

    public static func == (a: SheetSetup, b: SheetSetup) -> Bool {
        a.container == b.container && a.contentHeight == b.contentHeight && a.detents == b.detents
            && a.selectedDetent == b.selectedDetent
            && a.options == b.options && a.navigation == b.navigation
    }
}

extension SheetSetup {
    /// The consistency rules every setup obeys, however it was built: `session.create`,
    /// `sheet.configure` and `sheet.setContainer` (the setup they would leave) and
    /// `session.restore` all call it. A safe area that leaves room, at least one detent,
    /// unique detent ids, a known selected and undimmed detent, a layout that fits the
    /// container, navigation only on the bottom edge, unique navigation ids. (Number ranges
    /// are checked where the wire is read.) Errors name the place relative to the setup
    /// (`detents[1]`, `options.detached.bottom`); the caller puts the setup's own place in front.
    public func validate() throws(SheetError) {
        try container.validateSafeArea()
        guard !detents.isEmpty else { throw SheetError(.invalidParams, "detents: expected at least one detent") }
        var seen = Set<String>()
        for (i, d) in detents.enumerated() where !seen.insert(d.id).inserted {
            throw SheetError(.invalidParams, "detents[\(i)]: duplicate detent id \"\(d.id)\"")
        }
        if let s = selectedDetent, !seen.contains(s) {
            throw SheetError(.invalidParams, "selectedDetent: no detent with id \"\(s)\"")
        }
        if let u = options.largestUndimmedDetent, !seen.contains(u) {
            throw SheetError(.invalidParams, "options.largestUndimmedDetent: no detent with id \"\(u)\"")
        }
        try options.validateLayout(in: container, path: "options")
        if options.edge != .bottom && !navigation.isEmpty {
            throw SheetError(.invalidParams, "navigation: navigation is bottom-edge only (options.edge is \"\(options.edge.rawValue)\")")
        }
        try NavigationStack.validate(navigation, path: "navigation.entries")
    }
}

extension Container {
    /// The safe area leaves some height: top + bottom < height (`container.safeArea`).
    public func validateSafeArea() throws(SheetError) {
        if safeArea.top + safeArea.bottom >= height {
            throw SheetError(.invalidParams, "container.safeArea: expected top + bottom < container height \(height)")
        }
    }
}
