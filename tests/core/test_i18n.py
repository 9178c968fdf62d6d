"""The language machinery: particles, choosing a language, catalogues and fallbacks."""

from __future__ import annotations

import pytest

from courtly.core import i18n
from courtly.core.i18n import attach, fill, final_consonant


@pytest.mark.parametrize(
    ("word", "particle", "expected"),
    [
        # consonant-final
        ("퀸", "을", "퀸을"),
        ("킹", "이", "킹이"),
        ("스페이드 에이스", "은", "스페이드 에이스는"),
        ("조약", "과", "조약과"),
        ("조약", "으로", "조약으로"),
        # vowel-final
        ("하트", "을", "하트를"),
        ("1번 자리", "이", "1번 자리가"),
        ("다이아몬드 퀴", "은", "다이아몬드 퀴는"),
        ("하트", "과", "하트와"),
        ("하트", "으로", "하트로"),
        # ㄹ-final: 으로 becomes 로, the others take the consonant form
        ("하늘", "으로", "하늘로"),
        ("하늘", "을", "하늘을"),
        ("하늘", "이", "하늘이"),
        # digits read in Korean: 1 일, 2 이, 3 삼, 6 육, 7 칠, 8 팔, 9 구, 10 십, 100 백
        ("하트 1", "을", "하트 1을"),
        ("하트 2", "을", "하트 2를"),
        ("하트 3", "이", "하트 3이"),
        ("하트 5", "이", "하트 5가"),
        ("클럽 7", "으로", "클럽 7로"),
        ("클럽 6", "으로", "클럽 6으로"),
        ("클럽 9", "으로", "클럽 9로"),
        ("스페이드 10", "을", "스페이드 10을"),
        ("100", "은", "100은"),
        ("1000", "이", "1000이"),
        ("0", "을", "0을"),
        # Latin words and letters, as Korean reads them
        ("Tudor", "을", "Tudor를"),
        ("Cromwell", "으로", "Cromwell로"),
        ("Anne Boleyn", "이", "Anne Boleyn이"),
        ("Jack", "은", "Jack은"),
        ("X", "을", "X를"),
        ("L", "으로", "L로"),
        ("M", "이", "M이"),
        # the particle named by its other form, trailing punctuation ignored
        ("하트", "를", "하트를"),
        ("퀸)", "가", "퀸)이"),
    ],
)
def test_particles(word: str, particle: str, expected: str) -> None:
    assert attach(word, particle) == expected


def test_a_word_with_nothing_to_read_shows_both_forms() -> None:
    assert final_consonant("♥") is None
    assert attach("♥", "을") == "♥을(를)"


def test_unknown_particle_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown particle"):
        attach("퀸", "에게")


def test_fill_reads_particle_specs_and_plain_fields() -> None:
    fields = {"seat": "2번 자리", "card": "하트 10", "n": 3}
    assert fill("{seat:이} {card:을} 냅니다 ({n})", fields) == "2번 자리가 하트 10을 냅니다 (3)"
    assert fill("{x:>3}", {"x": 7}) == "  7"
    assert i18n.placeholders("{seat:이} {card:을} {seat}") == frozenset({"seat", "card"})


def test_fill_says_a_count_in_its_singular_or_plural() -> None:
    template = "{n} {n:card|cards} left"
    assert fill(template, {"n": 1}) == "1 card left"
    assert fill(template, {"n": 0}) == "0 cards left"
    assert fill(template, {"n": 2}) == "2 cards left"
    # Events' fields come put into words (text) before the fill.
    assert fill(template, {"n": "1"}) == "1 card left"
    assert (
        fill("{n:point|points} ({seat:이})", {"n": 1, "seat": "2번 자리"}) == "point (2번 자리가)"
    )


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "en"),
        ({"LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "ko_KR.UTF-8"}, "ko"),
        ({"LANG": "ko_KR.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "ko_KR.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "ko"}, "ko"),
    ],
)
def test_language_from_environment(env: dict[str, str], expected: str) -> None:
    assert i18n.language_from_env(env) == expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", "ko"),
        ("en-US,en;q=0.9,ko;q=0.8", "en"),
        ("fr-FR,fr;q=0.9,ko;q=0.5", "ko"),
        ("ko;q=0", "en"),
        ("de, ko;q=bad", "en"),
    ],
)
def test_language_from_accept_language(header: str | None, expected: str) -> None:
    assert i18n.language_from_accept(header) == expected


def test_check_language() -> None:
    assert i18n.check_language("ko-KR") == "ko"
    with pytest.raises(ValueError, match="languages: en, ko"):
        i18n.check_language("fr")


def test_current_language_is_scoped() -> None:
    assert i18n.current_language() == "en"
    with i18n.using("ko"):
        assert i18n.current_language() == "ko"
        assert i18n.seat_text(1, i18n.current_language()) == "2번 자리"
    assert i18n.current_language() == "en"
    assert i18n.seat_text(1) == "seat 2"


def test_lookup_falls_back_to_english_then_the_parent_domain() -> None:
    domain = i18n.Domain("kingdoms", "courtly.games.kingdoms", fallback=i18n.COURTLY)
    assert domain.text("term.seat", "ko", n=1) == "1번 자리"  # from the courtly domain
    assert domain.lookup("no.such.key", "ko") is None
    with pytest.raises(KeyError, match=r"no\.such\.key"):
        domain.text("no.such.key", "ko")
    missing = i18n.Domain("nothing", "courtly")  # no catalogue at all
    assert missing.messages("ko") == {}


def test_wrap_counts_terminal_cells() -> None:
    # Korean syllables take two cells each: 7 cells per word here.
    assert i18n.wrap("가나다 라마바 사아자", 14) == ["가나다 라마바", "사아자"]
    assert i18n.wrap("  one two three", 9, "    ") == ["  one two", "    three"]
    assert i18n.wrap("", 10) == [""]


@pytest.mark.parametrize(
    ("key", "fields", "said"),
    [
        ("cli.review.costly", {"step": 3, "loss": 1}, "1 point of win chance"),
        ("cli.review.costly", {"step": 3, "loss": 12}, "12 points of win chance"),
        ("cli.review.resumed", {"n": 1, "file": "f"}, "1 decision judged"),
        ("cli.replay.verified", {"n": 1}, "all 1 position matches its fingerprint."),
        ("cli.help.now", {"phase": "draft", "n": 1}, "You have 1 choice:"),
    ],
)
def test_a_count_of_one_is_said_in_the_singular(
    key: str, fields: dict[str, object], said: str
) -> None:
    assert said in i18n.COURTLY.text(key, "en", **fields)
