"""The client's strings: every key the code uses is in both catalogues with the same
placeholders, and the client code holds no English of its own (it all comes from the
catalogues, or from the server)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from browser_support import Server

STATIC = Path(__file__).parents[2] / "src" / "courtly" / "web" / "static"
SCRIPTS = sorted((STATIC / "js").rglob("*.js"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# A string literal in JavaScript: '...', "..." or `...` (template parts between ${...}).
LITERAL = re.compile(r"""(["'`])((?:\\.|(?!\1).)*)\1""", re.S)
# Words that are not prose: HTTP header names and keyboard keys the code compares with.
NOT_PROSE = {"Content-Type", "Authorization", "Bearer", "Enter", "Escape"}


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


def code_without_comments(path: Path) -> str:
    text = path.read_text("utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", text)


def literals(path: Path) -> list[str]:
    out = []
    for match in LITERAL.finditer(code_without_comments(path)):
        body = match.group(2)
        if match.group(1) == "`":
            out.extend(re.split(r"\$\{[^}]*\}", body))
        else:
            out.append(body)
    return out


def used_keys() -> set[str]:
    keys = set()
    for path in SCRIPTS:
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", path.read_text("utf-8")))
    for path in [STATIC / "index.html"]:
        keys |= set(re.findall(r'data-i18n(?:-label)?="([\w.]+)"', path.read_text("utf-8")))
    return keys


def test_both_catalogues_have_the_same_keys_and_placeholders() -> None:
    en, ko = catalogue("en"), catalogue("ko")
    assert sorted(set(en) ^ set(ko)) == []
    for key in en:
        assert set(PLACEHOLDER.findall(en[key])) == set(PLACEHOLDER.findall(ko[key])), key


def test_every_key_the_client_uses_is_in_the_catalogue() -> None:
    keys = used_keys()
    assert len(keys) > 50
    assert sorted(keys - set(catalogue("en"))) == []


# Lower-case words joined by "_" or "-": an id ("place_ring", "pay-gold"), never an English text.
IDENTIFIER = re.compile(r"[a-z0-9]+(?:[_-][a-z0-9]+)+")


def ids_as_text(messages: dict[str, str]) -> list[str]:
    """Entries whose text is their own key or an id (English readers read `place_ring`), as
    tests/core/test_catalogues.py checks the server's catalogues."""
    return [key for key, text in messages.items() if text == key or IDENTIFIER.fullmatch(text)]


def test_english_client_texts_are_words_not_ids() -> None:
    assert ids_as_text(catalogue("en")) == []


def test_the_id_check_finds_an_id() -> None:
    sample = {"phase.pop": "pop_card", "table.log": "table.log", "level.easy": "easy"}
    assert ids_as_text(sample) == ["phase.pop", "table.log"]


def english_in(path: Path) -> list[str]:
    """String literals that read as prose: two words, or one capitalised word."""
    prose = []
    for text in literals(path):
        if re.search(r"[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}", text) or (
            re.fullmatch(r"[A-Z][a-z]+[a-z -]*", text.strip()) and text.strip() not in NOT_PROSE
        ):
            prose.append(text)
    return prose


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_the_client_code_holds_no_english(path: Path) -> None:
    prose = english_in(path)
    assert prose == [], f"{path.name}: English in code, move it to the catalogues: {prose}"


def test_the_check_finds_english(tmp_path: Path) -> None:
    sample = tmp_path / "sample.js"
    sample.write_text(
        'const a = t("table.log");\n// a comment is not shown\n'
        'el.title = `Start the ${game}`;\nconst b = "Cancel";\n'
    )
    assert english_in(sample) == ["Start the ", "Cancel"]


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.skip = 0
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skip += tag in ("script", "style", "title")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("script", "style", "title")

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.found.append(data.strip())


def test_the_page_holds_no_text_of_its_own() -> None:
    parser = _Text()
    parser.feed((STATIC / "index.html").read_text("utf-8"))
    assert parser.found == []


def test_every_plural_the_client_uses_has_both_forms() -> None:
    keys = set()
    for path in SCRIPTS:
        keys |= set(re.findall(r"""\bplural\(\s*["']([\w.]+)["']""", path.read_text("utf-8")))
    assert keys, "no plural found"
    for lang in ("en", "ko"):
        words = catalogue(lang)
        assert sorted(k for k in keys if f"{k}.one" not in words or f"{k}.other" not in words) == []


def test_option_values_are_named_in_one_place() -> None:
    """The new-table form names each choice of an option by the game's own catalogue
    (``term.NAME.VALUE``: ``tests/core/test_catalogues.py`` checks every value has words), as
    reports and the terminal do: the client's catalogue holds none of its own, which once
    said 기억함 where a Korean report said ``remember``."""
    for lang in ("en", "ko"):
        own = [k for k in catalogue(lang) if k.startswith("option.") and k.count(".") >= 3]
        assert [k for k in own if not k.endswith(".help")] == [], lang


def test_option_help_names_no_ruling_number_or_raw_value() -> None:
    """Where a game's help cites a ruling by number (RULINGS R1) or a file, or names a raw
    value, the client's catalogue says it in words."""
    from courtly.core.registry import game_names, load_game

    en, ko = catalogue("en"), catalogue("ko")
    raw = re.compile(r"RULINGS|\.md\b|\b(true|false)\b|'\w+'|\((remember|forget)\)")
    for name in game_names():
        game = load_game(name)
        for option in game.options:
            key = f"option.{name}.{option.name}.help"
            for lang, words in (("en", en), ("ko", ko)):
                server = game.domain.messages(lang) if game.domain is not None else {}
                text = words.get(key, server.get(f"option.{option.name}.help", option.description))
                assert not raw.search(text), f"{key} ({lang}): {text}"


def test_for_the_kings_card_values_are_the_games() -> None:
    """The board prints each Government card's value from its own table: the game's."""
    from courtly.games.for_the_king import data

    source = (STATIC / "js" / "boards" / "for-the-king.js").read_text("utf-8")

    def constant(name: str) -> object:
        found = re.search(rf"export const {name} = (\[[^\]]*\]);", source)
        assert found, name
        return json.loads(found.group(1))

    assert constant("HIGH_VALUES") == list(data.HIGH_VALUES)
    assert constant("LOW_VALUES") == list(data.LOW_VALUES)
    assert constant("HIGH_OFFICES") == [data.OFFICES[o] for o in sorted(data.HIGH_OFFICES)]


def test_for_the_kings_king_effects_are_in_the_games_order() -> None:
    """The board matches a King card to the action naming it by its effect's place in the
    game's order (ftk-picks.js): the same order as the game's."""
    from courtly.games.for_the_king import data

    source = (STATIC / "js" / "boards" / "ftk-picks.js").read_text("utf-8")
    found = re.search(r"export const KING_EFFECTS = (\[[^\]]*\]);", source)
    assert found
    assert json.loads(found.group(1)) == [code for code, _text, _d, _n in data.KING_EFFECTS]


# A game's word the client asks of the server's catalogue by a literal key:
# `gameWord(G, "view.glory")`, `gameText("courtisans", "game.summary", ...)`.
GAME_KEY = re.compile(r"""\bgame(?:Word|Text)\(\s*(G|["'][\w-]+["'])\s*,\s*["']([\w.-]+)["']""")


def game_keys_used() -> set[tuple[str, str]]:
    """(game, key) for every literal key the client code reads from a game's catalogue."""
    found = set()
    for path in SCRIPTS:
        text = path.read_text("utf-8")
        own = re.search(r"""^const G = ["']([\w-]+)["'];""", text, re.M)
        for game, key in GAME_KEY.findall(text):
            name = own.group(1) if game == "G" and own else game.strip("\"'")
            found.add((name, key))
    return found


def server_words(game: str, lang: str) -> dict[str, str]:
    """A game's own catalogue in ``lang`` (no English filling in: a gap shows here)."""
    from courtly.core.registry import load_game

    domain = load_game(game).domain
    return dict(domain.messages(lang)) if domain is not None else {}


def test_every_game_word_the_client_uses_is_in_the_games_catalogue() -> None:
    """The boards read the games' words (`view.*`, `term.*`) from the server's catalogues, in
    every language: a key one of them lacks would show as the key."""
    used = game_keys_used()
    assert {g for g, _ in used} >= {"courtisans", "kingdoms", "tudor", "for-the-king"}
    missing = [
        f"{game} {lang}: {key}"
        for game, key in sorted(used)
        for lang in ("en", "ko")
        if key not in server_words(game, lang)
    ]
    assert missing == []


def test_every_key_the_client_uses_is_in_both_languages() -> None:
    keys = used_keys()
    for lang in ("en", "ko"):
        assert sorted(keys - set(catalogue(lang))) == [], lang


def test_the_client_keeps_no_copy_of_a_games_words() -> None:
    """One source for every word: phases live in the games' catalogues only, and no client
    key repeats, word for word in both languages, a word the game's catalogue has."""
    from courtly.core.registry import game_names

    en, ko = catalogue("en"), catalogue("ko")
    assert [k for k in en if k.startswith("phase.")] == []
    copies = []
    for game in game_names():
        theirs_en, theirs_ko = server_words(game, "en"), server_words(game, "ko")
        pairs = {(theirs_en[k], theirs_ko.get(k)) for k in theirs_en}
        prefix = {"for-the-king": "ftk"}.get(game, game) + "."
        copies += [k for k in en if k.startswith(prefix) and (en[k], ko.get(k)) in pairs]
        # The option words the client keeps on purpose (values, help said in words) must
        # differ from the game's own (`term.NAME.VALUE`, `option.NAME.help`), else they go.
        for key in (k for k in en if k.startswith(f"option.{game}.")):
            name, _, value = key[len(f"option.{game}.") :].partition(".")
            theirs = f"option.{name}.help" if value == "help" else f"term.{name}.{value}"
            if (en[key], ko.get(key)) == (theirs_en.get(theirs), theirs_ko.get(theirs)):
                copies.append(key)
    assert copies == []


def phases_reached(game_name: str, games: int, seed: int) -> set[str]:
    """The phases random games of ``game_name`` pass through (every player count, random
    option values), played through the kernel."""
    import random

    from courtly.core.registry import load_game

    game = load_game(game_name)
    rng = random.Random(seed)
    seen: set[str] = set()
    for i in range(games):
        players = game.min_players + i % (game.max_players - game.min_players + 1)
        options = {o.name: rng.choice(o.choices) for o in game.options if o.choices}
        state = game.new_game(players, seed=rng.randrange(1 << 30), options=options)
        for _ in range(3000):
            observation = state.observation(state.current_player)
            # Kingdoms names the decision in front of the player apart from the phase.
            decision = observation.get("decision")
            for phase in (observation.get("phase"), decision and decision.get("name")):
                if phase is not None:
                    seen.add(str(phase))
            legal = state.legal_action_ids()
            if not legal:
                break
            state.step(rng.choice(legal))
    return seen


# Runs the client's own modules (i18n.js, table/words.js) under Node, as the page would load
# them, with the catalogues GET /api/i18n/LANG serves: the words a reader sees.
PHASE_WORDS_JS = """
import { readFileSync } from "node:fs";
const [payloadPath, lang, game, ...phases] = process.argv.slice(2);
const payload = JSON.parse(readFileSync(payloadPath, "utf-8"));
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.document = { documentElement: {} };
const file = (url) => new URL(url.slice(1), process.env.STATIC_URL);
const own = (url) => JSON.parse(readFileSync(file(url), "utf-8"));
globalThis.fetch = async (url) => ({
  ok: true,
  json: async () => (url.startsWith("/api/i18n/") ? payload : own(url)),
});
const { setLanguage } = await import(process.env.I18N_JS);
const { phaseName } = await import(process.env.WORDS_JS);
await setLanguage(lang);
console.log(JSON.stringify(Object.fromEntries(phases.map((p) => [p, phaseName(game, p)]))));
"""


def phase_words_in_the_browser(
    server: Server, tmp_path: Path, game: str, phases: set[str], lang: str
) -> dict[str, str]:
    import os
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        # CI installs npm, and with it Node: there a missing one is a failure.
        if os.environ.get("CI") == "true":
            pytest.fail("node is not installed")
        pytest.skip("node is not installed")
    payload = tmp_path / f"{lang}.json"
    payload.write_text(json.dumps(server.get(f"/api/i18n/{lang}")), "utf-8")
    script = tmp_path / "phase_words.mjs"
    script.write_text(PHASE_WORDS_JS, "utf-8")
    modules = {
        "STATIC_URL": STATIC.parent.as_uri() + "/",
        "I18N_JS": (STATIC / "js" / "i18n.js").as_uri(),
        "WORDS_JS": (STATIC / "js" / "table" / "words.js").as_uri(),
    }
    done = subprocess.run(
        [node, str(script), str(payload), lang, game, *sorted(phases)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **modules},
    )
    assert done.returncode == 0, done.stderr
    words: dict[str, str] = json.loads(done.stdout)
    return words


@pytest.mark.parametrize("game", ["courtisans", "for-the-king", "kingdoms", "tudor"])
def test_every_phase_a_game_reaches_has_words_in_both_languages(
    game: str, server: Server, tmp_path: Path
) -> None:
    """The table's heading names the phase (and Kingdoms' decision) with the client's own
    code, from the catalogue GET /api/i18n/LANG serves it: every phase random games reach has
    its word there, in the game's catalogue of that language (not English filling a gap)."""
    phases = phases_reached(game, games=6, seed=37)
    assert len(phases) >= 2, phases
    for lang in ("en", "ko"):
        words = server_words(game, lang)
        shown = phase_words_in_the_browser(server, tmp_path, game, phases, lang)
        wrong = sorted(p for p in phases if shown[p] != words.get(f"phase.{p}"))
        assert wrong == [], f"{lang}: " + ", ".join(f"{p} shown as {shown[p]!r}" for p in wrong)


def test_tudor_names_the_ring_stand_as_its_game_does() -> None:
    """The board's heading for the Ring Stand is the word the game's log, choices and rules
    use (its Korean catalogue), not another translation of it."""
    game = Path(__file__).parents[2] / "src" / "courtly" / "games" / "tudor" / "locales"
    for lang in ("en", "ko"):
        words = (game / lang / "LC_MESSAGES" / "tudor.po").read_text("utf-8")
        assert catalogue(lang)["tudor.ring_stand"] in words, lang


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_phase_line_never_says_phase_twice(lang: str) -> None:
    """The table's phase line is given each game's phase names, which are phrases of their own
    ("Draw Phase", "the first-player duel", "bidding"): it never reads "Phase: Draw Phase"."""
    from courtly.core.registry import game_names, load_game

    form = catalogue(lang)["table.phase"]
    word = {"en": "phase", "ko": "단계"}[lang]
    for name in game_names():
        domain = load_game(name).domain
        assert domain is not None
        phases = {k: v for k, v in domain.messages(lang).items() if k.startswith("phase.")}
        assert phases, name
        for key, phase in phases.items():
            line = form.replace("{phase}", phase)
            assert line.lower().count(word) <= 1, (name, key, line)
