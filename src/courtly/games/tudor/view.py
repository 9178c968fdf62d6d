"""Terminal views of an observation (``courtly play tudor``): ``render`` draws the table in 80
columns; given a height (``options.height``, the lines the choices leave on a short screen) it
draws a compact table (the Throne Room, the supplies, the chambers without their headings and
what is behind your screen; the players' table is in the ``?`` help, which draws the whole
table); ``explain`` is the ``?`` help (the decision's rules, what its actions do, and a legend
of the symbols), in the reader's language (texts: the game's catalogue, locales/; the Korean
words are the Korean rules v15's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text

from courtly.core.actions import Action, ChoiceGrid
from courtly.core.i18n import current_language, seat_text, using
from courtly.core.screen import FittedView
from courtly.games.tudor.board import BOARDS
from courtly.games.tudor.data import (
    CHAMBER_ACTIONS,
    CHAMBER_NAMES,
    LETTERS,
    OFFICE_NAMES,
    SCORING_CARDS,
    WIVES,
)
from courtly.games.tudor.words import TEXTS

STYLE: Final = {
    "blue": "bold blue",
    "green": "bold green",
    "red": "bold red",
    "yellow": "bold yellow",
    "brown": "bold dark_orange3",
    "grey": "bold grey62",
    "purple": "bold magenta",
}
SEAT_STYLE: Final = (
    "bold white on red",
    "bold black on yellow",
    "bold white on blue",
    "bold black on green",
)
# The markers a Throne Room space may hold, each drawn as its glyph (``view.glyph.*``).
MARKERS: Final = ("influence", "intrigue", "opportunity")


def _t(key: str, **fields: object) -> str:
    """A text of the view in the reader's language."""
    return TEXTS.text(key, current_language(), **fields)


def _glyph(name: str) -> str:
    """A symbol of the grid in the reader's language (``view.glyph.*``). Korean terminals draw
    the East Asian "ambiguous" signs (◆, the middle dot) two columns wide where rich counts
    one, which pushed the Throne Room's columns apart: the Korean catalogue gives signs one
    column wide in every terminal."""
    return _t(f"view.glyph.{name}")


def _marker(marker: str | None) -> str:
    return " " if marker is None else _glyph(marker)


def _abbrev(name: str) -> str:
    """A faction's two-cell mark: BL, GN... (파, 초... in Korean)."""
    return _t(f"view.faction.{name}")


def _seat(p: int | None) -> Text:
    if p is None:
        return Text(_glyph("empty"), style="dim")
    return Text(f"P{p + 1}", style=SEAT_STYLE[p % 4])


def _seat_named(p: int) -> Text:
    """A seat as the header and the log name it ("seat 1", "1번 자리"), in its P-mark's
    colours (the players' table, where there is room for the words)."""
    return Text(seat_text(p, current_language()), style=SEAT_STYLE[p % 4])


def _faction(name: str | None, text: str | None = None) -> Text:
    if name is None:
        return Text(text or "--", style="dim")
    return Text(text or _abbrev(name), style=STYLE[name])


def _counts(counts: Mapping[str, int], zeros: bool = False) -> Text:
    """Counts by faction, "BL2 RD1" (no space after: a caller's separator follows), "-" for
    none."""
    parts = [_faction(name, f"{_abbrev(name)}{k}") for name, k in counts.items() if k or zeros]
    return Text(" ").join(parts) if parts else Text("-")


def _lines(parts: Sequence[str], width: int) -> str:
    """``parts`` two spaces apart, a new line where the next would not fit ``width``: the
    header breaks between its parts (the round, who decides, the bag), never inside one
    ("회의실 액션하기" split over two lines at 60 columns)."""
    lines: list[str] = []
    for part in parts:
        if lines and cell_len(lines[-1]) + 2 + cell_len(part) <= width:
            lines[-1] += "  " + part
        else:
            lines.append(part)
    return "\n".join(lines)


def _header(obs: Mapping[str, Any], width: int, compact: bool = False) -> Text:
    cards = obs["cards_in_play"]
    rnd = obs["round"]
    first = len(WIVES) - obs["rounds"]
    wife = _t(f"term.wife.{first + rnd}") if rnd >= 1 else _t("view.setting_up")
    who = obs["to_act"]
    phase = _t(f"phase.{obs['phase']}")
    # The seat named as the log names it ("seat 1", "1번 자리"), as the other games' headers do.
    seat = None if who is None else seat_text(who, current_language())
    parts = [
        _t("view.header", round=rnd, rounds=obs["rounds"], wife=wife).strip(),
        _t("view.game_over") if seat is None else _t("view.decides", seat=seat, phase=phase),
    ]
    if not compact:  # compact: the bag stands with the supplies, the scoring cards in ? help
        parts.append(_t("view.bag", count=obs["bag_count"]).strip())
    text = Text(_lines(parts, width), style="bold")
    if compact:
        return text
    text.append("\n")
    named = [
        _t(
            "view.card",
            colour=_t(f"term.card_colour.{SCORING_CARDS[c].colour}"),
            number=c,
            name=_t(f"term.scoring.{c}"),
        )
        for c in cards["scoring"]
    ]
    scenario = cards["scenario"]
    named.append(
        _t(
            "view.card",
            colour=_t("term.card_colour.blue"),
            number=scenario,
            name=_t(f"term.scenario.{scenario}"),
        )
    )
    text.append(", ".join(named), style="dim")
    return text


