"""A report's running totals: everything its figures and summary need, folded game by game.

Totals are kept per value of the varied option (one group when nothing is varied) and hold
counts, exact sums and frequency tables, never a list of games: a million-game report takes
the memory of a thousand-game one. Every total is order-independent (see
:class:`~courtly.analysis.stats.ExactSum`), so games folded in the order they finish on any
backend give the same report.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from courtly.analysis.simulate import GameOutcome
from courtly.analysis.stats import ExactSum, wilson_interval

# A game's numeric statistics in this group (``length/rounds``, ``length/turns``) are drawn as
# distributions next to the number of decisions.
LENGTH_GROUP = "length/"
_PARTS = re.compile(r"(\d+)").split


def natural_order(names: Iterable[str]) -> list[str]:
    """Statistics' names as a reader counts them: ``B2`` before ``B10`` (a number within a
    name compares as a number), in the figures and the page's table alike."""
    return sorted(names, key=lambda n: [int(t) if t.isdigit() else t for t in _PARTS(n)])


def statistic_groups(names: Iterable[str]) -> dict[str, list[str]]:
    """Names (``group/item``) by their group, groups and names in the order given; a name
    without ``/`` is a group of its own."""
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(name.split("/", 1)[0], []).append(name)
    return groups


@dataclass
class GroupTally:
    """The totals of the games played with one value of the varied option."""

    players: int
    games: int = 0
    errors: int = 0
    wins: list[ExactSum] = field(default_factory=list)
    scores: list[ExactSum] = field(default_factory=list)
    score_counts: list[Counter[float]] = field(default_factory=list)
    decisions: Counter[int] = field(default_factory=Counter)
    numbers: dict[str, ExactSum] = field(default_factory=dict)
    number_counts: dict[str, Counter[float]] = field(default_factory=dict)
    texts: dict[str, Counter[str]] = field(default_factory=dict)
    # The groups of statistics the game declares rates (``Game.report_rates``).
    rates: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.wins = [ExactSum() for _ in range(self.players)]
        self.scores = [ExactSum() for _ in range(self.players)]
        self.score_counts = [Counter() for _ in range(self.players)]

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        if outcome.error is not None:
            self.errors += 1
            return
        for seat in range(self.players):
            self.wins[seat].add(1.0 / len(outcome.winners) if seat in outcome.winners else 0.0)
            self.scores[seat].add(outcome.scores[seat])
            self.score_counts[seat][outcome.scores[seat]] += 1
        self.decisions[outcome.decisions] += 1
        for name, value in outcome.statistics.items():
            if isinstance(value, str):
                self.texts.setdefault(name, Counter())[value] += 1
            else:
                self.numbers.setdefault(name, ExactSum()).add(float(value))
                if name.startswith(LENGTH_GROUP):
                    self.number_counts.setdefault(name, Counter())[float(value)] += 1

    @property
    def finished(self) -> int:
        return self.games - self.errors

    def win_rate(self, seat: int) -> float:
        return self.wins[seat].total / self.finished if self.finished else 0.0

    def win_interval(self, seat: int) -> tuple[float, float]:
        return wilson_interval(self.wins[seat].total, self.finished)

    def is_rate(self, name: str) -> bool:
        """Whether the numeric statistic ``name`` is a rate: 1 or 0 per game that gives it (a
        Courtisans mission completed or not), so its mean is a share of those games. The game
        says so (``Game.report_rates``, by group): a count that happened to be 0 or 1 in every
        game of a short run is still a count."""
        return name.split("/", 1)[0] in self.rates

    def statistic_interval(self, name: str) -> tuple[float, float, float]:
        """The numeric statistic's mean over the games that gave it, and its 95% interval: a
        rate's (Wilson, within 0 to 1), else a mean's (Student's t; unbounded for one game)."""
        total = self.numbers[name]
        return total.rate_interval() if self.is_rate(name) else total.interval()


@dataclass
class ReportTally:
    """The totals of a whole report: one :class:`GroupTally` for all games and, when an
    option is varied, one per value (game ``i`` has value ``values[i % len(values)]``).

    With ``vary_players`` the values are player counts: each value's group has that many
    seats, and the group of all games has none (a seat's win rate over games of different
    player counts has no fair share to be measured against), only game lengths and the
    game's statistics."""

    players: int
    values: Sequence[Any] = ()
    vary_players: bool = False
    # The groups of statistics the game declares rates (see GroupTally.is_rate).
    rates: frozenset[str] = frozenset()
    overall: GroupTally = field(init=False)
    by_value: list[GroupTally] = field(init=False)

    def __post_init__(self) -> None:
        self.overall = GroupTally(0 if self.vary_players else self.players, rates=self.rates)
        self.by_value = [
            GroupTally(int(value) if self.vary_players else self.players, rates=self.rates)
            for value in self.values
        ]

    def add(self, outcome: GameOutcome) -> None:
        self.overall.add(outcome)
        if self.values:
            self.by_value[outcome.index % len(self.values)].add(outcome)

    @property
    def statistic_names(self) -> list[str]:
        return natural_order(set(self.overall.numbers) | set(self.overall.texts))
