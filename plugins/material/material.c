#include "../../protocol/sheetd_plugin.h"
int sheetd_material_placeholder(void) { return 0; }