def _throne_room(obs: Mapping[str, Any]) -> Text:
    columns = obs["throne_room"]
    tallest = max(len(c["tokens"]) for c in columns)
    text = Text(_t("view.row"))
    text.append("".join(f"  {i + 1}   " for i in range(len(columns))).rstrip(), style="bold")
    text.append(_t("view.office_row"))
    for c in columns:
        text.append("  ")
        office = c["office"]
        text.append_text(
            _seat(office) if office is not None else Text(_glyph("empty") + " ", "dim")
        )
        text.append("  ")
    for row in range(tallest, 0, -1):
        text.append(f"\n{row:>3} ")
        for c in columns:
            if row > len(c["tokens"]):
                text.append("      ")
                continue
            text.append_text(_faction(c["tokens"][row - 1]))
            text.append(_marker(c["markers"][row - 1]))
            courtier = c["courtiers"][row - 1]
            text.append_text(_seat(courtier) if courtier is not None else Text("  "))
            text.append(" ")
    return text


def _supplies(obs: Mapping[str, Any], compact: bool = False) -> Text:
    text = Text(_t("view.card_supply"), style="bold")
    text.append_text(_counts(obs["court_card_supply"], zeros=True))
    text.append(_t("view.ring_stand"), style="bold")
    text.append_text(_counts(obs["ring_stand"]))
    out = obs["removed_tokens"]
    if any(out.values()):
        text.append(_t("view.tokens_out"), style="bold")
        text.append_text(_counts(out))
    if compact:
        text.append("\n" + _t("view.bag", count=obs["bag_count"]).strip(), style="bold")
    return text


def _chambers(obs: Mapping[str, Any], compact: bool = False) -> Table:
    table = Table.grid(padding=(0, 1))
    heads = ("view.chamber", "view.chairs", "view.bench", "view.lords")
    for _ in heads:
        table.add_column(overflow="fold")
    if not compact:
        table.add_row(*(Text(_t(h), style="bold") for h in heads))
    for ch in range(3):
        letters = "/".join(LETTERS[x] for x in CHAMBER_ACTIONS[ch])
        chairs = Text()
        for seat, behind in zip(obs["chairs"][ch], obs["behind_chairs"][ch], strict=True):
            chairs.append_text(_seat(seat))
            chairs.append("* " if behind and seat is not None else "  ")
        bench = Text(" ").join(_seat(p) for p in obs["benches"][ch]) or Text("-")
        lords = Text()
        for p, player in enumerate(obs["players"]):
            if player["lord"] == CHAMBER_NAMES[ch]:
                lords.append_text(_seat(p))
                lords.append("* " if player["lord_acted"] else "  ")
        name = _t(f"view.chamber.{CHAMBER_NAMES[ch]}")
        table.add_row(f"{name:<3} {letters}", chairs, bench, lords or Text("-"))
    return table


def _players(obs: Mapping[str, Any]) -> Table:
    table = Table.grid(padding=(0, 1))
    for _ in range(7):
        table.add_column(overflow="fold")
    heads = ("seat", "points", "rings", "screen", "spent", "supply", "abroad")
    table.add_row(*(Text(_t(f"view.{h}"), style="bold") for h in heads))
    for p, player in enumerate(obs["players"]):
        rings = Text()
        for r in player["rings"]:
            rings.append(_t(f"view.finger.{r['finger']}") + ":")
            rings.append_text(_faction(r["ring"]))
            rings.append(" ")
        screen = obs["screens"][p]
        label = _seat_named(p)
        if obs["start_player"] == p:
            label.append(_t("view.start"))
        spent = _counts(player["spent_tokens"])
        table.add_row(
            label,
            str(player["prestige"]),
            rings or Text("-"),
            f"{screen['cards']}/{screen['court_tokens']}/{screen['influence_intrigue']}",
            spent,
            str(player["courtiers_in_supply"]),
            str(player["ambassadors"]),
        )
    return table


def _own(obs: Mapping[str, Any]) -> Text:
    mine = obs.get("behind_screen")
    if not mine:
        return Text(_t("view.spectator"), style="dim")
    text = Text(_t("view.your_screen"))
    text.append_text(_counts(mine["cards"]))
    text.append(_t("view.tokens"))
    text.append_text(_counts(mine["court_tokens"]))
    text.append(_t("view.round_tokens", influence=mine["influence"], intrigue=mine["intrigue"]))
    if mine["opportunity"]:
        text.append(_t("view.opportunity", opportunity=mine["opportunity"]))
    return text


