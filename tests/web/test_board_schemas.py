"""The boards against the observation schemas (docs/schemas, the contract the boards draw):
every observation path a board reads exists in its game's schema, so a renamed key (a board
reading ``obs.you`` where the observation has ``behind_screen``) fails here; and every
top-level field of the schema is either read by the board or listed in the board's
a comment ``// @details KEY: reason`` with the reason it is shown only under "details".

A board reads ``obs.a.b`` (``?.`` as well), or through a name declared in a comment of the
board, ``// @obs p = players[]``: then ``p.rings`` reads ``players[].rings``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parents[2]
BOARDS = ROOT / "src" / "courtly" / "web" / "static" / "js" / "boards"
SCHEMAS = ROOT / "docs" / "schemas"
GAMES = {
    "courtisans": "courtisans",
    "tudor": "tudor",
    "for-the-king": "for_the_king",
    "kingdoms": "kingdoms",
}
ALIAS = re.compile(r"^\s*// @obs (\w+) = ([\w.\[\]]+)\s*$", re.M)
# What JavaScript itself answers on an array, a string or an object: not observation keys.
JS_MEMBERS = {
    "map", "filter", "forEach", "some", "every", "find", "includes", "indexOf", "join",
    "slice", "length", "concat", "flat", "reduce", "split", "startsWith", "endsWith",
    "toString", "entries", "keys", "values",
}  # fmt: skip
# The envelope every observation has is drawn by the table page itself (table.js: the title,
# whose turn, the phase, the seats bar with each seat's score), not by a board.
ENVELOPE = {"game", "viewer", "num_players", "to_act", "phase", "scores"}
DETAILS = re.compile(r"^\s*// @details (\w+): (.{12,})$", re.M)


def schema(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCHEMAS / f"{GAMES[game]}.observation.json").read_text())
    return data


def branches(node: Any, root: dict[str, Any]) -> list[dict[str, Any]]:
    """The schema node and, through $ref, oneOf/anyOf/allOf, every node it may be."""
    if not isinstance(node, dict):
        return []
    out = [node]
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        out += branches(root["$defs"][ref.split("/")[-1]], root)
    for key in ("oneOf", "anyOf", "allOf"):
        for sub in node.get(key, []):
            out += branches(sub, root)
    return out


def step(nodes: list[dict[str, Any]], name: str, root: dict[str, Any]) -> list[dict[str, Any]]:
    """The nodes one step down: ``[]`` an array's items, else a property."""
    found: list[dict[str, Any]] = []
    for node in nodes:
        if name == "[]":
            items = node.get("items")
            found += branches(items, root) if isinstance(items, dict) else []
        elif name in node.get("properties", {}):
            found += branches(node["properties"][name], root)
        elif isinstance(node.get("additionalProperties"), dict):
            found += branches(node["additionalProperties"], root)
    return found


def path_exists(root: dict[str, Any], path: list[str]) -> bool:
    nodes = branches(root, root)
    for name in path:
        nodes = step(nodes, name, root)
        if not nodes:
            return False
    return True


def split_path(text: str) -> list[str]:
    return [part for part in re.split(r"\.|(?=\[\])", text) if part]


def reads(source: str) -> set[tuple[str, ...]]:
    """Every observation path the board's code reads (up to the first JavaScript member)."""
    code = re.sub(r"(?m)^\s*//.*$", "", source)
    names: dict[str, list[str]] = {"obs": []} | {
        name: split_path(path) for name, path in ALIAS.findall(source)
    }
    found: set[tuple[str, ...]] = set()
    pattern = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, names)) + r")((?:\??\.\w+)+)")
    for match in pattern.finditer(code):
        path = list(names[match.group(1)])
        for key in re.findall(r"\w+", match.group(2)):
            if key in JS_MEMBERS:
                break
            path.append(key)
        if path:
            found.add(tuple(path))
    return found


def left_to_details(source: str) -> dict[str, str]:
    return dict(DETAILS.findall(source))


def board_source(game: str) -> str:
    return (BOARDS / f"{game}.js").read_text("utf-8")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_path_a_board_reads_is_in_the_schema(game: str) -> None:
    root = schema(game)
    found = reads(board_source(game))
    assert len(found) >= 10, f"{game}: too few reads found ({sorted(found)})"
    missing = sorted(".".join(p) for p in found if not path_exists(root, list(p)))
    assert missing == [], f"{game}.js reads keys its observation schema does not have: {missing}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_field_of_the_schema_is_drawn_or_left_to_details(game: str) -> None:
    root = schema(game)
    source = board_source(game)
    drawn = {path[0] for path in reads(source)} | ENVELOPE
    details = left_to_details(source)
    fields = set(root["properties"])
    assert sorted(set(details) - fields) == [], f"{game}: @details names no field"
    assert sorted(set(details) & (drawn - ENVELOPE)) == [], f"{game}: drawn and left to details"
    assert sorted(fields - drawn - set(details)) == [], f"{game}: neither drawn nor listed"


def test_the_check_finds_a_renamed_key() -> None:
    sample = "// @obs p = players[]\nconst you = obs.you;\nconst a = obs.turn?.pending_kill.seat;\n"
    sample += "const r = p.rings.map((x) => x);\n"
    found = reads(sample)
    assert found == {("you",), ("turn", "pending_kill", "seat"), ("players", "[]", "rings")}
    assert not path_exists(schema("tudor"), ["you"])
    assert path_exists(schema("tudor"), ["behind_screen", "cards", "blue"])
    assert path_exists(schema("tudor"), ["players", "[]", "rings"])
    assert path_exists(schema("courtisans"), ["turn", "pending_kill", "seat"])
    assert not path_exists(schema("courtisans"), ["pending_kill"])
