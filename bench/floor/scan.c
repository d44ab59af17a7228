/*
 * scan.c: the scanner floor for `sheetd-bench --compare`.
 *
 * The same program as floor.c with jansson replaced by a hand scanner: each message is read
 * in one pass straight from its bytes, without a tree and without allocating. The scanner
 * takes any valid JSON (whitespace anywhere, members in any order, unknown members and
 * values of any kind skipped, escapes inside strings stepped over) and reads numbers with
 * strtod, as jansson and sheetd do; a malformed message is skipped whole. Answers go
 * through frames.h, shared with floor.c, so the two write the same bytes.
 *
 * Built by the benchmark: cc -O2 scan.c -lm
 * Usage: scan INITIALIZE_RESULT < stream > output (as floor.c).
 */
#include "frames.h"

typedef struct {
    const char *p, *end;
    int bad;
} Scanner;

static void ws(Scanner *s) {
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')) s->p++;
}

static int eat(Scanner *s, char c) {
    ws(s);
    if (s->p < s->end && *s->p == c) { s->p++; return 1; }
    return 0;
}

/* A string's raw bytes between the quotes (escapes stepped over, not decoded). */
static int string(Scanner *s, const char **start, size_t *length) {
    if (!eat(s, '"')) return s->bad = 1, 0;
    const char *b = s->p;
    while (s->p < s->end && *s->p != '"') s->p += *s->p == '\\' ? 2 : 1;
    if (s->p >= s->end) return s->bad = 1, 0;
    *start = b;
    *length = (size_t)(s->p - b);
    s->p++;
    return 1;
}

/* A JSON number (its syntax checked, its value through strtod on a NUL-terminated copy). */
static double number(Scanner *s) {
    ws(s);
    const char *b = s->p, *q = s->p;
    if (q < s->end && *q == '-') q++;
    const char *digits = q;
    while (q < s->end && *q >= '0' && *q <= '9') q++;
    if (q == digits) return s->bad = 1, 0;
    if (q < s->end && *q == '.') {
        const char *f = ++q;
        while (q < s->end && *q >= '0' && *q <= '9') q++;
        if (q == f) return s->bad = 1, 0;
    }
    if (q < s->end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < s->end && (*q == '+' || *q == '-')) q++;
        const char *x = q;
        while (q < s->end && *q >= '0' && *q <= '9') q++;
        if (q == x) return s->bad = 1, 0;
    }
    char tmp[64];
    size_t n = (size_t)(q - b);
    if (n >= sizeof tmp) return s->bad = 1, 0;
    memcpy(tmp, b, n);
    tmp[n] = 0;
    s->p = q;
    return strtod(tmp, NULL);
}

static int literal(Scanner *s, const char *word, size_t n) {
    if ((size_t)(s->end - s->p) < n || memcmp(s->p, word, n) != 0) return s->bad = 1, 0;
    s->p += n;
    return 1;
}

/* Any value, skipped. */
static void skip(Scanner *s) {
    ws(s);
    if (s->bad || s->p >= s->end) { s->bad = 1; return; }
    const char *k; size_t n;
    switch (*s->p) {
    case '"': string(s, &k, &n); return;
    case '{':
        s->p++;
        if (eat(s, '}')) return;
        do { string(s, &k, &n); if (!eat(s, ':')) { s->bad = 1; return; } skip(s); } while (!s->bad && eat(s, ','));
        if (!eat(s, '}')) s->bad = 1;
        return;
    case '[':
        s->p++;
        if (eat(s, ']')) return;
        do skip(s); while (!s->bad && eat(s, ','));
        if (!eat(s, ']')) s->bad = 1;
        return;
    case 't': literal(s, "true", 4); return;
    case 'f': literal(s, "false", 5); return;
    case 'n': literal(s, "null", 4); return;
    default: number(s); return;
    }
}

/* Object iteration: `for (int more = open(s); next(s, more, &k, &n); more = 0)` visits each
   member with the scanner on its value; the body must read or skip that value. */
static int open(Scanner *s) {
    if (!eat(s, '{')) return s->bad = 1, -1;
    return eat(s, '}') ? -1 : 1;
}
static int next(Scanner *s, int first, const char **k, size_t *n) {
    if (s->bad || first < 0) return 0;
    if (!first && !eat(s, ',')) {
        if (!eat(s, '}')) s->bad = 1;
        return 0;
    }
    if (!string(s, k, n) || !eat(s, ':')) return s->bad = 1, 0;
    return 1;
}
#define KEY(lit) (n == sizeof(lit) - 1 && memcmp(k, lit, sizeof(lit) - 1) == 0)
#define MEMBERS(s) for (int more_ = open(s); next(s, more_, &k, &n); more_ = 0)

