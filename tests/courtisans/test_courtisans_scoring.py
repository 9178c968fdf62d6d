"""Scoring (docs/games/courtisans.md C5.1, C6, C7): family status, domains, missions, victory."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from courtly.core.rng import Rng
from courtly.games.courtisans import GAME
from courtly.games.courtisans.data import (
    ESTEEMED,
    FALLEN,
    FAMILIES,
    MISSION_BY_CODE,
    NEUTRAL,
)
from courtly.games.courtisans.scoring import (
    domain_points,
    family_statuses,
    final_scores,
    mission_met,
)


def statuses_by_name(above: list[int], below: list[int]) -> dict[str, int]:
    return dict(zip(FAMILIES, family_statuses(above, below), strict=True))


def worked_table(cz: SimpleNamespace) -> tuple[list[int], list[int]]:
    """The rulebook's family-status example (its picture is lost; these counts match its text)."""
    above = cz.cards(
        "Stag courtier*2, Toad courtier*3, Butterfly noble, Carp courtier*2, Nightingale courtier*2"
    )
    below = cz.cards(
        "Stag guard, Toad guard, Butterfly guard, Carp guard*2,"
        " Nightingale noble, Nightingale guard, Hare courtier*2"
    )
    return above, below


def test_c6_2_rulebook_family_status_example(cz: SimpleNamespace) -> None:
    """C6.2 worked example: Stag, Toad, Butterfly esteemed; Carp 2 vs 2 neutral; Nightingale
    fallen because its noble below counts double (2 cards vs 2 would be neutral); Hare fallen."""
    above, below = worked_table(cz)
    status = statuses_by_name(above, below)
    assert status == {
        "Butterfly": ESTEEMED,
        "Toad": ESTEEMED,
        "Nightingale": FALLEN,
        "Hare": FALLEN,
        "Stag": ESTEEMED,
        "Carp": NEUTRAL,
    }
    # Without the noble rule the Nightingale count would be 2 above, 2 below.
    assert sum(1 for c in above if c in cz.cards("Nightingale courtier*2")) == 2


def noemie_game(cz: SimpleNamespace) -> tuple[list[int], Any]:
    """The rulebook's scoring example, finished: Noémie (seat 1) and a rival, their domains,
    the worked table and their missions."""
    above, below = worked_table(cz)
    noemie = [
        *cz.cards("Butterfly courtier*2, Butterfly assassin"),  # 3 Butterfly: +3
        *cz.cards("Toad assassin*2, Toad spy"),  # 3 Toad (the spy revealed at the end): +3
        *cz.cards("Stag noble*2, Stag assassin"),  # 5 Stag: +5
        cz.card("Nightingale", "noble", 1),
        cz.card("Nightingale", "assassin"),  # -3
        *cz.cards("Carp noble, Carp assassin"),  # neutral: 0
    ]
    state = cz.position(
        2,
        above=above,
        below=below,
        domains=[noemie, cz.cards("Hare noble")],
        current=None,
        missions=[("W9", "B4"), ("W1", "B9")],
    )
    return noemie, state


def test_c6_3_rulebook_noemie_scores_11(cz: SimpleNamespace) -> None:
    """C6.3/C6.4 worked example: +3 Butterfly, +3 Toad, +5 Stag (nobles count 2), -3 Nightingale
    (2 cards including a noble), Carp 0, +3 for her fulfilled mission = 11."""
    noemie, state = noemie_game(cz)
    statuses = family_statuses(*worked_table(cz))
    assert domain_points(noemie, statuses) == 3 + 3 + 5 - 3 + 0
    # Her blue mission B4 (Hare fallen from grace) is met, her white W9 (4 guards) is not.
    assert state.scores()[0] == 11.0
    assert state.winners() == [0]


def test_c6_2_status_neutral_when_equal_or_empty(cz: SimpleNamespace) -> None:
    """C6.2: no majority (equal weight, or no card at all) is neutral."""
    status = statuses_by_name(cz.cards("Toad noble"), cz.cards("Toad courtier*2"))
    assert status["Toad"] == NEUTRAL
    assert status["Carp"] == NEUTRAL


