#ifndef SHEETD_CJANSSON_SHIM_H
#define SHEETD_CJANSSON_SHIM_H
#include <jansson.h>
#endif
