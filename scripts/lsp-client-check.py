#!/usr/bin/env python3
"""Checks that sheetd speaks the LSP base protocol to a stock client, unadapted.

usage: lsp-client-check.py PATH/TO/sheetd [extra sheetd args...]

Spawns sheetd with pipes and talks to it with python-lsp-jsonrpc's JsonRpcStreamWriter /
JsonRpcStreamReader (pip install python-lsp-jsonrpc): initialize, session.create,
session.list, shutdown, exit. Asserts every answer and the exit status (0).
Exits 0 on success, 1 with a message on a failed check, 2 when the module is missing.
"""
import queue
import subprocess
import sys
import threading

try:
    from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter
except ImportError:
    print("lsp-client-check: python module pylsp_jsonrpc is missing "
          "(pip install python-lsp-jsonrpc)", file=sys.stderr)
    sys.exit(2)

TIMEOUT = 10.0


def fail(message, proc=None):
    print(f"lsp-client-check: FAIL: {message}", file=sys.stderr)
    if proc is not None:
        proc.kill()
        try:
            _, err = proc.communicate(timeout=TIMEOUT)
            if err:
                print("sheetd stderr:\n" + err.decode("utf-8", "replace"), file=sys.stderr)
        except Exception:  # pylint: disable=broad-except
            pass
    sys.exit(1)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    try:
        proc = subprocess.Popen([sys.argv[1]] + sys.argv[2:], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        fail(f"cannot start {sys.argv[1]}: {e}")
    writer = JsonRpcStreamWriter(proc.stdin)
    reader = JsonRpcStreamReader(proc.stdout)
    inbox = queue.Queue()
    threading.Thread(target=reader.listen, args=(inbox.put,), daemon=True).start()

    next_id = [0]

    def request(method, params=None):
        next_id[0] += 1
        msg = {"jsonrpc": "2.0", "id": next_id[0], "method": method}
        if params is not None:
            msg["params"] = params
        writer.write(msg)
        while True:
            try:
                answer = inbox.get(timeout=TIMEOUT)
            except queue.Empty:
                fail(f"no answer to {method} within {TIMEOUT}s", proc)
            if answer.get("id") == next_id[0]:
                if answer.get("jsonrpc") != "2.0":
                    fail(f"{method}: bad jsonrpc member in {answer}", proc)
                if "error" in answer:
                    fail(f"{method} returned an error: {answer['error']}", proc)
                if "result" not in answer:
                    fail(f"{method}: response without result: {answer}", proc)
                return answer["result"]
            if "method" not in answer:
                fail(f"unexpected response while waiting for {method}: {answer}", proc)
            # a notification (sheet.frame, $/diagnostic...): ignore

    init = request("initialize", {"clientInfo": {"name": "lsp-client-check"}})
    if not isinstance(init, dict) or init.get("serverInfo", {}).get("name") != "sheetd":
        fail(f"initialize: unexpected result {init}", proc)
    if init.get("protocolVersion") != "1":
        fail(f"initialize: protocolVersion is not \"1\": {init}", proc)

    created = request("session.create", {"container": {"width": 390, "height": 844}})
    if not isinstance(created, dict) or not isinstance(created.get("session"), str):
        fail(f"session.create: unexpected result {created}", proc)

    sessions = request("session.list")
    if not isinstance(sessions, list):
        fail(f"session.list: expected an array, got {sessions}", proc)
    for s in sessions:
        if not isinstance(s, dict) or not isinstance(s.get("session"), str):
            fail(f"session.list: bad entry {s}", proc)

    shut = request("shutdown")
    if shut is not None:
        fail(f"shutdown: expected null, got {shut}", proc)

    writer.write({"jsonrpc": "2.0", "method": "exit"})
    try:
        code = proc.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        fail("sheetd did not exit after shutdown + exit", proc)
    if code != 0:
        fail(f"sheetd exited with {code} after shutdown + exit, expected 0", proc)
    print("lsp-client-check: OK (initialize, session.create, session.list, shutdown, exit)")
    sys.exit(0)


if __name__ == "__main__":
    main()
