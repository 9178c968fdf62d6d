"""The written summary at the top of a report: what is significantly unbalanced, in words.

Each claim is a 95% interval that excludes the balanced value: a seat's win rate (Wilson
interval) against the fair share 1/players; the highest and lowest mean scores (normal
intervals that do not overlap, a conservative test); a seat's win rate between two values of
the varied option (intervals that do not overlap). Each comparison is tested on its own, with
no correction for the number of comparisons, and the summary says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from courtly.analysis.report.tally import GroupTally, ReportTally


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _seat(seat: int, agents: Sequence[str]) -> str:
    return f"seat {seat + 1} ({agents[seat]})" if len(set(agents)) > 1 else f"seat {seat + 1}"


def seat_findings(group: GroupTally, agents: Sequence[str], where: str = "") -> list[str]:
    """Seats whose win rate lies significantly above or below the fair share."""
    fair = 1.0 / group.players
    found = []
    for seat in range(group.players):
        low, high = group.win_interval(seat)
        if low > fair or high < fair:
            direction = "more" if low > fair else "less"
            found.append(
                f"{_seat(seat, agents).capitalize()}{where} wins significantly {direction} often "
                f"than the fair share: {_pct(group.win_rate(seat))} (95% interval "
                f"{_pct(low)}-{_pct(high)}) against {_pct(fair)}."
            )
    return found


def score_findings(group: GroupTally, agents: Sequence[str]) -> list[str]:
    spans = [group.scores[seat].interval() for seat in range(group.players)]
    top = max(range(group.players), key=lambda s: (spans[s][0], -s))
    bottom = min(range(group.players), key=lambda s: (spans[s][0], s))
    if top == bottom or spans[top][1] <= spans[bottom][2]:
        return []
    return [
        f"{_seat(top, agents).capitalize()} scores significantly more than "
        f"{_seat(bottom, agents)}: {spans[top][0]:.2f} points on average "
        f"({spans[top][1]:.2f}-{spans[top][2]:.2f}) against {spans[bottom][0]:.2f} "
        f"({spans[bottom][1]:.2f}-{spans[bottom][2]:.2f})."
    ]


def vary_findings(
    tally: ReportTally, vary_name: str, values: Sequence[Any], agents: Sequence[str]
) -> list[str]:
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
                f"{_seat(seat, agents).capitalize()} wins significantly more often with "
                f"{vary_name}={values[best]} ({_pct(groups[best].win_rate(seat))}) than with "
                f"{vary_name}={values[worst]} ({_pct(groups[worst].win_rate(seat))})."
            )
    for k, value in enumerate(values):
        found.extend(seat_findings(tally.by_value[k], agents, f" with {vary_name}={value}"))
    return found


def summary(tally: ReportTally, agents: Sequence[str], vary_name: str | None) -> list[str]:
    """The summary's sentences, most important first."""
    overall = tally.overall
    lines: list[str] = []
    if overall.finished == 0:
        return ["No game finished, so nothing can be said about balance."]
    # With the player count varied, the seats are judged per count (vary_findings) only.
    seated = [overall] if overall.players else []
    findings = [f for g in seated for f in seat_findings(g, agents) + score_findings(g, agents)]
    if vary_name is not None and tally.values:
        findings += vary_findings(tally, vary_name, tally.values, agents)
    if findings:
        lines.extend(findings)
    else:
        lines.append(
            f"Nothing is significantly unbalanced at 95% over {overall.finished:,} games: "
            f"every seat's win rate is consistent with the fair share of "
            f"{_pct(1.0 / overall.players) if overall.players else '1/players'}"
            + (f", whatever the value of {vary_name}." if vary_name else ".")
        )
        groups = seated or tally.by_value
        spans = [g.win_interval(seat) for g in groups for seat in range(g.players)]
        widest = max(high - low for low, high in spans) / 2
        lines.append(
            f"At this number of games a seat's win rate is known to within about "
            f"{100 * widest:.1f} points either way: smaller imbalances cannot be seen."
        )
    if len(set(agents)) > 1:
        lines.append(
            "The seats are held by different agents, so a difference between seats is the "
            "agents' as much as the seats'."
        )
    if overall.errors:
        lines.append(
            f"{overall.errors:,} game(s) failed with an error and are left out "
            "(see the error column of games.csv)."
        )
    lines.append(
        "Each comparison is a 95% test on its own; with many comparisons, about one in twenty "
        "balanced ones is reported by chance."
    )
    return lines
