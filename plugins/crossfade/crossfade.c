#include "../../protocol/sheetd_plugin.h"
int sheetd_crossfade_placeholder(void) { return 0; }
