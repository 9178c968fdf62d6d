"""Every game's texts in English and Korean (issue #23), checked the same way for each game:
the catalogues agree, every key the code uses exists, and a whole game's log and every choice
read in Korean hold no English and no unfilled placeholder."""

from __future__ import annotations

import random
import re
import string
import sys
from pathlib import Path

import pytest

import courtly
from courtly.core.i18n import COURTLY, LANGUAGES, Domain, placeholders, using
from courtly.core.render import action_text, event_text
from courtly.core.state import Game

# Games whose catalogues do not exist yet. The i18n-games helper empties this list as it
# converts Tudor, Courtisans and For the King; nothing else may skip a game.
NOT_CONVERTED: set[str] = set()

# Latin-script words a Korean text may keep: proper names the Korean rulebook leaves in Latin.
ALLOWED_LATIN: dict[str, frozenset[str]] = {
    "kingdoms": frozenset(),
    # The Korean rules v15 keep the action letters A-H in Latin ("A 반지 이동", "액션 E").
    "tudor": frozenset("ABCDEFGH"),
    "courtisans": frozenset(),
    # The tie-break letters A-I printed on the Government cards (no Korean edition renames them).
    "for-the-king": frozenset("ABCDEFGHI"),
}

# A key written as a literal in the code ("view.army") or the fixed start of one built from
# data (f"phase.{name}").
KEY = re.compile(
    r"""["']((?:event|action|term|phase|option|score|view|explain|error|end|tiebreak|game|cli|"""
    r"""server|report|agent|stat|allowed)\.[a-z0-9_.\-]*)(\{)?"""
)
LATIN = re.compile(r"[A-Za-z]+")
FILE_SUFFIXES = (".html", ".csv", ".json", ".jsonl", ".svg", ".png")
SRC = Path(courtly.__file__).parent


def _game(name: str) -> Game:
    if name in NOT_CONVERTED:
        pytest.skip(f"{name} has no catalogues yet (NOT_CONVERTED)")
    return courtly.load(name)


def _domain(game: Game) -> Domain:
    assert game.domain is not None, f"{game.name} declares no catalogue domain"
    return game.domain


def _package_dir(game: Game) -> Path:
    return Path(sys.modules[type(game).__module__].__file__ or "").parent


def _keys_in_code(directory: Path) -> tuple[set[str], set[str]]:
    """Literal keys and key prefixes found in the Python files under ``directory``."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    for path in directory.rglob("*.py"):
        for match in KEY.finditer(path.read_text(encoding="utf-8")):
            key = match.group(1)
            if key.endswith(FILE_SUFFIXES):
                continue  # a file name such as "report.html", not a key
            if match.group(2) or key.endswith("."):
                prefixes.add(key)
            else:
                keys.add(key)
    return keys, prefixes


def _check_domain(domain: Domain) -> None:
    english = domain.messages("en")
    assert english, f"no English catalogue for {domain.name}"
    for lang in LANGUAGES:
        messages = domain.messages(lang)
        assert set(messages) == set(english), (
            f"{domain.name}/{lang}: missing {sorted(set(english) - set(messages))[:10]}, "
            f"extra {sorted(set(messages) - set(english))[:10]}"
        )
        for key, text in messages.items():
            # A word's form may pick among the fields its formatter supplies (a card is its
            # rank and suit sign in the English log, suit and rank words in Korean); any other
            # text has exactly English's placeholders. A field a word lacks fails the
            # whole-game test below.
            if key.startswith("term."):
                continue
            assert placeholders(text) == placeholders(english[key]), (
                f"{domain.name}/{lang} {key}: placeholders {sorted(placeholders(text))} "
                f"differ from English {sorted(placeholders(english[key]))}"
            )
            if lang == "en":
                # English takes no particle; a spec there is a count's word, "one|other".
                specs = [spec for _, _, spec, _ in string.Formatter().parse(text) if spec]
                assert all(s.count("|") == 1 and s.isascii() for s in specs), (
                    f"{key}: English texts take no particle spec, only singular|plural"
                )


# Families a front looks up in the game's own catalogue (``game.text(key, lang, default)``).
GAME_FAMILIES = ("game.", "score.", "end.", "tiebreak.", "option.", "phase.", "stat.")


def _check_code_keys(domain: Domain, directory: Path, front: bool = False) -> None:
    """``front``: the kernel and the fronts, whose game-family keys are each game's."""
    keys, prefixes = _keys_in_code(directory)
    if front:
        keys = {k for k in keys if not k.startswith(GAME_FAMILIES)}
        prefixes = {p for p in prefixes if not p.startswith(("event.", "action.", *GAME_FAMILIES))}
    english = set(domain.messages("en")) | set(COURTLY.messages("en"))
    unknown = sorted(keys - english)
    assert not unknown, f"keys used in code but not in the catalogue: {unknown}"
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in english), f"no key starts with {prefix!r}"


