"""The terminal view of an observation (``courtly play for-the-king``), in the reader's
language (texts: the game's catalogue, locales/).

Given a height (``options.height``: the lines the choices leave on a short screen, 80 x 24 at
5 players), a view taller than that is drawn compact: the offices and the players' counts a
line each, no panels, and the card lists of what is known of the others and the discards left
to the ``?`` help, which draws the whole view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from courtly.core.actions import Action, ChoiceGrid
from courtly.core.i18n import current_language, seat_text, using
from courtly.core.screen import FittedView
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_OFFICE,
    CODE_TO_CARD,
    COLOURS,
    GOLD,
    KING,
)
from courtly.games.for_the_king.events import points_words
from courtly.games.for_the_king.words import KIND_BY_NAME, TEXTS, card_words, kind_words

_STYLE: Final = {
    "blue": "blue",
    "purple": "magenta",
    "green": "green",
    "pink": "bright_magenta",
    "red": "red",
    "orange": "dark_orange",
}


def _card(code: str) -> Text:
    card = CODE_TO_CARD[code]
    category = CARD_CATEGORY[card]
    if category == GOLD:
        style = "bold yellow"
    elif category == KING:
        style = "bold white"
    else:
        style = _STYLE[COLOURS[CARD_OFFICE[card]]]
    return Text(card_words(card), style=style)


def _cards(codes: Sequence[str]) -> Text:
    if not codes:
        return Text("-", style="dim")
    return Text(", ").join(_card(c) for c in codes)


def _counted(codes: Sequence[str]) -> Text:
    """Cards as ``_cards`` draws them, a card held more than once named once with its count
    (``Gold 1 ×3``): a short screen's hand."""
    if not codes:
        return _cards(codes)
    counts: dict[str, int] = {}
    first: dict[str, str] = {}
    for code in codes:
        name = card_words(CODE_TO_CARD[code])
        counts[name] = counts.get(name, 0) + 1
        first.setdefault(name, code)
    return Text(", ").join(
        _card(first[name]) + Text(f" ×{n}" if n > 1 else "") for name, n in counts.items()
    )


def _t(key: str, **fields: object) -> str:
    """A text of the view in the reader's language."""
    return TEXTS.text(key, None, **fields)


def _seat(obs: Mapping[str, Any], p: int | None) -> str:
    if p is None:
        return "-"
    return _t("view.you") if p == obs.get("viewer") else seat_text(p, current_language())


def _phase(phase: str) -> str:
    return _t(f"phase.{phase}")


# The players' numbers; their card lists follow the table as lines, where card names wrap
# between cards at the full width rather than inside a narrow column (where rich cut Korean
# names short with "…").
_PLAYER_COLUMNS: Final = ("view.seat", "view.cards", "view.favor_placed", "view.gold_paid")


def _office(office: str) -> str:
    return _t(f"term.office.{office}")


def render(observation: Mapping[str, Any]) -> FittedView:
    """The whole view; compact on a screen short of lines (``courtly.core.screen``)."""
    return FittedView(lambda width, compact: _drawn(observation, compact=compact))


def _offices_line(obs: Mapping[str, Any]) -> Text:
    text = Text(_t("view.compact.offices"))
    for n, row in enumerate(obs["offices"]):
        if n:
            text.append(", ")
        second = "-" if row["secondary"] is None else str(row["secondary"])
        text.append(_office(row["office"]), style=_STYLE[row["colour"]])
        text.append(f" {row['primary']}/{second}")
    return text


def _players_line(obs: Mapping[str, Any]) -> Text:
    counts = "; ".join(
        f"{_seat(obs, row['seat'])} {row['hand_size']}/{row['favor_cards_placed']}/"
        f"{row['gold_spent']}"
        for row in obs["players"]
    )
    return Text(_t("view.compact.players", players=counts))