def _decision(obs: Mapping[str, Any]) -> Text:
    d = obs["decision"]
    text = Text(_t("view.now", phase=_t(f"phase.{obs['phase']}")), style="bold")
    if obs["phase"] in ("select", "destination", "step", "pay"):
        move = d["movement"]
        kind = _t(f"view.move.{move[0]}")
        text.append(_t("view.movement", kind=kind, left=move[2], made=move[3]))
    if d["pending_rings"]:
        rings = ", ".join(_t(f"term.faction.{r}") for r in d["pending_rings"])
        text.append(_t("view.rings_to_place", rings=rings))
    # No "(? explains)" here: the view is drawn where no key can be pressed too (``courtly
    # replay --as``, the review); ``courtly play`` names its keys, ``?`` with them, itself.
    return text


def _whole(obs: Mapping[str, Any], width: int, compact: bool) -> Group:
    top = Table.grid(padding=(0, 2))
    top.add_column(no_wrap=True)
    top.add_column(overflow="fold")
    top.add_row(_throne_room(obs), _supplies(obs, compact))
    if compact:
        return Group(
            _header(obs, width, compact=True), top, _chambers(obs, compact=True), _own(obs)
        )
    return Group(_header(obs, width), top, _chambers(obs), _players(obs), _own(obs), _decision(obs))


def render(observation: Mapping[str, Any]) -> FittedView:
    """The whole table; on a screen short of lines (``courtly.core.screen``), the compact one
    (no players' table, no scoring cards, no decision line: the ``?`` help draws the whole
    table)."""
    return FittedView(lambda width, compact: _whole(observation, width, compact=compact))


def choice_grid(
    observation: Mapping[str, Any], legal: Sequence[Action], lang: str
) -> ChoiceGrid | None:
    """Throne Room spaces (``select``, ``to``, ``recall``: up to 34 at 4 players) as the Throne
    Room is drawn: a row per height, top first, a column per column, in each cell the number of
    the choice on that space."""
    spaces = [a for a in legal if a.kind in ("select", "to", "recall")]
    if len(spaces) < 2 or len({a.kind for a in spaces}) > 1:
        return None
    cells: dict[tuple[int, int], int] = {}
    for action in spaces:
        column, row = map(int, str(action.arg("space")).split("-"))
        cells[row, column] = action.id
    columns = range(1, max(c for _, c in cells) + 1)
    rows = tuple(
        (str(row), tuple(cells.get((row, column)) for column in columns))
        for row in sorted({r for r, _ in cells}, reverse=True)
    )
    phase = str(observation.get("phase"))
    with using(lang):
        if phase == "swap_first":  # Persistent Courtiers' swap: Court Tokens, not Courtiers
            corner = _t("view.grid.swap_first")
        elif phase == "swap_second":
            first = BOARDS[int(observation["num_players"])].label(
                int(observation["decision"]["aux"])
            )
            corner = _t("view.grid.swap_second", space=first)
        else:
            corner = _t(f"view.grid.{spaces[0].kind}")
    return ChoiceGrid(corner, tuple(map(str, columns)), rows)


def explain(observation: Mapping[str, Any]) -> str:
    """The ``?`` help: what the current decision is, what its actions do, the symbols."""
    return _explained(str(observation["phase"]), current_language())


def rules(observation: Mapping[str, Any]) -> str:
    """The help without the terminal's legend (P1-P4, BL GN RD..., finger:colour): a board
    drawn in the browser has none of those symbols."""
    return _phase_rules(str(observation["phase"]), current_language())


@lru_cache(maxsize=256)
def _explained(phase: str, lang: str) -> str:
    """The help of a phase in ``lang``, made once: it depends on nothing else. Two paragraphs
    without line breaks of their own, as the other games' help: the terminal's panel wraps
    them to its width in cells and the browser to its own (lines broken here at 78 columns
    made ragged lines on a phone). Made in ``lang`` itself, so the text always matches the
    key it is kept under."""
    with using(lang):
        offices = ", ".join(
            _t("view.office_column", column=i + 1, office=_t(f"term.office.{i + 1}"))
            for i in range(len(OFFICE_NAMES))
        )
        glyphs = {name: _glyph(name) for name in MARKERS}
        legend = _t("view.legend", offices=offices, **glyphs)
        return _phase_rules(phase, lang) + "\n\n" + legend


@lru_cache(maxsize=256)
def _phase_rules(phase: str, lang: str) -> str:
    """The rules of a phase and what its actions do, in ``lang`` (made once, as above)."""
    with using(lang):
        key = f"explain.{phase}"
        return _t(key) if TEXTS.has(key) else _t("explain.unknown", phase=_t(f"phase.{phase}"))
