/*
 * A test plugin for SheetPluginHostTests, compiled with `cc` at test time.
 *
 * Compile-time switches:
 *   -DFIXTURE_NAME='"name"'    descriptor name (default "fixture")
 *   -DFIXTURE_KIND=1|2|3|4     SHEETD_KIND_* (default dismissal; 4 = detent resolver, 1.3)
 *   -DFIXTURE_ABI_MAJOR=2      claim another ABI major
 *   -DFIXTURE_NO_ENTRY         export no sheetd_plugin_entry
 *   -DFIXTURE_NULL_DESTROY     descriptor without destroy
 *   -DFIXTURE_NULL_ENTRY       entry returns NULL
 *   -DFIXTURE_ABI_MINOR=7      claim a newer minor version
 *   -DFIXTURE_STRUCT_SIZE=n    descriptor struct_size (default its sizeof); the descriptor is
 *                              followed by 32 bytes of "future" fields, so up to sizeof + 32
 *                              is readable
 *   -DFIXTURE_CALLS_SIZE=n     call table struct_size (default its sizeof)
 *   -DFIXTURE_CRASH_ON_LOAD    an ELF constructor dereferences NULL (the plugin crashes while
 *                              it is being opened)
 *   -DFIXTURE_ABI_1_0          built as a 1.0 plugin: claims minor 0 and reads its inputs
 *                              through copies of the 1.0 input structs (no 1.2 fields);
 *                              sizeok then means struct_size >= its 1.0 sizeof
 *
 * Config (JSON text, scanned without a parser): {"fault": "<mode>"} makes the calls misbehave:
 *   create   create() fails with a message
 *   error    every call returns SHEETD_ERR_FAILED with last_error "fixture fault requested"
 *   nan      a NaN in the answer (settle damping / layout to.alpha / timing duration)
 *   inf      +infinity in the answer (settle response / from.x / timing y1)
 *   index    detent index out of range / owner 7
 *   dismiss  always SHEETD_TARGET_DISMISS
 *   spring   settle spring with damping 0.01
 *   alpha    to.alpha = 1.5
 *   x        from.x = 5 * width
 *   height   height = -1 (ignored since ABI 1.1: not a fault)
 *   duration timing 20000 ms
 *   bezier   timing x1 = 1.5
 *   curve    timing y1 = 1e301, y2 = -1e301 (finite, far outside the wire's -10...10)
 *   curve11  timing y2 = 10.5 (just outside the wire's range)
 *   late     navigation: layout faults (to.alpha = 2) once progress passes 0.5
 *   negative detent resolver: height -1
 *   above    detent resolver: height max_detent_value + 1
 * A detent resolver answers 0.5 * max_detent_value + keyboard_height / 4 ("nan" / "inf" give NaN / +inf).
 *   logerror create() logs one line at each level (debug, info, warning, error)
 * and, in every call after create() (decide, owner, timing, layout), to test isolation:
 *   segv     dereferences NULL (SIGSEGV)
 *   abort    abort() (SIGABRT)
 *   exit     exit(3)
 *   loop     loops forever
 *   sleep    sleeps 2 s, then answers normally
 *
 * Every call logs its inputs through host->log so tests can check the conversions; a 1.2
 * build appends " depth=%u side=%d layout=%d" (stack_depth, edge, layout) when those fields
 * fit (SHEETD_FITS; "side" because "edge=" already logs expands_at_edge).
 */
#define _POSIX_C_SOURCE 200809L
#include "sheetd_plugin.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef FIXTURE_NAME
#define FIXTURE_NAME "fixture"
#endif
#ifndef FIXTURE_KIND
#define FIXTURE_KIND SHEETD_KIND_DISMISSAL
#endif
#ifndef FIXTURE_ABI_MAJOR
#define FIXTURE_ABI_MAJOR SHEETD_PLUGIN_ABI_MAJOR
#endif
#ifdef FIXTURE_ABI_1_0
#define FIXTURE_ABI_MINOR 0
#endif
#ifndef FIXTURE_ABI_MINOR
#define FIXTURE_ABI_MINOR SHEETD_PLUGIN_ABI_MINOR
#endif

