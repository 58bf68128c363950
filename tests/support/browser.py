"""Debian's Chromium driven by Playwright, headless; never a browser download of Playwright's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from tests.support.binaries import find_program

# Without the networking flags Chromium keeps calling home, which this machine refuses.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    """Return the path of Debian's Chromium (skip or, under CI, fail without it)."""
    return find_program("chromium", "chromium", "/usr/bin/chromium")


def launch_chromium(playwright: Playwright) -> Browser:
    """Launch Chromium headless; Playwright gives each launch a fresh, temporary user-data-dir."""
    return playwright.chromium.launch(
        executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True
    )


@contextmanager
def running_chromium() -> Iterator[Browser]:
    """Start Playwright and launch Chromium headless; close both at the end."""
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def fits_390(page: Page, artifacts_dir: Path, name: str) -> None:
    """Screenshot the page at a phone's size and check it does not scroll sideways; then
    back to a desktop's size."""
    page.set_viewport_size(PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    page.screenshot(path=str(artifacts_dir / f"{name}-390.png"), full_page=True)
    assert width <= PHONE["width"], f"{name}: {width} px wide at 390"
    page.set_viewport_size(DESKTOP)
