"""``/api/account``: register, log in, log out, change the password, delete the account, the
account's own games; and the dependency that gives any route the account of the request's
session cookie (``CurrentAccount``, None for a guest; ``SignedIn``, refused 401 without)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field

from courtly.server.account_rows import Account
from courtly.server.refusals import RequestError
from courtly.server.routes.common import CurrentHub
from courtly.server.sessions import (
    COOKIE,
    clear_session_cookie,
    csrf_token,
    secure_request,
    set_session_cookie,
)

# Bounds before any rule is checked (the rules themselves answer one line each): a password is
# hashed only when it is of a length the rules allow.
_NAME = Field(max_length=200, description="the account's name (3 to 24 letters, digits, - _ .)")
_PASSWORD = Field(max_length=1000, description="8 to 256 characters")


class Credentials(BaseModel):
    name: str = _NAME
    password: str = _PASSWORD


class PasswordChange(BaseModel):
    current: str = Field(max_length=1000, description="the password now")
    new: str = _PASSWORD


class Deletion(BaseModel):
    password: str = Field(max_length=1000, description="the password, asked again")


async def _current_account(request: Request, hub: CurrentHub) -> Account | None:
    return await hub.accounts.account(request.cookies.get(COOKIE))


async def _signed_in(account: Annotated[Account | None, Depends(_current_account)]) -> Account:
    if account is None:
        raise RequestError(401, "server.account.login_needed")
    return account


#: The account of the request's session (None: a guest), for a route's parameters.
CurrentAccount = Annotated[Account | None, Depends(_current_account)]
#: The same, refused (401, one line) for a guest.
SignedIn = Annotated[Account, Depends(_signed_in)]


def _address(request: Request) -> str:
    # The proxy's X-Forwarded-For where uvicorn trusts it (docs/server.md, "Behind a proxy").
    return request.client.host if request.client else ""


def _signed(request: Request, response: Response, account: Account, session: str) -> dict[str, Any]:
    set_session_cookie(response, session, secure_request(request.scope))
    return {"account": account.public(), "csrf": csrf_token(session)}


router = APIRouter()


@router.get("/api/account")
async def whoami(request: Request, response: Response, account: CurrentAccount) -> dict[str, Any]:
    """The account logged in here (or null), and the check token every state-changing request
    made with the session cookie must send in ``X-Courtly-CSRF``."""
    response.headers["Cache-Control"] = "no-store"  # one browser's own: never kept by a cache
    session = request.cookies.get(COOKIE)
    return {
        "account": None if account is None else account.public(),
        "csrf": None if not session else csrf_token(session),
    }


@router.post("/api/account/register", status_code=201)
async def register(
    body: Credentials, request: Request, response: Response, hub: CurrentHub
) -> dict[str, Any]:
    """A new account, logged in at once (the session cookie is set)."""
    account, session = await hub.accounts.register(
        body.name, body.password, _address(request), request.cookies.get(COOKIE)
    )
    return _signed(request, response, account, session)


@router.post("/api/account/login")
async def login(
    body: Credentials, request: Request, response: Response, hub: CurrentHub
) -> dict[str, Any]:
    """Log in: a new session cookie (any session this browser held ends)."""
    account, session = await hub.accounts.login(
        body.name, body.password, _address(request), request.cookies.get(COOKIE)
    )
    return _signed(request, response, account, session)


@router.post("/api/account/logout")
async def logout(request: Request, response: Response, hub: CurrentHub) -> dict[str, Any]:
    await hub.accounts.logout(request.cookies.get(COOKIE))
    clear_session_cookie(response, secure_request(request.scope))
    return {"account": None, "csrf": None}


@router.post("/api/account/password")
async def change_password(
    body: PasswordChange, request: Request, response: Response, hub: CurrentHub, account: SignedIn
) -> dict[str, Any]:
    """A new password: every session of the account ends, this browser gets a new one."""
    session = await hub.accounts.change_password(account, body.current, body.new)
    return _signed(request, response, account, session)


@router.post("/api/account/delete")
async def delete_account(
    body: Deletion, request: Request, response: Response, hub: CurrentHub, account: SignedIn
) -> dict[str, Any]:
    """Delete the account (its password asked again). Its finished games stay, its seats
    named as a deleted player's."""
    await hub.accounts.delete(account, body.password)
    clear_session_cookie(response, secure_request(request.scope))
    return {"account": None, "csrf": None}


@router.get("/api/account/games")
async def my_games(hub: CurrentHub, account: SignedIn) -> list[dict[str, Any]]:
    """The tables the logged-in account has a seat at, newest first (``my_seat``: its seat)."""
    return await hub.accounts.games(account)