#ifdef FIXTURE_ABI_1_0
/* The input structs exactly as sheetd_plugin.h 1.0 declared them. */
typedef struct {
    uint32_t struct_size;
    int32_t axis;
    double position, velocity, translation;
    const double *detents;
    uint32_t detent_count;
    int32_t origin_index;
    double extent;
    int32_t dismissible;
} fixture_release_input;
typedef struct {
    uint32_t struct_size;
    int32_t phase;
    double offset_y, inset_top, content_height, viewport_height;
    int32_t is_tracking;
    double translation_y, delta_y;
    int32_t sheet_owns;
    double position;
    const double *detents;
    uint32_t detent_count;
    double resting_position;
    int32_t expands_at_edge;
} fixture_scroll_input;
typedef struct {
    uint32_t struct_size;
    int32_t operation;
    double progress, width, from_height, to_height;
} fixture_nav_input;
#define FIXTURE_INPUT_SIZE_OK(in) ((in)->struct_size >= sizeof *(in))
#define FIXTURE_CONTEXT(buffer, size, in, type) ((void)0)
#else
typedef sheetd_release_input fixture_release_input;
typedef sheetd_scroll_input fixture_scroll_input;
typedef sheetd_nav_input fixture_nav_input;
#define FIXTURE_INPUT_SIZE_OK(in) ((in)->struct_size == sizeof *(in))
/* Appends the 1.2 fields to the log line when they fit. */
#define FIXTURE_CONTEXT(buffer, size, in, type)                                                  \
    do {                                                                                         \
        size_t used_ = strlen(buffer);                                                           \
        if (SHEETD_FITS(in, type, layout) && used_ < (size)) {                                   \
            snprintf((buffer) + used_, (size) - used_, " depth=%u side=%d layout=%d",            \
                     (unsigned)(in)->stack_depth, (int)(in)->edge, (int)(in)->layout);           \
        }                                                                                        \
    } while (0)
#endif
#ifndef FIXTURE_STRUCT_SIZE
#define FIXTURE_STRUCT_SIZE sizeof(sheetd_plugin_descriptor)
#endif

struct sheetd_instance {
    const sheetd_host *host;
    char fault[32];
    char error[128];
};

static void fixture_log(sheetd_instance *instance, const char *message) {
    if (instance->host != NULL && instance->host->log != NULL) {
        instance->host->log(instance->host->context, SHEETD_LOG_INFO, message);
    }
}

static int fixture_fault(const sheetd_instance *instance, const char *mode) {
    return strcmp(instance->fault, mode) == 0;
}

/* Finds "fault" : "<word>" in the config text. */
static void fixture_read_fault(const char *config, char *fault, size_t size) {
    const char *p = config != NULL ? strstr(config, "\"fault\"") : NULL;
    size_t n = 0;
    fault[0] = '\0';
    if (p == NULL) return;
    p += strlen("\"fault\"");
    while (*p == ' ' || *p == ':') p++;
    if (*p != '"') return;
    p++;
    while (p[n] != '\0' && p[n] != '"' && n + 1 < size) {
        fault[n] = p[n];
        n++;
    }
    fault[n] = '\0';
}

static int32_t fixture_create(const char *config_json, const sheetd_host *host,
                              sheetd_instance **out_instance, char *error, size_t error_size) {
    sheetd_instance *instance;
    char fault[32];
    char message[512];
    fixture_read_fault(config_json, fault, sizeof fault);
    if (strcmp(fault, "create") == 0) {
        snprintf(error, error_size, "fixture: create fault requested");
        return SHEETD_ERR_INVALID_CONFIG;
    }
    instance = (sheetd_instance *)calloc(1, sizeof *instance);
    if (instance == NULL) return SHEETD_ERR_NO_MEMORY;
    instance->host = host;
    memcpy(instance->fault, fault, sizeof fault);
    snprintf(message, sizeof message, "create config=%s host_size=%u abi=%u.%u", config_json,
             (unsigned)host->struct_size, (unsigned)host->abi_major, (unsigned)host->abi_minor);
    fixture_log(instance, message);
    if (strcmp(fault, "logerror") == 0) {
        host->log(host->context, SHEETD_LOG_DEBUG, "fixture debug line");
        host->log(host->context, SHEETD_LOG_INFO, "fixture info line");
        host->log(host->context, SHEETD_LOG_WARNING, "fixture warning line");
        host->log(host->context, SHEETD_LOG_ERROR, "fixture error line");
    }
    *out_instance = instance;
    return SHEETD_OK;
}

