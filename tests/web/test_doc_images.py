"""The pictures of the docs: every image README.md and docs/*.md show is in the repository,
and every file in docs/images/ is shown somewhere (tools/screenshots.py writes them; one it
no longer writes, or one no page shows, would go stale unseen)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def shown_images() -> dict[Path, list[str]]:
    """Each image a page shows (resolved from that page's folder) -> the pages showing it."""
    shown: dict[Path, list[str]] = {}
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in IMAGE.findall(page.read_text(encoding="utf-8")):
            if "://" not in target:
                path = (page.parent / target).resolve()
                shown.setdefault(path, []).append(page.name)
    return shown


def test_every_image_the_docs_show_exists() -> None:
    shown = shown_images()
    assert shown, "no page shows an image: the pattern no longer matches the docs"
    missing = {str(path): pages for path, pages in shown.items() if not path.is_file()}
    assert not missing, f"images shown but not in the repository: {missing}"


def test_every_image_in_docs_images_is_shown() -> None:
    shown = set(shown_images())
    unused = [p.name for p in sorted((ROOT / "docs" / "images").iterdir()) if p not in shown]
    assert not unused, f"docs/images files no page shows (delete them): {unused}"


def test_the_screenshots_cover_every_game_device_and_language() -> None:
    names = {p.name for p in (ROOT / "docs" / "images").glob("*.png")}
    games = ["courtisans", "tudor", "for-the-king", "kingdoms"]
    expected = {
        f"{game}-{device}-{lang}.png"
        for game in games
        for device in ["desktop", "phone"]
        for lang in ["en", "ko"]
    }
    assert expected <= names, f"missing screenshots: {sorted(expected - names)}"
