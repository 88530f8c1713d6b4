"""The toy game for the shared table UI's tests."""

from __future__ import annotations

import pytest

from bot import app
from games import REGISTRY
from tests.bot.ui import toy


@pytest.fixture
def with_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is registered and its cog loaded, like any game of the bot."""
    monkeypatch.setitem(REGISTRY, "toy", toy.GAME)
    monkeypatch.setattr(app, "COGS", (*app.COGS, "tests.bot.ui.toy"))
