/*
 * sheetd_plugin.h — the sheetd policy plugin ABI, version 1.3.
 *
 * This is the ONE header a plugin needs. It is self-contained C99 (only <stddef.h> and
 * <stdint.h>); no jansson, no Swift, no sheetd internals cross this boundary.
 *
 * A plugin is a shared object that exports exactly one symbol, `sheetd_plugin_entry`,
 * which returns a static descriptor: name, version, kind and the functions of one policy
 * kind (release decision, scroll handoff, navigation animator or, since 1.3, detent
 * resolver). Build one with
 *
 *     cc -std=c99 -shared -fPIC -o libmy.so my.c -I path/to/protocol
 *
 * and load it with `sheetd --plugin-dir DIR` (every *.so in DIR) or `plugins.load {path}`.
 *
 * VERSION HISTORY
 *   1.0  first version.
 *   1.1  sheetd_nav_layout.height is ignored: the sheet height during a push or pop (and an
 *        interactive pop) is the engine's, from from_height to to_height with the progress.
 *        The field keeps its place (no struct changes shape); 1.0 plugins that set it load
 *        and work unchanged. Answers are checked against the wire's ranges (a timing curve's
 *        y1/y2 in -10...10).
 *   1.2  where the sheet sits: sheetd_release_input, sheetd_scroll_input and sheetd_nav_input
 *        end with stack_depth (1 = a root sheet, 2 = its child, ...), edge (SHEETD_EDGE_*,
 *        options.edge) and layout (SHEETD_LAYOUT_*, the rule that placed the sheet). Appended
 *        after every 1.1 field: read them only when SHEETD_FITS says so (a 1.2 plugin under a
 *        1.1 host sees them missing, i.e. zero). Plugins built against 1.0 or 1.1 load and
 *        work unchanged; they never read past the fields they know.
 *   1.3  a fourth kind, SHEETD_KIND_DETENT_RESOLVER: the height of a detent written
 *        {"id", "resolver": "<name>"} (sheetd_detent_input / sheetd_detent_output /
 *        sheetd_detent_resolver_calls). sheetd_plugin_descriptor ends with a new field,
 *        detent_resolver, appended after navigation: a resolver sets struct_size to the 1.3
 *        descriptor's size; plugins of the other kinds built against 1.0...1.2 (whose
 *        descriptor is shorter) load and work unchanged.
 *
 * RULES (the contract between sheetd and a plugin)
 *
 * 1. Threads. sheetd calls a plugin only from its single event-loop thread, never
 *    concurrently, never re-entrantly. A plugin needs no locks for its own state.
 * 2. Lifetime. `sheetd_plugin_entry` is called once per load; the descriptor, the call
 *    table and the strings it points to must stay valid until the process exits (static
 *    storage). sheetd never unloads a plugin (it opens it with RTLD_NODELETE).
 *    One instance is created per session that selects the policy: create() ... destroy().
 * 3. Pointers. Every pointer handed to a plugin (config text, input and output structs,
 *    detent arrays) is valid only for the duration of that call; copy what you need.
 *    The one exception is the host table passed to create(): it and its `context` stay
 *    valid until destroy() of that instance returns.
 * 4. Config. create() receives the policy's per-session configuration as UTF-8 JSON text
 *    of one object (`{}` when the host sent none). Parse it during create() (with jansson
 *    or anything else); reject invalid values by failing create() with a message.
 * 5. Errors. Every call returns an int32_t: SHEETD_OK (0) or a negative SHEETD_ERR_*.
 *    create() writes a NUL-terminated message into the caller's buffer; the other calls
 *    make a message available through last_error(instance) (valid until the next call on
 *    that instance). sheetd also validates every answer against the ranges the wire accepts
 *    (finite numbers, indices in range, alpha in 0...1, durations 0...10000 ms, curve x in
 *    0...1 and y in -10...10, a detent height in 0...max_detent_value, ...); a bad answer
 *    counts as an error. After an error sheetd falls back to its built-in policy for the rest
 *    of that session (using the built-in's own answers, also for a transition already
 *    running) and reports it once. A detent resolver has no built-in: its detents take the
 *    `fit` height for the rest of the session, and it is not called again in that session.
 * 6. Versioning. ABI major must equal SHEETD_PLUGIN_ABI_MAJOR (1) or the plugin is refused.
 *    Minor versions only append fields at the END of structs, so every struct that may
 *    grow starts with `struct_size`:
 *      - the side that fills a struct sets struct_size = sizeof(the struct it knows);
 *      - the reader uses only fields that lie entirely within struct_size
 *        (SHEETD_FITS below) and treats missing fields as zero;
 *      - output structs are zeroed by sheetd, with struct_size set to sheetd's size; the
 *        plugin writes only fields that fit.
 *    Every field present in 1.0 is always present when the major is 1, so a 1.0 plugin
 *    needs no checks; fields added in 1.k (k > 0) must be checked with SHEETD_FITS.
 *    The first three fields of sheetd_plugin_descriptor (struct_size, abi_major, abi_minor)
 *    keep their place in every future major version, so any host can read and refuse.
 * 7. Symbols. Keep everything except sheetd_plugin_entry `static` (or hidden); sheetd opens
 *    plugins with RTLD_LOCAL, but private symbols avoid surprises. Never call exit(), never
 *    write to stdout (it carries the JSON-RPC stream): use host->log.
 * 8. Units. Positions are how much of the sheet is shown, in points (0 = gone); velocities
 *    are points per second, positive = growing (toward the largest detent). Durations are
 *    milliseconds. Booleans are int32_t 0/1.
 */
