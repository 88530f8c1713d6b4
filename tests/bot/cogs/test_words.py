"""Every event every game logs is worded in every language: notable ones always, none with an unfilled
{placeholder} — checked over the random games of the playout corpus (tests/support/corpus.py)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest

from bot.app import cogs
from bot.gameui import Ctx, GameUI
from bot.i18n import LOCALES
from games import DESCRIPTORS, REGISTRY
from tests.support.corpus import PlayoutCorpus

pytestmark = pytest.mark.slow(14)  # scheduled early (tests/conftest.py)


def game_uis() -> dict[str, GameUI]:
    import importlib

    found = {}
    for name in cogs():
        ui = getattr(importlib.import_module(name), "UI", None)
        if isinstance(ui, GameUI):
            found[ui.game_id] = ui
    return found


# Games of the playout corpus per game: a third of its standard set, at most MAX_GAMES (a game of long games
# has a small set: Junta's twelve run thousands of actions each, four are read).
MAX_GAMES = 12


def games_read(game_id: str) -> int:
    """How many games of the game's standard set (its first seeds) the events are gathered from."""
    return min(MAX_GAMES, DESCRIPTORS[game_id].playouts // 3)


def events(corpus: PlayoutCorpus, game_id: str) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """One example of each event type (with the public view it was logged in), from the corpus' random games."""
    game = REGISTRY[game_id]
    seen: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    for seed in corpus.seeds(game_id)[:games_read(game_id)]:
        before: Any = None
        for state in corpus.playout(game_id, seed).states:
            log = state.get("log") if isinstance(state, dict) else None
            if _may_show_new_events(_logged_since(before, log), seen):
                view = game.view(state, None)
                for event in view["log"]:
                    seen.setdefault(event["type"], (event, view))
            before = log
    return seen


def _logged_since(before: Any, log: Any) -> Any:
    """The events a state's log added to the previous state's (its whole log when the older events were trimmed or
    it is no list)."""
    if isinstance(log, list) and isinstance(before, list) and log[:len(before)] == before:
        return log[len(before):]
    return log


def _may_show_new_events(logged: Any, seen: dict[str, Any]) -> bool:
    """Whether events just logged include a type not seen yet (a state without a log of typed events: always).
    Views are drawn only there: a Junta game has thousands of states, its view of each one repeats the same
    events, and an event a view hides (one seat's own) stays hidden, so it is looked for only once, when logged."""
    if not isinstance(logged, list) or not all(isinstance(e, dict) and "type" in e for e in logged):
        return True
    return any(e["type"] not in seen for e in logged)


@pytest.mark.parametrize("game_id", sorted(game_uis()))
def test_every_event_is_worded_in_every_language(playout_corpus: PlayoutCorpus, game_id: str) -> None:
    """Notable events always have words; no worded event shows a {placeholder} or a message id."""
    ui = game_uis()[game_id]
    found = events(playout_corpus, game_id)
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
