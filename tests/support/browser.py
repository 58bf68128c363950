"""Debian's Chromium driven by Playwright, headless; never a browser download of Playwright's."""

from __future__ import annotations

from playwright.sync_api import Browser, Playwright

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
