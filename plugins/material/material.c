/*
 * material — a sheetd release-decision policy (kind dismissal) after Android's
 * BottomSheetBehavior (Material Components): ViewDragHelper.Callback.onViewReleased and
 * shouldHide(), translated from view tops (y grows downward) to sheetd positions (pt shown,
 * velocity positive = growing).
 *
 *   peek     = detents[0]              (Android's collapsed state; its height is peekHeight)
 *   expanded = detents[count - 1]      (Android's expanded state)
 *   the detents in between play Android's half-expanded state.
 *
 * Release with velocity v (pt/s):
 *   v > 0 (moving up)   -> the smallest detent above the position, never the peek when there
 *                          is more than one detent (Android expands; it never collapses on an
 *                          upward fling); the largest when already above all.
 *   dismissible && shouldHide(position, v):
 *                          shouldHide = position <= peek &&
 *                                       |peek - (position + v * hideFriction)| / peek > hideThreshold
 *                          -> dismiss if -v > significantVelocity (a significant downward
 *                             swipe) or the sheet was released low (position < expanded / 2);
 *                          -> otherwise the nearest detent other than the peek.
 *   v == 0              -> the nearest detent (ties go to the lower one).
 *   v < 0 (moving down) -> the nearest detent other than the largest.
 *
 * Config (JSON object, all optional): hideFriction (0.1, >= 0), hideThreshold (0.5, > 0),
 * significantVelocity (500 pt/s, >= 0). Any other value makes create() fail; unknown keys
 * are logged and ignored. The settle spring is left to the session (has_settle = 0).
 */
#include "../../protocol/sheetd_plugin.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sheetd_instance {
    double hide_friction;
    double hide_threshold;
    double significant_velocity;
    char error[256];
};

static void material_copy_message(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    snprintf(error, error_size, "%s", message);
}

/* Reads an optional non-negative number member. Returns 0 on success. */
static int material_read_number(json_t *object, const char *key, double *value, int positive,
                                char *error, size_t error_size) {
    json_t *member = json_object_get(object, key);
    char message[200];
    double number;
    if (member == NULL) return 0;
    if (!json_is_number(member)) {
        snprintf(message, sizeof message, "material: config.%s must be a number", key);
        material_copy_message(error, error_size, message);
        return -1;
    }
    number = json_number_value(member);
    if (!isfinite(number) || number < 0 || (positive && number == 0)) {
        snprintf(message, sizeof message, "material: config.%s must be a finite number %s 0 (got %g)",
                 key, positive ? ">" : ">=", number);
        material_copy_message(error, error_size, message);
        return -1;
    }
    *value = number;
    return 0;
}

static int32_t material_create(const char *config_json, const sheetd_host *host,
                               sheetd_instance **out_instance, char *error, size_t error_size) {
    json_error_t parse_error;
    json_t *config;
    const char *key;
    json_t *value;
    sheetd_instance *instance;
    double hide_friction = 0.1, hide_threshold = 0.5, significant_velocity = 500;

    config = json_loads(config_json != NULL ? config_json : "{}", 0, &parse_error);
    if (config == NULL) {
        char message[300];
        snprintf(message, sizeof message, "material: config is not valid JSON: %s", parse_error.text);
        material_copy_message(error, error_size, message);
        return SHEETD_ERR_INVALID_CONFIG;
    }
    if (!json_is_object(config)) {
        json_decref(config);
        material_copy_message(error, error_size, "material: config must be a JSON object");
        return SHEETD_ERR_INVALID_CONFIG;
    }
    if (material_read_number(config, "hideFriction", &hide_friction, 0, error, error_size) != 0
        || material_read_number(config, "hideThreshold", &hide_threshold, 1, error, error_size) != 0
        || material_read_number(config, "significantVelocity", &significant_velocity, 0, error,
                                error_size) != 0) {
        json_decref(config);
        return SHEETD_ERR_INVALID_CONFIG;
    }
    json_object_foreach(config, key, value) {
        if (strcmp(key, "hideFriction") != 0 && strcmp(key, "hideThreshold") != 0
            && strcmp(key, "significantVelocity") != 0 && host != NULL && host->log != NULL) {
            char message[300];
            snprintf(message, sizeof message, "material: ignoring unknown config key \"%s\"", key);
            host->log(host->context, SHEETD_LOG_WARNING, message);
        }
    }
    json_decref(config);

    instance = (sheetd_instance *)calloc(1, sizeof *instance);
    if (instance == NULL) {
        material_copy_message(error, error_size, "material: out of memory");
        return SHEETD_ERR_NO_MEMORY;
    }
    instance->hide_friction = hide_friction;
    instance->hide_threshold = hide_threshold;
    instance->significant_velocity = significant_velocity;
    *out_instance = instance;
    return SHEETD_OK;
}

