"""Time at the table: each table's pace and clocks (its running seat, what each seat has
left, leave, stand-ins) as JSON, the position they were measured at, the next deadline (the
scheduler's index), and the clock's events kept with the record (time-outs, returns, leave).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("courtly_tables", sa.Column("clock", sa.Text, nullable=True))
    op.add_column("courtly_tables", sa.Column("clock_seq", sa.Integer, nullable=True))
    op.add_column("courtly_tables", sa.Column("deadline", sa.DateTime, nullable=True))
    op.create_index("ix_courtly_tables_deadline", "courtly_tables", ["deadline"])
    op.create_table(
        "courtly_clock_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("courtly_tables.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("detail", sa.Text, nullable=False, server_default="{}"),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("courtly_clock_events")
    op.drop_index("ix_courtly_tables_deadline", "courtly_tables")
    op.drop_column("courtly_tables", "deadline")
    op.drop_column("courtly_tables", "clock_seq")
    op.drop_column("courtly_tables", "clock")