@pytest.mark.parametrize("name", sorted(courtly.game_names()))
def test_catalogues_agree_and_hold_every_key_the_code_uses(name: str) -> None:
    game = _game(name)
    domain = _domain(game)
    _check_domain(domain)
    _check_code_keys(domain, _package_dir(game))
    english = domain.messages("en")
    assert game.event_kinds is not None and game.action_texts is not None
    for kind in game.event_kinds.kinds:
        assert f"event.{kind}" in english
    for players in range(game.min_players, game.max_players + 1):
        space = game.action_space(players)
        for action in space.actions:
            assert game.action_texts.key(action.kind, dict(action.args)) in english
    for option in game.options:
        assert f"option.{option.name}" in english and f"option.{option.name}.help" in english


def test_the_courtly_catalogues_agree_and_hold_every_key_the_code_uses() -> None:
    _check_domain(COURTLY)
    for part in ("core", "cli", "server", "web", "agents", "analysis"):
        _check_code_keys(COURTLY, SRC / part, front=True)


def _korean_problems(name: str, text: str) -> list[str]:
    problems = []
    if "{" in text or "}" in text:
        problems.append(f"unfilled placeholder in {text!r}")
    english = [w for w in LATIN.findall(text) if w not in ALLOWED_LATIN[name]]
    if english:
        problems.append(f"English {english} in {text!r}")
    return problems


@pytest.mark.parametrize("name", sorted(courtly.game_names()))
def test_a_whole_game_and_every_choice_read_in_korean(name: str) -> None:
    game = _game(name)
    problems: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_game(players, seed=players)
        rng = random.Random(players)
        events = []
        while not state.is_terminal:
            events += state.apply(rng.choice(state.legal_action_ids()))
        kinds = {event.kind for event in events}
        assert len(kinds) > 5, "the game emitted too few kinds of events to test"
        # Every event is some seat's (private ones) or everyone's: all of them, in Korean.
        for event in events:
            problems.update(_korean_problems(name, event_text(game, event, "ko")))
        for action in game.action_space(players).actions:
            problems.update(_korean_problems(name, action_text(game, action, "ko")))
        with using("ko"):
            for viewer in (None, *range(players)):
                observation = state.observation(viewer)
                game.render(observation)
                assert "{" not in game.explain(observation)
    assert not problems, "\n".join(sorted(problems)[:30])


# Lower-case words joined by "_" or "-": an id ("place_ring", "pay-gold"), never an English text.
IDENTIFIER = re.compile(r"[a-z0-9]+(?:[_-][a-z0-9]+)+")
# A snake_case word inside a text ("keep_rings: leave them"), outside its {placeholders}.
SNAKE_WORD = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b(?!=)")


def _ids_as_text(domain: Domain) -> list[str]:
    """English entries that show an id where a reader needs words: the text is its own key,
    or an identifier, or, for a phase (screens show it as "Now: X", "phase X", "P1 decides:
    X"), its own id; or a sentence that names a choice by its id ("keep_rings: ...")."""
    bad = []
    for key, text in domain.messages("en").items():
        own_id = key.rsplit(".", 1)[-1]
        if (
            text == key
            or IDENTIFIER.fullmatch(text)
            or (key.startswith("phase.") and text == own_id)
        ):
            bad.append(f"{domain.name} {key}: {text!r}")
    return bad


def test_english_texts_are_words_not_ids() -> None:
    """Issue 38: English screens showed `Now: place_ring`, `seat 1 decides: pop_card` and
    `phase pick` where Korean shows words."""
    domains = [COURTLY, *(_domain(_game(name)) for name in sorted(courtly.game_names()))]
    bad = [entry for domain in domains for entry in _ids_as_text(domain)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name", sorted(courtly.game_names()))
def test_every_phase_a_game_reaches_has_words_in_every_language(name: str) -> None:
    """The views name a phase (and Kingdoms a decision) by ``phase.<id>``, a key built from
    data that no scan of the code finds: every one a random game reaches is in each language."""
    game = _game(name)
    domain = _domain(game)
    reached: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_game(players, seed=players)
        rng = random.Random(players)
        while True:
            observation = state.observation(None)
            reached.add(str(observation["phase"]))
            decision = observation.get("decision")
            if isinstance(decision, dict) and "name" in decision:
                reached.add(str(decision["name"]))
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_action_ids()))
    for lang in LANGUAGES:
        messages = domain.messages(lang)
        missing = sorted(p for p in reached if f"phase.{p}" not in messages)
        assert not missing, f"{name}/{lang}: no words for the phases {missing}"


@pytest.mark.parametrize("name", sorted(courtly.game_names()))
def test_every_choice_of_every_option_has_words_in_the_games_catalogue(name: str) -> None:
    """An option's values are named by the game's own catalogue (``term.NAME.VALUE``), in one
    place for the lobby, the reports and the terminal alike: a Korean report read
    ``첩자 기억: remember`` where the lobby, from words of its own, said 기억함."""
    game = _game(name)
    domain = _domain(game)
    for lang in LANGUAGES:
        messages = domain.messages(lang)
        missing = [
            f"term.{spec.name}.{value}"
            for spec in game.options
            for value in spec.choices or ()
            if not isinstance(value, bool) and f"term.{spec.name}.{value}" not in messages
        ]
        assert not missing, f"{name}/{lang}: no words for the option values {missing}"
