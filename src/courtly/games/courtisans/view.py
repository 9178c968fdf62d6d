"""The terminal view of a Courtisans observation (a seat's or a spectator's), and its help, in
the viewer's language (texts: the game's catalogue, locales/).

Both tables have one row per family, so they fit 80 columns with every name whole at 2 to 5
players. Every card in play carries its public handle (row letter + position, the numbers the
"eliminate" actions use): ``a3`` is the 3rd card above the Queen's table, ``b1`` the 1st below,
``d2`` the 2nd card of a domain. Seats are shown numbered from 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from courtly.core.i18n import current_language, seat_text
from courtly.games.courtisans.data import FAMILIES, QUEEN_COLUMN_AFTER
from courtly.games.courtisans.words import TEXTS, card_words

STATUS_STYLE = {"esteemed": "green", "neutral": "white", "fallen from grace": "red"}
# The observation's status words, as catalogue ids.
STATUS_ID = {"esteemed": "esteemed", "neutral": "neutral", "fallen from grace": "fallen"}
QUEEN = "queen"  # the Queen's column among the family rows
FACE_DOWN = "face_down"  # the face-down row of a domain


def _t(key: str, **fields: object) -> str:
    """A text of the view in the reader's language."""
    return TEXTS.text(key, None, **fields)


def _seat(seat: int) -> str:
    return seat_text(seat, current_language())


def _token(card: Mapping[str, Any], handle: str, with_family: bool = False) -> str:
    """``a3:Nob``; a face-down spy is ``a3:?spy/N`` unless the viewer knows it (``Spy*``)."""
    if "family" not in card:
        return f"{handle}:" + _t("view.hidden_spy", number=card["played_by"] + 1)
    mark = _t(f"view.mark.{card['role']}") + ("*" if card.get("face_down") else "")
    if with_family:
        return f"{handle}:{mark}({_t('term.family.' + str(card['family']))})"
    return f"{handle}:{mark}"


def _cell(tokens: list[str]) -> Text:
    # Text, not a markup string: card labels must never be read as rich markup.
    return Text(" ".join(tokens) or "-")


def _rows() -> list[str]:
    names = list(FAMILIES)
    names.insert(QUEEN_COLUMN_AFTER + 1, QUEEN)
    return names


def _row_name(row: str) -> str:
    return _t("view.queen_column") if row == QUEEN else _t(f"term.family.{row}")


def _table_row(cards: Sequence[Mapping[str, Any]], letter: str) -> dict[str, list[str]]:
    """One row of the Queen's table by family; face-down spies lie in the Queen's column."""
    cells: dict[str, list[str]] = {name: [] for name in _rows()}
    for position, card in enumerate(cards, start=1):
        handle = f"{letter}{position}"
        if card.get("face_down"):
            cells[QUEEN].append(_token(card, handle, with_family=True))
        else:
            cells[str(card["family"])].append(_token(card, handle))
    return cells


def _queen_table(obs: Mapping[str, Any]) -> Table:
    status: Mapping[str, str] = obs["family_status"]
    above = _table_row(obs["queen_table"]["above"], "a")
    below = _table_row(obs["queen_table"]["below"], "b")
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for header in ("view.queen_table", "view.status", "view.above", "view.below"):
        table.add_column(_t(header))
    for name in _rows():
        label = _row_name(name)
        if name == QUEEN:
            hidden = len(above[QUEEN]) + len(below[QUEEN])
            mark = Text(_t("view.hidden", count=hidden) if hidden else "-", style="magenta")
            table.add_row(
                Text(label, style="magenta"), mark, _cell(above[name]), _cell(below[name])
            )
        else:
            word = status[name]
            shown = Text(_t(f"view.status.{STATUS_ID[word]}"), style=STATUS_STYLE[word])
            table.add_row(label, shown, _cell(above[name]), _cell(below[name]))
    return table


