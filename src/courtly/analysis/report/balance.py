"""The written summary at the top of a report: what is significantly unbalanced, in words.

Each claim is a 95% interval that excludes the balanced value: a seat's win rate (Wilson
interval) against the fair share 1/players; the highest and lowest mean scores (Student's t
intervals that do not overlap, a conservative test); a seat's win rate between two values of
the varied option (intervals that do not overlap). Each comparison is tested on its own, with
no correction for the number of comparisons, and the summary says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from courtly.analysis.report.labels import number
from courtly.analysis.report.tally import GroupTally, ReportTally
from courtly.analysis.results_file import vary_label, vary_text
from courtly.core.i18n import current_language, seat_text, text
from courtly.core.registry import load_game
from courtly.core.state import Game


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _seat(seat: int, agents: Sequence[str]) -> str:
    name = seat_text(seat, current_language())
    return f"{name} ({agents[seat]})" if len(set(agents)) > 1 else name


def seat_findings(group: GroupTally, agents: Sequence[str], where: str = "") -> list[str]:
    """Seats whose win rate lies significantly above or below the fair share."""
    fair = 1.0 / group.players
    found = []
    for seat in range(group.players):
        low, high = group.win_interval(seat)
        if low > fair or high < fair:
            found.append(
                text(
                    "report.seat_wins_more" if low > fair else "report.seat_wins_less",
                    seat=_seat(seat, agents).capitalize(),
                    where=where,
                    rate=_pct(group.win_rate(seat)),
                    low=_pct(low),
                    high=_pct(high),
                    fair=_pct(fair),
                )
            )
    return found


def score_findings(group: GroupTally, agents: Sequence[str]) -> list[str]:
    spans = [group.scores[seat].interval() for seat in range(group.players)]
    top = max(range(group.players), key=lambda s: (spans[s][0], -s))
    bottom = min(range(group.players), key=lambda s: (spans[s][0], s))
    if top == bottom or spans[top][1] <= spans[bottom][2]:
        return []
    return [
        text(
            "report.scores_more",
            top=_seat(top, agents).capitalize(),
            bottom=_seat(bottom, agents),
            mean=number(spans[top][0], 2),
            low=number(spans[top][1], 2),
            high=number(spans[top][2], 2),
            other=number(spans[bottom][0], 2),
            other_low=number(spans[bottom][1], 2),
            other_high=number(spans[bottom][2], 2),
        )
    ]


def vary_findings(
    tally: ReportTally,
    vary_name: str,
    values: Sequence[Any],
    agents: Sequence[str],
    game: Game | None = None,
) -> list[str]:
    """Seats whose win rate differs between two values of what was varied, then each value's
    unbalanced seats; the option and its values in words (``Spy memory: remember``)."""
    lang = current_language()
    found = []
    # A seat's win rate is compared across player counts with nothing: its fair share moves.
    for seat in range(0 if tally.vary_players else tally.players):
        groups = tally.by_value
        best = max(range(len(groups)), key=lambda k: (groups[k].win_rate(seat), -k))
        worst = min(range(len(groups)), key=lambda k: (groups[k].win_rate(seat), k))
        if best == worst:
            continue
        if groups[best].win_interval(seat)[0] > groups[worst].win_interval(seat)[1]:
            found.append(
                text(
                    "report.words.vary_wins",
                    seat=_seat(seat, agents).capitalize(),
                    best=vary_text(game, vary_name, values[best], lang),
                    best_rate=_pct(groups[best].win_rate(seat)),
                    worst=vary_text(game, vary_name, values[worst], lang),
                    worst_rate=_pct(groups[worst].win_rate(seat)),
                )
            )
    for k, value in enumerate(values):
        where = text("report.words.where", option=vary_text(game, vary_name, value, lang))
        found.extend(seat_findings(tally.by_value[k], agents, where))
    return found


def summary(
    tally: ReportTally, agents: Sequence[str], vary_name: str | None, game: str | None = None
) -> list[str]:
    """The summary's sentences, most important first; ``game`` (its name) words the varied
    option (without it, the option reads as typed)."""
    overall = tally.overall
    loaded = None if game is None else load_game(game)
    lines: list[str] = []
    if overall.finished == 0:
        return [text("report.no_game")]
    # With the player count varied, the seats are judged per count (vary_findings) only.
    seated = [overall] if overall.players else []
    findings = [f for g in seated for f in seat_findings(g, agents) + score_findings(g, agents)]
    if vary_name is not None and tally.values:
        findings += vary_findings(tally, vary_name, tally.values, agents, loaded)
    if findings:
        lines.extend(findings)
    else:
        lines.append(
            text(
                "report.balanced_vary" if vary_name else "report.balanced",
                games=f"{overall.finished:,}",
                fair=_pct(1.0 / overall.players) if overall.players else text("report.fair_varied"),
                name=vary_name and vary_label(loaded, vary_name, current_language()),
            )
        )
        groups = seated or tally.by_value
        spans = [g.win_interval(seat) for g in groups for seat in range(g.players)]
        widest = max(high - low for low, high in spans) / 2
        lines.append(text("report.precision", points=f"{100 * widest:.1f}"))
    if len(set(agents)) > 1:
        lines.append(text("report.agents_differ"))
    if overall.errors:
        lines.append(text("report.errors", errors=f"{overall.errors:,}"))
    lines.append(text("report.caveat"))
    return lines
