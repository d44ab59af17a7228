#!/usr/bin/env python3
"""Generates clients/js/sheetd.d.ts and clients/js/methods.js from protocol/openrpc.json.

    python3 clients/js/generate.py               # rewrite both files in clients/js
    python3 clients/js/generate.py --out DIR     # write them to DIR instead (the test compares)

Standard library only. Every method and notification of openrpc.json is named in the
`Methods` / `Notifications` maps of the declarations; methods.js is the name table the ES
module client (sheetd.js) builds its methods from, so a method added to openrpc.json shows up
in both after one run of this script.
"""
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "..", "..", "protocol", "openrpc.json")

#: Client-level JS names that are not the wire name in camelCase.
CLIENT_NAMES = {
    "clock.tick": "tick",
    "clock.runUntilRest": "runUntilRest",
    "session.create": "createSession",
    "session.restore": "restoreSession",
    "session.list": "listSessions",
    "plugins.list": "listPlugins",
    "plugins.load": "loadPlugin",
}

#: Session-handle JS names that are not the wire name's last part (`frame` is the handle's
#: last received frame).
SESSION_NAMES = {
    "session.frame": "currentFrame",
}


def pascal(name):
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[^A-Za-z0-9]+", name) if p)


def camel(name):
    p = pascal(name)
    return p[:1].lower() + p[1:]


def doc(text, indent):
    if not text:
        return ""
    text = text.replace("*/", "*\\/").strip()
    lines = text.splitlines()
    if len(lines) == 1:
        return f"{indent}/** {lines[0]} */\n"
    return f"{indent}/**\n" + "".join(f"{indent} * {l}\n" for l in lines) + f"{indent} */\n"


def ident(key):
    return key if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", key) else json.dumps(key)