@pytest.mark.parametrize("family", FAMILIES)
def test_c6_2_status_per_family(cz: SimpleNamespace, family: str) -> None:
    """C6.2: more above is esteemed, more below is fallen, for each family."""
    up = cz.cards(f"{family} courtier*2")
    down = cz.cards(f"{family} guard")
    assert statuses_by_name(up, down)[family] == ESTEEMED
    assert statuses_by_name(down, up)[family] == FALLEN


def test_c5_1_noble_counts_two_in_a_domain(cz: SimpleNamespace) -> None:
    """C5.1/C6.3: a noble in a domain is worth 2 (plus or minus)."""
    statuses = family_statuses(cz.cards("Toad courtier"), cz.cards("Carp courtier"))
    assert domain_points(cz.cards("Toad noble"), statuses) == 2
    assert domain_points(cz.cards("Carp noble"), statuses) == -2
    assert domain_points(cz.cards("Hare noble"), statuses) == 0


def test_c6_3_points_go_to_the_domain_owner(cz: SimpleNamespace) -> None:
    """C6.3/C4.3: cards in a domain score for its owner, whoever played them."""
    above, below = cz.cards("Toad courtier"), cz.cards("Carp courtier")
    domains = [cz.cards("Toad guard*2"), cz.cards("Carp guard*3")]
    missions = [
        [MISSION_BY_CODE["W9"], MISSION_BY_CODE["B1"]],
        [MISSION_BY_CODE["W8"], MISSION_BY_CODE["B2"]],
    ]
    assert final_scores(domains, above, below, missions) == [2, -3]


def test_c6_5_shared_victory_on_a_tie(cz: SimpleNamespace) -> None:
    """C6.5: tied players share the victory."""
    state = cz.position(
        3,
        above=cz.cards("Toad courtier"),
        domains=[cz.cards("Toad guard"), cz.cards("Toad assassin"), []],
        current=None,
        missions=[("W9", "B1"), ("W8", "B2"), ("W7", "B3")],
    )
    assert state.is_terminal
    assert state.scores() == [1.0, 1.0, 0.0]
    assert state.winners() == [0, 1]
    assert state.rewards() == [0.5, 0.5, 0.0]


def test_c6_4_mission_adds_three_points_at_the_end(cz: SimpleNamespace) -> None:
    """C6.4: a met Secret Mission is worth 3; an unmet one nothing."""
    state = cz.position(
        2,
        below=cz.cards("Hare courtier"),
        domains=[[], []],
        current=None,
        missions=[("W9", "B4"), ("W8", "B1")],
    )
    assert state.scores() == [3.0, 0.0]
    assert state.winners() == [0]


def test_c6_1_spies_revealed_count_for_their_family_at_their_level(cz: SimpleNamespace) -> None:
    """C6.1: spies in the Queen's column join their family at their level; spies in domains
    score for their family."""
    spy = cz.card("Toad", "spy")
    state = cz.position(
        2,
        above=[spy],
        below=cz.cards("Carp courtier"),
        domains=[cz.cards("Toad courtier"), [cz.card("Carp", "spy")]],
        current=None,
        missions=[("W9", "B1"), ("W8", "B2")],
    )
    assert state.scores() == [1.0, -1.0]
    obs = state.observation(1)
    assert obs["queen_table"]["above"][0]["family"] == "Toad"
    assert obs["family_status"]["Toad"] == "esteemed"


def m(code: str) -> int:
    return MISSION_BY_CODE[code]


def met(
    code: str,
    domains: list[list[int]],
    above: Sequence[int] = (),
    below: Sequence[int] = (),
    seat: int = 0,
) -> bool:
    statuses = family_statuses(above, below)
    return mission_met(m(code), seat, domains, above, below, statuses)


