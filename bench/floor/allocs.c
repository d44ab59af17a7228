/*
 * allocs.c: counts heap allocations, for `sheetd-bench --counts` / `--check-counts`.
 *
 * Preloaded into a process (LD_PRELOAD), it replaces malloc, calloc, realloc, memalign,
 * posix_memalign, aligned_alloc, valloc and pvalloc with counting wrappers around glibc's
 * own (__libc_malloc ...) and, when the process exits through exit() or by returning from
 * main, writes the number of calls to the file named by SHEETD_ALLOCS_OUT. realloc counts
 * as an allocation (it may move the block); free is not counted. The Swift runtime of a
 * statically linked sheetd allocates through libc's malloc, so every Swift allocation
 * passes here.
 *
 * Built by the benchmark: cc -O2 -shared -fPIC -o allocs.so allocs.c -ldl
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static unsigned long allocations;

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t n) { count(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { count(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { count(); return __libc_realloc(p, n); }
void *memalign(size_t align, size_t n) { count(); return __libc_memalign(align, n); }
void *aligned_alloc(size_t align, size_t n) { count(); return __libc_memalign(align, n); }
void *valloc(size_t n) { count(); return __libc_memalign(sysconf(_SC_PAGESIZE), n); }
void *pvalloc(size_t n) {
    size_t page = sysconf(_SC_PAGESIZE);
    count();
    return __libc_memalign(page, (n + page - 1) / page * page);
}
int posix_memalign(void **out, size_t align, size_t n) {
    if (align < sizeof(void *) || (align & (align - 1)) != 0) return EINVAL;
    count();
    void *p = __libc_memalign(align, n);
    if (!p && n) return ENOMEM;
    *out = p;
    return 0;
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("SHEETD_ALLOCS_OUT");
    if (!path) return;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return;
    char tmp[24];
    int p = 24;
    unsigned long m = __atomic_load_n(&allocations, __ATOMIC_RELAXED);
    tmp[--p] = '\n';
    do { tmp[--p] = '0' + m % 10; m /= 10; } while (m);
    ssize_t unused = write(fd, tmp + p, 24 - p);
    (void)unused;
    close(fd);
}
