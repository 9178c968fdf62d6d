"""The replay viewer's log tells a seat (or the public view) what it saw then, as its board
does; the end, which showed everyone everything, shows every event (a hidden move once, by
the line naming its card). The log once named every
hidden card at every step (a Courtisans replay "seen by" seat 1 read "Bot 2's face-down spy is
the Hare spy" beside a board showing that spy's back)."""

from __future__ import annotations

import pytest

import courtly
from courtly.agents.registry import make_agent
from courtly.core.events import events_for
from courtly.core.match import play_match
from courtly.core.replay import ReplayedGame
from courtly.server.routes.replay import position


@pytest.mark.parametrize(("name", "players"), [("courtisans", 3), ("kingdoms", 2)])
def test_a_replay_log_before_the_end_is_what_the_viewer_saw(name: str, players: int) -> None:
    game = courtly.load(name)
    agents = [make_agent("random", game) for _ in range(players)]
    record = play_match(game, agents, seed=5, keep_record=True).record
    assert record is not None
    replayed = ReplayedGame(game, record)
    last = len(record.actions)
    hidden = 0
    for viewer in [*range(players), None]:
        for step in (1, last // 2, last - 1):
            seen = [
                e.to_json()
                for events in replayed.events[: step + 1]
                for e in events_for(events, viewer, players)
            ]
            shown = position(replayed, step, viewer)["events"]
            assert [{k: v for k, v in e.items() if k in ("kind", "data")} for e in shown] == [
                {k: v for k, v in e.items() if k in ("kind", "data")} for e in seen
            ]
            hidden += sum(len(events) for events in replayed.events[: step + 1]) - len(seen)
        everything = events_for(
            [e for events in replayed.events for e in events], viewer, players, over=True
        )
        assert len(position(replayed, last, viewer)["events"]) == len(everything)
    assert hidden > 0, "these games have events some viewers may not see"
