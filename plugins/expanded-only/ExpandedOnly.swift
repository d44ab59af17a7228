import CSheetdPlugin
public func sheetdExpandedOnlyPlaceholder() {}
