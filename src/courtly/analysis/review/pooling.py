"""Runs of one player count pooled by what each knows where.

Every run of a count (an even one, a screened one: ``screening.py``) samples the same games,
bots of the same levels at the same count, so each alone estimates the same chance of winning
given the search's value, and so does any mix of them whose proportions depend on the value
and the run alone, never on a result. Weighted as drawn (Horvitz-Thompson), each game counts
once whichever run played it: where the value is rare, an even run's few positions (each
standing for some fifteen of its game's) then outweigh a screened run's hundreds (each
standing for itself), and the pool knows little more than the even run. The best mix of
independent estimates weighs each by its precision (Kish, "cumulating samples"), and a run's
precision where the value is rare is its effective number of positions there.

So the positions of each count are cut into ``BANDS`` bands of the search's value (each as many
positions as the others), and within a band each run's weights are scaled to sum to its
effective number of positions in it: their proportions within the run and the band, which the
drawing set, are kept; a count with one run is left as it is. What a run's positions are worth
is read from their weights and values alone, so the pooling cannot favour a result.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import replace

from courtly.analysis.review.fit import Sample, outcome_unit
from courtly.analysis.review.measure import effective_size

#: How many bands of the search's value a count's positions are cut into.
BANDS = 50


def pooled(runs: Sequence[Sequence[Sample]]) -> list[Sample]:
    """The positions of every run, in order, each count's weighed by what its runs know in
    each band of value (the module's docstring)."""
    counts = sorted({s.players for run in runs for s in run})
    scale: dict[tuple[int, int], float] = {}  # (run, position in it): its weight's factor
    for players in counts:
        of_count = [[(at, s) for at, s in enumerate(run) if s.players == players] for run in runs]
        if sum(1 for run in of_count if run) < 2:
            continue
        values = sorted(s.value for run in of_count for _, s in run)
        edges = [values[len(values) * b // BANDS] for b in range(1, BANDS)]
        for r, run in enumerate(of_count):
            bands: dict[int, list[tuple[int, Sample]]] = {}
            for at, s in run:
                bands.setdefault(bisect.bisect_right(edges, s.value), []).append((at, s))
            for band in bands.values():
                total = sum(s.weight for _, s in band)
                worth = effective_size(
                    [s.weight for _, s in band], [outcome_unit(s, at) for at, s in band]
                )
                for at, _ in band:
                    scale[r, at] = worth / total
    return [
        replace(s, weight=s.weight * scale[r, at]) if (r, at) in scale else s
        for r, run in enumerate(runs)
        for at, s in enumerate(run)
    ]
