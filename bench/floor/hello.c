/*
 * hello.c: the start-up floor for `sheetd-bench`. A minimal C program that reads one line
 * (the host's `initialize` request) and answers it, then waits for end of input, the way
 * a JSON-RPC daemon starts. `sheetd-bench` times spawn → first reply for it and for sheetd.
 *
 * Built by the benchmark: cc -O2 hello.c
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    char line[4096];
    size_t len = 0;
    while (len < sizeof line) {
        ssize_t n = read(0, line + len, sizeof line - len);
        if (n <= 0) return 1;
        len += n;
        if (memchr(line, '\n', len)) break;
    }
    static const char reply[] =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"serverInfo\":{\"name\":\"hello\",\"version\":\"1\"}}}\n";
    if (write(1, reply, sizeof reply - 1) != (ssize_t)(sizeof reply - 1)) return 1;
    while (read(0, line, sizeof line) > 0) {}
    return 0;
}
