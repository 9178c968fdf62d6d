"""A request that does not fit its schema, as one readable line (docs/protocol.md: every HTTP
error is ``{"detail": "one line"}``; FastAPI's own answer is 422 with pydantic's list)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from courtly.core.errors import CourtlyError

# pydantic's error types, by what they say of the value.
_PROBLEMS = {
    "missing": "server.invalid.missing",
    "string_type": "server.invalid.text",
    "int_type": "server.invalid.whole",
    "int_parsing": "server.invalid.whole",
    "int_from_float": "server.invalid.whole",
    "int_parsing_size": "server.invalid.digits",
    "float_type": "server.invalid.number",
    "float_parsing": "server.invalid.number",
    "bool_type": "server.invalid.boolean",
    "bool_parsing": "server.invalid.boolean",
    "list_type": "server.invalid.list",
    "dict_type": "server.invalid.object",
    "model_type": "server.invalid.object",
    "model_attributes_type": "server.invalid.object",
    "greater_than_equal": "server.invalid.at_least",
    "greater_than": "server.invalid.above",
    "less_than": "server.invalid.below",
    "less_than_equal": "server.invalid.at_most",
}


def invalid_request(errors: Sequence[Any]) -> CourtlyError:
    """The first of pydantic's ``errors`` as one keyed line naming the field and the rule."""
    if not errors:
        return CourtlyError.keyed("server.invalid.body")
    error = errors[0]
    kind = str(error.get("type", ""))
    context = error.get("ctx") or {}
    if kind == "json_invalid":
        return CourtlyError.keyed("server.invalid.json", reason=str(context.get("error", "")))
    # The location starts with where the value was (body, query, path); the rest is its field.
    where = [str(part) for part in error.get("loc", ())]
    field = ".".join(where[1:]) or (where[0] if where else "body")
    key = _PROBLEMS.get(kind, "server.invalid.value")
    limit = next((context[k] for k in ("ge", "gt", "lt", "le") if k in context), "")
    return CourtlyError.keyed(key, field=field, limit=limit)


# What Starlette and FastAPI answer in their own English words, by their exact text: a body
# that is no JSON Python can read (a number of more than 4300 digits, nesting too deep), an
# address that is no route, a method a route does not take.
_FRAMEWORK = {
    "There was an error parsing the body": "server.invalid.unreadable",
    "Not Found": "server.invalid.not_found",
    "Method Not Allowed": "server.invalid.method",
}


def framework_refusal(detail: object) -> CourtlyError | None:
    """The catalogued line for one of the framework's own refusals; None for any other detail
    (the server's own refusals are already in the reader's language)."""
    key = _FRAMEWORK.get(detail) if isinstance(detail, str) else None
    return None if key is None else CourtlyError.keyed(key)