static void material_destroy(sheetd_instance *instance) {
    free(instance);
}

static const char *material_last_error(sheetd_instance *instance) {
    return instance->error[0] != '\0' ? instance->error : NULL;
}

/* The nearest of detents[first...last] to position (ties go to the lower index). */
static int32_t material_nearest(const double *detents, uint32_t first, uint32_t last,
                                double position) {
    uint32_t i;
    uint32_t best = first;
    for (i = first + 1; i <= last; i++) {
        if (fabs(detents[i] - position) < fabs(detents[best] - position)) best = i;
    }
    return (int32_t)best;
}

static int material_should_hide(const sheetd_instance *instance, double peek, double position,
                                double velocity) {
    double projected;
    if (position > peek) return 0; /* above the peek: collapse, never hide */
    if (!(peek > 0)) return 1;
    projected = position + velocity * instance->hide_friction;
    return fabs(peek - projected) / peek > instance->hide_threshold;
}

static int32_t material_decide(sheetd_instance *instance, const sheetd_release_input *input,
                               sheetd_release_decision *output) {
    const double *d = input->detents;
    uint32_t n = input->detent_count;
    double position = input->position, velocity = input->velocity;
    double peek, expanded;
    int32_t target;

    instance->error[0] = '\0';
    if (d == NULL || n == 0) {
        snprintf(instance->error, sizeof instance->error, "material: no detents");
        return SHEETD_ERR_INVALID_INPUT;
    }
    if (!isfinite(position) || !isfinite(velocity)) {
        snprintf(instance->error, sizeof instance->error, "material: non-finite position or velocity");
        return SHEETD_ERR_INVALID_INPUT;
    }
    peek = d[0];
    expanded = d[n - 1];

    if (velocity > 0) {
        /* Moving up: expand to the next detent above; never back to the peek. */
        uint32_t i;
        target = (int32_t)(n - 1);
        for (i = (n > 1 ? 1 : 0); i < n; i++) {
            if (position < d[i]) {
                target = (int32_t)i;
                break;
            }
        }
    } else if (input->dismissible && material_should_hide(instance, peek, position, velocity)) {
        if (-velocity > instance->significant_velocity || position < expanded / 2) {
            target = SHEETD_TARGET_DISMISS;
        } else {
            target = material_nearest(d, n > 1 ? 1 : 0, n - 1, position);
        }
    } else if (velocity == 0) {
        target = material_nearest(d, 0, n - 1, position);
    } else {
        /* Moving down: settle to the nearest detent below the largest. */
        target = material_nearest(d, 0, n > 1 ? n - 2 : 0, position);
    }
    output->target = target;
    output->has_settle = 0;
    return SHEETD_OK;
}

static const sheetd_dismissal_calls material_calls = {
    sizeof(sheetd_dismissal_calls),
    material_decide,
};

static const sheetd_plugin_descriptor material_descriptor = {
    sizeof(sheetd_plugin_descriptor),
    SHEETD_PLUGIN_ABI_MAJOR,
    SHEETD_PLUGIN_ABI_MINOR,
    "material",
    "1.0.0",
    SHEETD_KIND_DISMISSAL,
    material_create,
    material_destroy,
    material_last_error,
    &material_calls,
    NULL,
    NULL,
};

SHEETD_PLUGIN_EXPORT const sheetd_plugin_descriptor *sheetd_plugin_entry(uint32_t host_abi_major,
                                                                         uint32_t host_abi_minor) {
    (void)host_abi_minor;
    if (host_abi_major != SHEETD_PLUGIN_ABI_MAJOR) return NULL;
    return &material_descriptor;
}
