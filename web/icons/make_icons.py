"""Write the app's icons (web/icons/*.png) from icon.svg, drawn by Debian's Chromium.

    .venv/bin/python web/icons/make_icons.py

The manifest (web/manifest.webmanifest) names them: 192 and 512 px for any purpose, and a
512 px maskable one, whose picture keeps to the middle 80% (the safe zone a launcher may cut
to a circle), as icon.svg draws everything that matters there. apple-touch-icon is 180 px.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests.support.browser import running_chromium  # noqa: E402

SIZES = {"icon-192.png": (192, 1.0), "icon-512.png": (512, 1.0),
         "icon-maskable-512.png": (512, 0.8), "apple-touch-icon.png": (180, 1.0)}
"""Each file: its size in px, and the share of it the picture fills (the rest background)."""
BACKGROUND = "#3b3024"


def page_of(svg: str, size: int, share: float) -> str:
    """Return an HTML page that draws ``svg`` at ``share`` of a ``size`` px square."""
    inner = round(size * share)
    drawn = svg.replace("<svg ", '<svg width="100%" height="100%" ', 1)
    return (f"<html><body style='margin:0;background:{BACKGROUND};width:{size}px;"
            f"height:{size}px;display:grid;place-items:center'>"
            f"<div style='width:{inner}px;height:{inner}px'>"
            f"{drawn}</div>"
            f"</body></html>")


def main() -> None:
    """Draw every icon of :data:`SIZES` into this folder."""
    svg = (HERE / "icon.svg").read_text()
    with running_chromium() as browser:
        for name, (size, share) in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_of(svg, size, share))
            page.screenshot(path=str(HERE / name), omit_background=False)
            page.close()
            print(f"{name}: {size}x{size}")


if __name__ == "__main__":
    main()
