/*
 * floor.c: the jansson floor for `sheetd-bench --compare`.
 *
 * Reads the benchmark's drag stream (NDJSON on stdin), parses every message with jansson
 * and answers it through frames.h (shared with scan.c: the least per-session state that
 * reproduces sheetd's answers for this stream, a hand-written formatter writing them byte
 * for byte, and the I/O loop). It understands only the methods the stream uses: it is a
 * floor for the cost of a frame, not a second implementation of sheetd.
 *
 * Built by the benchmark: cc -O2 floor.c $(pkg-config --cflags --libs jansson) -lm
 * Usage: floor INITIALIZE_RESULT < stream > output (the initialize result is sheetd's
 * configuration, passed verbatim: it is not per-frame work).
 */
#include <jansson.h>
#include "frames.h"

static Id readID(json_t *id) {
    Id r = { ID_NULL, 0, NULL, 0 };
    if (json_is_integer(id)) { r.kind = ID_INT; r.integer = (long)json_integer_value(id); }
    else if (json_is_string(id)) { r.kind = ID_STRING; r.string = json_string_value(id); r.length = json_string_length(id); }
    return r;
}

static long sessionIndex(json_t *params) {
    const char *id = json_string_value(json_object_get(params, "session"));
    return id ? atol(id + 1) - 1 : -1;
}

static double number(json_t *o, const char *key) { return json_number_value(json_object_get(o, key)); }

static void handle(const char *line, size_t n) {
    json_error_t error;
    json_t *m = json_loadb(line, n, 0, &error);
    if (!m) return;
    const char *method = json_string_value(json_object_get(m, "method"));
    Id id = readID(json_object_get(m, "id"));
    json_t *params = json_object_get(m, "params");
    if (!method) goto done;
    if (strcmp(method, "input.pan") == 0) {
        const char *phase = json_string_value(json_object_get(params, "phase"));
        onPan(sessionIndex(params), phase && strcmp(phase, "began") == 0,
              number(json_object_get(params, "translation"), "y"));
    } else if (strcmp(method, "clock.tick") == 0) {
        onTick(id, number(params, "t"));
    } else if (strcmp(method, "session.create") == 0) {
        json_t *c = json_object_get(params, "container"), *safe = json_object_get(c, "safeArea");
        onCreate(id, number(c, "width"), number(c, "height"), number(safe, "top"), number(safe, "bottom"),
                 number(json_object_get(params, "content"), "preferredHeight"));
    } else if (strcmp(method, "sheet.present") == 0) {
        onPresent(id, sessionIndex(params), number(params, "t"));
    } else if (strcmp(method, "initialize") == 0) {
        onInitialize(id);
    } else if (strcmp(method, "shutdown") == 0) {
        onShutdown(id);
    }
done:
    json_decref(m);
}
