"""SimCord fixtures: the real bot on a fresh SQLite file, a guild with a channel and members.

Every bot made here draws table seeds from a fixed counter, so each test plays known games, and
its store is closed when the test ends (a bot replaced by `restart_bot` included).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.app import GameMasterBot
from bot.config import Config
from bot.simcord_settle import installed
from tests.support import postgres

FIRST_SEED = 1000
_made: list[GameMasterBot] = []


def make_bot(db: Path | str, **settings: Any) -> GameMasterBot:
    """A bot on `db` (a SQLite file, or a postgresql:// URL) whose tables get the seeds 1000, 1001, … in
    the order they open."""
    settings.setdefault("use_threads", False)
    settings.setdefault("shard_count", 1)  # SimCord needs a sharded bot's count; Discord's gateway gives it
    # SimCord waits out a timer shorter than its settle timeout in real time, so a folded board edit would
    # cost each click up to a second; the same pacing in a 20 ms window (tests/bot/ui/test_pacing.py: 1 s).
    settings.setdefault("board_edit_interval", 0.02)
    where = {"database_url": db} if str(db).startswith("postgresql://") else {"database": str(db)}
    bot = GameMasterBot(Config(token=None, **where, **settings), seed_source=itertools.count(FIRST_SEED).__next__)
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


def components(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [row])]


@dataclass
class World:
    env: simcord.Env
    guild: Any
    channel: Any
    players: list[Any]
    outsider: Any

    @property
    def bot(self) -> GameMasterBot:
        return self.env.bot  # type: ignore[return-value]

    def board(self, where: Any = None) -> discord.Message:
        """The newest message carrying a table's board (an embed with the table's controls)."""
        for message in reversed((where or self.channel).history()):
            if message.embeds and any(str(getattr(c, "custom_id", "")).startswith(("g:", "gs:"))
                                      for c in components(message)):
                return message
        raise AssertionError("no board message")

    def texts(self, where: Any = None) -> list[str]:
        """Every public message, content and embeds, oldest first."""
        out = []
        for message in (where or self.channel).history():
            parts = [message.content or ""]
            for embed in message.embeds:
                parts += [embed.title or "", embed.description or ""]
                parts += [f"{f.name} {f.value}" for f in embed.fields]
                if embed.footer and embed.footer.text:
                    parts.append(embed.footer.text)
            out.append("\n".join(parts))
        return out

    async def restart(self, db_path: Path | str) -> GameMasterBot:
        """Stop the bot and start a new one on the same database, as a deploy does."""
        bot = make_bot(db_path)
        await self.env.restart_bot(bot)
        return bot


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    env = simcord_env
    guild = env.create_guild("Game night")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("barbara", "federico", "gianni", "sabrina")]
    outsider = guild.add_member(env.create_user("olga"))
    return World(env, guild, channel, players, outsider)


def custom_id(message: discord.Message, pattern: str) -> str:
    """The custom_id of the one component whose id matches `pattern`."""
    ids = [c.custom_id for c in components(message) if getattr(c, "custom_id", None)]
    found = [i for i in ids if re.search(pattern, i)]
    assert len(found) == 1, f"{pattern!r} in {ids}"
    return found[0]


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


@pytest.fixture
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
