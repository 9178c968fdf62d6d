"""The table server: people play at a distance, bots take seats, nothing is lost.

Three parts and a pool (docs/server.md): the kernel's ``Table`` runs each game, the
:mod:`store` keeps tables, seats and every action in a database, the :mod:`hub` holds the
websockets and sends each viewer its own messages, and :mod:`bots` thinks in other processes.
"""
