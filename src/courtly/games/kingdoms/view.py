"""The terminal: a Kingdoms observation drawn with rich (``courtly play kingdoms``), and the
``?`` help for the decision at hand. Seats read from 1, as people count them.

The two kingdoms stand side by side so a whole position fits an 80 x 24 terminal. Labels and
help come from the catalogue, in the language the front chose (``courtly.core.i18n``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from courtly.core.actions import Action, ChoiceGrid
from courtly.core.i18n import current_language, seat_text, using
from courtly.core.screen import FittedView
from courtly.games.kingdoms.data import SLOT_KEYS
from courtly.games.kingdoms.words import SUIT_SYMBOLS, TEXTS, card_words


def _t(key: str, **fields: Any) -> str:
    return TEXTS.text(key, current_language(), **fields)


SUIT_STYLE: Final = {"S": "bold white", "H": "bold red", "C": "bold green", "D": "bold yellow"}
# The Discard pile's cards a line shows, the last ones: a longer pile is counted, and on a
# short screen, where the Discard shares the Draw pile's line, counted with fewer cards.
DISCARD_SHOWN: Final = 8
DISCARD_SHOWN_COMPACT: Final = 5


def card_style(code: str) -> str:
    """A card's colour on the board, by its suit (a Joker's its own)."""
    if code.startswith("X"):
        return "bold magenta"
    return SUIT_STYLE.get(code[-1], "")


def card_text(name: str | None) -> Text:
    if name is None:
        return Text("·", style="dim")
    if name.startswith("X"):
        return Text("Jk" + name[1:], style=card_style(name))
    if name == "~":
        return Text("▒▒", style="dim")
    army = name.startswith("~")
    core = name[1:] if army else name
    suit = core[-1]
    text = Text(core[:-1] + SUIT_SYMBOLS.get(suit, suit), style=card_style(core))
    if army:
        text = Text("[") + text + Text("]")
    return text


def named_text(code: str) -> Text:
    """A card named in a line of words (the pending decision's): its words in the current
    language, as the log names it ("9♦", "Jk2"; "다이아몬드 9"), in the board's colours."""
    return Text(card_words(code, current_language()), style=card_style(code))


def cards_text(names: list[str]) -> Text:
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(" ")
        out.append_text(card_text(name))
    return out or Text("—", style="dim")


def _seat_panel(obs: Mapping[str, Any], q: int, compact: bool = False) -> Panel:
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
    glory = seat["glory"]
    # A short screen shows the last five (the ? help, all): a line each kingdom.
    shown = cards_text(glory[-5:]) if compact and len(glory) > 5 else cards_text(glory)
    if shown.plain != cards_text(glory).plain:
        shown = Text("… ") + shown
    table.add_row(_t("view.glory"), shown + Text(f" = {seat['glory_total']}", style="bold"))
    title = seat_text(q, current_language()).capitalize()
    if obs.get("viewer") == q:
        title += f" ({_t('view.you')})"
    # Whose turn it is; the opening duel, before anyone has a turn, marks the seat playing
    # its duel card (``turn`` is still the first seat then, whichever seat decides).
    marked = obs["to_act"] if obs["phase"] == "duel" else obs["turn"]
    if marked == q and obs.get("end") is None:
        title += f" ◀ {_t('view.turn_mark')}"
    return Panel(table, title=title, padding=(0, 0 if compact else 1))


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


def render(obs: Mapping[str, Any]) -> FittedView:
    """The whole view; on a screen short of lines (``courtly.core.screen``), the draw pile and
    the discard pile share a line."""
    return FittedView(lambda width, compact: _drawn(obs, compact=compact))


def _drawn(obs: Mapping[str, Any], compact: bool) -> Group:
    viewer = obs.get("viewer")
    order = [1 - viewer, viewer] if viewer in (0, 1) else [0, 1]
    kingdoms = Table.grid(expand=True)
    kingdoms.add_column(ratio=1)
    kingdoms.add_column(ratio=1)
    kingdoms.add_row(_seat_panel(obs, order[0], compact), _seat_panel(obs, order[1], compact))
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    pending = obs["decision"]
    if "a" in pending:
        # A card argument (the Subject being moved, the attacking Army card...) by its words;
        # a number there is the engine's own handle (a slot, a declaration, a round's code),
        # nothing a player reads, so it is left out.
        details = [pending[k] for k in ("a", "b") if isinstance(pending[k], str)]
        line = Text(_t(f"phase.{pending['name']}"))
        for i, detail in enumerate(details):
            line.append(", " if i else " ")
            line.append_text(named_text(detail))
        table.add_row(_t("view.pending"), line)
    deck = Text(_t("view.cards", n=obs["deck"]))
    if "deck_top" in obs:
        deck += Text(f"; {_t('view.deck_top')}: ") + card_text(obs["deck_top"])
    discard = discard_text(obs["discard"], compact)
    if compact:
        deck += Text(f"  {_t('view.discard')} ", style="bold") + discard
        table.add_row(_t("view.draw_pile"), deck)
    else:
        table.add_row(_t("view.draw_pile"), deck)
        table.add_row(_t("view.discard"), discard)
    if obs["aside"]:
        table.add_row(_t("view.face_up"), cards_text(obs["aside"]))
    return Group(_header(obs), kingdoms, table)


def discard_text(discard: list[str], compact: bool = False) -> Text:
    """The Discard pile's last cards; a longer pile says how many it holds and that the
    earlier ones are left out ("14 cards, last 8: … 9♦ ..."; compact, sharing the Draw
    pile's line: "14 cards: … 9♦ ...", the last five)."""
    if len(discard) <= DISCARD_SHOWN:
        return cards_text(discard)
    room = DISCARD_SHOWN_COMPACT if compact else DISCARD_SHOWN
    key = "view.discard_more_short" if compact else "view.discard_more"
    return Text(_t(key, n=len(discard), shown=room) + " ") + cards_text(discard[-room:])


def explain(obs: Mapping[str, Any]) -> str:
    """What the current decision means (the terminal's ``?``)."""
    end = obs.get("end")
    if end is not None:
        return _t("explain.over", end=end_text(end))
    return _decision_help(str(obs["decision"]["name"]), current_language())


@lru_cache(maxsize=256)
def _decision_help(name: str, lang: str) -> str:
    """The help of a decision in ``lang``, made once: it depends on nothing else (unlike the
    game's end, which names seats), and the server makes it whenever the seat to act asks.
    Every word is read in ``lang`` itself, so the text matches the key it is kept under.
    A paragraph, or a line per choice, with no line breaks of their own: the terminal's
    panel wraps them to its width in cells and the browser to its own (lines broken here at
    78 columns were broken again at the panel's 76, leaving a word or two alone)."""
    text = TEXTS.lookup(f"explain.task.{name}", lang) or TEXTS.lookup(f"explain.phase.{name}", lang)
    goal = TEXTS.text("explain.goal", lang)
    return f"{text}\n{goal}" if text else goal


# A turn's choices that name one card (up to 23 of the Action Phase's 24): a grid of the
# cards by what may be done with each, when there are this many of them.
_GRID_FROM: Final = 6


def choice_grid(obs: Mapping[str, Any], legal: Sequence[Action], lang: str) -> ChoiceGrid | None:
    """The choices naming one card, a row per kind of action (Treaty, Break treaty,
    Ascendancy...) and a column per card (written as the kingdoms above write it), so an
    Action Phase of 24 choices takes a few lines under the kingdoms of an 80 x 24 screen;
    the others (Scandal, Done...) stay listed. None for fewer."""
    carded = [a for a in legal if [k for k, _ in a.args] == ["card"]]
    if len(carded) < _GRID_FROM:
        return None
    with using(lang):
        kinds: dict[str, str] = {}
        cells: dict[tuple[str, str], int] = {}
        cards: dict[str, str] = {}
        for action in carded:
            code = str(action.arg("card"))
            if (code, action.kind) in cells:
                return None  # two actions on one card and kind: a grid cannot tell them apart
            kinds.setdefault(action.kind, _t(f"view.grid.{action.kind}"))
            cards.setdefault(code, card_text(code).plain)
            cells[code, action.kind] = action.id
        rows = tuple(
            (name, tuple(cells.get((code, kind)) for code in cards)) for kind, name in kinds.items()
        )
        return ChoiceGrid(_t("view.grid.corner"), tuple(cards.values()), rows)
