"""Courtisans' own statistics for balance reports (``Game.report_statistics``): how often
each Secret Mission is completed by the seat holding it, and each family's final status."""

from __future__ import annotations

from courtly.games.courtisans.data import FAMILIES, MISSIONS, ROLE_NAMES, STATUS_NAMES
from courtly.games.courtisans.scoring import family_statuses, mission_met
from courtly.games.courtisans.state import CourtisansState


def mission_label(mission: int) -> str:
    """A mission's code and what it asks, short enough for a figure's axis."""
    spec = MISSIONS[mission]
    p, n = spec.param, spec.amount
    asks = {
        "fewer-than-left": lambda: f"fewer {FAMILIES[p]} than left",
        "role-in-domain": lambda: f"{n}+ {_plural(ROLE_NAMES[p])} in domain",
        "family-fallen": lambda: f"{FAMILIES[p]} fallen",
        "every-family-below": lambda: f"every family {n}+ below",
        "some-family-below": lambda: f"a family {n}+ below",
        "at-most-esteemed": lambda: f"at most {n} esteemed",
        "at-least-fallen": lambda: f"{n}+ families fallen",
    }[spec.kind]()
    return f"{spec.code} {asks}"


def _plural(name: str) -> str:
    return name[:-1] + "ies" if name.endswith("y") else name + "s"


def report_statistics(state: CourtisansState) -> dict[str, float | str]:
    """Per mission dealt this game: 1 if its holder completed it, else 0 (so the mean over
    games is the mission's completion rate); per family: its status at the end (C6.2)."""
    statuses = family_statuses(state.above, state.below)
    held: dict[int, list[bool]] = {}
    for seat in range(state.num_players):
        for mission in (state.white[seat], state.blue[seat]):
            met = mission_met(mission, seat, state.domains, state.above, state.below, statuses)
            held.setdefault(mission, []).append(met)
    stats: dict[str, float | str] = {
        f"missions completed/{mission_label(m)}": sum(met) / len(met) for m, met in held.items()
    }
    for family, status in enumerate(statuses):
        stats[f"family status/{FAMILIES[family]}"] = STATUS_NAMES[status]
    return stats
