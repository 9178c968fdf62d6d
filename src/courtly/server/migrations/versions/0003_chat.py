"""Table chat: the messages written at a table, stored with it (and with its record); whether
its spectators may write (chosen by its creator, off by default) and which seats its owner
muted.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "courtly_tables",
        sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column(
        "courtly_tables",
        sa.Column("muted", sa.Text, nullable=False, server_default="[]"),
    )
    op.create_table(
        "courtly_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("courtly_tables.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("courtly_chat")
    op.drop_column("courtly_tables", "muted")
    op.drop_column("courtly_tables", "spectator_chat")
