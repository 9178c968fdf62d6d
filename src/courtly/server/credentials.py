"""Who an account is: the rules of its name and password, the password's hash (argon2id, by
argon2-cffi: only the hash is stored), and the name a seat taken under it bears."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from courtly.server.account_rows import Account
from courtly.server.refusals import RequestError
from courtly.server.stored import StoredSeat

NAME_CHARS = (3, 24)
# Long enough to hold a passphrase; the upper bound keeps one request from hashing megabytes.
PASSWORD_CHARS = (8, 256)
# Besides letters and digits of any script (Hangul included).
NAME_PUNCTUATION = "-_."


def account_name(typed: object) -> str:
    """An account name as typed, normalised (NFKC, trimmed); refused with one line unless it
    has 3 to 24 letters, digits, ``-``, ``_`` or ``.``."""
    if not isinstance(typed, str):
        raise RequestError(400, "server.account.name_chars", char="")
    name = unicodedata.normalize("NFKC", typed).strip()
    low, high = NAME_CHARS
    if not low <= len(name) <= high:
        raise RequestError(400, "server.account.name_length", low=low, high=high, length=len(name))
    for char in name:
        if not (unicodedata.category(char)[0] in "LN" or char in NAME_PUNCTUATION):
            raise RequestError(400, "server.account.name_chars", char=char)
    return name


def name_key(name: str) -> str:
    """What makes two names the same name: ``Anna`` and ``anna`` are one account."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


def check_password(password: str) -> None:
    low, high = PASSWORD_CHARS
    if not low <= len(password) <= high:
        raise RequestError(
            400, "server.account.password_length", low=low, high=high, length=len(password)
        )


@cache
def _hasher() -> PasswordHasher:
    # argon2-cffi's defaults (RFC 9106's low-memory choice: argon2id, 64 MiB, 3 passes).
    return PasswordHasher()


def hash_password(password: str) -> str:
    """The stored form of a password (slow on purpose: call it off the event loop)."""
    return _hasher().hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from. With no stored hash (no such
    account) a hash is still checked, so an unknown name takes as long as a wrong password."""
    try:
        return _hasher().verify(stored or _unknown_account_hash(), password) and bool(stored)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


@cache
def _unknown_account_hash() -> str:
    return _hasher().hash("no account has this password")


def seat_taken_as(
    seats: Sequence[StoredSeat], seat: int, typed: str, account: Account | None
) -> tuple[str | None, str | None]:
    """The name and account of ``seat`` once taken (or renamed) by a person who typed
    ``typed``: the account's name and id for the first seat a logged-in person takes at a
    table; a seat already played under an account keeps that account's name; any other seat
    (a guest's, or more seats of a hot-seat game after the account's own) the typed name."""
    current = seats[seat]
    if current.account_id is not None:
        return current.name, current.account_id
    if account is not None and all(s.account_id != account.id for s in seats):
        return account.name, account.id
    return typed, None
