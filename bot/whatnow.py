"""The "❓ What now?" answer in words: the moment and what it is for, whose decision it awaits and until when,
what the reader can do now, and the rule behind it.

Pure: built from the engine's public view, `to_act`, `deadline` and the reader's own `legal_actions`, worded by
the game's guide (games/<id>/guide.py, games/core/guide.py); the board's button (bot/ui/whatnow.py) only sends it.
Nothing private reaches it but the reader's own options: the moment is read from `view(state, None)`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.i18n import FALLBACK, Catalog, words
from games.core.guide import Guide, Moment, group_key, guide_of
from games.core.protocol import Action, Game

log = logging.getLogger(__name__)


class Control(Protocol):
    """What the answer needs of a board control (`bot.gameui.Group`): which actions it gathers, its label."""

    @property
    def matches(self) -> Callable[[Action], bool]: ...

    @property
    def label(self) -> str: ...


@dataclass(frozen=True)
class WhatNow:
    """The answer's parts, worded in the reader's language.

    `purpose`: what the moment is for (None: the game has no guide); `waiting`: the names of the players whose
    decision is awaited; `deadline`: when the game's clock runs out (a Unix time; None: no clock); `options`:
    what the reader can do now, one line per group of actions as the buttons group them (None: the reader has
    no seat); `rule`: the one-line rule and `source`: which section of the rules it comes from, as a reader opens
    them with `/game rules` (None without a guide).
    """

    purpose: str | None
    waiting: list[str]
    deadline: float | None
    options: list[str] | None
    rule: str | None
    source: str | None


def rules_source(section: str, catalog: Catalog) -> str:
    """Where a rule comes from, as the reader can open it: `/game rules` attaches the rules, whose headings are
    English, so a section named in another language also gives the heading it has there."""
    heading = words(FALLBACK).msg(section)
    shown = catalog.msg(section)
    if shown == heading:
        return catalog.msg("whatnow.source", section=shown)
    return catalog.msg("whatnow.source_translated", section=shown, heading=heading)


def current_moment(guide: Guide, public_view: dict[str, Any], game_id: str) -> Moment | None:
    """The guide's moment, or None when the guide cannot tell it (logged: the answer then says less)."""
    try:
        return guide.moment(public_view)
    except Exception:
        log.exception("%s: the guide has no moment for phase %r", game_id, public_view.get("phase"))
        return None


def what_now(game: Game, state: Any, seat: int | None, locale: str, names: Sequence[str], *,
             controls: Sequence[Control] = (), guide: Guide | None = None) -> WhatNow:
    """The answer for a reader at `seat` (None: someone without a seat here).

    `controls`: the game's board controls (`GameUI.groups`, anything with `matches` and `label`): only the
    actions they offer are the reader's options (leaving is a command, not a move), in their order, and a
    control's label words an action the guide has no words for. `guide`: the game's (default: its module's).
    """
    guide = guide if guide is not None else guide_of(game.id)
    catalog = words(locale)
    public_view = game.view(state, None)
    moment = current_moment(guide, public_view, game.id) if guide is not None else None
    deadline = public_deadline(game, state, public_view)
    awaited = moment.waiting if moment is not None and moment.waiting is not None else sorted(game.to_act(state))
    waiting = [names[s] if 0 <= s < len(names) else catalog.msg("core.seat_number", number=s + 1) for s in awaited]
    options = None if seat is None else reader_options(game, state, seat, catalog, names, controls, guide)
    if moment is None:
        return WhatNow(None, waiting, deadline, options, None, None)
    return WhatNow(
        purpose=catalog.msg(moment.purpose, names, **moment.params),
        waiting=waiting,
        deadline=deadline,
        options=options,
        rule=catalog.msg(moment.rule, names, **moment.params),
        source=rules_source(moment.section, catalog),
    )


def public_deadline(game: Game, state: Any, public_view: dict[str, Any]) -> float | None:
    """When the clock everyone may see runs out: the public view's `deadline` where the view shows one, since
    the engine's own `deadline` may be a private clock (Junta's pending swaps are known only to their two
    players); the engine's otherwise (a game whose clocks are all public)."""
    if "deadline" in public_view:
        shown = public_view["deadline"]
        return None if shown is None else float(shown)
    return game.deadline(state)


def reader_options(game: Game, state: Any, seat: int, catalog: Catalog, names: Sequence[str],
                   controls: Sequence[Control], guide: Guide | None) -> list[str]:
    """The seat's legal actions that the board's controls offer, grouped by `group_key` in the controls' order,
    one line each: the guide's words, and how many choices the group holds when it holds several."""
    groups: dict[str, list[Action]] = {}
    place: dict[str, int] = {}
    for action in game.legal_actions(state, seat):
        where = next((i for i, control in enumerate(controls) if control.matches(action)), None)
        if controls and where is None:
            continue  # no button for it (leaving: /game leave)
        key = group_key(action)
        groups.setdefault(key, []).append(action)
        place.setdefault(key, where if where is not None else len(place))
    lines = []
    for key in sorted(groups, key=lambda k: place[k]):
        actions = groups[key]
        text = action_words(actions[0], catalog, names, controls, guide)
        lines.append(catalog.plural("whatnow.choices", len(actions), names, action=text) if len(actions) > 1
                     else text)
    return lines


def action_words(action: Action, catalog: Catalog, names: Sequence[str], controls: Sequence[Control],
                 guide: Guide | None) -> str:
    """One kind of action in plain words: the guide's, else the label of the control that offers it."""
    if guide is not None:
        try:
            message_id, params = guide.action(action)
        except Exception:
            log.exception("the guide has no words for %r", action.get("type"))
        else:
            return catalog.msg(message_id, names, **params)
    control = next((c for c in controls if c.matches(action)), None)
    return catalog.msg(control.label, names) if control is not None else str(action.get("type", "?"))
