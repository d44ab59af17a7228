#!/usr/bin/env python3
"""Generates clients/python/sheetd/protocol.py from protocol/openrpc.json.

    python3 clients/python/generate.py             # rewrite sheetd/protocol.py
    python3 clients/python/generate.py --check     # exit 1 if it is not current (the tests run this)

Standard library only. What it writes, so that a type checker knows the whole wire:
- every object schema of ``components.schemas`` a host sends or receives as a ``TypedDict``
  (the wire's own keys: ``{"width": 390, "safeArea": {"top": 47}}``), every other schema as
  an alias (``SheetState = Literal[...]``);
- ``sheet.frame`` as frozen dataclasses with snake_case attributes (``frame.sheet.y``,
  ``frame.scroll.pin_offset_y``), built from the wire by ``Frame.from_wire``;
- per method, ``<Method>Params``: its params as keyword arguments (snake_case; the session
  handle fills in ``session``) and ``<Method>Result``;
- ``SessionMethods`` / ``AsyncSessionMethods``: every session method with typed keyword
  arguments and result (an awaitable of it on asyncio), and the method name tables.
"""
import argparse
import json
import keyword
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "..", "..", "protocol", "openrpc.json")
OUT = os.path.join(HERE, "sheetd", "protocol.py")

#: Client-level Python names that are not the wire name in snake_case.
CLIENT_NAMES = {
    "clock.tick": "tick",
    "clock.runUntilRest": "run_until_rest",
    "session.create": "create_session",
    "session.restore": "restore_session",
    "session.list": "list_sessions",
    "plugins.list": "list_plugins",
    "plugins.load": "load_plugin",
}
#: Session-handle Python names that are not the wire name's last part in snake_case
#: (``frame`` is the handle's last received frame).
SESSION_NAMES = {
    "session.frame": "current_frame",
}
#: Params the client sends for the caller when not given.
DEFAULTS = {"input.tap": {"target": "dimming"}}
#: Params a client method takes in its own form (a session handle as ``parent``).
OWN_PARAMS = {"session.create": {"parent"}}


def pascal(name):
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[^A-Za-z0-9]+", name) if p)


def snake(name):
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    return s + "_" if keyword.iskeyword(s) else s


def comment(text, indent):
    text = " ".join((text or "").split())
    return f"{indent}#: {text}\n" if text else ""


def docstring(text, indent):
    text = " ".join((text or "").split()).replace('"""', "'''").replace("\\", "\\\\")
    return f'{indent}"""{text}"""\n' if text else ""


def resolve(spec, item):
    if "$ref" in item:
        node = spec
        for p in item["$ref"].lstrip("#/").split("/"):
            node = node[p]
        return node
    return item


def ref_name(schema):
    return schema["$ref"].rsplit("/", 1)[1]