@pytest.mark.parametrize("index", range(6))
def test_c7_w1_to_w6_fewer_than_left_neighbour(cz: SimpleNamespace, index: int) -> None:
    """C7 W1-W6: strictly fewer cards of the family than the left-hand neighbour's domain."""
    family = FAMILIES[index]
    code = f"W{index + 1}"
    one, two = cz.cards(f"{family} courtier"), cz.cards(f"{family} guard*2")
    assert met(code, [one, two])
    assert not met(code, [two, one])
    assert not met(code, [one, cz.cards(f"{family} guard")]), "1 vs 1 is not fewer"
    assert not met(code, [[], []]), "0 vs 0 is not fewer"
    assert met(code, [[], one])
    other = FAMILIES[(index + 1) % 6]
    assert not met(code, [[], cz.cards(f"{other} courtier*3")]), "only family X counts"


def test_c7_w1_nobles_count_two_in_the_comparison(cz: SimpleNamespace) -> None:
    """C7/C5.1: in W1-W6 a noble counts as two cards."""
    noble = cz.cards("Butterfly noble")
    assert not met("W1", [noble, cz.cards("Butterfly courtier*2")])
    assert met("W1", [noble, cz.cards("Butterfly courtier*3")])
    assert met("W1", [cz.cards("Butterfly courtier"), cz.cards("Butterfly noble")])


def test_c7_left_neighbour_is_the_next_seat(cz: SimpleNamespace) -> None:
    """C7: the left-hand neighbour is the next seat in (clockwise) play order; with two players
    it is the opponent, and the last seat's neighbour is seat 0."""
    many = cz.cards("Stag courtier*2")
    assert not met("W5", [[], [], many]), "seat 2 is seat 0's right-hand neighbour"
    assert met("W5", [[], many, []])
    assert met("W5", [many, [], []], seat=2)
    assert met("W5", [many, []], seat=1)


@pytest.mark.parametrize(
    ("code", "enough", "short"),
    [
        ("W7", "Toad noble, Carp noble, Hare noble", "Toad noble, Carp noble, Hare courtier*3"),
        ("W8", "Toad assassin, Carp assassin", "Toad assassin, Carp guard"),
        ("W9", "Toad guard*2, Carp guard, Stag guard", "Toad guard*3"),
        ("W10", "Toad spy*2, Hare spy", "Toad spy*2, Hare noble"),
    ],
)
def test_c7_w7_to_w10_roles_in_domain(
    cz: SimpleNamespace, code: str, enough: str, short: str
) -> None:
    """C7 W7-W10: at least 3 nobles / 2 assassins / 4 guards / 3 spies in your own domain
    (cards of the role, counted once each; spies count once revealed)."""
    assert met(code, [cz.cards(enough), []])
    assert not met(code, [cz.cards(short), []])
    assert not met(code, [[], cz.cards(enough)]), "the neighbour's domain does not count"


@pytest.mark.parametrize("index", range(6))
def test_c7_b1_to_b6_family_fallen(cz: SimpleNamespace, index: int) -> None:
    """C7 B1-B6: the family is fallen from grace (not neutral, not esteemed)."""
    family = FAMILIES[index]
    code = f"B{index + 1}"
    assert met(code, [[], []], below=cz.cards(f"{family} courtier"))
    assert not met(code, [[], []])
    assert not met(
        code, [[], []], above=cz.cards(f"{family} guard"), below=cz.cards(f"{family} courtier")
    )
    assert not met(code, [[], []], above=cz.cards(f"{family} courtier"))
    other = FAMILIES[(index + 1) % 6]
    assert not met(code, [[], []], below=cz.cards(f"{other} courtier"))


def test_c7_b7_every_family_below(cz: SimpleNamespace) -> None:
    """C7 B7: every family has at least one card below the mat."""
    every = cz.cards(
        "Butterfly courtier, Toad courtier, Nightingale courtier, Hare courtier, "
        "Stag courtier, Carp courtier"
    )
    assert met("B7", [[], []], below=every)
    assert not met("B7", [[], []], below=every[:-1] + cz.cards("Toad guard"))


