/*
 * frames.h: what floor.c and scan.c share, everything but reading the messages: the
 * per-session state that reproduces sheetd's answers for the benchmark's drag stream (one
 * fitted detent, a sheet dragged down from rest), a hand-written formatter writing them byte
 * for byte as sheetd does, and the I/O loop (64 KiB reads, one write per read, like
 * `sheetd serve`). It understands only what the stream uses: a floor for the cost of a
 * frame, not a second implementation of sheetd.
 *
 * Header only (every function static), so each floor stays one cc line. The including file
 * defines `static void handle(const char *line, size_t n)`, which reads one message and calls
 * the on...() function it names; main() below calls it for every line of stdin.
 */
#ifndef SHEETD_BENCH_FRAMES_H
#define SHEETD_BENCH_FRAMES_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    double width, height, rest;   /* container and the fitted detent's height */
    double startExtent, startTy;  /* the drag's start */
    double extent;                /* where the finger holds the sheet */
    long seq;
    int dragging, moved;
    double lastY;
} Session;

static Session *sessions;
static long nsessions, capsessions;
static long *moved;
static long nmoved;

static const char *initializeResult = "null";  /* argv[1]: sheetd's answer, verbatim */
static char *out;
static size_t outLen, outCap;

static void reserve(size_t n) {
    if (outLen + n <= outCap) return;
    while (outLen + n > outCap) outCap = outCap ? outCap * 2 : 1 << 16;
    out = realloc(out, outCap);
}
static void put(const char *s, size_t n) { reserve(n); memcpy(out + outLen, s, n); outLen += n; }
#define PUTS(lit) put(lit, sizeof(lit) - 1)

static void putLong(long v) {
    char tmp[24];
    int p = 24;
    unsigned long m = v < 0 ? -(unsigned long)v : (unsigned long)v;
    do { tmp[--p] = '0' + m % 10; m /= 10; } while (m);
    if (v < 0) tmp[--p] = '-';
    put(tmp + p, 24 - p);
}

/* Shortest round-trip form, as sheetd prints numbers: integral values as integers; values
 * with at most 4 decimals (every quantized frame number) digit by digit; others by trying
 * %.Ng for N = 1...17. */
static void putDouble(double d) {
    if (d == trunc(d) && fabs(d) < 1e15) { putLong((long)d); return; }
    if (fabs(d) < 1e9) {
        long n = lround(d * 10000);
        if ((double)n / 10000 == d) {
            unsigned long m = n < 0 ? -(unsigned long)n : (unsigned long)n;
            char tmp[32];
            int p = 32, frac = 4;
            while (frac > 0 && m % 10 == 0) { m /= 10; frac--; }
            for (int k = 0; k < frac; k++) { tmp[--p] = '0' + m % 10; m /= 10; }
            tmp[--p] = '.';
            do { tmp[--p] = '0' + m % 10; m /= 10; } while (m);
            if (n < 0) tmp[--p] = '-';
            put(tmp + p, 32 - p);
            return;
        }
    }
    char tmp[32];
    for (int prec = 1; prec <= 17; prec++) {
        int n = snprintf(tmp, sizeof tmp, "%.*g", prec, d);
        if (strtod(tmp, NULL) == d) { put(tmp, n); return; }
    }
}

static double points(double x) { double r = round(x * 1000) / 1000; return r == 0 ? 0 : r; }
static double unit(double x) { double r = round(x * 10000) / 10000; return r == 0 ? 0 : r; }

/* A request id as read: absent/null, an integer, or a string's raw bytes (no escapes). */
typedef struct {
    enum { ID_NULL, ID_INT, ID_STRING } kind;
    long integer;
    const char *string;
    size_t length;
} Id;

static void putID(Id id) {
    if (id.kind == ID_INT) putLong(id.integer);
    else if (id.kind == ID_STRING) { PUTS("\""); put(id.string, id.length); PUTS("\""); }
    else PUTS("null");
}

static void frame(long i, double t) {
    Session *s = &sessions[i];
    double e = s->extent > 0 ? s->extent : 0;
    double y = s->height - e;
    double progress = fmin(fmax(e / s->rest, 0), 1);
    s->seq++;
    PUTS("{\"jsonrpc\":\"2.0\",\"method\":\"sheet.frame\",\"params\":{\"session\":\"s");
    putLong(i + 1);
    PUTS("\",\"seq\":"); putLong(s->seq);
    PUTS(",\"t\":"); putDouble(t);
    PUTS(",\"state\":\"dragging\",\"sheet\":{\"x\":0,\"y\":"); putDouble(points(y));
    PUTS(",\"width\":"); putDouble(points(s->width));
    PUTS(",\"height\":"); putDouble(points(e > s->rest ? e : s->rest));
    PUTS(",\"cornerRadius\":10},\"dimming\":{\"alpha\":"); putDouble(unit(0.6 * progress));
    PUTS(",\"passthrough\":false},\"grabber\":{\"visible\":true,\"y\":"); putDouble(points(y - 20 + 1.0));
    PUTS("},\"detent\":\"fit\",\"progress\":"); putDouble(unit(progress));
    PUTS(",\"scroll\":{\"pinOffsetY\":null,\"flingVelocityY\":null},\"nav\":{\"items\":[],\"separatorX\":null}");
    /* position: the shown height as a detent index (one detent: -1 dismissed ... 0 at it) and
       as a fraction of the container; no keyboard in this stream. */
    PUTS(",\"position\":{\"index\":"); putDouble(unit(e <= 0 ? -1 : (e < s->rest ? e / s->rest - 1 : 0)));
    PUTS(",\"fraction\":"); putDouble(unit(e / s->height));
    /* accessibility: one detent, dismissible (the default): only dismiss. */
    PUTS("},\"keyboard\":{\"height\":0,\"overlap\":0},\"accessibility\":{\"actions\":[\"dismiss\"]}}}\n");
}

