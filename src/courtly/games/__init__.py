"""The games that ship with courtly, one package each (``courtly.game_names()`` lists every
registered game, these and any other package's)."""
