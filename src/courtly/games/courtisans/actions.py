"""The Courtisans action space: every action the game can offer, with its id and its text in
the reader's language (the id layout is in codes.py; the texts: ``action.<kind>.<place or
row>`` in the catalogue). A kill names a position in a row; its sentence names the card the
reader sees there (``action.eliminate.<row>.seen``), face down if the reader does not know it,
and then, if other face-down spies the reader does not know lie in that place, which of them
in the board's order ("the second face-down spy")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.actions import ActionSpace, ActionTexts, JSONScalar
from courtly.core.i18n import seat_text
from courtly.games.courtisans.codes import FIRST_DOMAIN, ROW_NAMES, zone_count
from courtly.games.courtisans.data import MAX_ROW_CARDS, NUM_CARDS
from courtly.games.courtisans.words import TEXTS, card_words, ordinal_words, seen_card_words


def _card(card: Any, lang: str) -> str:
    return card_words(int(card), lang)


def _kill_target(
    args: Mapping[str, JSONScalar], observation: Mapping[str, Any]
) -> dict[str, JSONScalar]:
    """The card an ``eliminate`` takes, as the reader's observation shows it (its id, or None
    for a spy face down to the reader), which face-down spy it is (``nth``, below), and whose
    domain it lies in; nothing if the observation does not show that place."""
    row, position = str(args["row"]), int(str(args["position"]))
    added: dict[str, JSONScalar] = {}
    if row == "domain":
        pending = (observation.get("turn") or {}).get("pending_kill") or {}
        if pending.get("place") != "domain":
            return {}
        owner = int(pending["seat"])
        added["seat"] = owner
        added["domain"] = _domain_of(owner, observation)
        cards = observation["domains"][owner]
    else:
        cards = (observation.get("queen_table") or {}).get(row) or []
    if not 1 <= position <= len(cards):
        return {}
    added["target"] = cards[position - 1].get("card")
    added["nth"] = _nth_unknown_spy(cards, position)
    return added


def _domain_of(seat: int, observation: Mapping[str, Any]) -> JSONScalar:
    """Whose domain, as the reader's board names it: ``"yours"`` for the reader's own (the
    board's "Your domain"), else the owner's seat."""
    return "yours" if observation.get("viewer") == seat else seat


def _domain_words(domain: Any, lang: str) -> str:
    """The reader's own domain as "your domain" (``_domain_of``), another as "Bob's domain"."""
    if domain == "yours":
        return TEXTS.text("place.your_domain", lang)
    return TEXTS.text("place.domain", lang, seat=seat_text(domain, lang))


def _play_place(
    args: Mapping[str, JSONScalar], observation: Mapping[str, Any]
) -> dict[str, JSONScalar]:
    """A card played into a domain reads as the reader's board names that domain."""
    if args.get("place") != "domain":
        return {}
    return {"domain": _domain_of(int(str(args["seat"])), observation)}


def _unknown(card: Mapping[str, Any]) -> bool:
    return card.get("card") is None


def _nth_unknown_spy(cards: list[Mapping[str, Any]], position: int) -> int:
    """Which of the place's face-down spies unknown to the reader lies at ``position``, counted
    in the order the boards draw the place (the observation's: left to right in the browser,
    in the terminal's column): 1 for the first, ... — 0 where no other such spy lies there, or
    the card is known. Two such spies read alike otherwise ("the face-down spy"), and a list
    that shows a sentence once would hide the second: a player may choose which spy to kill
    (C5.3). Who played it would not do: the browser's board does not draw it."""
    if not _unknown(cards[position - 1]) or sum(map(_unknown, cards)) < 2:
        return 0
    return sum(map(_unknown, cards[:position]))


ACTION_TEXTS = ActionTexts(
    TEXTS,
    {
        "card": _card,
        "seat": seat_text,
        "target": seen_card_words,
        "nth": ordinal_words,
        "domain": _domain_words,
    },
    variants={"play": "place", "eliminate": "row"},
    seen={"eliminate": _kill_target, "play": _play_place},
)


def build_action_space(num_players: int) -> ActionSpace:
    specs: list[tuple[str, list[tuple[str, JSONScalar]]]] = []
    for card in range(NUM_CARDS):
        for zone in range(zone_count(num_players)):
            args: list[tuple[str, JSONScalar]] = [("card", card)]
            if zone < FIRST_DOMAIN:
                args.append(("place", ROW_NAMES[zone]))
            else:
                args += [("place", "domain"), ("seat", zone - FIRST_DOMAIN)]
            specs.append(("play", args))
    for row_name in ROW_NAMES:
        for position in range(1, MAX_ROW_CARDS + 1):
            specs.append(("eliminate", [("row", row_name), ("position", position)]))
    specs.append(("spare", []))
    return ActionSpace(specs, ACTION_TEXTS)