def test_c7_b8_some_family_five_below_nobles_double(cz: SimpleNamespace) -> None:
    """C7 B8: some family has at least 5 cards below; a noble counts as two."""
    assert met("B8", [[], []], below=cz.cards("Hare courtier*4, Hare guard"))
    assert not met("B8", [[], []], below=cz.cards("Hare courtier*4, Toad guard"))
    assert met("B8", [[], []], below=cz.cards("Hare noble*2, Hare guard"))


def test_c7_b9_at_most_three_esteemed(cz: SimpleNamespace) -> None:
    """C7 B9: at most 3 families esteemed."""
    three = cz.cards("Toad courtier, Carp courtier, Hare courtier")
    assert met("B9", [[], []], above=three)
    assert not met("B9", [[], []], above=three + cz.cards("Stag courtier"))


def test_c7_b10_at_least_two_fallen(cz: SimpleNamespace) -> None:
    """C7 B10: at least 2 families fallen from grace."""
    assert met("B10", [[], []], below=cz.cards("Toad courtier, Carp courtier"))
    assert not met("B10", [[], []], below=cz.cards("Toad courtier, Toad guard"))


def test_c6_1_spies_count_for_missions_after_reveal(cz: SimpleNamespace) -> None:
    """C6.1 before C6.4: a spy in the Queen's column counts for its family's status in B1-B6."""
    state = cz.position(
        2,
        below=[cz.card("Butterfly", "spy")],
        domains=[[], []],
        current=None,
        missions=[("W9", "B1"), ("W8", "B2")],
    )
    assert state.scores() == [3.0, 0.0]


def test_score_breakdown_of_the_rulebook_example(cz: SimpleNamespace) -> None:
    """C6.3/C6.4: Noémie's 11 = 8 from her domain + 3 for B4 (W9 not met); no tie-break is
    needed and the game ended because every card was played (C3.4)."""
    _noemie, state = noemie_game(cz)
    breakdown = state.score_breakdown()
    assert breakdown["categories"] == ["domain", "white_mission", "blue_mission"]
    assert breakdown["seats"][0] == {
        "domain": 8.0,
        "white_mission": 0.0,
        "blue_mission": 3.0,
        "total": 11.0,
    }
    # Seat 2: Hare is fallen (-2 for a noble); W1 (fewer Butterfly than seat 1) and B9 (at most
    # 3 families esteemed: exactly 3 are) are both met.
    assert breakdown["seats"][1] == {
        "domain": -2.0,
        "white_mission": 3.0,
        "blue_mission": 3.0,
        "total": 4.0,
    }
    assert [seat["total"] for seat in breakdown["seats"]] == state.scores()
    assert breakdown["decided_by"] is None and breakdown["end"] == "all-cards-played"


def test_score_breakdown_during_play_shows_only_what_is_public(cz: SimpleNamespace) -> None:
    """R11: before the end, face-up cards only and no mission points (missions are secret)."""
    spy = cz.card("Toad", "spy")
    state = cz.position(
        2,
        hands=[cz.cards("Carp courtier*3"), cz.cards("Stag guard*3")],
        deck_size=6,
        above=cz.cards("Toad courtier"),
        domains=[[cz.card("Toad", "noble"), spy], []],
        missions=[("W10", "B7"), ("W1", "B9")],
    )
    breakdown = state.score_breakdown()
    assert breakdown["seats"][0] == {
        "domain": 2.0,
        "white_mission": 0.0,
        "blue_mission": 0.0,
        "total": 2.0,
    }
    assert breakdown["end"] is None
    assert [seat["total"] for seat in breakdown["seats"]] == state.scores()


@pytest.mark.parametrize("num_players", [2, 5])
def test_score_breakdown_totals_are_the_scores_of_random_games(num_players: int) -> None:
    for seed in range(3):
        state = GAME.new_game(num_players, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            breakdown = state.score_breakdown()
            assert [seat["total"] for seat in breakdown["seats"]] == state.scores()
            legal = state.legal_action_ids()
            state.step(legal[rng.below(len(legal))])
        breakdown = state.score_breakdown()
        assert [seat["total"] for seat in breakdown["seats"]] == state.scores()
        assert breakdown["end"] == "all-cards-played"
