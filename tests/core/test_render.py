"""Words made only when shown (issue 37): events and actions are a kind and data, and the
kernel's renderer (``courtly.core.render``) is the one place their sentences are made, in the
reader's language and with the table's seat names, from only what that reader may see."""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest
from highcards import HighCards

import courtly
from courtly.core.actions import Action
from courtly.core.events import Event, EventKinds, events_for
from courtly.core.render import (
    action_text,
    actions_json,
    event_json,
    event_text,
    listed_actions,
    repeats,
)
from courtly.core.table import Table
from courtly.server.protocol import game_message

SRC = Path(courtly.__file__).parent
RENDERER = SRC / "core" / "render.py"
SCRIPTS = sorted((SRC / "web" / "static" / "js").rglob("*.js"))
# The catalogue families whose templates are events' and actions' sentences.
SENTENCE_KEY = re.compile(r"(event|action)\.")
# Calls that fill or look up a catalogue template.
FILLING = {"text", "render", "lookup", "fill", "format", "format_map", "phrase"}
# The vocabularies' parts only the renderer reads (their own modules declare them).
VOCABULARY_PARTS = {"templates", "formatters"}
DECLARING = {SRC / "core" / "events.py", SRC / "core" / "actions.py"}


def test_events_and_actions_are_kind_and_data() -> None:
    # (``private_to`` says who reads a hidden move in its private event: who sees, not words.)
    fields = ["kind", "data", "audience", "private_to"]
    assert [f.name for f in dataclasses.fields(Event)] == fields
    assert [f.name for f in dataclasses.fields(Action)] == ["id", "kind", "args"]


def test_a_korean_reader_sees_the_seats_names_with_their_particles() -> None:
    kingdoms = courtly.load("kingdoms")
    won = kingdoms.event_kinds.event("duel-won", {"seat": 0})  # type: ignore[union-attr]
    assert (
        event_text(kingdoms, won, "ko", ["민지", "Bob"])
        == "민지가 결투에서 이겨 첫 차례를 가져갑니다"
    )
    assert event_text(kingdoms, won, "ko", ["Bob", None]).startswith("Bob이 ")
    assert event_text(kingdoms, won, "en", ["Bob", None]).startswith("Bob wins")
    # A seat without a name reads by its number, from 1.
    assert event_text(kingdoms, won, "ko", [None, "Bob"]).startswith("1번 자리가 ")
    assert event_text(kingdoms, won, "en").startswith("seat 1 wins")


def test_an_actions_sentence_names_seats_in_the_readers_language() -> None:
    courtisans = courtly.load("courtisans")
    space = courtisans.action_space(2)
    action = next(a for a in space.actions if a.kind == "play" and dict(a.args).get("seat") == 1)
    assert "Bob" in action_text(courtisans, action, "en", [None, "Bob"])
    korean = action_text(courtisans, action, "ko", [None, "민지"])
    assert "민지의 영지" in korean
    # A sentence kept for one table's names is not another table's.
    assert "민지" not in action_text(courtisans, action, "ko", [None, None])


def test_a_plug_in_without_words_reads_as_its_kind_and_data(toy: HighCards) -> None:
    assert action_text(toy, toy.action_space(2)[3]) == 'play {"card":3}'


@pytest.mark.parametrize("name", sorted(courtly.game_names()))
def test_a_delivery_renders_only_what_its_viewer_may_see(name: str) -> None:
    """Each viewer's message holds the sentences of exactly the events it may see: the
    renderer is handed ``events_for(viewer)``, never a private event of another seat."""
    game = courtly.load(name)
    table = Table(game, game.min_players, seed=3)
    rng = random.Random(3)
    names: list[str | None] = [f"P{s}" for s in range(game.min_players)]
    info: dict[str, Any] = {"seats": [{"seat": s, "name": n} for s, n in enumerate(names)]}
    hidden = 0  # events some viewer was not shown
    while not table.state.is_terminal and table.ply < 60:
        seat = table.state.current_player
        assert seat is not None
        deliveries = table.act(seat, table.seq, rng.choice(table.state.legal_action_ids()))
        made = table.steps[-1].events  # every event of the move, whoever may see it
        for viewer in table.viewers():
            message = game_message("update", deliveries[viewer], info, game, "ko")
            shown = events_for(made, viewer, game.min_players)
            assert message["events"] == [event_json(game, e, "ko", names) for e in shown]
            hidden += len(made) - len(shown)
    assert table.ply > 3
    # Every game but Tudor (whose announcements are all public) hides something.
    assert hidden > 0 or name == "tudor"


