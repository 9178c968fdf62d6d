"""The terminal: a Kingdoms observation drawn with rich (``courtly play kingdoms``), and the
``?`` help for the decision at hand. Seats read from 1, as people count them.

The two kingdoms stand side by side so a whole position fits an 80 x 24 terminal. Labels and
help come from the catalogue, in the language the front chose (``courtly.core.i18n``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from courtly.core.i18n import current_language, seat_text, wrap
from courtly.games.kingdoms.data import SLOT_KEYS
from courtly.games.kingdoms.words import TEXTS


def _t(key: str, **fields: Any) -> str:
    return TEXTS.text(key, current_language(), **fields)


SUIT_STYLE = {"S": "bold white", "H": "bold red", "C": "bold green", "D": "bold yellow"}
SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def card_text(name: str | None) -> Text:
    if name is None:
        return Text("·", style="dim")
    if name.startswith("X"):
        return Text("Jk" + name[1:], style="bold magenta")
    if name == "~":
        return Text("▒▒", style="dim")
    army = name.startswith("~")
    core = name[1:] if army else name
    suit = core[-1]
    text = Text(core[:-1] + SYMBOL.get(suit, suit), style=SUIT_STYLE.get(suit, ""))
    if army:
        text = Text("[") + text + Text("]")
    return text


def cards_text(names: list[str]) -> Text:
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(" ")
        out.append_text(card_text(name))
    return out or Text("—", style="dim")


def _seat_panel(obs: Mapping[str, Any], q: int) -> Panel:
    seat = obs["players"][q]
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key in reversed(SLOT_KEYS):
        member = seat["court"][key]
        table.add_row(
            _t(f"term.slot.{key}"), card_text(member) + Text(" ") + cards_text(seat["rows"][key])
        )
    army = seat["army"]
    table.add_row(
        _t("view.army"),
        cards_text(army) if isinstance(army, list) else Text(_t("view.face_down", n=army)),
    )
    table.add_row(
        _t("view.jester"),
        card_text(seat["jester"]) + Text(f"  {_t('view.treaty')} ") + card_text(seat["treaty"]),
    )
    if seat["limbo"]:
        table.add_row(_t("view.placing"), cards_text(seat["limbo"]))
    hand = seat["hand"]
    table.add_row(
        _t("view.hand"),
        cards_text(hand) if isinstance(hand, list) else Text(_t("view.cards", n=hand)),
    )
    if seat.get("hand_seen_by_opponent"):
        table.add_row(_t("view.seen"), cards_text(seat["hand_seen_by_opponent"]))
    table.add_row(_t("view.peasant"), cards_text(seat["peasant"][-5:]))
    table.add_row(
        _t("view.glory"),
        cards_text(seat["glory"]) + Text(f" = {seat['glory_total']}", style="bold"),
    )
    title = seat_text(q, current_language()).capitalize()
    if obs.get("viewer") == q:
        title += f" ({_t('view.you')})"
    if obs["turn"] == q and obs.get("end") is None:
        title += f" ◀ {_t('view.turn_mark')}"
    return Panel(table, title=title, padding=(0, 1))


def end_text(end: Mapping[str, Any]) -> str:
    seat = None if end.get("seat") is None else seat_text(end["seat"], current_language())
    return _t(f"view.end.{end['reason']}", seat=seat)


def _header(obs: Mapping[str, Any]) -> Text:
    lang = current_language()
    if obs.get("end") is not None:
        scores = obs["scores"]
        glory = TEXTS.text("term.separator", lang).join(
            TEXTS.text("view.score", lang, seat=seat_text(p, lang), n=f"{v:g}")
            for p, v in enumerate(scores)
        )
        return Text(
            _t(
                "view.header.over",
                end=end_text(obs["end"]),
                turns=obs["turns_played"],
                scores=glory,
            ),
            style="bold",
        )
    decision = obs["decision"]["name"]
    fields = {
        "turn": obs["turns_played"] + 1,
        "limit": obs["turn_limit"],
        "phase": _t(f"phase.{obs['phase']}"),
        "seat": seat_text(obs["to_act"], lang),
    }
    if decision == obs["phase"]:  # the phase's own decision: named once
        return Text(_t("view.header.turn_phase", **fields))
    return Text(_t("view.header.turn", decision=_t(f"phase.{decision}"), **fields))


def render(obs: Mapping[str, Any]) -> Any:
    viewer = obs.get("viewer")
    order = [1 - viewer, viewer] if viewer in (0, 1) else [0, 1]
    kingdoms = Table.grid(expand=True)
    kingdoms.add_column(ratio=1)
    kingdoms.add_column(ratio=1)
    kingdoms.add_row(_seat_panel(obs, order[0]), _seat_panel(obs, order[1]))
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    pending = obs["decision"]
    if "a" in pending:
        detail = ", ".join(str(pending[k]) for k in ("a", "b") if pending[k] not in (0, None))
        name = _t(f"phase.{pending['name']}")
        table.add_row(_t("view.pending"), Text(f"{name} {detail}".strip()))
    deck = Text(_t("view.cards", n=obs["deck"]))
    if "deck_top" in obs:
        deck += Text(f"; {_t('view.deck_top')}: ") + card_text(obs["deck_top"])
    table.add_row(_t("view.draw_pile"), deck)
    table.add_row(_t("view.discard"), cards_text(obs["discard"][-8:]))
    if obs["aside"]:
        table.add_row(_t("view.face_up"), cards_text(obs["aside"]))
    return Group(_header(obs), kingdoms, table)


def explain(obs: Mapping[str, Any]) -> str:
    """What the current decision means (the terminal's ``?``)."""
    end = obs.get("end")
    if end is not None:
        return _wrap(_t("explain.over", end=end_text(end)))
    name = obs["decision"]["name"]
    lang = current_language()
    text = TEXTS.lookup(f"explain.task.{name}", lang) or TEXTS.lookup(f"explain.phase.{name}", lang)
    goal = _t("explain.goal")
    return _wrap(f"{text}\n{goal}" if text else goal)


def _wrap(text: str) -> str:
    """Lines of at most 78 characters; a wrapped choice line keeps its indent."""
    out = []
    for line in text.splitlines():
        indent = " " * (len(line) - len(line.lstrip()) + (4 if line.startswith(" ") else 2))
        out.extend(wrap(line, 78, subsequent_indent=indent))
    return "\n".join(out)
