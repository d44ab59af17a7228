import SheetCore
import CSheetdPlugin
