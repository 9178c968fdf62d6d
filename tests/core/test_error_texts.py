"""Errors in the reader's language (issue #23): a keyed error's English is its ``str`` (what
logs, tests and records see), a front shows it in Korean through ``error_text``; an unkeyed
one is framed by a Korean sentence; key and data survive a trip between processes."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from functools import partial

import pytest

import courtly
from courtly.agents.registry import _PARAMS, agent_kinds
from courtly.core.errors import (
    CourtlyError,
    IllegalActionError,
    InvalidStateError,
    OptionError,
    RecordError,
    error_text,
)
from courtly.core.i18n import localized, using


def test_a_keyed_error_reads_english_as_str_and_korean_through_error_text() -> None:
    error = RecordError.keyed("error.record.missing", key="game")
    assert str(error) == "the record has no 'game'"
    assert error_text(error, "en") == str(error)
    assert error_text(error, "ko") == "기록에 'game' 항목이 없습니다"
    with using("ko"):
        assert error_text(error) == "기록에 'game' 항목이 없습니다"


def test_an_error_inside_another_reads_in_the_same_language() -> None:
    inner = IllegalActionError.keyed("error.action.id_type", value="x")
    outer = RecordError.keyed("error.record.action", step=3, reason=inner)
    assert (
        str(outer) == "record action 3 cannot be played: an action id must be an integer, not 'x'"
    )
    assert (
        error_text(outer, "ko")
        == "기록의 3번째 수를 둘 수 없습니다: 수의 번호는 정수여야 합니다: 'x'"
    )


def test_an_unkeyed_error_is_framed_by_a_sentence_of_its_kind() -> None:
    error = InvalidStateError("games[0].hand must be a list")
    assert error_text(error, "en") == "games[0].hand must be a list"
    assert error_text(error, "ko") == "저장된 상태를 읽을 수 없습니다: games[0].hand must be a list"
    assert error_text(ValueError("boom"), "ko") == "요청을 처리할 수 없습니다: boom"


def test_an_illegal_action_names_the_choices_in_the_readers_words() -> None:
    state = courtly.load("kingdoms").new_game(2, seed=1)
    legal = state.legal_action_ids()
    illegal = next(i for i in range(state.action_space.size) if i not in legal)
    try:
        state.apply(illegal)
    except IllegalActionError as exc:
        error = exc
    korean = error_text(error, "ko")
    assert "지금 1번 자리가 둘 수 없는 수입니다" in korean and "Play" not in korean
    assert str(error).startswith("'Play ") and "is not legal now for seat 1" in str(error)


def test_key_and_data_survive_pickling() -> None:
    error = CourtlyError.keyed("error.run.workers", workers=0)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is CourtlyError and str(copy) == str(error)
    assert copy.key == "error.run.workers" and copy.data == {"workers": 0}
    assert error_text(copy, "ko") == "--workers는 1 이상이어야 합니다: 0"


# Latin words a Korean description of allowed values keeps: values typed as they are.
TYPED = {"end", "random", "greedy", "tree", "policy", "false", "true", "all"}


def test_what_a_free_form_option_or_agent_parameter_allows_reads_in_korean() -> None:
    described: list[Callable[[str], str]] = []
    for name in courtly.game_names():
        described += [o.allowed_text for o in courtly.load(name).options if o.choices is None]
    agent_kinds()  # registers the built-in agents
    described += [partial(localized, p.allowed) for params in _PARAMS.values() for p in params]
    assert len(described) > 10
    for allowed in described:
        english, korean = allowed("en"), allowed("ko")
        assert re.search("[가-힣]", korean) and korean != english, (english, korean)
        assert set(re.findall("[A-Za-z]+", korean)) <= TYPED, korean


@pytest.mark.parametrize(
    ("game", "option", "english", "korean"),
    [
        (
            "kingdoms",
            "turn_limit=0",
            "option 'turn_limit' does not allow '0' (the turn limit must be at least 1); "
            "allowed: an integer >= 1",
            "옵션 'turn_limit'에는 '0' 값을 쓸 수 없습니다 (차례 제한은 1 이상이어야 합니다). "
            "쓸 수 있는 값: 1 이상의 정수",
        ),
        (
            "tudor",
            "novice=x",
            "option 'novice' does not allow 'x' (give true, false, all or seat numbers 1-4 such "
            "as 1,3); allowed: false, true/all, or seat numbers such as 1,3",
            "옵션 'novice'에는 'x' 값을 쓸 수 없습니다 (true, false, all 또는 1,3 같은 자리 번호 "
            "1-4를 주세요). 쓸 수 있는 값: false, true/all, 또는 1,3 같은 자리 번호",
        ),
    ],
)
def test_an_option_error_reads_in_each_language_whichever_it_was_raised_in(
    game: str, option: str, english: str, korean: str
) -> None:
    name, _, value = option.partition("=")
    spec = next(o for o in courtly.load(game).options if o.name == name)
    for raised_in in ("en", "ko"):
        with using(raised_in), pytest.raises(OptionError) as caught:
            spec.coerce(value)
        assert str(caught.value) == english
        assert error_text(caught.value, "ko") == korean


def test_a_games_own_option_error_reads_in_each_language_whichever_it_was_raised_in() -> None:
    for raised_in in ("en", "ko"):
        with using(raised_in), pytest.raises(OptionError) as caught:
            courtly.load("tudor").new_game(2, seed=1, options={"novice": "3"})
        assert str(caught.value) == "option 'novice' names seat 3 of 2 players"
        assert (
            error_text(caught.value, "ko")
            == "옵션 'novice'가 2인 게임에 없는 3번 자리를 가리킵니다"
        )