def _sentence_makers(path: Path) -> list[str]:
    """Where ``path`` fills or looks up an event's or action's template, or reads the parts of a
    vocabulary only the renderer reads."""
    found = []
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in VOCABULARY_PARTS
            and path not in DECLARING
        ):
            found.append(f"{path.name}:{node.lineno} reads .{node.attr}")
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        first = node.args[0]
        literal = ""
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            literal = first.value
        elif isinstance(first, ast.JoinedStr) and first.values:
            head = first.values[0]
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                literal = head.value
        if called in FILLING and SENTENCE_KEY.match(literal):
            found.append(f"{path.name}:{node.lineno} {called}({literal!r}...)")
    return found


def test_the_renderer_is_the_only_place_sentences_are_made() -> None:
    modules = [p for p in SRC.rglob("*.py") if p != RENDERER]
    assert len(modules) > 100
    found = [where for path in modules for where in _sentence_makers(path)]
    assert found == [], found
    # The browser shows the server's sentences as they came: no seat swapped in by a regex.
    swapped = [p.name for p in SCRIPTS if re.search(r"/\\bseat|withSeatNames", p.read_text())]
    assert swapped == []


def test_the_check_finds_a_sentence_made_elsewhere(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def line(domain, kinds, event, lang):\n"
        '    template = domain.text(f"event.{event.kind}", lang)\n'
        "    words = kinds.formatters\n"
        '    return domain.lookup("action.take", lang), template, words\n'
    )
    assert _sentence_makers(sample) == [
        "sample.py:2 text('event.'...)",
        "sample.py:3 reads .formatters",
        "sample.py:4 lookup('action.take'...)",
    ]


def test_an_events_data_does_not_move_with_the_state() -> None:
    """The sentence is made when shown, maybe long after the move: a list the rules passed
    (the state's own) and changed afterwards must not change what the event says."""
    kinds = EventKinds({"count": "{seat} counts {counts}"})
    inner = [2]
    counts: list[object] = [1, inner]
    event = kinds.event("count", {"seat": 0, "counts": counts})
    counts.append(3)
    inner.append(4)  # counts[1]
    assert event.data["counts"] == [1, [2]]


def test_only_byte_identical_sentences_are_one_choice() -> None:
    # A space, a letter's case or another language's words make another choice.
    assert repeats(["play a", "play b", "play a", "play a ", "Play a", "play b"]) == {2: 0, 5: 1}
    assert repeats([]) == {}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_two_identical_cards_are_listed_once_and_both_stay_legal(lang: str) -> None:
    # Seed 8 deals seat 1 two Hare guards and a Stag noble: 12 plays, 8 sentences.
    game = courtly.load("courtisans")
    snapshot = Table(game, 2, seed=8).snapshot(0)
    legal, view = snapshot.legal_actions, snapshot.observation
    texts = [action_text(game, a, lang, view=view) for a in legal]
    listed = listed_actions(game, legal, lang, view=view)
    assert len(legal) == 12 and len(listed) == len(set(texts)) == 8
    assert [action_text(game, a, lang, view=view) for a in listed] == list(dict.fromkeys(texts))
    offered = actions_json(game, legal, lang, view=view)
    # Every legal action is still offered (a click on the second card plays its own), and
    # each repeat names the first action of its sentence.
    assert [o["id"] for o in offered] == [a.id for a in legal]
    by_id = {o["id"]: o for o in offered}
    repeated = [o for o in offered if "same" in o]
    assert len(repeated) == 4
    for o in repeated:
        first = by_id[o["same"]]
        assert first["text"] == o["text"] and "same" not in first and first["id"] != o["id"]
        assert first["action"]["card"] != o["action"]["card"]
