"""The terminal's ``u`` follows the game's answer (issue 36): a decision that drew a card from
a pile shuffled at setup stands, though it moved no generator and every event was public."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from cli_support import COURTLY


def test_u_refuses_a_kingdoms_ascendancy_that_drew_a_card(tmp_path: Path) -> None:
    # Hot seat, seed 11: both seats play their first duel card (each after the privacy
    # screen); seat 1 acts first and discards 5 of Spades (choice 5) for the No-Consort
    # Ascendancy, whose Spade ability draws the Draw pile's top card; then asks to undo it.
    save = tmp_path / "kingdoms.json"
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "COLUMNS": "80"}
    args = ["play", "kingdoms", "--seat", "human", "--seat", "human", "-s", "11"]
    done = subprocess.run(
        [COURTLY, *args, "--save", str(save)],
        input="\n1\n\n1\n\n5\nu\nq\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert "Cannot take it back" in done.stdout and "so it stands" in done.stdout
    assert "Taken back." not in done.stdout
    actions = json.loads(save.read_text(encoding="utf-8"))["actions"]
    assert actions[-1] == {"kind": "ascend", "card": "5S"} and len(actions) == 3
