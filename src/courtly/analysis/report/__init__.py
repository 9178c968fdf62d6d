"""Balance reports: many games, then one HTML page with figures, the figures as files, and
every game's results as a CSV table (``courtly report``).

A report folder holds ``games.jsonl`` (the games, written as they finish; a report run again
on the same folder resumes from it), ``games.csv``, ``figures/*.svg|png`` and ``report.html``.
The games are played by :func:`courtly.analysis.simulate.play_games` on any
:class:`~courtly.analysis.runner.Runner`; a game adds its own statistics through
``Game.report_statistics`` (see docs/cli.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from courtly.analysis.report.balance import summary
from courtly.analysis.report.figures import (
    DrawnFigure,
    draw_all,
    figure_font,
    require_matplotlib,
)
from courtly.analysis.report.page import render_page
from courtly.analysis.report.store import ReportStore
from courtly.analysis.report.table import FILE_NAME as TABLE_NAME
from courtly.analysis.report.table import write_table
from courtly.analysis.report.tally import ReportTally
from courtly.analysis.results_file import options_text, tournament_key, vary_label, vary_value
from courtly.analysis.runner import Runner
from courtly.analysis.simulate import VARY_PLAYERS, SimulationJob, play_games, prepare_job
from courtly.core.errors import CourtlyError, Words
from courtly.core.i18n import COURTLY, current_language, text
from courtly.core.options import Option
from courtly.core.registry import load_game

PAGE_NAME = "report.html"

__all__ = [
    "VARY_PLAYERS",
    "ReportPlan",
    "ReportResult",
    "plan_report",
    "require_matplotlib",
    "run_report",
]


@dataclass(frozen=True)
class ReportPlan:
    job: SimulationJob
    title: str
    games: int
    out: Path

    @property
    def players(self) -> int:
        return len(self.job.agents)

    @property
    def vary_name(self) -> str | None:
        return None if self.job.vary is None else self.job.vary[0]

    def key(self) -> dict[str, Any]:
        """What identifies the run, so that a folder is only resumed by the same report."""
        key = tournament_key(
            self.job.game, self.players, self.job.agents, self.job.run_seed, self.job.options
        )
        key["vary"] = None if self.job.vary is None else [self.job.vary[0], list(self.job.vary[1])]
        return key


@dataclass(frozen=True)
class ReportResult:
    tally: ReportTally
    figures: Sequence[DrawnFigure]
    page: Path
    table: Path
    played: int


def vary_values(
    options: Sequence[Option], text: str, players: range | None = None
) -> tuple[str, tuple[Any, ...]]:
    """``OPTION`` (every value the option allows) or ``OPTION=a/b/c`` into the option's name
    and its values (``/`` separates them: values such as Tudor's ``scoring=1,4`` hold commas).
    ``players`` (the game's player counts) lets ``players`` be varied like an option."""
    name, _, listed = text.partition("=")
    name = name.strip()
    if name == VARY_PLAYERS and players is not None:
        return name, _player_counts(listed, players)
    found = next((o for o in options if o.name == name), None)
    if found is None:
        known = ", ".join([o.name for o in options] + ([VARY_PLAYERS] if players else []))
        raise CourtlyError.keyed(
            "error.report.vary_unknown",
            name=name,
            known=known or Words.of(COURTLY.phrase("term.none")),
        )
    if listed:
        values = tuple(found.coerce(v.strip()) for v in listed.split("/") if v.strip())
    elif found.choices is not None:
        values = tuple(found.choices)
    else:
        raise CourtlyError.keyed(
            "error.report.vary_free", name=name, allowed=Words.of(found.allowed_text)
        )
    if len(set(map(repr, values))) < 2:
        raise CourtlyError.keyed("error.report.vary_two", name=name)
    return name, values


def _player_counts(listed: str, players: range) -> tuple[int, ...]:
    """The player counts of ``--vary players[=a/b]``: every count the game allows by default."""
    if not listed:
        counts = tuple(players)
    else:
        try:
            counts = tuple(int(v) for v in listed.split("/") if v.strip())
        except ValueError:
            raise CourtlyError.keyed("error.report.counts_numbers", listed=listed) from None
        for count in counts:
            if count not in players:
                raise CourtlyError.keyed(
                    "error.report.counts_range", low=players[0], high=players[-1], count=count
                )
    if len(set(counts)) < 2:
        raise CourtlyError.keyed("error.report.counts_two")
    return tuple(sorted(set(counts)))


def plan_report(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None,
    vary: str | None,
    out: Path,
) -> ReportPlan:
    """A report's plan, after refusing anything in it that cannot be played or drawn."""
    require_matplotlib()
    if games < 1:
        raise CourtlyError.keyed("error.report.no_games")
    loaded = load_game(game)
    counts = range(loaded.min_players, loaded.max_players + 1)
    varied = None if vary is None else vary_values(loaded.options, vary, counts)
    if varied is not None and options and varied[0] in options:
        raise CourtlyError.keyed("error.report.vary_and_option", name=varied[0])
    if varied is not None and varied[0] == VARY_PLAYERS:
        agents = _seats_of_largest(agents, max(varied[1]))
    job = prepare_job(game, agents, seed, options, vary=varied, statistics=True)
    if out.exists() and not out.is_dir():
        raise CourtlyError.keyed("error.report.out_file", out=out)
    shown = len(agents) if varied is None or varied[0] != VARY_PLAYERS else _counts_text(varied[1])
    title = text(
        "report.title",
        game=loaded.text("game.title", None, loaded.title),
        players=shown,
        games=f"{games:,}",
    )
    return ReportPlan(job, title, games, out)


def run_report(
    plan: ReportPlan,
    runner: Runner,
    progress: Callable[[int, int], None] | None = None,
) -> ReportResult:
    """Play the games the folder lacks, then write the table, the figures and the page.
    ``progress(done, total)`` follows the games."""
    runner.check()
    store = ReportStore(plan.out, plan.key())
    values = () if plan.job.vary is None else plan.job.vary[1]
    tally = ReportTally(
        plan.players,
        values,
        vary_players=plan.vary_name == VARY_PLAYERS,
        rates=load_game(plan.job.game).report_rates,
    )
    done = bytearray(plan.games)
    count = 0
    for outcome in store.existing():
        if outcome.index < plan.games and not done[outcome.index]:
            done[outcome.index] = 1
            tally.add(outcome)
            count += 1
    kept = count
    if progress is not None:
        progress(count, plan.games)
    store.open()
    try:
        todo = (index for index in range(plan.games) if not done[index])
        for outcome in play_games(plan.job, todo, runner):
            store.append(outcome)
            tally.add(outcome)
            count += 1
            if progress is not None:
                progress(count, plan.games)
    finally:
        store.close()
    table = plan.out / TABLE_NAME
    write_table(store, plan.games, plan.players, plan.vary_name, table)
    figures = draw_all(tally, plan.job.agents, plan.vary_name, plan.out / "figures", plan.job.game)
    lang = current_language()
    page = plan.out / PAGE_NAME
    page.write_text(
        render_page(
            plan.title,
            _facts(plan, tally),
            summary(tally, plan.job.agents, plan.vary_name, plan.job.game),
            figures,
            tally.overall,
            notes=[] if figure_font(lang)[0] == lang else [text("report.fig.english")],
            game=plan.job.game,
        ),
        encoding="utf-8",
    )
    return ReportResult(tally, figures, page, table, count - kept)


def _facts(plan: ReportPlan, tally: ReportTally) -> dict[str, Any]:
    job = plan.job
    lang = current_language()
    facts: dict[str, Any] = {
        text("report.facts.game"): job.game,
        text("report.facts.players"): plan.players
        if plan.vary_name != VARY_PLAYERS or job.vary is None
        else _counts_text(job.vary[1]),
        text("report.facts.agents"): ", ".join(job.agents),
        text("report.facts.games"): text(
            "report.facts.games_value",
            games=f"{tally.overall.games:,}",
            failed=f"{tally.overall.errors:,}",
        ),
        text("report.facts.seed"): job.run_seed,
        # As a player reads them (the lobby's labels, yes and no), not as Python holds them.
        text("report.facts.options"): options_text(
            job.game, job.options, lang, leave_out=plan.vary_name
        )
        or text("report.facts.none"),
    }
    if job.vary is not None:
        name, values = job.vary
        game = load_game(job.game)
        shown = " / ".join(vary_value(game, name, v, lang) for v in values)
        facts[text("report.facts.varied")] = f"{vary_label(game, name, lang)}: {shown}"
    return facts


def _seats_of_largest(agents: Sequence[str], most: int) -> list[str]:
    """With ``--vary players`` the agents are those of the largest count's seats; a game of
    fewer players seats the first ones."""
    if len(agents) >= most:
        return list(agents[:most])
    if len(set(agents)) == 1:
        return [agents[0]] * most
    raise CourtlyError.keyed("error.report.agents", most=most)


def _counts_text(counts: Sequence[Any]) -> str:
    return "/".join(str(c) for c in counts)
