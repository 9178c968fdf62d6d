"""Link tokens: unguessable, shown once, stored only as a hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets

# 24 random bytes: 192 bits, well above the 128 a guess would have to beat.
TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps: a stolen database gives no working link."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a, b)