def _domains(obs: Mapping[str, Any]) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column(_t("view.domains"))
    columns: list[dict[str, list[str]]] = []
    for seat, domain in enumerate(obs["domains"]):
        name = _seat(seat)
        table.add_column(_t("view.seat_you", seat=name) if seat == obs["viewer"] else name)
        cells: dict[str, list[str]] = {name: [] for name in (*FAMILIES, FACE_DOWN)}
        for position, card in enumerate(domain, start=1):
            known = "family" in card
            cells[str(card["family"]) if known else FACE_DOWN].append(_token(card, f"d{position}"))
        columns.append(cells)
    for name in (*FAMILIES, FACE_DOWN):
        label = _t("view.face_down") if name == FACE_DOWN else _t(f"term.family.{name}")
        table.add_row(label, *(_cell(cells[name]) for cells in columns))
    scores = obs["scores"]
    table.add_row(
        Text(_t("view.score"), style="bold"), *(Text(f"{s:g}", style="bold") for s in scores)
    )
    return table


def _areas(areas: Sequence[str]) -> str:
    return ", ".join(_t(f"term.area.{a}") for a in areas)


def _header(obs: Mapping[str, Any]) -> Text:
    if obs["phase"] == "over":
        winners = _t("view.and").join(_seat(w) for w in obs["winners"])
        key = "view.over_one" if len(obs["winners"]) == 1 else "view.over_many"
        state = _t(key, winners=winners)
    elif obs["phase"] == "eliminate":
        state = _t("view.decides_kill", seat=_seat(obs["to_act"]))
    else:
        state = _t("view.to_play", seat=_seat(obs["to_act"]))
        done = obs["turn"]["areas_used"]
        if done:
            state += _t("view.played_to", areas=_areas(done))
    hands = "/".join(str(h) for h in obs["hand_sizes"])
    return Text(
        _t(
            "view.header",
            players=obs["num_players"],
            state=state,
            deck=obs["deck_size"],
            removed=obs["removed_count"],
            hands=hands,
        ),
        style="bold",
    )


def _family_role(card: Mapping[str, Any]) -> str:
    return _t(
        "view.card_family_role",
        family=_t(f"term.family.{card['family']}"),
        role=_t(f"term.role.{card['role']}"),
    )


def _private(obs: Mapping[str, Any]) -> list[Text]:
    lines: list[Text] = []
    if obs.get("hand") is not None:
        hand = ", ".join(card_words(c["card"]) for c in obs["hand"]) or _t("view.empty")
        lines.append(Text(_t("view.your_hand", hand=hand)))
        missions = "; ".join(
            _t("view.mission", code=m["code"], text=_t(f"term.mission.{m['code']}"))
            for m in obs["missions"]
        )
        lines.append(Text(_t("view.your_missions", missions=missions)))
    for seat, pair in enumerate(obs.get("revealed_missions") or []):
        shown = ", ".join(
            f"{m['code']} {_t('view.met') if m['met'] else _t('view.not_met')}" for m in pair
        )
        line = _t("view.seat_missions", seat=_seat(seat), missions=shown)
        lines.append(Text(line[:1].upper() + line[1:]))
    gone = obs["eliminated"]
    if gone:
        names = ", ".join(
            (_family_role(c) + (_t("view.face_down_suffix") if c.get("face_down") else ""))
            if "family" in c
            else _t("view.face_down_spy", seat=_seat(c["played_by"]))
            for c in gone
        )
        lines.append(Text(_t("view.eliminated", cards=names), style="dim"))
    lines.append(Text(_t("view.legend_short"), style="dim"))
    return lines


def render(observation: Mapping[str, Any]) -> Group:
    """The Queen's table, the domains, and what this seat privately knows."""
    return Group(
        _header(observation),
        _queen_table(observation),
        _domains(observation),
        *_private(observation),
    )


def explain(observation: Mapping[str, Any]) -> str:
    """The rules of the current decision and what each listed action does (the ``?`` help)."""
    phase = observation["phase"]
    if phase == "over":
        text = _t("explain.over")
    elif phase == "eliminate":
        zone = observation["turn"]["pending_kill"]
        where = (
            _t("explain.at_queen_table")
            if zone["place"] != "domain"
            else _t("explain.in_domain", seat=_seat(zone["seat"]))
        )
        text = _t("explain.placed", where=where, help=_t("explain.kill"))
    else:
        text = _t("explain.play")
        done = observation["turn"]["areas_used"]
        if done:
            text += "\n" + _t("explain.already_played", areas=_areas(done))
    return f"{text}\n" + _t("explain.legend", legend=_t("view.legend"))
