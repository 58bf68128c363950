"""Debian's Chromium driven by Playwright, headless; never a browser download of Playwright's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Playwright, sync_playwright

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
