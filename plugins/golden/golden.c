/*
 * golden — a sheetd detent resolver (kind detentResolver, plugin ABI 1.3).
 *
 * Every detent written {"id": "...", "resolver": "golden"} is the maximum detent value
 * divided by the golden ratio phi = (1 + sqrt 5) / 2 = 1.6180339887...: about 61.8% of the
 * tallest height a detent may take, whatever the content or keyboard. No configuration
 * (`policies.config.golden` is accepted and ignored).
 *
 * Build it on its own with one line:
 *     cc -std=c99 -shared -fPIC -o libsheetd-golden.so golden.c -I path/to/protocol
 */
#include "../../protocol/sheetd_plugin.h"

#include <stdlib.h>

/* (1 + sqrt(5)) / 2 to double precision, without <math.h> (no -lm needed). */
#define GOLDEN_PHI 1.6180339887498948482

struct sheetd_instance {
    int unused;
};

static int32_t golden_create(const char *config_json, const sheetd_host *host,
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

static void golden_destroy(sheetd_instance *instance) {
    free(instance);
}

static const char *golden_last_error(sheetd_instance *instance) {
    (void)instance;
    return "golden has no failing calls";
}

static int32_t golden_resolve(sheetd_instance *instance, const sheetd_detent_input *input,
                              sheetd_detent_output *output) {
    (void)instance;
    output->height = input->max_detent_value / GOLDEN_PHI;
    return SHEETD_OK;
}

static const sheetd_detent_resolver_calls golden_calls = {
    sizeof(sheetd_detent_resolver_calls),
    golden_resolve,
};

static const sheetd_plugin_descriptor golden_descriptor = {
    sizeof(sheetd_plugin_descriptor),
    SHEETD_PLUGIN_ABI_MAJOR,
    SHEETD_PLUGIN_ABI_MINOR,
    "golden",
    "1.0.0",
    SHEETD_KIND_DETENT_RESOLVER,
    golden_create,
    golden_destroy,
    golden_last_error,
    NULL,
    NULL,
    NULL,
    &golden_calls,
};

SHEETD_PLUGIN_EXPORT const sheetd_plugin_descriptor *sheetd_plugin_entry(uint32_t host_abi_major,
                                                                         uint32_t host_abi_minor) {
    /* The 1.3 descriptor: a host older than 1.3 would not know the kind. */
    if (host_abi_major != SHEETD_PLUGIN_ABI_MAJOR || host_abi_minor < 3) return NULL;
    return &golden_descriptor;
}