class Generator:
    def __init__(self, spec):
        self.spec = spec
        self.schemas = spec["components"]["schemas"]
        self.typed_dicts = []       # (name, props, required, description) in dependency-free order
        self.dataclasses = []       # (name, props, required, description)
        self.named = set()
        # Schemas only the frame uses become dataclasses; the rest are dictionaries.
        self.frame_only = self.reachable_from_frame() - self.reachable_from_inputs()

    # -- which schemas go where --
    def refs(self, schema, seen):
        if isinstance(schema, dict):
            if "$ref" in schema and schema["$ref"].startswith("#/components/schemas/"):
                name = ref_name(schema)
                if name not in seen:
                    seen.add(name)
                    self.refs(self.schemas[name], seen)
            for v in schema.values():
                self.refs(v, seen)
        elif isinstance(schema, list):
            for v in schema:
                self.refs(v, seen)
        return seen

    def reachable_from_frame(self):
        return self.refs(self.schemas["Frame"], {"Frame"})

    def reachable_from_inputs(self):
        seen = set()
        for m in self.spec["methods"]:
            if m["name"] == "sheet.frame":
                continue
            self.refs([resolve(self.spec, p) for p in m.get("params", [])], seen)
            self.refs(m.get("result", {}), seen)
        for name in ("Event", "Diagnostic"):
            self.refs(self.schemas[name], seen.add(name) or seen)
        return seen

    # -- dictionaries (TypedDict) and aliases --
    def py(self, schema, owner):
        """The Python type of a schema, as text; names inline objects after ``owner``."""
        if schema is True or schema == {} or not isinstance(schema, dict):
            return "Any"
        if "$ref" in schema:
            return f"'{ref_name(schema)}'"
        if "const" in schema:
            return f"Literal[{json.dumps(schema['const'])}]"
        if "enum" in schema:
            return "Literal[" + ", ".join(json.dumps(v) for v in schema["enum"]) + "]"
        for key in ("oneOf", "anyOf"):
            if key in schema:
                variants = schema[key]
                return "Union[" + ", ".join(self.py(s, owner + self.variant_name(s, variants, i))
                                            for i, s in enumerate(variants)) + "]"
        if "allOf" in schema:
            return self.py(schema["allOf"][0], owner)
        kind = schema.get("type")
        if isinstance(kind, list):
            inner = [self.py(dict(schema, type=k), owner) for k in kind if k != "null"]
            t = inner[0] if len(inner) == 1 else "Union[" + ", ".join(inner) + "]"
            return f"Optional[{t}]" if "null" in kind else t
        if kind == "integer":
            return "int"
        if kind == "number":
            return "float"
        if kind == "string":
            return "str"
        if kind == "boolean":
            return "bool"
        if kind == "null":
            return "None"
        if kind == "array":
            items = schema.get("items", {})
            if isinstance(items, list):
                return "Tuple[" + ", ".join(self.py(i, owner) for i in items) + "]"
            return f"List[{self.py(items, owner + 'Item')}]"
        if kind == "object" or "properties" in schema:
            if not schema.get("properties"):
                return "Dict[str, Any]"
            self.typed_dict(owner, schema)
            return f"'{owner}'"
        return "Any"

    def variant_name(self, schema, variants, index):
        """A union member's name: its required keys that not every member has (``Height``)."""
        if not isinstance(schema, dict) or "properties" not in schema:
            return str(index + 1)
        common = set.intersection(*[set(v.get("required", [])) for v in variants
                                    if isinstance(v, dict) and "properties" in v])
        own = [k for k in schema.get("required", []) if k not in common]
        return pascal("_".join(own)) if own else str(index + 1)

    def typed_dict(self, name, schema):
        if name in self.named:
            return
        self.named.add(name)
        props = schema.get("properties", {})
        fields = [(k, self.py(v, name + pascal(k)), v.get("description", "") if isinstance(v, dict) else "")
                  for k, v in props.items()]
        self.typed_dicts.append((name, fields, set(schema.get("required", [])), schema.get("description", "")))

    # -- frames (dataclasses) --
    def dc(self, schema, owner):
        """(Python type, a function of the wire expression giving the Python value)."""
        if isinstance(schema, dict) and "$ref" in schema:
            name = ref_name(schema)
            target = self.schemas[name]
            if target.get("type") == "object" and target.get("properties"):
                self.dataclass(name, target)
                return name, lambda e, n=name: f"{n}.from_wire({e})"
            return f"'{name}'", lambda e: e
        if isinstance(schema, dict) and "allOf" in schema:
            return self.dc(schema["allOf"][0], owner)
        if isinstance(schema, dict) and schema.get("type") == "object" and schema.get("properties"):
            self.dataclass(owner, schema)
            return owner, lambda e, n=owner: f"{n}.from_wire({e})"
        if isinstance(schema, dict) and schema.get("type") == "array" and isinstance(schema.get("items"), dict):
            t, conv = self.dc(schema["items"], owner + "Item")
            if conv("x") == "x":
                return f"List[{t}]", lambda e: f"list({e})"
            return f"List[{t}]", lambda e, c=conv: f"[{c('x')} for x in {e}]"
        return self.py(schema, owner), lambda e: e

    def dataclass(self, name, schema):
        if name in self.named:
            return
        self.named.add(name)
        required = set(schema.get("required", []))
        fields = []
        for k, v in schema.get("properties", {}).items():
            t, conv = self.dc(v, name + pascal(k))
            fields.append((k, t, conv, v.get("description", "") if isinstance(v, dict) else ""))
        self.dataclasses.append((name, fields, required, schema.get("description", "")))

    # -- methods --
    def params(self, method, drop=()):
        out = []
        for p in method.get("params", []):
            p = resolve(self.spec, p)
            if p["name"] in drop:
                continue
            schema = p.get("schema", {})
            out.append((p["name"], schema, bool(p.get("required")), p.get("description") or schema.get("description", "")))
        return out

    def is_notification(self, method):
        return any(t.get("name") == "server" for t in method.get("tags", []))

    def is_session_method(self, method):
        if method["name"] in CLIENT_NAMES or self.is_notification(method):
            return False
        return any(resolve(self.spec, p)["name"] == "session" for p in method.get("params", []))

    def generate(self):
        spec = self.spec
        # Frames first: the schemas they use become dataclasses.
        self.dc({"$ref": "#/components/schemas/Frame"}, "Frame")
        aliases = []
        for name, schema in self.schemas.items():
            if name in self.frame_only:
                continue
            if schema.get("type") == "object" and schema.get("properties"):
                self.typed_dict(name, schema)
            else:
                aliases.append((name, self.py({k: v for k, v in schema.items() if k != "description"}, name),
                                schema.get("description", "")))
        methods = []
        client, session = {}, {}
        for m in spec["methods"]:
            if self.is_notification(m):
                continue
            wire = m["name"]
            base = pascal(wire)
            on_session = self.is_session_method(m)
            drop = {"session"} if on_session else set()
            drop |= OWN_PARAMS.get(wire, set())
            fields = []
            for pname, schema, req, desc in self.params(m, drop):
                if pname in DEFAULTS.get(wire, {}):
                    req = False
                fields.append((snake(pname), self.py(schema, base + pascal(pname)), desc))
                if req:
                    fields[-1] = fields[-1] + (True,)
            required = {f[0] for f in fields if len(f) == 4}
            fields = [f[:3] for f in fields]
            self.typed_dicts.append((f"{base}Params", fields, required,
                                     f"`{wire}` params as keyword arguments (snake_case; sent in the wire's camelCase)."))
            self.named.add(f"{base}Params")
            result = m.get("result")
            rtype = self.py(result["schema"], base + "Result") if result else "None"
            if rtype != f"'{base}Result'":
                aliases.append((f"{base}Result", rtype, f"`{wire}` result."))
            methods.append((wire, base, on_session, m.get("summary", "")))
            if on_session:
                short = SESSION_NAMES.get(wire, snake(wire.rsplit(".", 1)[-1]))
                session[short if short not in session else snake(pascal(wire))] = wire
            else:
                client[CLIENT_NAMES.get(wire, snake(pascal(wire)))] = wire
        for name in ("Event", "Diagnostic"):
            self.typed_dict(name, self.schemas[name])
        return self.render(aliases, methods, client, session)

    def render(self, aliases, methods, client, session):
        o = ['"""The sheetd wire as Python types. Generated by clients/python/generate.py from\n'
             'protocol/openrpc.json: do not edit; run the script after changing the spec.\n\n'
             'Dictionaries a host sends (``container=``, ``options=``...) and events it receives are\n'
             '``TypedDict``s with the wire\'s keys; frames are frozen dataclasses with snake_case\n'
             'attributes (``frame.sheet.y``); keyword arguments are snake_case.\n"""\n',
             "from __future__ import annotations\n\n",
             "from dataclasses import dataclass\n",
             "from typing import TYPE_CHECKING, Any, Awaitable, Dict, List, Literal, Mapping, Optional, Tuple, TypedDict, Union, cast\n\n",
             "if TYPE_CHECKING:\n    from typing_extensions import TypeAlias, Unpack\n\n",
             f"#: The protocol version these types describe (``initialize``'s ``protocolVersion``).\n"
             f"PROTOCOL_VERSION = {json.dumps(self.spec['info']['version'])}\n\n"]
        o.append("# ---- Aliases ----\n\n")
        for name, t, desc in aliases:
            o.append(comment(desc, ""))
            o.append(f"{name}: TypeAlias = {t}\n\n")
        o.append("# ---- Dictionaries (wire keys) ----\n\n")
        for name, fields, required, desc in self.typed_dicts:
            req = [f for f in fields if f[0] in required]
            opt = [f for f in fields if f[0] not in required]
            if any(not k.isidentifier() or keyword.iskeyword(k) for k, _, _ in fields):
                # A wire key that is no Python name (`from`): the functional form, in parts.
                parts = []
                for part, members, total in (("Required", req, ""), ("Optional", opt, ", total=False")):
                    if members:
                        body = ", ".join(f"{json.dumps(k)}: {json.dumps(t.strip(chr(39)))}" for k, t, _ in members)
                        o.append(f"_{name}{part} = TypedDict({json.dumps('_' + name + part)}, {{{body}}}{total})\n")
                        parts.append(f"_{name}{part}")
                o.append(f"\n\nclass {name}({', '.join(parts)}):\n")
                o.append(docstring(desc or name, "    "))
                o.append("\n\n")
                continue
            bases = "TypedDict"
            if req and opt:
                o.append(f"class _{name}Required(TypedDict):\n")
                for k, t, d in req:
                    o.append(comment(d, "    ") + f"    {k}: {t}\n")
                o.append("\n\n")
                bases = f"_{name}Required"
            o.append(f"class {name}({bases}{', total=False' if opt else ''}):\n")
            o.append(docstring(desc or name, "    "))
            for k, t, d in (opt if req and opt else fields):
                o.append(comment(d, "    ") + f"    {k}: {t}\n")
            o.append("\n\n")
        o.append("# ---- Frames (dataclasses, snake_case attributes) ----\n\n")
        for name, fields, required, desc in self.dataclasses:
            o.append(f"@dataclass(frozen=True)\nclass {name}:\n")
            o.append(docstring(desc or name, "    "))
            ordered = [f for f in fields if f[0] in required] + [f for f in fields if f[0] not in required]
            for k, t, conv, d in ordered:
                o.append(comment(d, "    "))
                o.append(f"    {snake(k)}: {t}\n" if k in required else f"    {snake(k)}: Optional[{t}] = None\n")
            o.append("\n    @classmethod\n")
            o.append(f"    def from_wire(cls, m: Mapping[str, Any]) -> \"{name}\":\n")
            o.append(f"        \"\"\"The {name} of a wire object (members this version does not know are left out).\"\"\"\n")
            o.append("        return cls(\n")
            for k, t, conv, d in ordered:
                e = conv(f"m[{json.dumps(k)}]")
                if k not in required:
                    e = f"{e} if m.get({json.dumps(k)}) is not None else None"
                o.append(f"            {snake(k)}={e},\n")
            o.append("        )\n\n\n")
        o.append("# ---- Method names ----\n\n")
        table = lambda d: "{\n" + "".join(f"    {json.dumps(k)}: {json.dumps(v)},\n" for k, v in d.items()) + "}"
        o.append(f"#: Client-level methods: Python name -> wire method.\nCLIENT_METHODS: Dict[str, str] = {table(client)}\n\n")
        o.append(f"#: Methods on a session handle: Python name -> wire method (``session`` is added).\n"
                 f"SESSION_METHODS: Dict[str, str] = {table(session)}\n\n\n")
        for cls, doc_text, wrap in (
                ("SessionMethods", "On a blocking session (:class:`sheetd.Session`) each returns the result.", "{}"),
                ("AsyncSessionMethods", "On an asyncio session (:class:`sheetd.AsyncSession`) each returns an "
                 "awaitable of the result.", "Awaitable[{}]")):
            o.append(f"class {cls}:\n")
            o.append(f'    """Every wire method of a session, with its params as typed keyword arguments.\n\n'
                     f'    {doc_text}\n    """\n\n')
            o.append("    def _call(self, method: str, params: Dict[str, Any]) -> Any:\n        raise NotImplementedError\n\n")
            for py, wire in session.items():
                base = pascal(wire)
                summary = next(m for m in methods if m[0] == wire)[3]
                result = wrap.format(f"{base}Result")
                o.append(f"    def {py}(self, **params: Unpack[{base}Params]) -> {result}:\n")
                o.append(docstring(f"``{wire}``: {summary}", "        "))
                defaults = DEFAULTS.get(wire)
                arg = ("{" + "".join(f"{json.dumps(k)}: {json.dumps(v)}, " for k, v in defaults.items()) + "**params}"
                       if defaults else "dict(params)")
                o.append(f"        return cast({json.dumps(result)}, self._call({json.dumps(wire)}, {arg}))\n\n")
            o.append("\n")
        return "".join(o).rstrip() + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if sheetd/protocol.py is not current")
    ap.add_argument("--spec", default=SPEC)
    args = ap.parse_args()
    with open(args.spec, encoding="utf-8") as f:
        text = Generator(json.load(f)).generate()
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{OUT} is not current: run python3 clients/python/generate.py", file=sys.stderr)
                return 1
        return 0
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
