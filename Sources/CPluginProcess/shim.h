// What the plugin helper processes need from Linux that Swift's Glibc module does not show:
// ppoll(2) (sub-millisecond call deadlines) and prctl(PR_SET_PDEATHSIG) (a helper dies with
// the daemon, even while a plugin call hangs), which is variadic in C.
#ifndef SHEETD_CPLUGINPROCESS_SHIM_H
#define SHEETD_CPLUGINPROCESS_SHIM_H
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);

/* The calling process gets `sig` when its parent thread ends. */
static inline int sheetd_die_with_parent(int sig) { return prctl(PR_SET_PDEATHSIG, (unsigned long)sig); }

/* A descriptor that polls readable when process `pid` ends (Linux 5.3); -1 when unsupported. */
static inline int sheetd_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}
#endif
