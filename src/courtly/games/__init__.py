"""The games that ship with courtly, one package each.

``courtly.games()`` lists the registered games. Python binds ``courtly.games`` to this package as
soon as any game is imported, so the package itself is made callable: both spellings keep working
whatever has been imported.
"""

from __future__ import annotations

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from courtly.core.registry import game_names

        return game_names()


sys.modules[__name__].__class__ = _GamesPackage
