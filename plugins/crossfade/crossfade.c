/*
 * crossfade — a sheetd navigation animator (kind navigation).
 *
 * The outgoing and incoming entries stay in place (x = 0) and cross-fade:
 * from.alpha = 1 - p, to.alpha = p. The sheet height interpolates linearly between the
 * two entries' heights. No separator. Timing: 300 ms ease-in-out (0.42, 0, 0.58, 1) for
 * both push and pop. No configuration.
 */
#include "../../protocol/sheetd_plugin.h"

#include <stdlib.h>

struct sheetd_instance {
    int unused;
};

static int32_t crossfade_create(const char *config_json, const sheetd_host *host,
                                sheetd_instance **out_instance, char *error, size_t error_size) {
    sheetd_instance *instance;
    (void)config_json;
    (void)host;
    instance = (sheetd_instance *)calloc(1, sizeof *instance);
    if (instance == NULL) {
        if (error != NULL && error_size > 0) {
            const char *msg = "out of memory";
            size_t i;
            for (i = 0; i + 1 < error_size && msg[i] != '\0'; i++) error[i] = msg[i];
            error[i] = '\0';
        }
        return SHEETD_ERR_NO_MEMORY;
    }
    *out_instance = instance;
    return SHEETD_OK;
}

static void crossfade_destroy(sheetd_instance *instance) {
    free(instance);
}

static const char *crossfade_last_error(sheetd_instance *instance) {
    (void)instance;
    return "crossfade has no failing calls";
}

static int32_t crossfade_timing(sheetd_instance *instance, int32_t operation,
                                sheetd_nav_timing *output) {
    (void)instance;
    (void)operation;
    output->duration_ms = 300;
    output->x1 = 0.42;
    output->y1 = 0;
    output->x2 = 0.58;
    output->y2 = 1;
    return SHEETD_OK;
}

static int32_t crossfade_layout(sheetd_instance *instance, const sheetd_nav_input *input,
                                sheetd_nav_layout *output) {
    double p = input->progress;
    (void)instance;
    if (p < 0) p = 0;
    if (p > 1) p = 1;
    output->from.x = 0;
    output->from.alpha = 1 - p;
    output->to.x = 0;
    output->to.alpha = p;
    output->height = input->from_height + (input->to_height - input->from_height) * p;
    output->has_separator = 0;
    output->separator_x = 0;
    return SHEETD_OK;
}

static const sheetd_navigation_calls crossfade_calls = {
    sizeof(sheetd_navigation_calls),
    crossfade_timing,
    crossfade_layout,
};

static const sheetd_plugin_descriptor crossfade_descriptor = {
    sizeof(sheetd_plugin_descriptor),
    SHEETD_PLUGIN_ABI_MAJOR,
    SHEETD_PLUGIN_ABI_MINOR,
    "crossfade",
    "1.0.0",
    SHEETD_KIND_NAVIGATION,
    crossfade_create,
    crossfade_destroy,
    crossfade_last_error,
    NULL,
    NULL,
    &crossfade_calls,
};

SHEETD_PLUGIN_EXPORT const sheetd_plugin_descriptor *sheetd_plugin_entry(uint32_t host_abi_major,
                                                                         uint32_t host_abi_minor) {
    (void)host_abi_minor;
    if (host_abi_major != SHEETD_PLUGIN_ABI_MAJOR) return NULL;
    return &crossfade_descriptor;
}
