"""Roles (docs/games/courtisans.md C5): spies face down, assassins' optional kill, guards immune."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from courtly.core.canonical import canonical_json
from courtly.core.errors import IllegalActionError
from courtly.core.render import event_text
from courtly.core.state import State
from courtly.games.courtisans import GAME as COURTISANS
from courtly.games.courtisans.codes import kill_base, spare_id


def kill_choices(state: State) -> list[tuple[str, int] | None]:
    out: list[tuple[str, int] | None] = []
    for action in state.legal_actions():
        if action.kind == "spare":
            out.append(None)
        else:
            assert action.kind == "eliminate"
            position = action.arg("position")
            assert isinstance(position, int)
            out.append((str(action.arg("row")), position))
    return out


# --- C5.2 spies ---------------------------------------------------------------------------


def test_c5_2_spy_at_the_table_goes_face_down_to_the_queens_column(cz: SimpleNamespace) -> None:
    """C5.2: a spy is played face down; at the Queen's table it sits in the Queen's column, at
    the level chosen (above or below); nobody else learns its family."""
    spy = cz.card("Hare", "spy")
    hand = [spy, *cz.cards("Toad courtier, Carp courtier")]
    state = cz.position(
        3, hands=[hand, cz.cards("Stag guard*3"), cz.cards("Butterfly guard*3")], deck_size=3
    )
    assert {"above", "below"} <= {
        a.arg("place") for a in state.legal_actions() if a.arg("card") == spy
    }
    events = cz.play(state, kind="play", card=spy, place="below")
    for seat in (1, 2, None):
        obs = state.observation(seat) if seat is not None else state.public_observation()
        assert obs["queen_table"]["below"] == [{"face_down": True, "played_by": 0}]
        assert obs["family_status"]["Hare"] == "neutral", (
            "a hidden spy does not sway the status yet"
        )
    public = [e for e in events if e.audience is None]
    assert all("card" not in e.data and "Hare" not in event_text(COURTISANS, e) for e in public)
    private = [e for e in events if e.audience is not None]
    assert private and private[0].audience == frozenset({0}) and private[0].data["card"] == spy


def test_c5_2_spy_in_a_domain_is_face_down_even_to_the_owner(cz: SimpleNamespace) -> None:
    """C5.2: a spy played into an opponent's domain is hidden from that opponent too."""
    spy = cz.card("Toad", "spy")
    state = cz.position(
        2, hands=[[spy, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")], deck_size=3
    )
    cz.play(state, kind="play", card=spy, place="domain", seat=1)
    assert state.observation(1)["domains"][1] == [{"face_down": True, "played_by": 0}]
    assert state.public_observation()["domains"][1] == [{"face_down": True, "played_by": 0}]
    assert state.scores() == [0.0, 0.0]


def test_r1_the_player_who_played_a_spy_remembers_it(cz: SimpleNamespace) -> None:
    """RULINGS R1: the player who played a spy still knows it (it was in their hand)."""
    spy = cz.card("Toad", "spy")
    state = cz.position(
        2, hands=[[spy, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")], deck_size=3
    )
    cz.play(state, kind="play", card=spy, place="above")
    mine = state.observation(0)["queen_table"]["above"][0]
    assert mine["card"] == spy and mine["face_down"] is True


def test_r1_option_forget_hides_the_spy_from_its_player_too(cz: SimpleNamespace) -> None:
    """RULINGS R1, option spy_memory=forget: nobody knows a played spy, its player included."""
    spy = cz.card("Toad", "spy")
    state = cz.position(
        2,
        hands=[[spy, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")],
        deck_size=3,
        options={"spy_memory": "forget"},
    )
    events = cz.play(state, kind="play", card=spy, place="above")
    assert state.observation(0)["queen_table"]["above"] == [{"face_down": True, "played_by": 0}]
    assert all("card" not in e.data for e in events)


def test_c6_1_spies_are_revealed_at_the_end(cz: SimpleNamespace) -> None:
    """C6.1: once the game is over every spy in play is shown, at the table and in domains."""
    spy_table, spy_domain = cz.card("Hare", "spy"), cz.card("Carp", "spy")
    last = cz.cards("Toad courtier*3")
    state = cz.position(
        2,
        hands=[last, []],
        above=[spy_table],
        domains=[[], [spy_domain]],
        spies_played_by={spy_table: 1, spy_domain: 1},
    )
    assert state.observation(0)["queen_table"]["above"] == [{"face_down": True, "played_by": 1}]
    cz.play(state, kind="play", card=last[0], place="below")
    cz.play(state, kind="play", card=last[1], place="domain", seat=0)
    events = cz.play(state, kind="play", card=last[2], place="domain", seat=1)
    assert state.is_terminal
    obs = state.observation(0)
    assert obs["queen_table"]["above"][0]["card"] == spy_table
    assert obs["queen_table"]["above"][0]["face_down"] is False
    assert obs["domains"][1][0]["card"] == spy_domain
    assert any(e.kind == "reveal" and e.audience is None for e in events)
    assert obs["family_status"]["Hare"] == "esteemed"


# --- C5.3 assassins, C5.4 guards ------------------------------------------------------------


def test_c5_3_assassin_in_own_domain_may_kill_any_other_non_guard_card(cz: SimpleNamespace) -> None:
    """C5.3/C5.4: targets are the other cards of that domain (own domain included, a face-down
    spy included), never a guard and never the assassin itself."""
    assassin = cz.card("Stag", "assassin")
    mine = [cz.card("Toad", "courtier"), cz.card("Carp", "guard"), cz.card("Hare", "spy")]
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")],
        deck_size=3,
        domains=[mine, cz.cards("Butterfly courtier")],
        spies_played_by={cz.card("Hare", "spy"): 1},
    )
    cz.play(state, kind="play", card=assassin, place="domain", seat=0)
    assert state.current_player == 0
    assert kill_choices(state) == [("domain", 1), ("domain", 3), None]
    with pytest.raises(IllegalActionError):
        cz.play(state, kind="eliminate", row="domain", position=2)  # the guard
    with pytest.raises(IllegalActionError):
        cz.play(state, kind="eliminate", row="domain", position=4)  # the assassin itself
    events = cz.play(state, kind="eliminate", row="domain", position=3)
    assert state.domains[0] == [cz.card("Toad", "courtier"), cz.card("Carp", "guard"), assassin]
    assert state.eliminated[-1] == cz.card("Hare", "spy")
    assert all("card" not in e.data and "Hare" not in event_text(COURTISANS, e) for e in events), (
        "the spy is not revealed"
    )
    assert state.observation(0)["eliminated"][-1] == {"face_down": True, "played_by": 1}


def test_c5_3_assassin_in_an_opponents_domain_kills_there(cz: SimpleNamespace) -> None:
    """C5.3: an assassin placed in an opponent's domain may eliminate a card of that domain."""
    assassin = cz.card("Stag", "assassin")
    theirs = cz.cards("Toad noble")
    state = cz.position(
        3,
        hands=[[assassin, *cz.cards("Carp courtier*2")], [], []],
        domains=[cz.cards("Hare courtier"), [], theirs],
    )
    cz.play(state, kind="play", card=assassin, place="domain", seat=2)
    assert kill_choices(state) == [("domain", 1), None]
    cz.play(state, kind="eliminate", row="domain", position=1)
    assert state.domains[2] == [assassin] and state.eliminated[-1] == theirs[0]
    assert state.domains[0] == cz.cards("Hare courtier")


def test_c5_3_assassin_at_the_table_reaches_both_rows_and_the_queens_column(
    cz: SimpleNamespace,
) -> None:
    """C5.3: at the Queen's table any card may go, of any family, above or below, spies in the
    Queen's column included; guards stay (C5.4). Rulebook example: a Nightingale assassin below
    eliminates a Hare noble above."""
    assassin = cz.card("Nightingale", "assassin")
    hare_noble = cz.card("Hare", "noble")
    above = [hare_noble, cz.card("Toad", "guard"), cz.card("Carp", "spy")]
    below = [cz.card("Stag", "courtier")]
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")],
        deck_size=3,
        above=above,
        below=below,
    )
    cz.play(state, kind="play", card=assassin, place="below")
    assert kill_choices(state) == [("above", 1), ("above", 3), ("below", 1), None]
    cz.play(state, kind="eliminate", row="above", position=1)
    assert state.above == [cz.card("Toad", "guard"), cz.card("Carp", "spy")]
    assert state.below == [below[0], assassin]
    assert hare_noble in state.eliminated
    assert state.current_player == 0 and state.used == 1, "the turn goes on after the kill"


def test_c5_3_the_kill_is_optional(cz: SimpleNamespace) -> None:
    """C5.3: the assassin's player may eliminate nothing."""
    assassin = cz.card("Stag", "assassin")
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")],
        deck_size=3,
        above=cz.cards("Toad courtier"),
    )
    cz.play(state, kind="play", card=assassin, place="above")
    before = canonical_json(state.observation(0)["queen_table"])
    cz.play(state, kind="spare")
    assert state.above == [cz.card("Toad", "courtier"), assassin]
    assert state.pending == -1 and len(state.legal_action_ids()) == 2 * 2
    assert canonical_json(state.observation(0)["queen_table"]) == before


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_rules_tell_a_kill_s_choices_apart_by_id(players: int) -> None:
    """The kill decision's rule is chosen by the id alone (rules/dispatch.py: ``spare_id`` of
    codes.py spares, another id of the phase eliminates): the action space's ids below
    ``kill_base`` are plays, its one spare is ``spare_id``, and every id between eliminates."""
    space = COURTISANS.action_space(players, COURTISANS.resolve_options(None))
    base, spare = kill_base(players), spare_id(players)
    kinds = [action.kind for action in space.actions]
    assert kinds == ["play"] * base + ["eliminate"] * (spare - base) + ["spare"]


def test_c5_4_only_guards_around_means_no_kill_decision(cz: SimpleNamespace) -> None:
    """C5.4: guards can never be eliminated, so an assassin among guards has nothing to decide."""
    assassin = cz.card("Stag", "assassin")
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")],
        deck_size=3,
        above=cz.cards("Toad guard*2"),
        below=cz.cards("Hare guard"),
    )
    cz.play(state, kind="play", card=assassin, place="above")
    assert state.pending == -1
    assert all(a.kind == "play" for a in state.legal_actions())


def test_c5_3_assassin_as_last_card_kills_before_the_draw(cz: SimpleNamespace) -> None:
    """C5.3/C3.3: the kill decision comes right after the assassin, then the turn ends."""
    assassin = cz.card("Stag", "assassin")
    state = cz.position(
        2,
        hands=[[assassin], cz.cards("Stag guard*3")],
        deck_size=3,
        above=cz.cards("Toad courtier"),
        domains=[cz.cards("Carp courtier"), cz.cards("Hare courtier")],
        areas_used=["queen", "own"],
    )
    cz.play(state, kind="play", card=assassin, place="domain", seat=1)
    assert state.current_player == 0 and state.hands[0] == []
    cz.play(state, kind="eliminate", row="domain", position=1)
    assert state.current_player == 1 and len(state.hands[0]) == 3 and state.deck == []


def test_c5_3_a_second_assassin_may_kill_the_first(cz: SimpleNamespace) -> None:
    """C5.3: an assassin already in place is "another card" like any other."""
    old, new = cz.card("Toad", "assassin"), cz.card("Stag", "assassin")
    state = cz.position(
        2,
        hands=[[new, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")],
        deck_size=3,
        domains=[[old], []],
    )
    cz.play(state, kind="play", card=new, place="domain", seat=0)
    assert kill_choices(state) == [("domain", 1), None]
