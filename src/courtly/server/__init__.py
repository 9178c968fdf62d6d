"""The table server: people play at a distance, bots take seats, nothing is lost.

In parts, as docs/server.md's code map lists them: the lobby (tables, seats, tokens), the
master and the undo (what changes a game in progress), the Store and its thread (storage),
the websocket and its messages out (transport), the bot seats and their worker pool, the
other processes on a shared PostgreSQL, and the HTTP routes (:mod:`courtly.server.routes`).
The :mod:`hub` puts one process's parts together.
"""
