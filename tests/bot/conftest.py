"""SimCord fixtures: the real bot on a fresh SQLite file, a guild with a channel and members."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.app import GameMasterBot
from bot.config import Config


def make_bot(db: Path, **settings: Any) -> GameMasterBot:
    settings.setdefault("use_threads", False)
    return GameMasterBot(Config(token=None, database=str(db), **settings))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {}


@pytest.fixture
def simcord_bot(db_path: Path, bot_settings: dict[str, Any]) -> GameMasterBot:
    return make_bot(db_path, **bot_settings)


@dataclass
class World:
    env: simcord.Env
    guild: Any
    channel: Any
    players: list[Any]
    outsider: Any

    def board(self, where: Any = None) -> discord.Message:
        """The newest message carrying the board (an embed with the table's buttons)."""
        for message in reversed((where or self.channel).history()):
            if message.embeds and message.components and any(
                str(c.custom_id).startswith("spy:") for row in message.components for c in row.children
            ):
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
    ids = [c.custom_id for row in message.components for c in row.children if getattr(c, "custom_id", None)]
    found = [i for i in ids if re.search(pattern, i)]
    assert len(found) == 1, f"{pattern!r} in {ids}"
    return found[0]


@pytest.fixture
def italian(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every interaction arrives with the Italian locale (SimCord always sends en-US)."""
    import simcord.interactions as si

    original = si.base_payload

    def patched(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "it"
        return record, payload

    monkeypatch.setattr(si, "base_payload", patched)
