"""Research interfaces: the courtly games as OpenSpiel games (``courtly.interop.openspiel``) and
PettingZoo environments (``courtly.interop.pettingzoo``). Both need the ``research`` extra
(``pip install -e '.[research]'``); see docs/interop.md."""
