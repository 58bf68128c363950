"""Tests of tests/support/browser.py: Debian's Chromium loads a page and clicks a button."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.support.static_site import StaticSite

PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fearsome Floors check</title></head>
<body>
  <p id="status">Waiting</p>
  <button type="button" id="go">Open the door</button>
  <script>
    document.getElementById("go").addEventListener("click", () => {
      document.getElementById("status").textContent = "The door is open";
    });
  </script>
</body>
</html>
"""


def test_it_clicks_a_button_on_a_loopback_page_and_saves_a_screenshot(
    page: Page, tmp_path: Path, artifacts_dir: Path
) -> None:
    (tmp_path / "index.html").write_text(PAGE)
    screenshot = artifacts_dir / "browser-button-clicked.png"
    screenshot.unlink(missing_ok=True)
    with StaticSite(tmp_path) as site:
        page.goto(site.url)
        expect(page.locator("#status")).to_have_text("Waiting")
        page.click("#go")
        expect(page.locator("#status")).to_have_text("The door is open")
        page.screenshot(path=str(screenshot))
    assert screenshot.stat().st_size > 0
