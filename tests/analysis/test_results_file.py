"""What the results file of a tournament and the games file of a report say when they refuse a
file: the other run in the reader's words, and the system's reason without Python's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import courtly
from courtly.analysis.report.store import ReportStore
from courtly.analysis.results_file import ResultsFile, tournament_key
from courtly.core.errors import CourtlyError, error_text

AGENTS = ["random", "random"]


def courtisans_key(**options: str) -> dict[str, Any]:
    resolved = courtly.load("courtisans").resolve_options(options)
    return tournament_key("courtisans", 2, AGENTS, 1, resolved)


def test_another_tournament_is_described_in_words(tmp_path: Path) -> None:
    """Issue: "... seed 1, options {'spy_memory': 'remember'}), not of this one (...)"."""
    path = tmp_path / "results.json"
    ResultsFile(path, courtisans_key(spy_memory="forget")).load([])
    with pytest.raises(CourtlyError) as refused:
        ResultsFile(path, courtisans_key()).load([])
    english = str(refused.value)
    assert "(Courtisans, 2 players, agents random,random, seed 1, options Spy memory: Forget)" in (
        english
    )
    assert "{" not in english and "'" not in english
    korean = error_text(refused.value, "ko")
    assert "(쿠르티잔, 2인, 에이전트 random,random, 시드 1, 옵션 첩자 기억: 잊음)" in korean
    assert not re.search(r"players|agents|seed|options|spy_memory", korean)


def test_a_file_that_cannot_be_written_gives_the_systems_reason_in_words(tmp_path: Path) -> None:
    """Issue: "cannot write results file /proc/x.json: [Errno 2] No such file or directory:
    '/proc/x.json'", in Korean too."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder", encoding="utf-8")
    with pytest.raises(CourtlyError) as refused:
        ResultsFile(blocker / "x.json", courtisans_key()).load([])
    assert "Errno" not in str(refused.value) and str(blocker / "x.json") in str(refused.value)
    korean = error_text(refused.value, "ko")
    assert "Errno" not in korean and "결과 파일" in korean
    assert not re.search(r"exists|directory", korean)


def test_another_report_is_described_in_the_readers_language(tmp_path: Path) -> None:
    """Issue: "다른 보고서(tudor, 2 players, agents random,random, seed 0, varying scoring)의
    게임이 있습니다"."""
    tudor = courtly.load("tudor")
    key = tournament_key("tudor", 2, AGENTS, 0, tudor.resolve_options(None))
    theirs = {**key, "vary": ["scoring", ["1,4", "2,4"]]}
    list(ReportStore(tmp_path, theirs).existing())
    with pytest.raises(CourtlyError) as refused:
        list(
            ReportStore(tmp_path, {**key, "agents": ["greedy", "greedy"], "vary": None}).existing()
        )
    korean = error_text(refused.value, "ko")
    assert "다른 보고서(튜더, 2인, 에이전트 random,random, 시드 0, 바꾼 옵션 득점 카드)" in korean
    assert "players" not in korean and "varying" not in korean
    assert "(Tudor, 2 players, agents random,random, seed 0, varying Scoring Cards)" in str(
        refused.value
    )
