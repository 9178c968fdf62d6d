"""A report's figures, drawn with matplotlib (Agg, no display) from its totals.

Each figure is written as SVG and PNG. The SVG is reproducible byte for byte (no date, a fixed
hash salt for its element ids, text kept as text) and every plotted series carries an id
(``gid``) naming what it shows (``win-rate-seat1``, ``scores-seat2``, ``length-decisions``...),
so tests and other tools can find the series in the file.

matplotlib is an optional extra (``pip install -e '.[report]'``); :func:`require_matplotlib`
says how to get it before any game is played.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from courtly.analysis.report.labels import StatLabels, slug
from courtly.analysis.report.tally import LENGTH_GROUP, GroupTally, ReportTally, statistic_groups
from courtly.analysis.results_file import vary_label, vary_value
from courtly.core.errors import CourtlyError
from courtly.core.i18n import ENGLISH, current_language, seat_text, text, using
from courtly.core.options import typed
from courtly.core.registry import load_game
from courtly.core.state import Game

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

INSTALL_HINT = "courtly report draws with matplotlib: pip install -e '.[report]'"

STYLE: dict[Any, Any] = {
    "svg.hashsalt": "courtly-report",
    "svg.fonttype": "none",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
WIDTH, HEIGHT = 6.4, 3.6
TEXT_COLUMNS = 3


def require_matplotlib() -> None:
    try:
        import matplotlib
    except ImportError:
        raise CourtlyError(INSTALL_HINT) from None
    matplotlib.use("Agg")


@dataclass(frozen=True)
class DrawnFigure:
    """One drawn figure: its file stem, a caption, and the SVG text."""

    name: str
    caption: str
    svg: str


# Fonts with Hangul, by preference: Debian's fonts-noto-cjk (installed here and in CI), then
# others a machine may have. matplotlib's default (DejaVu Sans) has none.
HANGUL_FONTS = (
    "Noto Sans CJK KR",
    "Noto Sans CJK JP",
    "Noto Sans CJK SC",
    "Noto Sans KR",
    "NanumGothic",
    "Noto Serif CJK KR",
)


def figure_font(lang: str) -> tuple[str, str | None]:
    """The language figures are labelled in, and the font family they need (None: the
    default). Without a font that has Hangul, a Korean report's figures are labelled in
    English rather than as empty boxes (the page says so)."""
    if lang == ENGLISH:
        return lang, None
    from matplotlib import font_manager  # the optional extra: see the module's docstring

    installed = {font.name for font in font_manager.fontManager.ttflist}
    found = next((name for name in HANGUL_FONTS if name in installed), None)
    return (lang, found) if found is not None else (ENGLISH, None)


def seat_label(seat: int, agents: Sequence[str]) -> str:
    """Seats are numbered from 1 wherever people read them."""
    name = seat_text(seat, current_language())
    return f"{name}\n{agents[seat]}" if len(set(agents)) > 1 else name


def draw_all(
    tally: ReportTally,
    agents: Sequence[str],
    vary_name: str | None,
    folder: Path,
    game: str | None = None,
) -> list[DrawnFigure]:
    """Draw every figure the totals allow into ``folder`` (SVG and PNG), labelled in the
    current language if a font can show it (:func:`figure_font`), else in English; ``game``
    words its own statistics (:class:`StatLabels`) and the varied option."""
    lang, font = figure_font(current_language())
    loaded = None if game is None else load_game(game)
    with using(lang):
        return _draw_all(tally, agents, vary_name, folder, font, StatLabels(game, lang), loaded)


def _draw_all(
    tally: ReportTally,
    agents: Sequence[str],
    vary_name: str | None,
    folder: Path,
    font: str | None,
    labels: StatLabels,
    game: Game | None = None,
) -> list[DrawnFigure]:
    # matplotlib is the optional extra (see the module's docstring), loaded only to draw.
    import matplotlib
    import matplotlib.pyplot as plt

    matplotlib.use("Agg")
    folder.mkdir(parents=True, exist_ok=True)
    drawn: list[DrawnFigure] = []
    overall = tally.overall
    n = overall.finished
    plans: list[tuple[str, str, Callable[[Figure], None]]] = []
    seated: list[tuple[str, str, Callable[[Figure], None]]] = [
        (
            "win-rate",
            text("report.fig.win_rate", games=f"{n:,}", players=tally.players),
            lambda fig: _win_rate(fig, overall, agents),
        ),
        (
            "scores",
            text("report.fig.scores", games=f"{n:,}"),
            lambda fig: _scores(fig, overall, agents),
        ),
    ]
    # With the player count varied, seats are drawn per count (the vary figures) only.
    if overall.players:
        plans += seated
    plans.append(
        (
            "length",
            text(
                "report.fig.length",
                games=f"{n:,}",
                what=text("term.separator").join(
                    [text("report.axis.decisions")]
                    + [labels.item(name) for name in sorted(overall.number_counts)]
                ),
            ),
            lambda fig: _length(fig, overall, labels),
        )
    )
    if vary_name is not None and tally.values:
        # The option and its values as the facts and the summary name them, in the figures'
        # language (``Spy memory``, ``yes``), not as typed.
        lang = current_language()
        varied = vary_label(game, vary_name, lang)
        shown = [vary_value(game, vary_name, v, lang) for v in tally.values]
        plans.append(
            (
                "vary-win-rate",
                text("report.fig.vary_win_rate", name=varied),
                lambda fig: _vary(fig, tally, shown, varied, agents, "win-rate"),
            )
        )
        plans.append(
            (
                "vary-score",
                text("report.fig.vary_score", name=varied),
                lambda fig: _vary(fig, tally, shown, varied, agents, "score"),
            )
        )
    # Figures with a bar per statistic grow with their number of bars.
    heights: dict[str, float] = {}
    for group, names in statistic_groups(tally.statistic_names).items():
        numbers = [name for name in names if name in overall.numbers]
        texts = [name for name in names if name in overall.texts]
        if group + "/" == LENGTH_GROUP:
            continue  # drawn with the game length
        heights[f"statistics-{slug(group)}"] = max(HEIGHT, 0.8 + 0.28 * len(numbers))
        rows = -(-len(texts) // TEXT_COLUMNS)
        heights[f"statistics-{slug(group)}-counts"] = max(
            HEIGHT,
            sum(2.0 + 0.2 * len(overall.texts[t]) for t in texts[::TEXT_COLUMNS]) if rows else 0,
        )
        if numbers:
            rates = all(overall.is_rate(name) for name in numbers)
            plans.append(
                (
                    f"statistics-{slug(group)}",
                    text(
                        "report.fig.rates" if rates else "report.fig.numbers",
                        group=labels.group(group),
                        games=f"{n:,}",
                    ),
                    partial(_numbers, tally=overall, names=numbers, labels=labels),
                )
            )
        if texts:
            plans.append(
                (
                    f"statistics-{slug(group)}-counts",
                    text("report.fig.texts", group=labels.group(group), games=f"{n:,}"),
                    partial(_texts, tally=overall, names=texts, labels=labels),
                )
            )
    style = STYLE if font is None else {**STYLE, "font.family": [font, "DejaVu Sans"]}
    with matplotlib.rc_context(style):
        for name, caption, draw in plans:
            fig = plt.figure(figsize=(WIDTH, heights.get(name, HEIGHT)))
            try:
                draw(fig)
                # The sample size on every figure, also for a figure seen without its page.
                fig.suptitle(
                    text("report.fig.games", games=f"{n:,}"),
                    x=0.99,
                    ha="right",
                    fontsize=8,
                    color="#555555",
                )
                fig.tight_layout()
                svg = io.StringIO()
                fig.savefig(svg, format="svg", metadata={"Date": None})
                (folder / f"{name}.svg").write_text(svg.getvalue(), encoding="utf-8")
                fig.savefig(folder / f"{name}.png", format="png", dpi=120)
            finally:
                plt.close(fig)
            drawn.append(DrawnFigure(name, caption, svg.getvalue()))
    return drawn


def _short(name: str) -> str:
    return name.split("/", 1)[1] if "/" in name else name


def _win_rate(fig: Figure, tally: GroupTally, agents: Sequence[str]) -> None:
    ax = fig.add_subplot()
    seats = range(tally.players)
    rates = [tally.win_rate(s) for s in seats]
    errors = _errors(rates, [tally.win_interval(s) for s in seats])
    bars = ax.bar(list(seats), rates, yerr=errors, capsize=4, color="#4c72b0")
    for seat, bar in zip(seats, bars, strict=True):
        bar.set_gid(f"win-rate-seat{seat + 1}")
    fair = ax.axhline(
        1.0 / tally.players, linestyle="--", color="#c44e52", label=text("report.axis.fair")
    )
    fair.set_gid("fair-share")
    ax.set_xticks(list(seats), [seat_label(s, agents) for s in seats])
    ax.set_ylabel(text("report.axis.win_rate"))
    ax.set_ylim(0, min(1.0, max(hi for _lo, hi in (tally.win_interval(s) for s in seats)) * 1.2))
    ax.legend(loc="upper right", frameon=False)


def _errors(values: Sequence[float], intervals: Sequence[tuple[float, float]]) -> list[list[float]]:
    """Error bars' lengths below and above each value; an unbounded interval (a mean of one
    game) draws no bar (NaN) rather than one that runs off the axis."""

    def length(gap: float) -> float:
        return max(0.0, gap) if math.isfinite(gap) else math.nan

    return [
        [length(v - lo) for v, (lo, _hi) in zip(values, intervals, strict=True)],
        [length(hi - v) for v, (_lo, hi) in zip(values, intervals, strict=True)],
    ]


def _histogram(ax: Axes, counts: Counter[float], label: str, gid: str) -> None:
    """Counts per value as a step histogram: one bin per whole number while there are few,
    about forty bins otherwise."""
    if not counts:
        return
    low, high = min(counts), max(counts)
    whole = all(float(v).is_integer() for v in counts)
    if whole and high - low <= 60:
        bins: Any = [low - 0.5 + k for k in range(int(high - low) + 2)]
    else:
        bins = 40
    import numpy  # comes with matplotlib, the optional extra

    values = sorted(counts)
    heights, edges = numpy.histogram(values, bins=bins, weights=[counts[v] for v in values])
    ax.stairs(heights, edges, label=label, gid=gid)


def _scores(fig: Figure, tally: GroupTally, agents: Sequence[str]) -> None:
    ax = fig.add_subplot()
    for seat in range(tally.players):
        label = seat_label(seat, agents).replace("\n", " ")
        _histogram(ax, tally.score_counts[seat], label, f"scores-seat{seat + 1}")
    ax.set_xlabel(text("report.axis.final_score"))
    ax.set_ylabel(text("report.axis.games"))
    ax.legend(frameon=False, fontsize=8)


def _length(fig: Figure, tally: GroupTally, labels: StatLabels) -> None:
    others = sorted(tally.number_counts)
    axes = fig.subplots(1, 1 + len(others), squeeze=False)[0]
    decisions: Counter[float] = Counter({float(k): v for k, v in tally.decisions.items()})
    _histogram(axes[0], decisions, text("report.axis.decisions"), "length-decisions")
    axes[0].set_xlabel(text("report.axis.decisions_per_game"))
    axes[0].set_ylabel(text("report.axis.games"))
    for ax, name in zip(axes[1:], others, strict=True):
        label = labels.item(name)
        _histogram(ax, tally.number_counts[name], label, f"length-{slug(_short(name))}")
        ax.set_xlabel(text("report.axis.per_game", name=label))


def _vary(
    fig: Figure,
    tally: ReportTally,
    labels: Sequence[str],
    varied: str,
    agents: Sequence[str],
    what: str,
) -> None:
    """Per seat, a bar for each value of what was varied; ``labels`` are the values and
    ``varied`` its name, as the reader reads them."""
    ax = fig.add_subplot()
    width = 0.8 / tally.players
    positions = list(range(len(labels)))
    for seat in range(tally.players):
        # A value whose games seat fewer players has no bar for this seat.
        at = [k for k, group in enumerate(tally.by_value) if seat < group.players]
        groups = [tally.by_value[k] for k in at]
        if what == "win-rate":
            values = [group.win_rate(seat) for group in groups]
            intervals = [group.win_interval(seat) for group in groups]
        else:
            spans = [group.scores[seat].interval() for group in groups]
            values = [mean for mean, _lo, _hi in spans]
            intervals = [(lo, hi) for _mean, lo, hi in spans]
        shifted = [positions[k] + (seat - (tally.players - 1) / 2) * width for k in at]
        bars = ax.bar(
            shifted,
            values,
            width,
            yerr=_errors(values, intervals),
            capsize=2,
            label=seat_label(seat, agents).replace("\n", " "),
        )
        for bar in bars:
            bar.set_gid(f"{what}-seat{seat + 1}")
    if what == "win-rate" and tally.vary_players:
        # Each player count's own fair share, across that count's bars.
        for k, group in enumerate(tally.by_value):
            line = ax.hlines(1.0 / group.players, k - 0.45, k + 0.45, linestyles="--")
            line.set_color("#444444")
            line.set_gid(f"fair-share-{typed(tally.values[k])}")
    elif what == "win-rate":
        ax.axhline(1.0 / tally.players, linestyle="--", color="#444444").set_gid("fair-share")
    ax.set_xticks(positions, labels)
    ax.set_xlabel(varied)
    ax.set_ylabel(text("report.axis.win_rate" if what == "win-rate" else "report.axis.mean_score"))
    # Right of the plotting area, where no bar or error bar can be: inside it, a legend hid
    # the bars it stood over (tight_layout makes room for it).
    ax.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))


def _numbers(fig: Figure, tally: GroupTally, names: Sequence[str], labels: StatLabels) -> None:
    ax = fig.add_subplot()
    spans = [tally.statistic_interval(name) for name in names]
    means = [mean for mean, _lo, _hi in spans]
    positions = list(range(len(names)))
    bars = ax.barh(
        positions,
        means,
        xerr=_errors(means, [(lo, hi) for _mean, lo, hi in spans]),
        capsize=3,
        color="#55a868",
    )
    for name, bar in zip(names, bars, strict=True):
        bar.set_gid(f"statistic-{slug(name)}")
    ax.set_yticks(positions, [labels.item(name) for name in names])
    ax.invert_yaxis()
    if all(tally.is_rate(name) for name in names):
        # Rates (a mission completed when dealt): shares of the games that give them, 0 to 1.
        ax.set_xlim(0, 1)
        ax.set_xlabel(text("report.axis.rate"))
    else:
        ax.set_xlabel(text("report.axis.mean_per_game"))


def _texts(fig: Figure, tally: GroupTally, names: Sequence[str], labels: StatLabels) -> None:
    columns = min(TEXT_COLUMNS, len(names))
    rows = -(-len(names) // columns)
    grid = fig.subplots(rows, columns, squeeze=False)
    cells = [ax for row in grid for ax in row]
    for ax in cells[len(names) :]:
        ax.set_visible(False)
    for ax, name in zip(cells, names, strict=False):
        counts = tally.texts[name]
        values = sorted(counts, key=lambda v: (-counts[v], v))
        bars = ax.barh(range(len(values)), [counts[v] for v in values], color="#8172b2")
        for value, bar in zip(values, bars, strict=True):
            bar.set_gid(f"statistic-{slug(name)}-{slug(value)}")
        ax.set_yticks(range(len(values)), [labels.value(v) for v in values])
        ax.invert_yaxis()
        ax.set_title(labels.item(name))
        ax.set_xlabel(text("report.axis.games"))
