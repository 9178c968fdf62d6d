"""The reader's own domain in the choices reads as the board names it ("Your domain"), never
by the reader's own name ("Ann's domain"); another seat's domain still reads by its name, and
a reader without a view (a log of past moves) keeps the seat's name (sweep item 5)."""

from __future__ import annotations

from types import SimpleNamespace

from courtly.core.render import action_text
from courtly.games.courtisans import GAME

NAMES = ["Ann", "민지"]


def test_playing_into_ones_own_domain_reads_your_domain(cz: SimpleNamespace) -> None:
    noble = cz.card("Carp", "noble")
    state = cz.position(
        2, hands=[[noble, *cz.cards("Toad courtier*2")], cz.cards("Stag guard*3")], deck_size=6
    )
    plays = {
        a.arg("seat"): a
        for a in state.legal_actions()
        if a.kind == "play" and a.arg("card") == noble and a.arg("place") == "domain"
    }
    mine, other = state.observation(0), state.observation(1)
    assert action_text(GAME, plays[0], "en", NAMES, mine) == "play Carp noble in your domain"
    assert action_text(GAME, plays[0], "ko", NAMES, mine) == "잉어 귀족 카드를 당신의 영지에 놓기"
    assert action_text(GAME, plays[1], "en", NAMES, mine) == "play Carp noble in 민지's domain"
    assert action_text(GAME, plays[1], "ko", NAMES, mine) == "잉어 귀족 카드를 민지의 영지에 놓기"
    # Only the seat itself reads "your": the other seat and a spectator read Ann's name.
    assert action_text(GAME, plays[0], "en", NAMES, other) == "play Carp noble in Ann's domain"
    spectator = state.observation(None)
    assert action_text(GAME, plays[0], "en", NAMES, spectator) == "play Carp noble in Ann's domain"
    assert action_text(GAME, plays[0], "en", NAMES) == "play Carp noble in Ann's domain"


def test_a_kill_in_ones_own_domain_reads_your_domain(cz: SimpleNamespace) -> None:
    carp = cz.card("Carp", "noble")
    assassin = cz.card("Stag", "assassin")
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Toad courtier*2")], cz.cards("Stag guard*3")],
        domains=[[carp], []],
        deck_size=6,
    )
    cz.play(state, kind="play", card=assassin, place="domain", seat=0)
    choice = next(
        a for a in state.legal_actions() if a.kind == "eliminate" and a.arg("position") == 1
    )
    view = state.observation(0)
    assert action_text(GAME, choice, "en", NAMES, view) == "eliminate the Carp noble in your domain"
    assert action_text(GAME, choice, "ko", NAMES, view) == "당신의 영지에 있는 잉어 귀족 제거하기"
    assert action_text(GAME, choice, "en", NAMES, state.observation(1)) == (
        "eliminate the Carp noble in Ann's domain"
    )
