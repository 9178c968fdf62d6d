"""Which post-game reviews this process computes when several server processes share one
PostgreSQL (docs/server.md, "Reviews"): a review is claimed before it is planned or a turn of
it judged, so it is computed once."""

from __future__ import annotations

from courtly.server.peers import BotLeases


class ReviewClaims:
    """Which reviews this process computes, when several share one PostgreSQL: a session
    advisory lock per review on a connection of its own (``BotLeases``' locks, keyed by the
    review rather than the table), taken before a review is planned or a turn judged. With
    SQLite (one process) every claim is granted."""

    def __init__(self, dsn: str | None) -> None:
        self._locks = None if dsn is None else BotLeases(dsn)

    @staticmethod
    def _key(table_id: str, seat: int) -> str:
        return f"review:{table_id}:{seat}"

    async def take(self, table_id: str, seat: int) -> bool:
        """Whether this process holds the review's claim (now), taking it if it is free. The
        connection is checked each time (one round trip, little beside a turn's search): a
        database restarted under it took its locks, which another process may hold now."""
        if self._locks is None:
            return True
        self._locks.suspect()
        return await self._locks.holds(self._key(table_id, seat))

    async def release(self, table_id: str, seat: int) -> None:
        if self._locks is not None:
            await self._locks.release(self._key(table_id, seat))

    async def close(self) -> None:
        if self._locks is not None:
            await self._locks.close()
