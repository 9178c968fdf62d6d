"""``courtly report``: the folder's files, the figures' series and sample counts, the page, the
CSV, reproducible SVG, resume, --vary, and the game statistics hook."""

from __future__ import annotations

import base64
import csv
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from highcards import HighCards
from typer.testing import CliRunner

import courtly
from courtly.agents import make_agent
from courtly.analysis.report import vary_values
from courtly.analysis.report.figures import HEIGHT, WIDTH, _vary, draw_all, require_matplotlib
from courtly.analysis.report.tally import ReportTally, natural_order
from courtly.analysis.results_file import options_text
from courtly.analysis.simulate import GameOutcome, play_one, prepare_job
from courtly.cli.main import app
from courtly.core import registry
from courtly.core.errors import CourtlyError
from courtly.core.i18n import using
from courtly.core.match import play_match
from courtly.core.records import GameRecord
from courtly.core.replay import replay

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"


def report(out: Path, *args: str) -> str:
    result = runner.invoke(app, ["report", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return result.output


def gids(svg: Path) -> list[str]:
    """The ids of the plotted series' elements, in drawing order."""
    root = ET.parse(svg).getroot()
    return [el.get("id", "") for el in root.iter() if el.get("id", "").startswith(_SERIES)]


_SERIES = ("win-rate", "fair-share", "scores-", "length-", "score-", "statistic-")


def texts(svg: Path) -> list[str]:
    root = ET.parse(svg).getroot()
    return ["".join(el.itertext()) for el in root.iter(f"{SVG}text")]


def rows(out: Path) -> list[dict[str, str]]:
    with (out / "games.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def courtisans_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "courtisans"
    report(out, "courtisans", "-p", "3", "-g", "12", "--seed", "4")
    return out


def test_the_folder_holds_the_page_the_figures_and_the_table(courtisans_report: Path) -> None:
    out = courtisans_report
    assert (out / "report.html").is_file() and (out / "games.jsonl").is_file()
    for name in ("win-rate", "scores", "length", "statistics-missions-completed"):
        assert (out / "figures" / f"{name}.svg").stat().st_size > 1000
        assert (out / "figures" / f"{name}.png").read_bytes().startswith(b"\x89PNG")
    assert (out / "figures" / "statistics-family-status-counts.svg").is_file()


def test_the_table_has_one_row_per_game_and_the_documented_columns(
    courtisans_report: Path,
) -> None:
    table = rows(courtisans_report)
    assert sorted(int(r["game_index"]) for r in table) == list(range(12))
    first = table[0]
    # Not "game": in the JSON formats that is the game's name, never its number in the run.
    assert "game" not in first
    for column in ("seed", "decisions", "winners", "error"):
        assert column in first
    for seat in (1, 2, 3):
        assert f"score_seat{seat}" in first and f"win_seat{seat}" in first
    assert any(c.startswith("stat:missions completed/") for c in first)
    assert "stat:family status/Butterfly" in first
    for row in table:
        wins = [float(row[f"win_seat{s}"]) for s in (1, 2, 3)]
        assert sum(wins) == pytest.approx(1.0)
        winners = [int(w) for w in row["winners"].split()]
        assert all(wins[w - 1] > 0 for w in winners)


def test_the_table_orders_the_statistics_as_the_report_does(courtisans_report: Path) -> None:
    """Natural order, as the page's table and the figures: B1, B2 ... B10, never B1, B10, B2."""
    with (courtisans_report / "games.csv").open(encoding="utf-8", newline="") as handle:
        header = next(csv.reader(handle))
    missions = [c.rsplit("/", 1)[1].split()[0] for c in header if "missions completed/" in c]
    blue = [m for m in missions if m.startswith("B")]
    assert blue == [f"B{k}" for k in range(1, 11) if f"B{k}" in blue]
    assert "B10" in blue and "B2" in blue  # both seen in these 12 games, so the order shows
    stats = [c for c in header if c.startswith("stat:")]
    assert stats == ["stat:" + name for name in natural_order(c[5:] for c in stats)]


def test_the_figures_have_a_series_per_seat_and_their_sample_count(
    courtisans_report: Path,
) -> None:
    figures = courtisans_report / "figures"
    win = gids(figures / "win-rate.svg")
    assert [g for g in win if g.startswith("win-rate-seat")] == [
        "win-rate-seat1",
        "win-rate-seat2",
        "win-rate-seat3",
    ]
    assert "fair-share" in win
    assert sorted(g for g in gids(figures / "scores.svg")) == [
        "scores-seat1",
        "scores-seat2",
        "scores-seat3",
    ]
    assert gids(figures / "length.svg") == ["length-decisions"]
    for name in ("win-rate", "scores", "length"):
        assert "12 games" in texts(figures / f"{name}.svg")


def test_the_length_histogram_counts_every_game(courtisans_report: Path) -> None:
    """The decisions histogram's bars add up to the number of games (from the CSV)."""
    table = rows(courtisans_report)
    decisions = sorted(int(r["decisions"]) for r in table)
    # Decisions span at most 60 values here: one bin per value, so the bins' count is the span.
    root = ET.parse(courtisans_report / "figures" / "length.svg").getroot()
    (series,) = [el for el in root.iter() if el.get("id") == "length-decisions"]
    path = series.find(f"{SVG}path")
    assert path is not None
    points = re.findall(r"[ML]\s*([-\d.]+)\s+([-\d.]+)", path.get("d", ""))
    assert len(points) >= 2 * (decisions[-1] - decisions[0] + 1)


def test_the_page_embeds_every_figure_and_the_summary(courtisans_report: Path) -> None:
    page = (courtisans_report / "report.html").read_text(encoding="utf-8")
    embedded = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', page)
    svgs = sorted((courtisans_report / "figures").glob("*.svg"))
    assert len(embedded) == len(svgs)
    decoded = {base64.b64decode(data).decode("utf-8") for data in embedded}
    assert decoded == {svg.read_text(encoding="utf-8") for svg in svgs}
    assert "<h2>Summary</h2>" in page and "significant" in page
    assert "http://" not in page.replace("http://www.w3.org", "")  # opens offline


def test_figures_are_reproducible_byte_for_byte(courtisans_report: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    report(again, "courtisans", "-p", "3", "-g", "12", "--seed", "4")
    for svg in (courtisans_report / "figures").glob("*.svg"):
        assert (again / "figures" / svg.name).read_bytes() == svg.read_bytes(), svg.name


def test_a_report_resumes_and_grows_from_its_folder(tmp_path: Path) -> None:
    out = tmp_path / "grow"
    assert "(5 played now" in report(out, "courtisans", "-p", "2", "-g", "5")
    # A kill in the middle of a write leaves a partial line: that game is played again.
    with (out / "games.jsonl").open("a", encoding="utf-8") as handle:
        handle.write('{"index": 5, "seed": ')
    assert "(4 played now" in report(out, "courtisans", "-p", "2", "-g", "9")
    assert len(rows(out)) == 9
    other = runner.invoke(
        app, ["report", "courtisans", "-p", "2", "-g", "9", "--seed", "8", "--out", str(out)]
    )
    # The command was right, the folder is not (docs/cli.md): exit code 1.
    assert other.exit_code == 1 and "another report" in other.output


def test_vary_splits_the_games_by_the_option(tmp_path: Path) -> None:
    out = tmp_path / "vary"
    report(out, "courtisans", "-p", "2", "-g", "8", "--vary", "spy_memory")
    table = rows(out)
    assert sorted(r["spy_memory"] for r in table) == ["forget"] * 4 + ["remember"] * 4
    series = gids(out / "figures" / "vary-win-rate.svg")
    assert series.count("win-rate-seat1") == 2 and series.count("win-rate-seat2") == 2
    assert gids(out / "figures" / "vary-score.svg").count("score-seat1") == 2


def test_vary_refuses_what_it_cannot_split() -> None:
    tudor = courtly.load("tudor")
    assert vary_values(tudor.options, "scoring=1,4/2,4") == ("scoring", ("1,4", "2,4"))
    assert vary_values(tudor.options, "edition") == ("edition", ("en", "v15"))
    with pytest.raises(CourtlyError, match="free values"):
        vary_values(tudor.options, "scoring")
    with pytest.raises(CourtlyError, match="no option 'colour'"):
        vary_values(tudor.options, "colour")
    with pytest.raises(CourtlyError, match="two different values"):
        vary_values(tudor.options, "edition=en")


def test_a_game_without_statistics_still_gets_its_report(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(registry._loaded, "high-cards", HighCards())  # in this process only
    out = tmp_path / "toy"
    report(out, "high-cards", "-p", "2", "-g", "6")
    assert not list((out / "figures").glob("statistics-*"))
    assert not any(c.startswith("stat:") for c in rows(out)[0])


@pytest.mark.parametrize(
    ("name", "players", "expected"),
    [
        ("courtisans", 4, {"family status/Butterfly"}),
        ("tudor", 3, {"length/rounds", "prestige per player/Order of the Garter"}),
        ("for-the-king", 3, {"gold per player/paid at auctions"}),
        ("kingdoms", 2, {"how the game ended/end", "length/turns"}),
    ],
)
def test_every_game_supplies_its_statistics(name: str, players: int, expected: set[str]) -> None:
    game = courtly.load(name)
    result = play_match(game, [make_agent("random", game)] * players, seed=3)
    stats = game.report_statistics(result.state)
    assert expected <= set(stats)
    assert all(isinstance(v, str | float) for v in stats.values())


def test_without_matplotlib_the_report_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(CourtlyError, match="report"):
        require_matplotlib()
    result = runner.invoke(app, ["report", "courtisans", "--out", str(tmp_path / "r")])
    assert result.exit_code == 2 and "pip install -e '.[report]'" in result.output


def test_kingdoms_counts_sedition_and_conspiracy_per_game(tmp_path: Path) -> None:
    """Issue 25: how often the two Glory powers were used, counted from the game's events."""
    job = prepare_job("kingdoms", ["random", "random"], 5, None, tmp_path, statistics=True)
    totals = {"Sedition": 0.0, "Conspiracy": 0.0}
    for index in range(6):
        outcome = play_one(job, index)
        assert outcome.error is None, outcome.error
        record = GameRecord.load(next(tmp_path.glob(f"kingdoms-{index:06d}-*.json")))
        kinds = [e.kind for _, events in replay(courtly.load("kingdoms"), record) for e in events]
        seditions = sum(kind.startswith("sedition-") for kind in kinds)
        assert outcome.statistics["Glory powers per game/Sedition"] == seditions
        assert outcome.statistics["Glory powers per game/Conspiracy"] == kinds.count("conspiracy")
        for name in totals:
            totals[name] += float(outcome.statistics[f"Glory powers per game/{name}"])
    assert all(totals.values()), totals  # both happen in random play


def test_vary_players_splits_the_games_by_player_count(tmp_path: Path) -> None:
    out = tmp_path / "players"
    report(out, "courtisans", "-g", "6", "--vary", "players=2/3", "--seed", "2")
    table = rows(out)
    assert sorted(r["players"] for r in table) == ["2"] * 3 + ["3"] * 3
    for row in table:  # a 2-player game leaves the third seat's columns empty
        seated = int(row["players"])
        assert all(row[f"score_seat{s}"] != "" for s in range(1, seated + 1))
        assert all(row[f"win_seat{s}"] == "" for s in range(seated + 1, 4))
        assert len(row["winners"].split()) >= 1
    # Each count has its bars and its own fair share; no seat figure mixes the counts.
    series = gids(out / "figures" / "vary-win-rate.svg")
    assert series.count("win-rate-seat1") == 2 and series.count("win-rate-seat3") == 1
    assert "fair-share-2" in series and "fair-share-3" in series
    assert gids(out / "figures" / "vary-score.svg").count("score-seat3") == 1
    assert not (out / "figures" / "win-rate.svg").exists()
    assert gids(out / "figures" / "length.svg").count("length-decisions") == 1
    assert "2/3 players, 6 games" in (out / "report.html").read_text(encoding="utf-8")


def test_vary_players_refuses_counts_the_game_does_not_have() -> None:
    counts = range(2, 5)
    tudor = courtly.load("tudor")
    assert vary_values(tudor.options, "players", counts) == ("players", (2, 3, 4))
    assert vary_values(tudor.options, "players=4/2", counts) == ("players", (2, 4))
    with pytest.raises(CourtlyError, match="for 2 to 4 players, not 5"):
        vary_values(tudor.options, "players=2/5", counts)
    with pytest.raises(CourtlyError, match="two different player counts"):
        vary_values(tudor.options, "players=3/3", counts)
    with pytest.raises(CourtlyError, match="whole numbers"):
        vary_values(tudor.options, "players=two/3", counts)


def _page_words(page: str) -> str:
    """What a reader sees of the page: its text, without markup, styles or embedded images."""
    body = page.split("</style>", 1)[1]
    return re.sub(r"<[^>]+>", " ", re.sub(r'src="data:[^"]*"', "", body))


def test_a_korean_report_reads_in_korean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "ko"
    result = runner.invoke(
        app, ["--lang", "ko", "report", "courtisans", "-p", "2", "-g", "4", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "4판 (이번에 4판 진행, 실패 0판); 보고서:" in result.output
    page = (out / "report.html").read_text(encoding="utf-8")
    assert '<html lang="ko">' in page and "<h2>요약</h2>" in page
    assert "쿠르티잔: 2인, 4판" in page and "가문의 지위" in page and "완수한 비밀 임무" in page
    # Nothing English is left but identifiers (the game's id, agents, options, file links).
    words = set(re.findall(r"[A-Za-z]{2,}", _page_words(page)))
    assert words <= {
        "courtisans",
        "random",
        "spy",
        "memory",
        "SVG",
        "PNG",
        "games",
        "csv",
    }, words
    # The figures name a font with Hangul and hold Korean labels; files and ids stay English.
    family = (out / "figures" / "statistics-family-status-counts.svg").read_text(encoding="utf-8")
    assert "Noto Sans CJK" in family and "나비" in family and "statistic-family-status-" in family
    assert "승률" in "".join(texts(out / "figures" / "win-rate.svg"))
    # Without a font that has Hangul, figures are labelled in English and the page says so.
    from courtly.analysis.report import figures

    monkeypatch.setattr(figures, "HANGUL_FONTS", ("No Such Font",))
    plain = tmp_path / "plain"
    result = runner.invoke(
        app, ["--lang", "ko", "report", "courtisans", "-p", "2", "-g", "4", "--out", str(plain)]
    )
    assert result.exit_code == 0, result.output
    assert "win rate" in "".join(texts(plain / "figures" / "win-rate.svg"))
    assert "한글 글꼴을 찾지 못해" in (plain / "report.html").read_text(encoding="utf-8")


def test_mission_completion_is_drawn_as_a_rate_within_0_and_1(courtisans_report: Path) -> None:
    """Missions completed are rates (1 or 0 each time a mission is dealt): the figure labels
    them as a share of games and its axis stays within 0 to 1 (it ran from -0.2, as a "mean
    per game")."""
    words = texts(courtisans_report / "figures" / "statistics-missions-completed.svg")
    assert "share of games (rate)" in words and "mean per game" not in words
    ticks = [float(w.replace("\u2212", "-")) for w in words if re.fullmatch(r"\u2212?[\d.]+", w)]
    assert ticks and min(ticks) == 0.0 and max(ticks) == 1.0
    page = (courtisans_report / "report.html").read_text(encoding="utf-8")
    assert "missions completed: how often each happened, as a share of the games" in page


def test_the_facts_name_options_as_a_player_reads_them(courtisans_report: Path) -> None:
    page = (courtisans_report / "report.html").read_text(encoding="utf-8")
    assert "<td>options</td><td>Spy memory: Remember</td>" in page
    assert "spy_memory=" not in page


@pytest.mark.parametrize(
    ("game", "lang", "expected"),
    [
        ("kingdoms", "en", "Turn limit: 200; Battle: yes; Scandal's Glory: The opponent's"),
        ("kingdoms", "ko", "차례 제한: 200; 전투: 예; 추문의 영광: 상대의 영광"),
        ("tudor", "en", "Last Round scoring: no; Refill the top space: yes"),
        ("tudor", "ko", "마지막 라운드 득점: 아니요; 최상단 칸 채우기: 예"),
    ],
)
def test_options_read_in_words_not_as_python_values(game: str, lang: str, expected: str) -> None:
    """Issue: the facts showed ``battle=True, refugee_army=True`` and ``novice=, scoring=``."""
    loaded = courtly.load(game)
    options = loaded.resolve_options({"last_round_scoring": "false"} if game == "tudor" else {})
    shown = options_text(game, options, lang)
    assert expected in shown
    assert "True" not in shown and "False" not in shown and "=" not in shown
    if game == "tudor":
        default = {"en": "default", "ko": "기본값"}[lang]
        assert f"{loaded.text('option.novice', lang)}: {default}" in shown
        assert f"{loaded.text('option.scoring', lang)}: {default}" in shown


def test_the_vary_legend_stands_clear_of_the_bars() -> None:
    """The legend of vary-win-rate is outside the plotting area: inside, "seat 1 greedy" hid
    the bar under it (and in Korean a seat's swatch hid behind a bar)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    tally = ReportTally(3, ("a", "b"))
    for index in range(12):
        won = [index % 3]
        tally.add(GameOutcome(index, index, [float(s in won) for s in range(3)], won, 5))
    fig = Figure(figsize=(WIDTH, HEIGHT))
    _vary(fig, tally, ["a", "b"], "mode", ["greedy", "random", "random"], "win-rate")
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    fig.tight_layout()
    (ax,) = fig.axes
    legend = ax.get_legend()
    assert legend is not None
    box = legend.get_window_extent(renderer)
    assert not box.overlaps(ax.get_window_extent(renderer))
    for bar in ax.patches:
        assert not box.overlaps(bar.get_window_extent(renderer))
    assert box.x1 <= fig.bbox.x1  # and still on the figure


def test_the_statistics_table_gives_rates_intervals_within_0_and_1(
    courtisans_report: Path,
) -> None:
    """Issue: "B10 2+ families fallen 0.500 -0.066 to 1.066", "W7 1.000 1.000 to 1.000" (one
    game): a mission's completion rate gets a proportion's interval."""
    rows = [row for row in _statistics_table(courtisans_report) if row[0] != "heading"]
    assert len(rows) >= 15  # the missions dealt in these games
    for _mission, rate, span in rows:
        low, high = (float(v) for v in span.split(" to "))
        assert 0.0 <= low <= float(rate) <= high <= 1.0 and high > low, (rate, span)


def _statistics_table(out: Path) -> list[tuple[str, ...]]:
    """The page's table of the game's own statistics, row by row: ``("heading", words)`` for a
    group's heading, ``(words, mean, interval)`` for a statistic."""
    page = (out / "report.html").read_text(encoding="utf-8")
    table = page.rsplit("</h2>", 1)[1].split("</table>", 1)[0]  # under the last heading
    found: list[tuple[str, ...]] = []
    for row in re.findall(r"<tr>(.*?)</tr>", table):
        heading = re.fullmatch(r'<th colspan="3" scope="rowgroup">([^<]*)</th>', row)
        if heading is not None:
            found.append(("heading", heading.group(1)))
        elif row.startswith("<td>"):
            found.append(tuple(re.findall(r"<td>([^<]*)</td>", row)))
    return found


def test_the_statistics_table_reads_as_the_figure_does(tmp_path: Path) -> None:
    """Issue: rows named as paths ("missions completed/B1 Butterfly fallen") and sorted B1,
    B10, B2...; the figure orders them B1...B10. Now a heading per group, then its rows in
    words, in the figure's order, in English and Korean."""
    out = tmp_path / "order"
    report(out, "courtisans", "-p", "3", "-g", "40", "--seed", "0")
    table = _statistics_table(out)
    assert table[0] == ("heading", "missions completed")
    names = [row[0] for row in table[1:]]
    assert not any("/" in name for name in names), names
    codes = [name.split(" ", 1)[0] for name in names]
    order = [f"{side}{n}" for side in "BW" for n in range(1, 11)]
    assert codes == [code for code in order if code in codes], codes
    assert codes.index("B2") < codes.index("B10") and "B10" in codes
    # The figure draws the same rows in the same order (its ticks, top to bottom).
    words = texts(out / "figures" / "statistics-missions-completed.svg")
    assert [w for w in words if w in names] == names
    ko = tmp_path / "order-ko"
    result = runner.invoke(
        app, ["--lang", "ko", "report", "courtisans", "-p", "3", "-g", "40", "--out", str(ko)]
    )
    assert result.exit_code == 0, result.output
    table = _statistics_table(ko)
    assert table[0] == ("heading", "완수한 비밀 임무")
    assert not any("/" in row[0] for row in table[1:]), table


def test_the_varied_option_reads_in_words(tmp_path: Path) -> None:
    """Issue: ``--vary spy_memory`` gave "spy_memory=remember" in the summary and
    "spy_memory" under the figures' bars: the option's label and value words, as the facts."""
    out = tmp_path / "vary-words"
    report(out, "courtisans", "-p", "3", "-g", "20", "--vary", "spy_memory")
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "whatever the value of Spy memory." in page
    assert "spy_memory" not in _page_words(page)
    for name in ("vary-win-rate", "vary-score"):
        words = texts(out / "figures" / f"{name}.svg")
        assert "Spy memory" in words and "spy_memory" not in words, words
        assert "Remember" in words and "Forget" in words
    # The column of games.csv keeps the option's name, as data.
    assert sorted({r["spy_memory"] for r in rows(out)}) == ["forget", "remember"]


def test_a_varied_yes_or_no_option_reads_yes_and_no(tmp_path: Path) -> None:
    """A true/false option under the bars reads as the facts read it (yes, no), in the
    figures' language; its label names the axis."""
    tally = ReportTally(2, (True, False))
    for index in range(8):
        won = [index % 2]
        tally.add(GameOutcome(index, index, [float(s in won) for s in range(2)], won, 5))
    draw_all(tally, ["random", "random"], "battle", tmp_path / "en", "kingdoms")
    words = texts(tmp_path / "en" / "vary-win-rate.svg")
    assert {"yes", "no", "Battle"} <= set(words), words
    assert not {"true", "false", "True", "False", "battle"} & set(words), words
    with using("ko"):
        draw_all(tally, ["random", "random"], "battle", tmp_path / "ko", "kingdoms")
    words = texts(tmp_path / "ko" / "vary-win-rate.svg")
    assert {"예", "아니요", "전투"} <= set(words), words
