"""A stored review as the browser shows it (``reviews.py`` computes and stores it): the
moves' texts in the reader's language, the marks, the accuracy, the costliest turns and the
win-chance series, for one seat's review or the spectator's series."""

from __future__ import annotations

from typing import Any

from courtly.analysis.review import Decision, Review, ReviewSettings, line_views
from courtly.analysis.review.engine import seat_turns
from courtly.analysis.review.spectator import PublicPoint
from courtly.core.i18n import ENGLISH
from courtly.core.records import GameRecord
from courtly.core.registry import load_game
from courtly.core.render import action_text, reads_views
from courtly.server.live import LiveTable
from courtly.server.protocol import seat_names
from courtly.server.reviews import NONE


def shown(
    live: LiveTable, seat: int, body: dict[str, Any] | None, lang: str = ENGLISH
) -> dict[str, Any]:
    """A review as the browser shows it: its progress, each judged turn with the moves' texts
    in ``lang``, the marks, the accuracy, the three costliest turns and the win-chance series."""
    if body is None:
        return {"seat": seat, "status": NONE, "done": 0, "total": 0}
    record: GameRecord = live.table.record
    game = load_game(record.game)
    space = game.action_space(record.num_players, game.resolve_options(record.options, saved=True))
    settings = ReviewSettings(**body["settings"])
    decisions = [Decision.from_json(d) for d in body["decisions"]]
    decisions.sort(key=lambda d: d.step)
    review = Review(game.name, seat, settings, decisions, body["forced"])

    names = seat_names(live.info(), lang)
    # A move whose words are made from the seat's view (a kill names the card there) reads as
    # the seat saw its position: the game is replayed for those views only where one does.
    turns = {t.step: t for t in seat_turns(game, record, seat)} if reads_views(game) else {}

    def words(d: Decision, ids: list[int]) -> list[str]:
        turn = turns.get(d.step)
        views = line_views(turn, ids) if turn is not None else [None] * len(ids)
        return [
            action_text(game, space.decode(i), lang, names, v)
            for i, v in zip(ids, views, strict=True)
        ]

    return {
        "seat": seat,
        "status": body["status"],
        "done": len(decisions),
        "total": len(body["steps"]),
        "forced": body["forced"],
        "settings": body["settings"],
        "decisions": [
            {
                **d.to_json(),
                "played_text": words(d, d.played),
                "preferred_text": words(d, d.preferred),
            }
            for d in decisions
        ],
        "accuracy": review.accuracy(),
        "marks": review.marks(),
        "costliest": [d.step for d in review.costliest()],
        "series": review.series(),
    }


def shown_spectator(live: LiveTable, body: dict[str, Any] | None) -> dict[str, Any]:
    """The spectator's series as the browser shows it: its progress and every seat's win
    chance at each judged turn, from the public view alone."""
    if body is None:
        return {"seat": "spectator", "status": NONE, "done": 0, "total": 0, "series": []}
    points = sorted((PublicPoint.from_json(p) for p in body["points"]), key=lambda p: p.step)
    return {
        "seat": "spectator",
        "status": body["status"],
        "done": len(points),
        "total": len(body["steps"]),
        "settings": body["settings"],
        "series": [[p.step, p.chances] for p in points],
    }
