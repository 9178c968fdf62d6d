"""A change is put into words once per language, not once per viewer: the seats of a table
share the very event objects of what they may all see, and the server's messages share those
events' words (what each viewer is told is unchanged: test_server_games checks every message
against the deliveries)."""

from __future__ import annotations

from typing import Any

from courtly.core.registry import load_game
from courtly.core.render import event_json
from courtly.core.table import Table
from courtly.server.protocol import RenderedEvents, game_message, seat_names


def _table_info() -> dict[str, Any]:
    seats = [{"seat": s, "kind": "person", "name": f"p{s}", "bot": None} for s in (0, 1)]
    return {"id": "t", "seats": seats, "status": "playing"}


def test_the_seats_of_one_change_share_its_events_words_per_language() -> None:
    game = load_game("courtisans")
    table = Table(game, 2, seed=3)
    info = _table_info()
    for _ in range(6):  # a few actions in, each with its public and private events
        seat = table.state.current_player
        assert seat is not None
        deliveries = table.act(seat, table.seq, table.state.legal_actions()[0])
    rendered: RenderedEvents = {}
    messages = {
        (viewer, lang): game_message("update", deliveries[viewer], info, game, lang, rendered)
        for viewer in deliveries
        for lang in ("en", "ko")
    }
    shown = {id(e) for viewer in deliveries for e in deliveries[viewer].events}
    assert len(rendered) == 2 * len(shown)  # each event once in each language
    for (viewer, lang), message in messages.items():
        names = seat_names(info, lang)
        expected = [event_json(game, e, lang, names) for e in deliveries[viewer].events]
        assert message["events"] == expected  # the words each viewer is told are its own
    # A public event's words are the same object in both seats' messages, per language.
    for lang in ("en", "ko"):
        seat0, seat1 = messages[(0, lang)]["events"], messages[(1, lang)]["events"]
        common = [e for e in deliveries[0].events if any(e is f for f in deliveries[1].events)]
        assert common
        for event in common:
            i = [id(e) for e in deliveries[0].events].index(id(event))
            j = [id(e) for e in deliveries[1].events].index(id(event))
            assert seat0[i] is seat1[j]
    # Without a shared cache each message renders its own (the single-viewer callers).
    alone = game_message("update", deliveries[0], info, game, "en")
    assert alone["events"] == messages[(0, "en")]["events"]