#ifndef FIXTURE_NULL_DESTROY
static void fixture_destroy(sheetd_instance *instance) {
    fixture_log(instance, "destroy");
    free(instance);
}
#endif

static const char *fixture_last_error(sheetd_instance *instance) {
    return instance->error;
}

/* The process-level faults: crash, exit, hang or answer late. */
static void fixture_misbehave(const sheetd_instance *instance) {
    if (fixture_fault(instance, "segv")) {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    if (fixture_fault(instance, "abort")) abort();
    if (fixture_fault(instance, "exit")) exit(3);
    if (fixture_fault(instance, "loop")) {
        volatile int forever = 1;
        while (forever) {
        }
    }
    if (fixture_fault(instance, "sleep")) {
        struct timespec two = {2, 0};
        nanosleep(&two, NULL);
    }
}

static int32_t fixture_error(sheetd_instance *instance) {
    snprintf(instance->error, sizeof instance->error, "fixture fault requested");
    return SHEETD_ERR_FAILED;
}

/* ---- dismissal: nearest detent; dismiss below half the extent when dismissible ---- */

static int32_t fixture_decide(sheetd_instance *instance, const sheetd_release_input *input,
                              sheetd_release_decision *out) {
    const fixture_release_input *in = (const fixture_release_input *)(const void *)input;
    char message[512];
    uint32_t i, best = 0;
    int n;
    n = snprintf(message, sizeof message,
                 "decide sizeok=%d axis=%d position=%g velocity=%g translation=%g detents=",
                 FIXTURE_INPUT_SIZE_OK(in) && out->struct_size == sizeof *out, (int)in->axis, in->position, in->velocity,
                 in->translation);
    for (i = 0; i < in->detent_count && n > 0 && (size_t)n < sizeof message; i++) {
        n += snprintf(message + n, sizeof message - (size_t)n, "%s%g", i ? "," : "", in->detents[i]);
    }
    if (n > 0 && (size_t)n < sizeof message) {
        snprintf(message + n, sizeof message - (size_t)n, " origin=%d extent=%g dismissible=%d",
                 (int)in->origin_index, in->extent, (int)in->dismissible);
    }
    FIXTURE_CONTEXT(message, sizeof message, input, sheetd_release_input);
    fixture_log(instance, message);
    fixture_misbehave(instance);
    if (fixture_fault(instance, "error")) return fixture_error(instance);

    for (i = 1; i < in->detent_count; i++) {
        if (fabs(in->detents[i] - in->position) < fabs(in->detents[best] - in->position)) best = i;
    }
    out->target = (int32_t)best;
    if (in->dismissible && in->position < in->extent / 2) out->target = SHEETD_TARGET_DISMISS;
    out->has_settle = 1;
    out->settle_damping_ratio = 0.8;
    out->settle_response_ms = 400;

    if (fixture_fault(instance, "nan")) out->settle_damping_ratio = NAN;
    if (fixture_fault(instance, "inf")) out->settle_response_ms = HUGE_VAL;
    if (fixture_fault(instance, "index")) out->target = (int32_t)in->detent_count;
    if (fixture_fault(instance, "dismiss")) out->target = SHEETD_TARGET_DISMISS;
    if (fixture_fault(instance, "spring")) out->settle_damping_ratio = 0.01;
    return SHEETD_OK;
}

/* ---- scroll: the sheet takes a downward drag with the list at its top ---- */

static int32_t fixture_owner(sheetd_instance *instance, const sheetd_scroll_input *input,
                             sheetd_scroll_output *out) {
    const fixture_scroll_input *in = (const fixture_scroll_input *)(const void *)input;
    char message[512];
    snprintf(message, sizeof message,
             "owner sizeok=%d phase=%d offset=%g inset=%g content=%g viewport=%g tracking=%d "
             "translation=%g delta=%g sheetOwns=%d position=%g detents=%u:%g resting=%g edge=%d",
             FIXTURE_INPUT_SIZE_OK(in) && out->struct_size == sizeof *out, (int)in->phase, in->offset_y, in->inset_top,
             in->content_height, in->viewport_height, (int)in->is_tracking, in->translation_y,
             in->delta_y, (int)in->sheet_owns, in->position, (unsigned)in->detent_count,
             in->detent_count ? in->detents[in->detent_count - 1] : -1.0, in->resting_position,
             (int)in->expands_at_edge);
    FIXTURE_CONTEXT(message, sizeof message, input, sheetd_scroll_input);
    fixture_log(instance, message);
    fixture_misbehave(instance);
    if (fixture_fault(instance, "error")) return fixture_error(instance);
    out->owner = (in->offset_y <= -in->inset_top && in->delta_y > 0) ? SHEETD_OWNER_SHEET
                                                                     : SHEETD_OWNER_LIST;
    if (fixture_fault(instance, "index")) out->owner = 7;
    return SHEETD_OK;
}

/* ---- navigation: a slide; push 350 ms (0.2, 1, 0.42, 1), pop 250 ms linear ---- */

static int32_t fixture_timing(sheetd_instance *instance, int32_t operation, sheetd_nav_timing *out) {
    char message[128];
    snprintf(message, sizeof message, "timing sizeok=%d op=%d", out->struct_size == sizeof *out,
             (int)operation);
    fixture_log(instance, message);
    fixture_misbehave(instance);
    if (fixture_fault(instance, "error")) return fixture_error(instance);
    if (operation == SHEETD_NAV_PUSH) {
        out->duration_ms = 350;
        out->x1 = 0.2; out->y1 = 1; out->x2 = 0.42; out->y2 = 1;
    } else {
        out->duration_ms = 250;
        out->x1 = 0; out->y1 = 0; out->x2 = 1; out->y2 = 1;
    }
    if (fixture_fault(instance, "nan")) out->duration_ms = NAN;
    if (fixture_fault(instance, "inf")) out->y1 = HUGE_VAL;
    if (fixture_fault(instance, "duration")) out->duration_ms = 20000;
    if (fixture_fault(instance, "bezier")) out->x1 = 1.5;
    if (fixture_fault(instance, "curve")) { out->y1 = 1e301; out->y2 = -1e301; }
    if (fixture_fault(instance, "curve11")) out->y2 = 10.5;
    return SHEETD_OK;
}

static int32_t fixture_layout(sheetd_instance *instance, const sheetd_nav_input *input,
                              sheetd_nav_layout *out) {
    const fixture_nav_input *in = (const fixture_nav_input *)(const void *)input;
    char message[256];
    double p = in->progress, w = in->width;
    snprintf(message, sizeof message, "layout sizeok=%d op=%d progress=%g width=%g from=%g to=%g",
             FIXTURE_INPUT_SIZE_OK(in) && out->struct_size == sizeof *out, (int)in->operation, p, w, in->from_height, in->to_height);
    FIXTURE_CONTEXT(message, sizeof message, input, sheetd_nav_input);
    fixture_log(instance, message);
    fixture_misbehave(instance);
    if (fixture_fault(instance, "error")) return fixture_error(instance);
    if (in->operation == SHEETD_NAV_PUSH) {
        out->from.x = -0.3 * w * p;
        out->to.x = w * (1 - p);
    } else {
        out->from.x = w * p;
        out->to.x = -0.3 * w * (1 - p);
    }
    out->from.alpha = 1;
    out->to.alpha = 1;
    out->height = in->from_height + (in->to_height - in->from_height) * p;
    out->has_separator = 1;
    out->separator_x = in->operation == SHEETD_NAV_PUSH ? out->to.x : out->from.x;
    if (fixture_fault(instance, "nan")) out->to.alpha = NAN;
    if (fixture_fault(instance, "inf")) out->from.x = HUGE_VAL;
    if (fixture_fault(instance, "alpha")) out->to.alpha = 1.5;
    if (fixture_fault(instance, "x")) out->from.x = 5 * w;
    if (fixture_fault(instance, "height")) out->height = -1;
    if (fixture_fault(instance, "late") && p > 0.5) out->to.alpha = 2;
    return SHEETD_OK;
}

/* ---- detent resolver (1.3): half the maximum detent value, plus a quarter of the keyboard ---- */

static int32_t fixture_resolve(sheetd_instance *instance, const sheetd_detent_input *in,
                               sheetd_detent_output *out) {
    char message[384];
    snprintf(message, sizeof message,
             "resolve sizeok=%d id=%s w=%g h=%g safe=%g,%g,%g,%g content=%g keyboard=%g max=%g side=%d layout=%d",
             in->struct_size == sizeof *in && out->struct_size == sizeof *out,
             in->detent_id != NULL ? in->detent_id : "(null)", in->container_width, in->container_height,
             in->safe_area_top, in->safe_area_bottom, in->safe_area_left, in->safe_area_right,
             in->content_height, in->keyboard_height, in->max_detent_value, (int)in->edge, (int)in->layout);
    fixture_log(instance, message);
    fixture_misbehave(instance);
    if (fixture_fault(instance, "error")) return fixture_error(instance);
    out->height = 0.5 * in->max_detent_value + in->keyboard_height / 4;
    if (fixture_fault(instance, "nan")) out->height = NAN;
    if (fixture_fault(instance, "inf")) out->height = HUGE_VAL;
    if (fixture_fault(instance, "negative")) out->height = -1;
    if (fixture_fault(instance, "above")) out->height = in->max_detent_value + 1;
    return SHEETD_OK;
}

#ifdef FIXTURE_CALLS_SIZE
#define FIXTURE_SIZE_OF(type) (FIXTURE_CALLS_SIZE)
#else
#define FIXTURE_SIZE_OF(type) sizeof(type)
#endif

static const sheetd_dismissal_calls fixture_dismissal_calls = {
    FIXTURE_SIZE_OF(sheetd_dismissal_calls), fixture_decide,
};
static const sheetd_scroll_calls fixture_scroll_calls = {
    FIXTURE_SIZE_OF(sheetd_scroll_calls), fixture_owner,
};
static const sheetd_navigation_calls fixture_navigation_calls = {
    FIXTURE_SIZE_OF(sheetd_navigation_calls), fixture_timing, fixture_layout,
};
static const sheetd_detent_resolver_calls fixture_resolver_calls = {
    FIXTURE_SIZE_OF(sheetd_detent_resolver_calls), fixture_resolve,
};

/* The descriptor followed by fields a future minor version might add. */
static const struct {
    sheetd_plugin_descriptor descriptor;
    double future[4];
} fixture_wrapper = { {
    FIXTURE_STRUCT_SIZE,
    FIXTURE_ABI_MAJOR,
    FIXTURE_ABI_MINOR,
    FIXTURE_NAME,
    "0.0.1-test",
    FIXTURE_KIND,
    fixture_create,
#ifdef FIXTURE_NULL_DESTROY
    NULL,
#else
    fixture_destroy,
#endif
    fixture_last_error,
    FIXTURE_KIND == SHEETD_KIND_DISMISSAL ? &fixture_dismissal_calls : NULL,
    FIXTURE_KIND == SHEETD_KIND_SCROLL_HANDOFF ? &fixture_scroll_calls : NULL,
    FIXTURE_KIND == SHEETD_KIND_NAVIGATION ? &fixture_navigation_calls : NULL,
    FIXTURE_KIND == SHEETD_KIND_DETENT_RESOLVER ? &fixture_resolver_calls : NULL,
}, { 1, 2, 3, 4 } };

#define fixture_descriptor (fixture_wrapper.descriptor)

#ifdef FIXTURE_CRASH_ON_LOAD
__attribute__((constructor)) static void fixture_crash_on_load(void) {
    volatile int *nowhere = NULL;
    *nowhere = 1;
}
#endif

#ifdef FIXTURE_NO_ENTRY
SHEETD_PLUGIN_EXPORT const sheetd_plugin_descriptor *not_the_entry(void);
SHEETD_PLUGIN_EXPORT const sheetd_plugin_descriptor *not_the_entry(void) {
    return &fixture_descriptor;
}
#else
SHEETD_PLUGIN_EXPORT const sheetd_plugin_descriptor *sheetd_plugin_entry(uint32_t host_abi_major,
                                                                         uint32_t host_abi_minor) {
    (void)host_abi_major;
    (void)host_abi_minor;
#ifdef FIXTURE_NULL_ENTRY
    return host_abi_major == 0xFFFFu ? &fixture_descriptor : NULL; /* declines every real host */
#else
    return &fixture_descriptor;
#endif
}
#endif
