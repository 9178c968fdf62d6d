"""Hidden information (C2.2, C2.4, C5.2, C6.1, RULINGS R1): observations and resampled worlds."""

from __future__ import annotations

from types import SimpleNamespace

from courtly.core.canonical import canonical_json
from courtly.core.render import event_text
from courtly.core.rng import Rng
from courtly.games.courtisans import GAME
from courtly.games.courtisans.data import IS_SPY, SPY_INDEX
from courtly.games.courtisans.state import CourtisansState


def mid_game(cz: SimpleNamespace, options: dict[str, str] | None = None) -> CourtisansState:
    """Seat 0 to play; seat 0 played the Toad spy above, seat 1 the Hare spy into seat 0's domain
    and the Carp spy that was then eliminated."""
    toad_spy, hare_spy, carp_spy = (
        cz.card("Toad", "spy"),
        cz.card("Hare", "spy"),
        cz.card("Carp", "spy"),
    )
    state = cz.position(
        3,
        hands=[
            cz.cards("Stag courtier*3"),
            cz.cards("Butterfly guard*3"),
            cz.cards("Nightingale guard*3"),
        ],
        above=[toad_spy, cz.card("Toad", "noble")],
        below=cz.cards("Carp noble"),
        domains=[[hare_spy], cz.cards("Stag noble"), []],
        eliminated=[carp_spy],
        deck_size=30,
        spies_played_by={toad_spy: 0, hare_spy: 1, carp_spy: 1},
        options=options,
    )
    assert isinstance(state, CourtisansState)
    return state


def worlds(state: CourtisansState, seat: int, count: int = 12) -> list[CourtisansState]:
    out: list[CourtisansState] = []
    for seed in range(count):
        world = state.resample(seat, Rng(seed))
        assert isinstance(world, CourtisansState)
        out.append(world)
    return out


def test_resample_keeps_what_the_seat_knows(cz: SimpleNamespace) -> None:
    state = mid_game(cz)
    obs = canonical_json(state.observation(0))
    for world in worlds(state, 0):
        world.check_invariants()
        assert canonical_json(world.observation(0)) == obs
        assert world.hands[0] == state.hands[0]
        assert world.above[0] == cz.card("Toad", "spy"), "seat 0 played this spy and remembers it"
        assert (world.white[0], world.blue[0]) == (state.white[0], state.blue[0])
        assert len(world.deck) == 30 and len(world.removed) == 18
        assert [len(h) for h in world.hands] == [3, 3, 3]


def test_resample_redraws_the_hidden(cz: SimpleNamespace) -> None:
    state = mid_game(cz)
    drawn = worlds(state, 0, 20)
    assert len({tuple(w.hands[1]) for w in drawn}) > 1
    assert len({tuple(w.deck) for w in drawn}) > 1
    assert len({(w.white[1], w.blue[2]) for w in drawn}) > 1
    assert len({w.domains[0][0] for w in drawn}) > 1, "an unknown spy is re-drawn"
    assert len({w.eliminated[0] for w in drawn}) > 1, "an eliminated spy stays unknown"


def test_resample_unknown_spies_are_spies_and_keep_their_player(cz: SimpleNamespace) -> None:
    """C5.2: everyone knows a face-down card is a spy, and who played it; not which spy."""
    state = mid_game(cz)
    for world in worlds(state, 2):
        for card in (world.above[0], world.domains[0][0], world.eliminated[0]):
            assert IS_SPY[card]
        assert world.spy_player[SPY_INDEX[world.above[0]]] == 0
        assert world.spy_player[SPY_INDEX[world.domains[0][0]]] == 1
        assert world.hands[2] == state.hands[2]


def test_resample_depends_only_on_the_seats_knowledge(cz: SimpleNamespace) -> None:
    """Two states seat 0 cannot tell apart resample to the same worlds."""
    state = mid_game(cz)
    other = state.resample(0, Rng(99))
    for seed in range(5):
        a = state.resample(0, Rng(seed)).to_json()
        b = other.resample(0, Rng(seed)).to_json()
        assert canonical_json(a) == canonical_json(b)


def test_r1_forget_option_redraws_the_players_own_spy(cz: SimpleNamespace) -> None:
    state = mid_game(cz, {"spy_memory": "forget"})
    assert len({w.above[0] for w in worlds(state, 0, 20)}) > 1


def test_resample_after_the_end_keeps_revealed_spies_and_missions(cz: SimpleNamespace) -> None:
    """C6.1/C6.4: at the end spies in play and every mission are known; eliminated spies and
    unused missions stay hidden."""
    spy, gone = cz.card("Toad", "spy"), cz.card("Hare", "spy")
    state = cz.position(
        2,
        above=[spy],
        domains=[[], []],
        eliminated=[gone],
        current=None,
        spies_played_by={spy: 1, gone: 1},
        missions=[("W3", "B3"), ("W4", "B9")],
    )
    drawn = worlds(state, 0, 20)
    for world in drawn:
        assert world.above == [spy]
        assert (world.white, world.blue) == (state.white, state.blue)
    assert len({w.eliminated[0] for w in drawn}) > 1
    # Every dealt mission is shown, so the unused ones follow; they are never listed.
    assert len({tuple(w.unused_missions) for w in drawn}) == 1
    obs = state.observation(0)
    assert [m["code"] for m in obs["revealed_missions"][1]] == ["W4", "B9"]
    assert obs["eliminated"][0] == {"face_down": True, "played_by": 1}


def test_observation_never_names_an_unknown_spy(cz: SimpleNamespace) -> None:
    state = mid_game(cz)
    for seat in (1, 2):
        obs = state.observation(seat)
        assert obs["queen_table"]["above"][0] == {"face_down": True, "played_by": 0}
    assert state.observation(1)["domains"][0][0]["card"] == cz.card("Hare", "spy")
    assert "card" not in state.observation(0)["domains"][0][0]


def test_json_round_trip(cz: SimpleNamespace) -> None:
    state = mid_game(cz)
    again = GAME.from_json(canonical_json(state.to_json()))
    assert again.fingerprint() == state.fingerprint()
    assert again.legal_action_ids() == state.legal_action_ids()


def test_public_events_never_name_a_spy_before_the_end() -> None:
    """C5.2/C5.3: over a whole game, no public event names a spy until the final reveal."""
    from courtly.games.courtisans.data import card_name

    for players in (2, 5):
        state = GAME.new_game(players, seed=players + 40)
        rng = Rng(players)
        spy_names = {card_name(c) for c in range(90) if IS_SPY[c]}
        while not state.is_terminal:
            ids = state.legal_action_ids()
            for event in state.apply(ids[rng.below(len(ids))]):
                if event.audience is not None:
                    assert len(event.audience) == 1
                    continue
                if event.kind in ("reveal", "game-over"):
                    continue
                assert not any(name in event_text(GAME, event) for name in spy_names), event_text(
                    GAME, event
                )
                assert "card" not in event.data or not IS_SPY[event.data["card"]]
                assert "cards" not in event.data


def test_heuristic_ignores_what_the_seat_cannot_know(cz: SimpleNamespace) -> None:
    """The greedy evaluation is the same in every world the seat cannot tell apart."""
    state = mid_game(cz)
    for seat in range(3):
        values = {GAME.heuristic(world, seat) for world in worlds(state, seat, 10)}
        assert values == {GAME.heuristic(state, seat)}
        # The search's estimate also reads only the seat's knowledge (and public counts).
        estimates = {GAME.search_evaluation(world, seat) for world in worlds(state, seat, 10)}
        assert estimates == {GAME.search_evaluation(state, seat)}
