// ppoll(2): a Linux/GNU extension that Swift's Glibc module does not show (it needs
// _GNU_SOURCE). The daemon's loop waits with it for sub-millisecond realtime deadlines.
#ifndef SHEETD_CLINUXPOLL_SHIM_H
#define SHEETD_CLINUXPOLL_SHIM_H
#include <poll.h>
#include <signal.h>
#include <time.h>
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);
#endif
