#!/usr/bin/env python3
"""Validate protocol/openrpc.json against the OpenRPC 1.x meta-schema, offline.

Usage: python3 protocol/validate-openrpc.py [META_SCHEMA] [OPENRPC_JSON]

META_SCHEMA defaults to protocol/openrpc-meta-schema.json (a copy of the OpenRPC 1.x
meta-schema, open-rpc/meta-schema, Apache-2.0: see protocol/openrpc-meta-schema.LICENSE);
OPENRPC_JSON defaults to protocol/openrpc.json next to this script. Nothing outside the
repository is read.

The meta-schema is patched before use:
- its `openrpc` enum (filled only at release time) becomes the pattern ^1\\.\\d+\\.\\d+$;
- its `https://meta.json-schema.tools` references point at the Draft-7 meta-schema that
  the `jsonschema` package ships (no network access).
Then, beyond the meta-schema: method names are unique, every param/result schema and every
components schema is a valid Draft-7 schema, every local `$ref` resolves, error codes are
known, notifications (server->host and `exit`) have no result, and every wire name of the
protocol (REQUIRED_METHODS) is present. Finally every line of protocol/examples/*.ndjson must be a
JSON-RPC 2.0 message whose method is documented and whose params match that method's params;
every example pairing's `x-setup` and (when it succeeds) params and result match the schemas; and
every result and server->host notification in protocol/conformance/*.golden.ndjson (what sheetd
really sent) matches its schema.
Exit status 0 when everything holds, 1 otherwise (2 on a usage/setup problem).
"""
import copy
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    print("validate-openrpc: the Python package `jsonschema` is missing; install it with "
          "`apt-get install python3-jsonschema` or `python3 -m pip install jsonschema` (CI does) and run again", file=sys.stderr)
    sys.exit(2)

from jsonschema import Draft7Validator

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_META = os.path.join(HERE, "openrpc-meta-schema.json")
DEFAULT_DOC = os.path.join(HERE, "openrpc.json")
JSON_SCHEMA_TOOLS = "https://meta.json-schema.tools"
DRAFT7_ID = "http://json-schema.org/draft-07/schema"

# Wire names of protocol version 1 (protocol/README.md); more may be added, none removed.
REQUIRED_METHODS = [
    "initialize", "shutdown", "exit", "clock.tick",
    "session.create", "session.destroy", "session.list", "session.snapshot", "session.restore",
    "sheet.present", "sheet.dismiss", "sheet.selectDetent", "sheet.setContentHeight",
    "sheet.setContainer", "nav.push", "nav.pop", "nav.popToRoot", "nav.setStack",
    "input.pan", "input.tap", "input.scroll", "input.keyboard",
    "plugins.list", "plugins.load", "sheet.frame", "sheet.event", "$/diagnostic",
]
NOTIFICATIONS = {"exit", "sheet.frame", "sheet.event", "$/diagnostic"}
KNOWN_CODES = {-32700, -32600, -32601, -32602, -32603, -32001, -32002, -32010, -32011, -32012}


def patched_meta_schema(meta):
    """The meta-schema with the two documented patches applied."""
    meta = copy.deepcopy(meta)
    openrpc = meta["properties"]["openrpc"]
    openrpc.pop("enum", None)
    openrpc["pattern"] = r"^1\.\d+\.\d+$"
    meta["$schema"] = DRAFT7_ID + "#"

    def walk(node):
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(JSON_SCHEMA_TOOLS):
                fragment = ref[len(JSON_SCHEMA_TOOLS):].lstrip("/")
                if fragment.startswith("#/definitions/JSONSchemaObject/properties/"):
                    # The json-schema.tools meta-schema nests its properties one level
                    # deeper than Draft 7 does; same property, Draft-7 location.
                    prop = fragment.rsplit("/", 1)[1]
                    node["$ref"] = DRAFT7_ID + "#/properties/" + prop
                else:
                    node["$ref"] = DRAFT7_ID + "#"
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(meta)
    return meta


def make_validator(meta):
    draft7 = Draft7Validator.META_SCHEMA
    try:  # jsonschema >= 4.18: the `referencing` registry
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT7
        resource = Resource.from_contents(draft7, default_specification=DRAFT7)
        registry = Registry().with_resources([(DRAFT7_ID, resource), (DRAFT7_ID + "#", resource)])
        return Draft7Validator(meta, registry=registry)
    except ImportError:  # older jsonschema: RefResolver with a store
        resolver = jsonschema.RefResolver.from_schema(meta, store={DRAFT7_ID: draft7, DRAFT7_ID + "#": draft7})
        return Draft7Validator(meta, resolver=resolver)