def _drawn(obs: Mapping[str, Any], compact: bool) -> Group:
    parts: list[Any] = []
    head = Text(
        _t("view.head", players=obs["num_players"], phase=_phase(obs["phase"])), style="bold"
    )
    current = obs.get("to_act")
    if current is not None:
        head.append(_t("view.to_act", seat=_seat(obs, current)), style="bold cyan")
    parts.append(head)

    if compact:
        parts.append(_offices_line(obs))
    offices = Table(title=_t("view.offices"), show_edge=False)
    for column in ("view.office", "view.primary", "view.secondary"):
        offices.add_column(_t(column))
    for row in obs["offices"]:
        second = "-" if row["secondary"] is None else str(row["secondary"])
        offices.add_row(
            Text(_office(row["office"]), style=_STYLE[row["colour"]]), str(row["primary"]), second
        )
    if not compact:
        parts.append(offices)

    if obs["phase"] in ("place", "pick", "king-gained"):
        placed = obs.get("placed")
        line = Text(
            _t(
                "view.advisor",
                seat=_seat(obs, obs["advisor"]),
                deck=obs["deck_size"],
                favor=obs["favor_size"],
            )
        )
        if placed:
            line.append(
                _t("view.placed", own=placed["own"], middle=placed["middle"], favor=placed["favor"])
            )
        parts.append(line)
        if obs.get("held"):
            parts.append(Text(_t("view.you_drew")).append_text(_card(obs["held"])))
        parts.append(Text(_t("view.middle")).append_text(_cards(obs["middle"])))
    gained = obs.get("king_gained")
    if gained:
        text = Text(_t("view.applies", seat=_seat(obs, gained["seat"])))
        text.append_text(_card(gained["card"]))
        text.append(_t("view.changes_left", count=gained["king_changes_left"]))
        parts.append(text if compact else Panel(text))
    auction = obs.get("auction")
    if auction:
        text = Text(_t("view.auction_for")).append_text(_card(auction["card"]))
        text.append(
            _t(
                "view.auction",
                first=_seat(obs, auction["first_player"]),
                bid=auction["high_bid"],
                bidder=_seat(obs, auction["high_bidder"]),
            )
        )
        if auction["out"]:
            text.append(_t("view.out", seats=", ".join(_seat(obs, p) for p in auction["out"])))
        if obs["phase"] in ("pay-gold", "pay-cards"):
            text.append(_t("view.paying", paid=auction["paid"], due=auction["due"]))
        if compact:  # one line fewer
            text.append("; " + _t("view.favor_left", count=obs["favor_size"]))
            parts.append(text)
        else:
            parts.append(Panel(text))
            parts.append(Text(_t("view.favor_left", count=obs["favor_size"])))

    players = Table(title=_t("view.players"), show_edge=False)
    for column in _PLAYER_COLUMNS:
        players.add_column(_t(column))
    lists: list[Text] = []
    for row in obs["players"]:
        seat = _seat(obs, row["seat"])
        players.add_row(
            seat, str(row["hand_size"]), str(row["favor_cards_placed"]), str(row["gold_spent"])
        )
        maybe = [m["card"] for m in row["hand_or_discarded"]]
        for key, cards in (
            ("view.known_cards", row["known_cards"]),
            ("view.maybe_discarded", maybe),
        ):
            if cards:
                lists.append(
                    Text(_t("view.seat_cards", seat=seat, what=_t(key))).append_text(_cards(cards))
                )
    if compact:
        parts.append(_players_line(obs))
    else:
        parts.append(players)
        parts.extend(lists)
    if obs.get("hand") is not None:
        hand = _counted(obs["hand"]) if compact else _cards(obs["hand"])
        parts.append(Text(_t("view.your_hand")).append_text(hand))
        if obs["my_favor_cards"]:
            parts.append(Text(_t("view.your_favor")).append_text(_cards(obs["my_favor_cards"])))
    if compact:
        if lists or obs["discard_up"] or obs["facedown"]:
            parts.append(Text(_t("view.compact.more"), style="dim"))
    elif obs["discard_up"]:
        parts.append(Text(_t("view.discards_up")).append_text(_cards(obs["discard_up"][-8:])))
    if obs["facedown"] and not compact:
        parts.append(Text(_t("view.discards_down", sizes=_facedown(obs)), style="dim"))
    result = obs.get("result")
    if result:
        table = Table(title=_t("view.result"), show_edge=False)
        for column in ("view.office", "view.primary", "view.secondary"):
            table.add_column(_t(column))
        for office, d in result["duties"].items():
            table.add_row(
                _office(office),
                _seat(obs, d["primary"] if d["primary"] >= 0 else None),
                _seat(obs, d["secondary"] if d["secondary"] >= 0 else None),
            )
        parts.append(table)
        lang = current_language()
        scores = [f"{v:g}" for v in obs["scores"]]
        points = points_words(scores, lang, lambda p, _lang: _seat(obs, p))
        won = ", ".join(_seat(obs, p) for p in result["winners"])
        parts.append(Text(_t("view.points", points=points, winners=won), style="bold green"))
    return Group(*parts)


def _facedown(obs: Mapping[str, Any]) -> str:
    """The cards each seat has discarded face down, in seat order, all its batches (one per
    payment or penalty) added up: "seat 2: 3 cards, seat 5: 11 cards"."""
    totals: dict[int, int] = {}
    for batch in obs["facedown"]:
        totals[batch["owner"]] = totals.get(batch["owner"], 0) + batch["size"]
    return ", ".join(
        _t("view.seat_size", seat=_seat(obs, seat), size=size)
        for seat, size in sorted(totals.items())
    )


def choice_grid(
    observation: Mapping[str, Any], legal: Sequence[Action], lang: str
) -> ChoiceGrid | None:
    """The cards to discard face down (up to 13 different ones in a hand) by name, which a
    front short of room lays side by side; None for other decisions."""
    discards = [a for a in legal if a.kind == "discard"]
    if len(discards) < 2:
        return None
    with using(lang):
        rows = tuple((kind_words(KIND_BY_NAME[str(a.arg("card"))]), (a.id,)) for a in discards)
        return ChoiceGrid(_t("view.grid.discard"), ("",), rows)


# The action kinds each decision offers, in the order the ``?`` help explains them.
_SHOWN: Final = {
    "place": ("place",),
    "pick": ("take",),
    "bid": ("bid", "pass"),
    "pay-gold": ("pay",),
    "pay-cards": ("discard",),
    "king": ("king",),
    "king-gained": ("king",),
}


def explain(observation: Mapping[str, Any]) -> str:
    """The terminal's ``?``: the current phase's rules and what each kind of action does."""
    phase = str(observation.get("phase"))
    lines = [_t(f"explain.{phase}")] if TEXTS.has(f"explain.{phase}") else []
    lines += [_t(f"explain.action.{kind}") for kind in _SHOWN.get(phase, ())]
    return "\n".join(lines)
