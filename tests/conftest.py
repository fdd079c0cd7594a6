"""Shared fixtures: the PostgreSQL server and the Chromium that `make test` provides."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """A ``postgresql+psycopg://`` URL of a server with a database to use (make test starts it)."""
    url = os.environ.get("SUSHIGO_TEST_POSTGRES")
    if url is None:
        pytest.skip("SUSHIGO_TEST_POSTGRES is not set (make test sets it)")
    return url


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The Chromium executable that Playwright drives (Debian's; make test installs it)."""
    path = os.environ.get("SUSHIGO_TEST_CHROMIUM")
    if path is not None:
        return path
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("no /usr/bin/chromium and SUSHIGO_TEST_CHROMIUM is not set (make test sets it)")
    return "/usr/bin/chromium"
