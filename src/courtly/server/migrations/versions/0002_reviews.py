"""Post-game reviews of a seat, stored with their table (computed once); and whether a table
gives its players hints (chosen by its creator).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "courtly_tables",
        sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "courtly_reviews",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("courtly_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("courtly_reviews")
    op.drop_column("courtly_tables", "hints")
