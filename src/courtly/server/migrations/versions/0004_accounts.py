"""Accounts: players' names and password hashes, their sessions (each a hash of the cookie's
random id, with its expiry), the log-in attempts counted by the rate limits (stored, so the
processes on one PostgreSQL share them), and the account a seat is played under.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "courtly_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        # Both None once the account is deleted: its seats then name a deleted player.
        sa.Column("name", sa.String(32), nullable=True),
        sa.Column("name_key", sa.String(64), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("deleted_at", sa.DateTime, nullable=True),
    )
    op.create_table(
        "courtly_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("courtly_accounts.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False, index=True),
    )
    op.create_table(
        "courtly_login_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False, index=True),
        sa.Column("at", sa.DateTime, nullable=False, index=True),
    )
    op.add_column(
        "courtly_seats", sa.Column("account_id", sa.String(32), nullable=True, index=True)
    )


def downgrade() -> None:
    op.drop_column("courtly_seats", "account_id")
    op.drop_table("courtly_login_attempts")
    op.drop_table("courtly_sessions")
    op.drop_table("courtly_accounts")
