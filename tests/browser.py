"""Debian's Chromium, as every browser test and ``make shots`` launch it (Playwright's own browsers cannot be
fetched here). Without it a browser test is skipped on a developer's machine and fails in CI, where ``make test``
installs it."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",  # needed as root
    "--disable-gpu",
    "--disable-background-networking",  # this machine's closed network refuses its connections
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
MISSING = not os.path.exists(CHROMIUM) and not os.environ.get("CI")
skip_without_chromium = pytest.mark.skipif(
    MISSING, reason=f"Chromium is missing ({CHROMIUM}): apt-get install chromium"
)
"""For a module of browser tests: skipped where Chromium is missing, but in CI (where its absence is a failure)."""


def chromium_or_skip() -> str:
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    if os.environ.get("CI"):
        pytest.fail(f"Chromium is missing ({CHROMIUM}): make test installs it as root (apt-get install chromium)")
    pytest.skip(f"Chromium is missing ({CHROMIUM}): apt-get install chromium")
