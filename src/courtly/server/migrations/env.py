"""Alembic environment: the server passes its open connection (Store.migrate)."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from courtly.server.schema import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("courtly migrations run from Store.migrate(), which passes a connection")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
