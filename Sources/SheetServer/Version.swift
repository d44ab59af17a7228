extension SheetService {
    /// The sheetd release, written only here: `sheetd --version`, `initialize`'s
    /// `serverInfo.version` and every package (scripts/package.sh reads this line).
    public static let version = "0.2.0"
}
