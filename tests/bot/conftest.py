"""SimCord fixtures: the real bot on a fresh SQLite file, a guild with a channel and members.

The World and the click driver live in bot/testkit/ (the benchmarks use them too). Every bot made here draws
table seeds from a fixed counter, so each test plays known games, and
its store is closed when the test ends (a bot replaced by `restart_bot` included).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import simcord

from bot.app import GameMasterBot
from bot.simcord_settle import installed
from bot.testkit.world import FIRST_SEED, World, components, custom_id, new_world
from bot.testkit.world import make_bot as testkit_make_bot
from games import DESCRIPTORS, REGISTRY
from tests.bot.ui import toy
from tests.support import postgres

__all__ = ["FIRST_SEED", "World", "components", "custom_id", "make_bot"]
_made: list[GameMasterBot] = []


def make_bot(db: Path | str, **settings: Any) -> GameMasterBot:
    """`bot.testkit.world.make_bot` (seeds 1000, 1001, …), its store closed when the test ends."""
    bot = testkit_make_bot(db, **settings)
    _made.append(bot)
    return bot


@pytest.fixture(autouse=True)
async def close_bot_stores() -> AsyncIterator[None]:
    """Close every store a test's bots opened (SimCord never calls `bot.close()`)."""
    _made.clear()
    yield
    for bot in _made:
        await bot.close_store()
    _made.clear()


# pytest-postgresql's server (one per session) and the loud skip when it cannot start.
postgresql_tablemaster_proc, postgresql_server = postgres.server_fixture()


@pytest.fixture(autouse=True)
def indexed_settle() -> Iterator[None]:
    """SimCord's settle loop with its timer lookups indexed (bot/simcord_settle.py): the same answers, without
    scanning every timer for every waiting task."""
    with installed():
        yield


@pytest.fixture
def postgres_url(postgresql_server: Any) -> Iterator[str]:
    """A fresh PostgreSQL database for this test (skipped loudly without a server)."""
    yield from postgres.database_url(postgresql_server)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store's URL on each backend in turn: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 's.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def db_path(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """The bot's database: a SQLite file, or with `indirect` parametrisation "postgresql", a fresh
    PostgreSQL database (its URL stands in for the path)."""
    if getattr(request, "param", "sqlite") == "postgresql":
        url: Any = request.getfixturevalue("postgres_url")
        return url
    return tmp_path / "tables.db"


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {}


@pytest.fixture
def simcord_bot(db_path: Path, bot_settings: dict[str, Any]) -> GameMasterBot:
    return make_bot(db_path, **bot_settings)


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    return new_world(simcord_env, make_bot)


def with_locale(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    """Every interaction arrives with `locale` (SimCord always sends en-US)."""
    import simcord.interactions as si

    original = si.base_payload

    def patched(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(si, "base_payload", patched)


@pytest.fixture
def italian(monkeypatch: pytest.MonkeyPatch) -> None:
    with_locale(monkeypatch, "it")


@pytest.fixture
def spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    with_locale(monkeypatch, "es-ES")


# The browser tests run in their module's event loop (`pytest.mark.asyncio(loop_scope="module")`), where the
# module's one Chromium (`chromium`) lives: Playwright's driver and the browser start once per module, not
# once per test (seconds each), while every test still has its own sandbox and its own browser context.
@pytest_asyncio.fixture(loop_scope="module")
async def sandbox(tmp_path: Path) -> AsyncIterator[Any]:
    """The local sandbox (`python -m bot` without a token) on a fresh database, on a free port: for the
    browser tests. Its clock stands still until the test moves it (`Sandbox.advance`), and its boards are
    paced in a 20 ms window (as `make_bot`'s), so nothing waits in real time."""
    from bot.sandbox import Sandbox

    running = Sandbox(tmp_path / "sandbox.db", port=0, say=lambda text: None, ticking=False,
                      settings={"board_edit_interval": 0.02})
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def chromium() -> AsyncIterator[Any]:
    """Headless Chromium (Debian's, driven by Playwright) for a module's browser tests; a test opens its page in a
    context of its own (`browser.new_page`) and closes that context."""
    from bot.testkit.browser import CHROMIUM, CHROMIUM_ARGS, async_playwright

    assert async_playwright is not None and CHROMIUM is not None
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@pytest.fixture
def with_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is registered and its cog loaded, like any game of the bot."""
    monkeypatch.setitem(DESCRIPTORS, "toy", toy.DESCRIPTOR)
    monkeypatch.setitem(REGISTRY, "toy", toy.GAME)


@pytest.fixture
def toy_passes_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game gets an engine default (a pass), so the bot can play a missed turn of it."""
    monkeypatch.setattr(toy.Toy, "default_action", lambda self, state, seat: {"type": "pass"}, raising=False)
