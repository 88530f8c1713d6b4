"""Every event every game logs is worded in every language: notable ones always, none with an unfilled
{placeholder} — checked over seeded random games of each registered game."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import pytest

from bot.app import COGS
from bot.i18n import LOCALES
from bot.ui.spec import Ctx, GameUI
from games import REGISTRY
from games.core.protocol import optional_member
from games.core.rng import SeededRng


def game_uis() -> dict[str, GameUI]:
    import importlib

    found = {}
    for name in COGS:
        ui = getattr(importlib.import_module(name), "UI", None)
        if isinstance(ui, GameUI):
            found[ui.game_id] = ui
    return found


def events(game_id: str, games: int = 12) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """One example of each event type (with the public view it was logged in), from random games."""
    game = REGISTRY[game_id]
    seen: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    for seed in range(games):
        rng, pick = SeededRng(seed), random.Random(seed)
        n = game.max_players if seed % 2 else game.min_players
        state = game.setup(n, {}, rng)
        for step in range(4000):
            auto = optional_member(game, "auto_action")
            if auto is not None and (due := auto(state)) is not None:
                state = game.apply(state, None, {**due, "at": 0.0}, SeededRng(seed, step))
            view = game.view(state, None)
            for event in view["log"]:
                seen.setdefault(event["type"], (event, view))
            if game.outcome(state) is not None:
                break
            to_act = sorted(game.to_act(state))
            if not to_act:
                deadline = game.deadline(state)
                state = game.apply(state, None, {"type": "timeout", "at": deadline or 0.0}, SeededRng(seed, step))
                continue
            seat = pick.choice(to_act)
            moves = [a for a in game.legal_actions(state, seat) if a["type"] not in ("leave", "concede")]
            action = pick.choice(moves or game.legal_actions(state, seat))
            at = view.get("deadline") or 0.0
            state = game.apply(state, seat, {**action, "at": max(0.0, at - 1)}, SeededRng(seed, step))
    return seen


@pytest.mark.parametrize("game_id", sorted(game_uis()))
def test_every_event_is_worded_in_every_language(game_id: str) -> None:
    """Notable events always have words; no worded event shows a {placeholder} or a message id."""
    ui = game_uis()[game_id]
    found = events(game_id)
    assert len(found) >= 5
    for locale in LOCALES:
        for kind, (event, view) in sorted(found.items()):
            names = [f"player{s}" for s in range(view.get("n", 8))]
            table = SimpleNamespace(users=list(range(1, 9)), computer_seats=[], state=None, id=0)
            ctx = Ctx(table=table, view=view, names=names, locale=locale)  # type: ignore[arg-type]
            text = ui.word(event, ctx)
            if kind in ui.notable:
                assert text, (game_id, locale, kind)
            if text:
                assert not re.search(r"\{\w*\}", text), (game_id, locale, kind, text)
                assert f"{game_id}.log." not in text, (game_id, locale, kind, text)
