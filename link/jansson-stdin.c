/* Linked into a shared object that carries Debian's libjansson.a (scripts/build-release.sh,
 * the material plugin). That archive is compiled for executables (-fPIE), not for shared
 * objects: json_loadf names its source "<stdin>" after comparing its FILE * with `stdin`
 * through a PC-relative reference, which a shared object cannot bind to libc's `stdin` at
 * run time ("recompile with -fPIC"). This hidden definition takes that reference instead.
 * Nothing else reads it: a plugin never loads its configuration from standard input, and
 * json_loadf still reads whatever FILE * it is given. */
__attribute__((visibility("hidden"))) void *stdin;
