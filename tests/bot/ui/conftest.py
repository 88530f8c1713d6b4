"""The toy game for the shared table UI's tests."""

from __future__ import annotations

import pytest

from games import DESCRIPTORS, REGISTRY
from tests.bot.ui import toy


@pytest.fixture
def with_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is registered and its cog loaded, like any game of the bot."""
    monkeypatch.setitem(DESCRIPTORS, "toy", toy.DESCRIPTOR)
    monkeypatch.setitem(REGISTRY, "toy", toy.GAME)