def ts(schema, indent=""):
    """The TypeScript type of a JSON schema."""
    if schema is True or schema == {}:
        return "unknown"
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[1]
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return " | ".join(wrap(ts(s, indent)) for s in schema[key])
    if "allOf" in schema:
        return " & ".join(wrap(ts(s, indent)) for s in schema["allOf"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(ts(dict(schema, type=k), indent) for k in kind)
    if kind in ("number", "integer"):
        return "number"
    if kind in ("string", "boolean", "null"):
        return kind
    if kind == "array":
        items = schema.get("items", {})
        if isinstance(items, list):
            return "[" + ", ".join(ts(i, indent) for i in items) + "]"
        n = schema.get("minItems")
        if n is not None and n == schema.get("maxItems") and n <= 8:
            return "[" + ", ".join([ts(items, indent)] * n) + "]"
        return wrap(ts(items, indent)) + "[]"
    if kind == "object" or "properties" in schema:
        return obj(schema.get("properties", {}), set(schema.get("required", [])),
                   schema.get("additionalProperties", True), indent)
    return "unknown"


def wrap(t):
    return f"({t})" if ("|" in t or "&" in t) and not t.startswith("{") else t


def obj(props, required, extra, indent):
    if not props:
        if extra is False:
            return "Record<string, never>"
        if isinstance(extra, dict):
            return "{ [key: string]: " + ts(extra, indent) + " }"
        return "{ [key: string]: unknown }"
    inner = indent + "  "
    out = "{\n"
    for key, sub in props.items():
        out += doc(sub.get("description", "") if isinstance(sub, dict) else "", inner)
        out += f"{inner}{ident(key)}{'' if key in required else '?'}: {ts(sub, inner)};\n"
    if extra is True:
        out += f"{inner}/** Members may be added within protocol version 1. */\n"
        out += f"{inner}[key: string]: unknown;\n"
    return out + indent + "}"


def resolve(spec, item):
    if "$ref" in item:
        path = item["$ref"].lstrip("#/").split("/")
        node = spec
        for p in path:
            node = node[p]
        return node
    return item


def params_object(spec, method, drop=()):
    props, required = {}, set()
    for p in method.get("params", []):
        p = resolve(spec, p)
        if p["name"] in drop:
            continue
        schema = dict(p.get("schema", {}))
        if p.get("description") and "description" not in schema:
            schema["description"] = p["description"]
        if "$ref" in schema and p.get("description"):
            schema = {"allOf": [{"$ref": schema["$ref"]}], "description": p["description"]}
        props[p["name"]] = schema
        if p.get("required"):
            required.add(p["name"])
    return props, required


def is_notification(method):
    return any(t.get("name") == "server" for t in method.get("tags", []))


def is_session_method(spec, method):
    if method["name"] in CLIENT_NAMES or is_notification(method):
        return False
    return any(resolve(spec, p)["name"] == "session" for p in method.get("params", []))


def names(spec):
    """(client methods, session methods, notifications): JS name -> wire method."""
    client, session, notes = {}, {}, []
    for m in spec["methods"]:
        name = m["name"]
        if is_notification(m):
            notes.append(name)
        elif is_session_method(spec, m):
            short = SESSION_NAMES.get(name, name.rsplit(".", 1)[-1])
            session[short if short not in session else camel(name)] = name
        else:
            client[CLIENT_NAMES.get(name, camel(name))] = name
    return client, session, notes


def generate_dts(spec):
    schemas = spec["components"]["schemas"]
    out = ["// Generated by clients/js/generate.py from protocol/openrpc.json. Do not edit.\n",
           f"// sheetd protocol version {spec['info']['version']}: {len(spec['methods'])} methods and notifications.\n\n"]
    out.append("// ---- Schemas (components.schemas) ----\n\n")
    for name, schema in schemas.items():
        out.append(doc(schema.get("description", ""), ""))
        t = ts({k: v for k, v in schema.items() if k != "description"})
        out.append(f"export type {name} = {t};\n\n")

    out.append("// ---- Methods (host -> server) and notifications (server -> host) ----\n\n")
    method_rows, note_rows = [], []
    for m in spec["methods"]:
        base = pascal(m["name"])
        props, required = params_object(spec, m)
        text = m.get("summary", "") + ("\n" + m["description"] if m.get("description") else "")
        out.append(doc(f"`{m['name']}` params. {text}", ""))
        out.append(f"export type {base}Params = {obj(props, required, False, '')};\n")
        if is_notification(m):
            note_rows.append(f"  {json.dumps(m['name'])}: {base}Params;\n")
            out.append("\n")
            continue
        result = m.get("result")
        rtype = ts(result["schema"]) if result else "void"
        out.append(f"/** `{m['name']}` result. */\nexport type {base}Result = {rtype};\n\n")
        method_rows.append(f"  {json.dumps(m['name'])}: {{ params: {base}Params; result: {base}Result }};\n")
    out.append("/** Every host -> server method by wire name (`exit` is a notification: no result). */\n")
    out.append("export interface Methods {\n" + "".join(method_rows) + "}\n\n")
    out.append("/** Every server -> host notification by wire name. */\n")
    out.append("export interface Notifications {\n" + "".join(note_rows) + "}\n\n")
    out.append("export type MethodName = keyof Methods;\nexport type NotificationName = keyof Notifications;\n\n")

    client, session, _ = names(spec)
    out.append("// ---- The ES module client (sheetd.js) ----\n\n")
    out.append(doc("An error answer: `code` is the JSON-RPC code (protocol/README.md section 3).", ""))
    out.append("export declare class RPCError extends Error {\n  readonly code: number;\n  readonly data?: unknown;\n"
               "  readonly method?: string;\n  constructor(code: number, message: string, data?: unknown, method?: string);\n}\n\n")
    out.append(doc("No sheetd executable where `SheetdClient.spawn` looked (the message says where).", ""))
    out.append("export declare class DaemonNotFound extends Error {\n  constructor(message: string);\n}\n\n")
    out.append(doc("Something that carries JSON-RPC text both ways: a WebSocket, or any object with "
                   "`send(text)` and `onmessage`/`onclose`.", ""))
    out.append("export interface Transport {\n  send(text: string): void;\n"
               "  onmessage: ((event: any) => void) | null;\n"
               "  onclose?: ((event: any) => void) | null;\n  close?(): void;\n}\n\n")
    out.append(doc("A session handle: `session` is filled in; frames and events are routed here.", ""))
    out.append("export declare class SheetSession {\n  readonly client: SheetdClient;\n  readonly id: SessionId;\n"
               "  /** Every frame received for this session. */\n  readonly frames: Frame[];\n"
               "  /** Every event received for this session. */\n  readonly events: Event[];\n"
               "  /** The last frame, or undefined. */\n  readonly frame: Frame | undefined;\n"
               "  /** For the root of a restored stack: every sheet restored below it (new ids, in the snapshot's order), "
               "each a handle of its own. Empty for any other session. */\n  readonly children: SheetSession[];\n"
               "  /** Calls `handler` for each frame of this session; returns the unsubscribe function. */\n"
               "  onFrame(handler: (frame: Frame) => void): () => void;\n"
               "  /** Calls `handler` for each event of this session; returns the unsubscribe function. */\n"
               "  onEvent(handler: (event: Event) => void): () => void;\n")
    for js, wire in session.items():
        base = pascal(wire)
        out.append(f"  /** `{wire}` */\n  {js}(params{'?' if not required_besides(spec, wire, 'session') else ''}: "
                   f"Omit<{base}Params, \"session\">): Promise<{base}Result>;\n")
    out.append("}\n\n")
    out.append(doc("A sheetd connection (through the web host's bridge, or any JSON-RPC text transport).", ""))
    out.append("export declare class SheetdClient {\n  constructor(transport: Transport);\n"
               "  /**\n   * Node: spawns sheetd and talks to it over its stdin and stdout (NDJSON). The daemon is\n"
               "   * `path`, else `$SHEETD`, else the one bundled in the npm package, else `sheetd` on PATH\n"
               "   * (rejects with DaemonNotFound saying where it looked); `args` go on its command line.\n   */\n"
               "  static spawn(path?: string, args?: string[]): Promise<SheetdClient>;\n"
               "  /** Opens a WebSocket to `url` (browsers; Node 22 or later) and resolves once it is open. */\n"
               "  static connect(url: string): Promise<SheetdClient>;\n"
               "  /**\n   * sheetd in this page: the daemon compiled to WebAssembly (scripts/build-wasm.sh), same API.\n"
               "   * `source`: where sheetd.wasm is, or its bytes (default `$SHEETD_WASM` in Node, else\n"
               "   * `sheetd.wasm` beside sheetd.js). On the realtime clock frames come once per display frame\n"
               "   * (requestAnimationFrame) with its timestamp (ms since `initialize`) as `t`, not on the fps grid.\n"
               "   * No plugins: `plugins.load` answers -32011.\n   */\n"
               "  static wasm(source?: string | URL | ArrayBuffer | Uint8Array | Response | WebAssembly.Module): Promise<SheetdClient>;\n"
               "  /** In-page transport only: protocol text (NDJSON) straight to the engine; returns the output lines. */\n"
               "  sendRaw(text: string): string[];\n"
               "  /** A spawned daemon's exit status, once it has exited (`spawn` only). */\n"
               "  readonly exited?: Promise<number | null>;\n"
               "  readonly sessions: Map<SessionId, SheetSession>;\n"
               "  /** Every `$/diagnostic` received. */\n  readonly diagnostics: DiagnosticParams[];\n"
               "  /** Any method by wire name. */\n"
               "  request<M extends MethodName>(method: M, params?: Methods[M][\"params\"]): Promise<Methods[M][\"result\"]>;\n"
               "  /** Any notification by wire name (a failure comes back as `$/diagnostic`). */\n"
               "  notify<M extends MethodName>(method: M, params?: Methods[M][\"params\"]): void;\n"
               "  /** Calls `handler` with each notification `method`; returns the unsubscribe function. */\n"
               "  on<N extends NotificationName>(method: N, handler: (params: Notifications[N]) => void): () => void;\n"
               "  close(): void;\n")
    for js, wire in client.items():
        base = pascal(wire)
        if wire == "clock.tick":
            out.append(f"  /** `clock.tick {{t}}` (host clock): the frames the tick produced. */\n  tick(t: number): Promise<Frame[]>;\n")
        elif wire == "session.create":
            out.append(f"  /** `session.create` -> a session handle; `parent` may be a handle or its id. */\n"
                       f"  createSession(params: Omit<{base}Params, \"parent\"> & {{ parent?: SessionId | SheetSession }}): Promise<SheetSession>;\n")
        elif wire == "session.restore":
            out.append(f"  /** `session.restore` -> a session handle (a new id); a stack's root with its `children` handles. */\n  restoreSession(state: unknown): Promise<SheetSession>;\n")
        elif wire == "exit":
            out.append(f"  /** `exit` (a notification). */\n  exit(): void;\n")
        else:
            opt = "?" if not required_besides(spec, wire) else ""
            out.append(f"  /** `{wire}` */\n  {js}(params{opt}: {base}Params): Promise<{base}Result>;\n")
    out.append("}\n")
    return "".join(out)


def required_besides(spec, wire, *skip):
    m = next(m for m in spec["methods"] if m["name"] == wire)
    return [resolve(spec, p)["name"] for p in m.get("params", [])
            if resolve(spec, p).get("required") and resolve(spec, p)["name"] not in skip]


def generate_methods_js(spec):
    client, session, notes = names(spec)
    def table(d):
        return "{\n" + "".join(f"  {js}: {json.dumps(w)},\n" for js, w in d.items()) + "}"
    return ("// Generated by clients/js/generate.py from protocol/openrpc.json. Do not edit.\n"
            "/** Client-level methods: JS name -> wire method. */\n"
            f"export const CLIENT_METHODS = Object.freeze({table(client)});\n"
            "/** Session-handle methods: JS name -> wire method (`session` is filled in). */\n"
            f"export const SESSION_METHODS = Object.freeze({table(session)});\n"
            "/** Server -> host notifications. */\n"
            f"export const NOTIFICATIONS = Object.freeze({json.dumps(notes)});\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=HERE, help="directory to write sheetd.d.ts and methods.js to")
    ap.add_argument("--spec", default=SPEC, help="the OpenRPC document")
    args = ap.parse_args()
    with open(args.spec, encoding="utf-8") as f:
        spec = json.load(f)
    os.makedirs(args.out, exist_ok=True)
    for name, text in (("sheetd.d.ts", generate_dts(spec)), ("methods.js", generate_methods_js(spec))):
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