#ifndef SHEETD_PLUGIN_H
#define SHEETD_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versions and symbols ------------------------------------------------------------ */

#define SHEETD_PLUGIN_ABI_MAJOR 1
#define SHEETD_PLUGIN_ABI_MINOR 3

/* The one exported symbol (see sheetd_plugin_entry_fn). */
#define SHEETD_PLUGIN_ENTRY_SYMBOL "sheetd_plugin_entry"

#if defined(__GNUC__) || defined(__clang__)
#define SHEETD_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SHEETD_PLUGIN_EXPORT
#endif

/* Whether `field` of struct `type` lies within the struct_size of `*ptr`. */
#define SHEETD_FITS(ptr, type, field) \
    ((size_t)(ptr)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

/* ---- Return codes ------------------------------------------------------------------------ */

#define SHEETD_OK 0
#define SHEETD_ERR_FAILED (-1)          /* generic failure; see the message */
#define SHEETD_ERR_INVALID_CONFIG (-2)  /* create(): the config JSON was not acceptable */
#define SHEETD_ERR_INVALID_INPUT (-3)   /* a call's input was not acceptable */
#define SHEETD_ERR_UNSUPPORTED (-4)     /* e.g. struct_size too small for what is needed */
#define SHEETD_ERR_NO_MEMORY (-5)

/* ---- Kinds and enumerations (int32_t on the wire) ---------------------------------------- */

#define SHEETD_KIND_DISMISSAL 1       /* release decision (DismissalPolicy) */
#define SHEETD_KIND_SCROLL_HANDOFF 2  /* scroll ownership (ScrollHandoffPolicy) */
#define SHEETD_KIND_NAVIGATION 3      /* navigation animator (NavigationAnimator) */
#define SHEETD_KIND_DETENT_RESOLVER 4 /* since 1.3: a detent's height (DetentResolverPolicy) */

#define SHEETD_LOG_DEBUG 0
#define SHEETD_LOG_INFO 1
#define SHEETD_LOG_WARNING 2
#define SHEETD_LOG_ERROR 3

#define SHEETD_AXIS_VERTICAL 0    /* sheet drag, edge presentation */
#define SHEETD_AXIS_HORIZONTAL 1  /* interactive pop */

#define SHEETD_TARGET_DISMISS (-1) /* release target: leave (dismiss / complete the pop) */

#define SHEETD_PHASE_DRAG_BEGAN 0
#define SHEETD_PHASE_SCROLLED 1
#define SHEETD_PHASE_DRAG_ENDED 2

#define SHEETD_OWNER_LIST 0
#define SHEETD_OWNER_SHEET 1

#define SHEETD_NAV_PUSH 0
#define SHEETD_NAV_POP 1

/* Since 1.2: the edge a sheet is attached to (options.edge). */
#define SHEETD_EDGE_BOTTOM 0
#define SHEETD_EDGE_TOP 1
#define SHEETD_EDGE_LEFT 2
#define SHEETD_EDGE_RIGHT 3

/* Since 1.2: the rule that placed the sheet across its container (a bottom sheet's; other
   edges are always SHEETD_LAYOUT_FULL_WIDTH). */
#define SHEETD_LAYOUT_FULL_WIDTH 0     /* full width, attached (compact containers) */
#define SHEETD_LAYOUT_PAGE_SHEET 1     /* regular width: preferredWidth, centered, attached */
#define SHEETD_LAYOUT_EDGE_ATTACHED 2  /* compact height + edgeAttachedInCompactHeight */
#define SHEETD_LAYOUT_CAPPED 3         /* full width capped by options.maxWidth, centered */
#define SHEETD_LAYOUT_DETACHED 4       /* options.detached: inset by margins, all corners */

/* ---- Opaque instance ----------------------------------------------------------------------- */

/* A plugin's per-session state; sheetd never looks inside. */
typedef struct sheetd_instance sheetd_instance;

/* ---- Host table: what sheetd offers the plugin ------------------------------------------- */

typedef struct sheetd_host {
    uint32_t struct_size;
    uint32_t abi_major;  /* the host's ABI version */
    uint32_t abi_minor;
    /* Pass back as the first argument of every host function. */
    void *context;
    /* Write one line to sheetd's log (stderr / the host's diagnostics), never to stdout.
       `message` is UTF-8, NUL-terminated, copied before log returns. */
    void (*log)(void *context, int32_t level, const char *message);
} sheetd_host;

/* ---- Dismissal (release decision) --------------------------------------------------------- */

typedef struct sheetd_release_input {
    uint32_t struct_size;
    int32_t axis;            /* SHEETD_AXIS_* */
    double position;         /* pt shown */
    double velocity;         /* pt/s, positive = growing */
    double translation;      /* pt since the gesture began, positive = growing */
    const double *detents;   /* resting positions, ascending, never empty */
    uint32_t detent_count;   /* >= 1 */
    int32_t origin_index;    /* detent the gesture started from, or -1 */
    double extent;           /* what a full dismissal covers (smallest detent / width) */
    int32_t dismissible;     /* 0/1: whether SHEETD_TARGET_DISMISS is allowed */
    /* 1.2 (check with SHEETD_FITS): where the sheet sits. */
    uint32_t stack_depth;     /* 1 = a root sheet, 2 = its child, ... (at most 8) */
    int32_t edge;             /* SHEETD_EDGE_* */
    int32_t layout;           /* SHEETD_LAYOUT_* */
} sheetd_release_input;

typedef struct sheetd_release_decision {
    uint32_t struct_size;
    int32_t target;               /* SHEETD_TARGET_DISMISS or a detent index */
    int32_t has_settle;           /* 0 = the session's default settle spring */
    double settle_damping_ratio;  /* 0.05...10 */
    double settle_response_ms;    /* 1...10000 */
} sheetd_release_decision;

typedef struct sheetd_dismissal_calls {
    uint32_t struct_size;
    int32_t (*decide)(sheetd_instance *instance, const sheetd_release_input *input,
                      sheetd_release_decision *output);
} sheetd_dismissal_calls;

/* ---- Scroll handoff (who owns a scroll-view drag sample) --------------------------------- */

typedef struct sheetd_scroll_input {
    uint32_t struct_size;
    int32_t phase;            /* SHEETD_PHASE_* */
    double offset_y;          /* list content offset; at its top when <= -inset_top */
    double inset_top;
    double content_height;
    double viewport_height;
    int32_t is_tracking;      /* 0 during momentum scrolling */
    double translation_y;     /* since drag began, + = finger down */
    double delta_y;           /* since the previous sample, + = finger down */
    int32_t sheet_owns;       /* the sheet owned the previous sample */
    double position;          /* sheet position, pt shown */
    const double *detents;    /* ascending */
    uint32_t detent_count;
    double resting_position;  /* the selected detent's position */
    int32_t expands_at_edge;  /* options.scrollExpandsAtEdge */
    /* 1.2 (check with SHEETD_FITS): where the sheet sits. */
    uint32_t stack_depth;     /* 1 = a root sheet, 2 = its child, ... (at most 8) */
    int32_t edge;             /* SHEETD_EDGE_* */
    int32_t layout;           /* SHEETD_LAYOUT_* */
} sheetd_scroll_input;

typedef struct sheetd_scroll_output {
    uint32_t struct_size;
    int32_t owner;            /* SHEETD_OWNER_LIST or SHEETD_OWNER_SHEET */
} sheetd_scroll_output;

typedef struct sheetd_scroll_calls {
    uint32_t struct_size;
    int32_t (*owner)(sheetd_instance *instance, const sheetd_scroll_input *input,
                     sheetd_scroll_output *output);
} sheetd_scroll_calls;

/* ---- Navigation animator ------------------------------------------------------------------ */

typedef struct sheetd_nav_timing {
    uint32_t struct_size;
    double duration_ms;       /* 0...10000 */
    double x1, y1, x2, y2;    /* cubic-bezier; x1, x2 in 0...1; y1, y2 in -10...10 */
} sheetd_nav_timing;

typedef struct sheetd_nav_input {
    uint32_t struct_size;
    int32_t operation;        /* SHEETD_NAV_PUSH or SHEETD_NAV_POP */
    double progress;          /* 0...1, already curved */
    double width;             /* sheet width, pt */
    double from_height;       /* outgoing entry's sheet height */
    double to_height;         /* incoming entry's sheet height */
    /* 1.2 (check with SHEETD_FITS): where the sheet sits. */
    uint32_t stack_depth;     /* 1 = a root sheet, 2 = its child, ... (at most 8) */
    int32_t edge;             /* SHEETD_EDGE_* */
    int32_t layout;           /* SHEETD_LAYOUT_* */
} sheetd_nav_input;

/* Where one entry is drawn (fixed layout, embedded in sheetd_nav_layout). */
typedef struct sheetd_nav_item {
    double x;                 /* within +-4 * width */
    double alpha;             /* 0...1 */
} sheetd_nav_item;

typedef struct sheetd_nav_layout {
    uint32_t struct_size;
    sheetd_nav_item from;     /* the outgoing top entry */
    sheetd_nav_item to;       /* the incoming entry */
    double height;            /* ignored since 1.1 (the engine moves the sheet height); kept
                                 so the struct keeps its layout */
    int32_t has_separator;    /* 0/1 */
    double separator_x;       /* used when has_separator */
} sheetd_nav_layout;

typedef struct sheetd_navigation_calls {
    uint32_t struct_size;
    int32_t (*timing)(sheetd_instance *instance, int32_t operation, sheetd_nav_timing *output);
    int32_t (*layout)(sheetd_instance *instance, const sheetd_nav_input *input,
                      sheetd_nav_layout *output);
} sheetd_navigation_calls;

/* ---- Detent resolver (since 1.3) ------------------------------------------------------------ */

/* What a resolver is told about one detent written {"id", "resolver": "<name>"}. It is called
   again (for each of its detents) whenever any of these values changes, never per frame. */
typedef struct sheetd_detent_input {
    uint32_t struct_size;
    const char *detent_id;    /* the detent's id, UTF-8, NUL-terminated, valid during the call */
    double container_width;   /* the container as detents see it: across the sheet, pt */
    double container_height;  /* along the sheet (a detached sheet: above its bottom margin) */
    double safe_area_top;     /* the container's safe area, pt */
    double safe_area_bottom;
    double safe_area_left;
    double safe_area_right;
    double content_height;    /* fitted content without the bottom safe area: "fit" is
                                 content_height + safe_area_bottom */
    double keyboard_height;   /* 0 = hidden; in options.keyboard "lift" mode sheetd still
                                 raises the answer by it, as every detent */
    double max_detent_value;  /* the largest height a detent may take:
                                 container_height - safe_area_top */
    int32_t edge;             /* SHEETD_EDGE_* */
    int32_t layout;           /* SHEETD_LAYOUT_* */
} sheetd_detent_input;

typedef struct sheetd_detent_output {
    uint32_t struct_size;
    double height;            /* the detent's height, pt: finite, 0...max_detent_value */
} sheetd_detent_output;

typedef struct sheetd_detent_resolver_calls {
    uint32_t struct_size;
    int32_t (*resolve)(sheetd_instance *instance, const sheetd_detent_input *input,
                       sheetd_detent_output *output);
} sheetd_detent_resolver_calls;

/* ---- The descriptor ------------------------------------------------------------------------ */

typedef struct sheetd_plugin_descriptor {
    uint32_t struct_size;     /* sizeof(sheetd_plugin_descriptor) as the plugin knows it */
    uint32_t abi_major;       /* SHEETD_PLUGIN_ABI_MAJOR the plugin was built against */
    uint32_t abi_minor;       /* SHEETD_PLUGIN_ABI_MINOR the plugin was built against */
    const char *name;         /* policy wire name: non-empty, [a-z0-9-] only, unique */
    const char *version;      /* free-form, e.g. "1.2.0" */
    int32_t kind;             /* SHEETD_KIND_* */

    /* Make an instance for one session. `config_json` is UTF-8 JSON text of one object,
       valid only during the call. On success store the instance in *out_instance and return
       SHEETD_OK; on failure return a negative code and write a NUL-terminated message of at
       most error_size bytes (including the NUL) into `error`. */
    int32_t (*create)(const char *config_json, const sheetd_host *host,
                      sheetd_instance **out_instance, char *error, size_t error_size);
    /* Free an instance. Called exactly once per successful create(). */
    void (*destroy)(sheetd_instance *instance);
    /* The message of the last failed call on `instance` (NUL-terminated, may be NULL);
       valid until the next call on that instance. */
    const char *(*last_error)(sheetd_instance *instance);

    /* Exactly the one matching `kind` is non-NULL. */
    const sheetd_dismissal_calls *dismissal;
    const sheetd_scroll_calls *scroll_handoff;
    const sheetd_navigation_calls *navigation;
    /* 1.3: SHEETD_KIND_DETENT_RESOLVER's table (a resolver's struct_size must include it). */
    const sheetd_detent_resolver_calls *detent_resolver;
} sheetd_plugin_descriptor;

/* The entry point. sheetd passes its own ABI version; return the static descriptor, or NULL
   to decline (e.g. a host too old for this plugin). Called once per load. */
typedef const sheetd_plugin_descriptor *(*sheetd_plugin_entry_fn)(uint32_t host_abi_major,
                                                                  uint32_t host_abi_minor);

#if !defined(__swift__)
/* Declared for C plugins (type-checks the definition); Swift plugins define it with
   @_cdecl("sheetd_plugin_entry") public func. */
SHEETD_PLUGIN_EXPORT const sheetd_plugin_descriptor *sheetd_plugin_entry(uint32_t host_abi_major,
                                                                         uint32_t host_abi_minor);
#endif

#ifdef __cplusplus
}
#endif

#endif /* SHEETD_PLUGIN_H */
