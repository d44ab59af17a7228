/* Placeholder: the plugin ABI header is being written (issue 6). */
#ifndef SHEETD_PLUGIN_H
#define SHEETD_PLUGIN_H
#define SHEETD_PLUGIN_ABI_MAJOR 1
#endif
