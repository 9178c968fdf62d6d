"""Ratings and quick play: whether a table is rated (and a quick-play table, with its wait
before bots fill it) and when its game's ratings were counted (the claim that
makes them counted once, whichever process counts them), each account's rating per game and
player count, and every change of it (the profile's graph).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "courtly_tables",
        sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column("courtly_tables", sa.Column("rated_at", sa.DateTime, nullable=True))
    # Quick play's tables (anyone logged in is seated at one by "Play now"), and after how
    # many seconds of waiting bots fill their empty seats (None: never).
    op.add_column(
        "courtly_tables",
        sa.Column("quick", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column("courtly_tables", sa.Column("fill_after", sa.Integer, nullable=True))
    op.create_table(
        "courtly_ratings",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_courtly_ratings_pool", "courtly_ratings", ["game", "players"])
    op.create_table(
        "courtly_rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("courtly_tables.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("table_id", "seat", name="uq_courtly_rating_history_seat"),
    )


def downgrade() -> None:
    op.drop_table("courtly_rating_history")
    op.drop_index("ix_courtly_ratings_pool", "courtly_ratings")
    op.drop_table("courtly_ratings")
    op.drop_column("courtly_tables", "fill_after")
    op.drop_column("courtly_tables", "quick")
    op.drop_column("courtly_tables", "rated_at")
    op.drop_column("courtly_tables", "rated")
