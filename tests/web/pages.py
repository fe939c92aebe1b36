"""What the browser tests share: Debian's chromium launched by Playwright, a page opened on the live server."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright

# A loaded 2-core machine answers a re-ranking in seconds, not the 5 s Playwright waits by default: the
# assertions wait for what the page must show, and the timing tests measure time themselves.
expect.set_options(timeout=15_000)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DATA = Path(__file__).resolve().parents[1] / "data"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's chromium, never a downloaded one: the test fails, rather than skips, when it is missing."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Debian's chromium is not installed: `apt-get install chromium` (make test does it)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def open_page(
    browser: Browser, url: str, problems: list[str], *, width: int = 1280, height: int = 900, bypass_csp: bool = False
) -> Page:
    """A new page of ``url``; its console errors and uncaught exceptions are added to ``problems``.

    ``bypass_csp`` lets a test inject a script of its own (axe-core) past the page's Content-Security-Policy.
    """
    page = browser.new_page(viewport={"width": width, "height": height}, accept_downloads=True, bypass_csp=bypass_csp)

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(url)
    return page
