"""The terminal view's counts: the face-down discards added up per seat, and a count's word
in the singular for one card."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from courtly.core.i18n import using
from courtly.core.rng import Rng
from courtly.games.for_the_king import GAME


def _game(n: int, seed: int, options: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Seat 1's observation at each step of a random game, the end included."""
    rng = Rng(seed)
    state = GAME.new_game(n, seed=seed, options=options or {})
    views = [state.observation(0)]
    while not state.is_terminal:
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
        views.append(state.observation(0))
    return views


def _text(view: dict[str, Any], lang: str = "en") -> str:
    """The whole view (no line is too short for it) as one line of words."""
    console = Console(width=300, record=True, color_system=None)
    with using(lang):
        console.print(GAME.render(view))
    return " ".join(console.export_text().split())


def test_face_down_discards_are_added_up_per_seat_in_seat_order() -> None:
    end = _game(5, 2)[-1]
    totals: dict[int, int] = {}
    for batch in end["facedown"]:
        totals[batch["owner"]] = totals.get(batch["owner"], 0) + batch["size"]
    assert len(end["facedown"]) > len(totals) >= 2  # several batches of one seat: added up
    seats = ["you" if seat == 0 else f"seat {seat + 1}" for seat in sorted(totals)]
    english = ", ".join(
        f"{name}: {totals[seat]} {'card' if totals[seat] == 1 else 'cards'}"
        for name, seat in zip(seats, sorted(totals), strict=True)
    )
    assert f"Face-down discards: {english}" in _text(end)
    korean = ", ".join(
        ("나" if seat == 0 else f"{seat + 1}번 자리") + f": {totals[seat]}장"
        for seat in sorted(totals)
    )
    assert f"뒷면으로 버린 카드: {korean}" in _text(end, "ko")
    one = {**end, "facedown": [{**end["facedown"][0], "owner": 3, "size": 1}]}
    assert "Face-down discards: seat 4: 1 card" in _text(one)


def test_one_card_and_one_change_are_said_in_the_singular() -> None:
    views = _game(3, 4, {"king_cards": "apply"})
    placing = next(v for v in views if v["phase"] == "place")
    bidding = next(v for v in views if v["phase"] == "bid")
    for count, cards in ((1, "card"), (2, "cards")):
        assert f"deck {count} {cards};" in _text({**placing, "deck_size": count})
        assert f"Favor deck: {count} {cards} left" in _text({**bidding, "favor_size": count})
    gained = next((v for v in views if v.get("king_gained")), None)
    assert gained is not None
    for count, changes in ((1, "change"), (2, "changes")):
        king = {**gained["king_gained"], "king_changes_left": count}
        assert f"({count} {changes} left)" in _text({**gained, "king_gained": king})
