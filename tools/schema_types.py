"""TypeScript declarations of the observations, generated from their JSON Schemas
(docs/schemas), for the browser client's boards: ``tsc --checkJs`` (tools/typecheck) then
types each board's ``obs`` by its game's schema, so reading a key the schema has not
(``obs.you``) is a type error. The page itself loads no types: there is no build step.

    python tools/schema_types.py          # write src/courtly/web/static/js/types/observations.d.ts
    python tools/schema_types.py --check  # exit 1 if the file is not what the schemas give

A union of objects (a card, a known spy, a hidden spy) becomes one object type with every
branch's fields, optional where some branch lacks it: what a board may read from any of them.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schemas"
OUT = ROOT / "src" / "courtly" / "web" / "static" / "js" / "types" / "observations.d.ts"
GAMES = {
    "courtisans": "Courtisans",
    "for_the_king": "ForTheKing",
    "kingdoms": "Kingdoms",
    "tudor": "Tudor",
}
PRIMITIVES = {"integer": "number", "number": "number", "string": "string", "boolean": "boolean"}
PRIMITIVES |= {"null": "null"}


def camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\-]", name))


class Writer:
    def __init__(self, prefix: str, schema: dict[str, Any]) -> None:
        self.prefix = prefix
        self.defs: dict[str, Any] = schema.get("$defs", {})

    def ref(self, ref: str) -> str:
        return self.prefix + camel(ref.rsplit("/", 1)[-1])

    def branches(self, node: dict[str, Any]) -> list[dict[str, Any]]:
        """The object branches of a node (through $ref and oneOf/anyOf), for merging."""
        if "$ref" in node:
            return self.branches(self.defs[node["$ref"].rsplit("/", 1)[-1]])
        subs = node.get("oneOf") or node.get("anyOf")
        if subs:
            return [b for sub in subs for b in self.branches(sub)]
        return [node] if node.get("type") == "object" or "properties" in node else []

    def type(self, node: Any, depth: int = 0) -> str:
        if not isinstance(node, dict) or not node:
            return "any"
        if "$ref" in node:
            return self.ref(node["$ref"])
        if "const" in node:
            return json.dumps(node["const"])
        if "enum" in node:
            return " | ".join(json.dumps(v) for v in node["enum"])
        subs = node.get("oneOf") or node.get("anyOf")
        if subs:
            objects = [s for s in subs if self.branches(s)]
            others = [self.type(s, depth) for s in subs if not self.branches(s)]
            parts = others
            if len(objects) > 1:
                parts = [self.merged([b for s in objects for b in self.branches(s)], depth)]
                parts += others
            elif objects:
                parts = [self.type(objects[0], depth), *others]
            return " | ".join(dict.fromkeys(parts))
        kind = node.get("type")
        if isinstance(kind, list):
            return " | ".join(self.type({**node, "type": k}, depth) for k in kind)
        if kind == "array" or "items" in node or "prefixItems" in node:
            if isinstance(node.get("prefixItems"), list):
                return "[" + ", ".join(self.type(i, depth) for i in node["prefixItems"]) + "]"
            return f"Array<{self.type(node.get('items'), depth)}>"
        if kind == "object" or "properties" in node:
            return self.merged([node], depth)
        return PRIMITIVES.get(str(kind), "any")

    def merged(self, nodes: list[dict[str, Any]], depth: int) -> str:
        fields: dict[str, list[Any]] = {}
        required: list[set[str]] = []
        extra = []
        for node in nodes:
            for name, sub in node.get("properties", {}).items():
                fields.setdefault(name, []).append(sub)
            required.append(set(node.get("required", [])))
            if isinstance(node.get("additionalProperties"), dict):
                extra.append(self.type(node["additionalProperties"], depth + 1))
        always = set.intersection(*required) if required else set()
        pad = "  " * (depth + 1)
        lines = []
        for name, subs in fields.items():
            types = " | ".join(dict.fromkeys(self.type(s, depth + 1) for s in subs))
            key = name if re.fullmatch(r"[A-Za-z_]\w*", name) else json.dumps(name)
            lines.append(f"{pad}{key}{'' if name in always else '?'}: {types};")
        if extra or not fields:
            lines.append(f"{pad}[key: string]: {' | '.join(extra) or 'any'};")
        return "{\n" + "\n".join(lines) + "\n" + "  " * depth + "}"

    def declarations(self, schema: dict[str, Any]) -> list[str]:
        out = [
            f"export type {self.ref(name)} = {self.type(node)};" for name, node in self.defs.items()
        ]
        out.append(f"export type {self.prefix}Observation = {self.type(schema)};")
        return out


def generate() -> str:
    parts = [
        "// Generated by tools/schema_types.py from docs/schemas/*.observation.json: do not edit.",
        "// The observation each board draws, for tsc --checkJs (tools/typecheck).",
        "",
    ]
    for file, prefix in GAMES.items():
        schema = json.loads((SCHEMAS / f"{file}.observation.json").read_text("utf-8"))
        parts.append(f"// --- {schema.get('title', file)} ---")
        parts += Writer(prefix, schema).declarations(schema)
        parts.append("")
    parts += [
        "// What a board is given (boards/index.js): the observation, the legal actions",
        "// left after the selection, each seat's name, the viewer's seat (null: a spectator).",
        "export interface BoardContext<O> {",
        "  game: string;",
        "  observation: O;",
        "  actions: Array<{",
        "    id: number;",
        "    action: { kind: string; [arg: string]: any };",
        "    text: string;",
        "  }>;",
        "  names: string[];",
        "  viewer: number | null | undefined;",
        "}",
        "",
    ]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    text = generate()
    if "--check" in argv:
        if not OUT.exists() or OUT.read_text("utf-8") != text:
            print(
                f"{OUT.relative_to(ROOT)} is not what the schemas give: run tools/schema_types.py"
            )
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
