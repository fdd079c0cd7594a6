"""Shared fixtures: the PostgreSQL server and the Chromium that `make test` provides,
and for the browser tests (every test that takes ``browser``, marked ``browser``): a
``sushigo serve`` per module (``base``), the browser per module, and the page errors
a test must not leave (``errors``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""How the browser tests start Chromium (headless, in a container)."""


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


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a ``sushigo serve`` shared by the tests of a module (bots wait 0 s)."""
    from web_client import free_port, serve

    tmp = tmp_path_factory.mktemp("web")
    port = free_port()
    with serve(tmp / "web.db", port, tmp / "server.log"):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def browser(chromium_path: str) -> Iterator[Any]:
    """Headless Chromium, driven by Playwright, for the tests of a module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def errors() -> Iterator[list[str]]:
    """Errors of the pages a test opens (``watch_errors``): none is allowed."""
    found: list[str] = []
    yield found
    assert found == []


BATCH = ("test_fast_", "test_batch_", "test_analyze", "test_rl_vector", "test_rl_league", "fast.md")
"""The batch engine's modules (and docs/fast.md's examples): marked ``batch``."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that drive the browser are marked ``browser``, the batch engine's
    ``batch`` (``-m "not browser and not batch"`` leaves them out: the source-engine
    run of ``make test`` does, as neither the pages nor the numba kernels change with
    the engine's build)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if item.path.name.startswith(BATCH):
            item.add_marker(pytest.mark.batch)