def resolve_pointer(doc, ref):
    if not ref.startswith("#/"):
        raise KeyError(ref)
    node = doc
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def deref(doc, node):
    seen = 0
    while isinstance(node, dict) and set(node) == {"$ref"}:
        node = resolve_pointer(doc, node["$ref"])
        seen += 1
        if seen > 20:
            raise KeyError("reference loop")
    return node


def check(doc, meta):
    problems = []
    validator = make_validator(meta)
    for err in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in err.absolute_path) or "(document)"
        problems.append(f"meta-schema: {where}: {err.message[:300]}")

    # Every local $ref resolves.
    def refs(node, path):
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                try:
                    resolve_pointer(doc, ref)
                except (KeyError, IndexError, ValueError):
                    problems.append(f"{path}: unresolved $ref {ref}")
            for k, v in node.items():
                refs(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                refs(v, f"{path}/{i}")
    refs(doc, "#")

    def check_schema(schema, where):
        try:
            Draft7Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as e:
            problems.append(f"{where}: invalid schema: {e.message[:300]}")

    for name, schema in doc.get("components", {}).get("schemas", {}).items():
        check_schema(schema, f"components/schemas/{name}")

    names = []
    for i, method in enumerate(doc.get("methods", [])):
        try:
            method = deref(doc, method)
        except KeyError as e:
            problems.append(f"methods/{i}: {e}")
            continue
        name = method.get("name", f"#{i}")
        names.append(name)
        pnames = []
        for j, param in enumerate(method.get("params", [])):
            try:
                param = deref(doc, param)
            except KeyError:
                continue  # reported above
            pnames.append(param.get("name"))
            check_schema(param.get("schema", {}), f"{name}: param {param.get('name', j)}")
        if len(pnames) != len(set(pnames)):
            problems.append(f"{name}: duplicate param names {pnames}")
        if "result" in method:
            if name in NOTIFICATIONS:
                problems.append(f"{name}: a notification must not have a result")
            try:
                check_schema(deref(doc, method["result"]).get("schema", {}), f"{name}: result")
            except KeyError:
                pass
        elif name not in NOTIFICATIONS:
            problems.append(f"{name}: a request needs a result")
        for err in method.get("errors", []):
            try:
                code = deref(doc, err).get("code")
            except KeyError:
                continue
            if code not in KNOWN_CODES:
                problems.append(f"{name}: unknown error code {code}")

    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        problems.append(f"duplicate method names: {dupes}")
    missing = [n for n in REQUIRED_METHODS if n not in names]
    if missing:
        problems.append(f"methods of the contract missing: {missing}")
    codes = {e.get("code") for e in doc.get("components", {}).get("errors", {}).values()}
    if codes != KNOWN_CODES:
        problems.append(f"components/errors codes {sorted(codes)} != {sorted(KNOWN_CODES)}")
    return problems, len(names)


def params_schema(doc, method):
    """A Draft-7 schema for a by-name params object of `method`, refs resolvable in `doc`."""
    props, required = {}, []
    for param in method.get("params", []):
        param = deref(doc, param)
        props[param["name"]] = param["schema"]
        if param.get("required"):
            required.append(param["name"])
    schema = {"type": "object", "properties": props, "required": required,
              "additionalProperties": False, "components": doc.get("components", {})}
    return schema


def check_examples(doc, folder):
    problems, count = [], 0
    if not os.path.isdir(folder):
        return problems, count
    methods = {}
    for m in doc.get("methods", []):
        m = deref(doc, m)
        methods[m["name"]] = Draft7Validator(params_schema(doc, m))
    import glob
    for path in sorted(glob.glob(os.path.join(folder, "*.ndjson"))):
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                count += 1
                try:
                    msg = json.loads(line)
                except ValueError as e:
                    problems.append(f"{name}:{n}: not JSON: {e}")
                    continue
                if not isinstance(msg, dict) or msg.get("jsonrpc") != "2.0" or "method" not in msg:
                    problems.append(f"{name}:{n}: not a JSON-RPC 2.0 request or notification")
                    continue
                v = methods.get(msg["method"])
                if v is None:
                    problems.append(f"{name}:{n}: undocumented method {msg['method']}")
                    continue
                for err in v.iter_errors(msg.get("params", {})):
                    where = "/".join(str(p) for p in err.absolute_path) or "params"
                    problems.append(f"{name}:{n}: {msg['method']} {where}: {err.message[:200]}")
    return problems, count


def result_validator(doc, method):
    """A validator of `method`'s result, refs resolvable in `doc`; None for notifications."""
    if "result" not in method:
        return None
    schema = deref(doc, method["result"]).get("schema", {})
    return Draft7Validator({"allOf": [schema], "components": doc.get("components", {})})


def check_method_examples(doc):
    """Every example pairing: its x-setup messages match their methods' params; a successful
    call's params match the method's params and its result the result schema; a server->host
    notification's params match its params."""
    problems, count = [], 0
    methods = {deref(doc, m)["name"]: deref(doc, m) for m in doc.get("methods", [])}
    params_v = {n: Draft7Validator(params_schema(doc, m)) for n, m in methods.items()}
    for name, m in methods.items():
        for ex in m.get("examples", []):
            where = f"{name} example {ex.get('name')!r}"
            for i, msg in enumerate(ex.get("x-setup", [])):
                v = params_v.get(msg.get("method")) if isinstance(msg, dict) else None
                if v is None:
                    problems.append(f"{where}: x-setup[{i}] is not a documented JSON-RPC message")
                    continue
                for err in v.iter_errors(msg.get("params", {})):
                    problems.append(f"{where}: x-setup[{i}] {msg['method']}: {err.message[:200]}")
            if "x-error" in ex:
                continue  # an error example's params are wrong on purpose
            params = {p["name"]: p["value"] for p in ex.get("params", [])}
            for err in params_v[name].iter_errors(params):
                problems.append(f"{where}: params: {err.message[:200]}")
            rv = result_validator(doc, m)
            if rv is not None and "result" in ex:
                for err in rv.iter_errors(ex["result"]["value"]):
                    where_r = "/".join(str(p) for p in err.absolute_path) or "result"
                    problems.append(f"{where}: {where_r}: {err.message[:200]}")
            count += 1
    return problems, count


def check_goldens(doc, folder):
    """What sheetd really sent in the conformance goldens matches the schemas: every result
    its method's result schema, every server->host notification its params."""
    import glob
    problems, count = [], 0
    methods = {deref(doc, m)["name"]: deref(doc, m) for m in doc.get("methods", [])}
    notif_v = {n: Draft7Validator(params_schema(doc, methods[n])) for n in ("sheet.frame", "sheet.event", "$/diagnostic")}
    result_v = {n: result_validator(doc, m) for n, m in methods.items()}
    for golden in sorted(glob.glob(os.path.join(folder, "*.golden.ndjson"))):
        base = os.path.basename(golden)
        method_of = {}
        with open(golden[:-len(".golden.ndjson")] + ".ndjson", encoding="utf-8") as f:
            for line in f:
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                for m in msg if isinstance(msg, list) else [msg]:
                    if isinstance(m, dict) and "id" in m and isinstance(m.get("method"), str):
                        method_of[json.dumps(m["id"])] = m["method"]
        with open(golden, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                msg = json.loads(line)
                for m in msg if isinstance(msg, list) else [msg]:
                    count += 1
                    if m.get("method") in notif_v:
                        for err in notif_v[m["method"]].iter_errors(m.get("params")):
                            where = "/".join(str(p) for p in err.absolute_path) or "params"
                            problems.append(f"{base}:{n}: {m['method']} {where}: {err.message[:200]}")
                    elif "result" in m:
                        v = result_v.get(method_of.get(json.dumps(m.get("id"))))
                        for err in (v.iter_errors(m["result"]) if v else []):
                            where = "/".join(str(p) for p in err.absolute_path) or "result"
                            problems.append(f"{base}:{n}: {method_of[json.dumps(m['id'])]} {where}: {err.message[:200]}")
    return problems, count


def main(argv):
    if len(argv) > 3 or any(a in ("-h", "--help") for a in argv[1:]):
        print(__doc__.strip())
        return 2
    meta_path = argv[1] if len(argv) > 1 else DEFAULT_META
    doc_path = argv[2] if len(argv) > 2 else DEFAULT_DOC
    try:
        with open(meta_path, encoding="utf-8") as f:
            meta = json.load(f)
        with open(doc_path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print(f"validate-openrpc: {e}", file=sys.stderr)
        print("usage: validate-openrpc.py [META_SCHEMA] [OPENRPC_JSON] "
              "(the meta-schema defaults to protocol/openrpc-meta-schema.json)", file=sys.stderr)
        return 2
    problems, count = check(doc, patched_meta_schema(meta))
    example_problems, lines, pairings, golden_messages = [], 0, 0, 0
    if not problems:
        example_problems, lines = check_examples(doc, os.path.join(os.path.dirname(os.path.abspath(doc_path)), "examples"))
        problems += example_problems
        pairing_problems, pairings = check_method_examples(doc)
        golden_problems, golden_messages = check_goldens(doc, os.path.join(os.path.dirname(os.path.abspath(doc_path)), "conformance"))
        problems += pairing_problems + golden_problems
    for p in problems:
        print(f"FAIL {p}")
    if problems:
        print(f"{doc_path}: {len(problems)} problem(s)")
        return 1
    print(f"OK {doc_path}: OpenRPC {doc.get('openrpc')}, {count} methods, valid against {meta_path}; "
          f"{lines} example lines match their methods' params; {pairings} successful example pairings and "
          f"{golden_messages} messages of the conformance goldens match their schemas")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
