import SheetServer
print("sheetd placeholder")