/* "sN" → N - 1; -1 otherwise. */
static long sessionIndex(Scanner *s) {
    const char *v; size_t n;
    if (!string(s, &v, &n) || n < 2 || v[0] != 's') return -1;
    long i = 0;
    for (size_t j = 1; j < n; j++) {
        if (v[j] < '0' || v[j] > '9') return -1;
        i = i * 10 + (v[j] - '0');
    }
    return i - 1;
}

static Id readID(Scanner *s) {
    Id id = { ID_NULL, 0, NULL, 0 };
    ws(s);
    if (s->p < s->end && *s->p == '"') { id.kind = ID_STRING; string(s, &id.string, &id.length); }
    else if (s->p < s->end && *s->p == 'n') literal(s, "null", 4);
    else { id.kind = ID_INT; id.integer = (long)number(s); }
    return id;
}

enum { M_OTHER, M_PAN, M_TICK, M_CREATE, M_PRESENT, M_INITIALIZE, M_SHUTDOWN };

static int methodOf(const char *k, size_t n) {
    if (KEY("input.pan")) return M_PAN;
    if (KEY("clock.tick")) return M_TICK;
    if (KEY("session.create")) return M_CREATE;
    if (KEY("sheet.present")) return M_PRESENT;
    if (KEY("initialize")) return M_INITIALIZE;
    if (KEY("shutdown")) return M_SHUTDOWN;
    return M_OTHER;
}

/* The params members the stream's methods use. */
typedef struct {
    long session;
    double t, ty, width, height, top, bottom, preferred;
    int began;
} Fields;

static void readParams(Scanner *p, int method, Fields *f) {
    const char *k; size_t n;
    MEMBERS(p) {
        if (KEY("session") && (method == M_PAN || method == M_PRESENT)) f->session = sessionIndex(p);
        else if (KEY("t")) f->t = number(p);
        else if (KEY("phase") && method == M_PAN) {
            const char *v; size_t vn;
            if (string(p, &v, &vn)) f->began = vn == 5 && memcmp(v, "began", 5) == 0;
        } else if (KEY("translation") && method == M_PAN) {
            MEMBERS(p) { if (KEY("y")) f->ty = number(p); else skip(p); }
        } else if (KEY("container") && method == M_CREATE) {
            MEMBERS(p) {
                if (KEY("width")) f->width = number(p);
                else if (KEY("height")) f->height = number(p);
                else if (KEY("safeArea")) {
                    MEMBERS(p) {
                        if (KEY("top")) f->top = number(p);
                        else if (KEY("bottom")) f->bottom = number(p);
                        else skip(p);
                    }
                } else skip(p);
            }
        } else if (KEY("content") && method == M_CREATE) {
            MEMBERS(p) { if (KEY("preferredHeight")) f->preferred = number(p); else skip(p); }
        } else skip(p);
    }
}

/* Reads one message in one pass. Members come in any order: params are read as they are
   met when the method came first (as every client writes it); otherwise their bytes are
   kept and read once the method is known. */
static void handle(const char *line, size_t length) {
    Scanner s = { line, line + length, 0 };
    const char *k; size_t n;
    int method = -1;
    Id id = { ID_NULL, 0, NULL, 0 };
    Fields f = { -1, 0, 0, 0, 0, 0, 0, 0, 0 };
    const char *params = NULL, *paramsEnd = NULL;
    MEMBERS(&s) {
        if (KEY("method")) {
            const char *v; size_t vn;
            if (string(&s, &v, &vn)) method = methodOf(v, vn);
        } else if (KEY("id")) {
            id = readID(&s);
        } else if (KEY("params") && method >= 0) {
            readParams(&s, method, &f);
        } else if (KEY("params")) {
            ws(&s);
            params = s.p;
            skip(&s);
            paramsEnd = s.p;
        } else {
            skip(&s);
        }
    }
    if (s.bad || method < 0) return;
    if (params) {
        Scanner p = { params, paramsEnd, 0 };
        readParams(&p, method, &f);
        if (p.bad) return;
    }
    switch (method) {
    case M_PAN: onPan(f.session, f.began, f.ty); break;
    case M_TICK: onTick(id, f.t); break;
    case M_CREATE: onCreate(id, f.width, f.height, f.top, f.bottom, f.preferred); break;
    case M_PRESENT: onPresent(id, f.session, f.t); break;
    case M_INITIALIZE: onInitialize(id); break;
    case M_SHUTDOWN: onShutdown(id); break;
    }
}