/* input.pan for session index i (0-based): `began` grabs the sheet, any other phase moves it. */
static void onPan(long i, int began, double ty) {
    if (i < 0 || i >= nsessions) return;
    Session *s = &sessions[i];
    if (began) {
        s->dragging = 1;
        s->startExtent = s->extent;
        s->startTy = ty;
    } else {
        s->extent = fmax(s->startExtent - (ty - s->startTy), 0);
    }
    if (!s->moved) { s->moved = 1; moved[nmoved++] = i; }
}

/* clock.tick: a frame for every session that moved and changed, then the reply. */
static void onTick(Id id, double t) {
    long frames = 0, keep = 0;
    for (long k = 0; k < nmoved; k++) {
        long i = moved[k];
        Session *s = &sessions[i];
        double y = points(s->height - s->extent);
        if (s->seq == 0 || y != s->lastY) { frame(i, t); s->lastY = y; frames++; }
        if (s->dragging) moved[keep++] = i; else s->moved = 0;
    }
    nmoved = keep;
    PUTS("{\"jsonrpc\":\"2.0\",\"id\":"); putID(id);
    PUTS(",\"result\":{\"t\":"); putDouble(t); PUTS(",\"frames\":"); putLong(frames); PUTS("}}\n");
}

static void onCreate(Id id, double width, double height, double top, double bottom, double preferredHeight) {
    if (nsessions == capsessions) {
        capsessions = capsessions ? capsessions * 2 : 1024;
        sessions = realloc(sessions, capsessions * sizeof *sessions);
        moved = realloc(moved, capsessions * sizeof *moved);
    }
    Session *s = &sessions[nsessions++];
    memset(s, 0, sizeof *s);
    s->width = width;
    s->height = height;
    s->rest = preferredHeight + bottom;
    PUTS("{\"jsonrpc\":\"2.0\",\"id\":"); putID(id);
    PUTS(",\"result\":{\"session\":\"s"); putLong(nsessions);
    PUTS("\",\"maxDetentHeight\":"); putDouble(points(s->height - top)); PUTS("}}\n");
}

static void onPresent(Id id, long i, double t) {
    if (i < 0 || i >= nsessions) return;
    Session *s = &sessions[i];
    s->extent = s->rest;
    PUTS("{\"jsonrpc\":\"2.0\",\"method\":\"sheet.event\",\"params\":{\"session\":\"s"); putLong(i + 1);
    PUTS("\",\"t\":"); putDouble(t);
    PUTS(",\"type\":\"willSettle\",\"detent\":\"fit\",\"dismisses\":false,\"rest\":{\"x\":0,\"y\":");
    putDouble(points(s->height - s->extent)); PUTS(",\"width\":"); putDouble(points(s->width));
    PUTS(",\"height\":"); putDouble(points(s->extent));
    PUTS(",\"cornerRadius\":10},\"durationMs\":0,\"trigger\":\"present\"}}\n");
    PUTS("{\"jsonrpc\":\"2.0\",\"method\":\"sheet.event\",\"params\":{\"session\":\"s"); putLong(i + 1);
    PUTS("\",\"t\":"); putDouble(t);
    PUTS(",\"type\":\"presented\"}}\n");
    PUTS("{\"jsonrpc\":\"2.0\",\"id\":"); putID(id); PUTS(",\"result\":{\"state\":\"presented\"}}\n");
}

static void onInitialize(Id id) {
    PUTS("{\"jsonrpc\":\"2.0\",\"id\":"); putID(id);
    PUTS(",\"result\":"); put(initializeResult, strlen(initializeResult)); PUTS("}\n");
}

static void onShutdown(Id id) {
    PUTS("{\"jsonrpc\":\"2.0\",\"id\":"); putID(id); PUTS(",\"result\":null}\n");
}

/* Defined by the including file: reads one message (without its newline) and calls the
   on... function it names. */
static void handle(const char *line, size_t n);

static void flush(void) {
    size_t off = 0;
    while (off < outLen) {
        ssize_t n = write(1, out + off, outLen - off);
        if (n <= 0) exit(1);
        off += n;
    }
    outLen = 0;
}

int main(int argc, char **argv) {
    if (argc > 1) initializeResult = argv[1];
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (cap - len < 1 << 16) buf = realloc(buf, cap *= 2);
        ssize_t n = read(0, buf + len, 1 << 16);
        if (n <= 0) break;
        len += n;
        size_t start = 0;
        for (size_t i = 0; i < len; i++) {
            if (buf[i] != '\n') continue;
            if (i > start) handle(buf + start, i - start);
            start = i + 1;
        }
        memmove(buf, buf + start, len - start);
        len -= start;
        flush();
    }
    if (len) handle(buf, len);
    flush();
    return 0;
}
#endif
