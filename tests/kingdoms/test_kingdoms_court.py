"""Court structure, Inauguration and Royal Discards (docs/games/kingdoms.md, C4.1-C4.5)."""

from __future__ import annotations

from kingdoms_helpers import act, build, has, kinds

from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.data import parse_card
from courtly.games.kingdoms.rules.dispatch import advance


def court_of(
    jack: str | None = None, queen: str | None = None, king: str | None = None
) -> list[int]:
    return [parse_card(c) if c else -1 for c in (jack, queen, king)]


def test_c4_1_regnant_consort_chamberlain() -> None:
    assert C.regnant_slot(court_of(jack="JS")) == 0
    assert C.consort_slot(court_of(jack="JS")) == -1
    assert C.regnant_slot(court_of(jack="JS", queen="QH")) == 1
    assert C.consort_slot(court_of(jack="JS", queen="QH")) == 0
    assert C.regnant_slot(court_of(jack="JS", king="KH")) == 2
    assert C.consort_slot(court_of(jack="JS", king="KH")) == 0
    full = court_of(jack="JS", queen="QH", king="KD")
    assert C.regnant_slot(full) == 2
    assert C.consort_slot(full) == 1
    assert C.has_chamberlain(full)
    assert not C.has_chamberlain(court_of(queen="QH", king="KD"))
    assert C.regnant_slot(court_of()) == -1


def test_c4_2_subject_spaces() -> None:
    assert C.capacity(court_of(king="KS"), 2) == 3
    assert C.capacity(court_of(king="KS", queen="QS"), 2) == 4
    assert C.capacity(court_of(king="KS", jack="JS"), 2) == 4
    assert C.capacity(court_of(queen="QS"), 1) == 3
    assert C.capacity(court_of(jack="JS"), 0) == 3
    assert C.capacity(court_of(jack="JS", queen="QS"), 0) == 2
    assert C.capacity(court_of(jack="JS", king="KS"), 0) == 2


def test_c4_2_eunuch_and_influence_and_prestige() -> None:
    assert C.is_eunuch(court_of(jack="JH", queen="QH", king="KS"))
    assert not C.is_eunuch(court_of(jack="JD", queen="QH", king="KS"))
    assert C.influence(court_of(queen="QH", king="KH")) == 1
    assert C.influence(court_of(jack="JC", queen="QC")) == 2
    assert C.influence(court_of(queen="QD", king="KH")) == -1
    assert C.is_prestigious(court_of(jack="JS", queen="QS", king="KS"))
    assert not C.is_prestigious(court_of(jack="JS", queen="QS", king="KH"))


def test_c4_3_king_discards_jack_of_another_suit() -> None:
    s = build(
        phase="inauguration",
        seats=(
            {"hand": ["KS", "4D"], "court": {"jack": "JH"}, "rows": {"jack": ["5H", "6H"]}},
            {"court": {"king": "KD"}},
        ),
    )
    act(s, "crown", card="KS")
    assert s.court[0] == [-1, -1, parse_card("KS")]
    assert parse_card("JH") in s.discard
    # C4.5: the Jack's Subjects are placed again (only the King has room: done at once).
    assert sorted(s.rows[0][2]) == sorted([parse_card("5H"), parse_card("6H")])
    assert s.phase == 4  # Population


def test_c4_3_king_keeps_jack_of_same_suit() -> None:
    s = build(
        phase="inauguration",
        seats=({"hand": ["KH", "4D"], "court": {"jack": "JH"}}, {"court": {"king": "KD"}}),
    )
    act(s, "crown", card="KH")
    assert s.court[0] == [parse_card("JH"), -1, parse_card("KH")]


def test_c4_3_one_of_each_rank() -> None:
    s = build(
        phase="inauguration",
        seats=(
            {"hand": ["KH", "KS", "QD", "4D"], "court": {"king": "KC"}},
            {"court": {"king": "KD"}},
        ),
    )
    assert not has(s, "crown", card="KH")
    assert has(s, "crown", card="QD")
    assert has(s, "skip")


def test_c4_4_inauguration_may_be_skipped_when_court_has_royal() -> None:
    s = build(
        phase="inauguration",
        seats=({"hand": ["QH", "4D"], "court": {"king": "KC"}}, {"court": {"king": "KD"}}),
    )
    act(s, "skip")
    assert s.court[0][1] == -1
    assert parse_card("QH") in s.hand[0]


def test_c4_4_empty_court_must_crown() -> None:
    s = build(
        phase="inauguration",
        seats=({"hand": ["QH", "JD", "4D"]}, {"court": {"king": "KD"}}),
    )
    assert "skip" not in kinds(s)
    assert kinds(s) == {"crown"}


def test_c4_4_forced_redraw_until_royal() -> None:
    # Hand without Royal cards and an empty court: show, discard all, draw seven, place one.
    top = ["9C", "8C", "7C", "6C", "5C", "4C", "QS", "3C", "2C", "3H", "4H", "5H", "6H", "7H"]
    s = build(
        phase="inauguration",
        seats=({"hand": ["2D", "3D"]}, {"court": {"king": "KD"}}),
        deck_top=top,
        phase_started=False,
    )
    advance(s, None)
    # First seven drawn (7H..3C from the top) hold no Royal: discarded too, seven more drawn.
    assert parse_card("2D") in s.discard and parse_card("7H") in s.discard
    assert parse_card("QS") in s.hand[0] or s.court[0][1] == parse_card("QS")
    assert s.court[0][1] == parse_card("QS")  # the only possible choice is played at once


def test_c4_5_royal_discard_lets_owner_rearrange_and_outcast_surplus() -> None:
    # Seat 1 loses its King to an Ace: its Queen (3 spaces) cannot hold all 5 Subjects.
    s = build(
        seats=(
            {"hand": ["AS", "2D"], "court": {"king": "KH"}},
            {
                "court": {"king": "KS", "queen": "QD"},
                "rows": {"king": ["2H", "3H", "4H"], "queen": ["5C", "6C"]},
            },
        ),
    )
    act(s, "ace", card="AS")
    # Only target is the King of Spades (same suit): resolved at once; seat 1 re-places.
    assert s.court[1] == [-1, parse_card("QD"), -1]
    assert s.discard[-2:] == [parse_card("AS"), parse_card("KS")]
    assert s.current_player == 1
    # 5 cards, 3 spaces: the owner chooses which go to the Peasant pile.
    assert kinds(s) == {"row", "peasant"}
    placed = 0
    while s.current_player == 1:
        if has(s, "peasant"):
            act(s, "peasant")
        else:
            act(s, "row", slot="Queen")
            placed += 1
    assert len(s.rows[1][1]) == 3
    assert len(s.peasant[1]) == 2
    s.check_invariants()


def test_c4_5_capacity_shrink_on_inauguration_places_again() -> None:
    # A Jack Regnant with 3 Subjects becomes Consort (2 spaces) when a Queen is crowned.
    s = build(
        phase="inauguration",
        seats=(
            {"hand": ["QS", "9D"], "court": {"jack": "JS"}, "rows": {"jack": ["2H", "3H", "4H"]}},
            {"court": {"king": "KD"}},
        ),
    )
    act(s, "crown", card="QS")
    while s.stack:
        act(s, "row", slot="Jack") if has(s, "row", slot="Jack") else act(s, "row", slot="Queen")
    assert len(s.rows[0][0]) + len(s.rows[0][1]) == 3
    assert len(s.rows[0][0]) <= 2
    s.check_invariants()
