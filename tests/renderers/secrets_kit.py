"""States and views that differ only in what must stay secret, for the checks that no picture or description
shows a secret: Som's public view with its face-down cards leaked, a Spyfall round with other secrets."""

from __future__ import annotations

import copy
from typing import Any

from games.som.cards import CARD
from games.som.view_types import SomView
from renderers.samples.som import public as som_public
from renderers.samples.spyfall import others

State = dict[str, Any]


def leaky(state: State) -> tuple[SomView, set[str]]:
    """The public view of `state` with every face-down cell carrying its card, flag and symbol (what a
    buggy engine might send), and the ids of those cards."""
    view = som_public(state)
    hidden: set[str] = set()
    for cell in view["board"]:
        if cell["state"] == "face_down":
            card = CARD[state["board"][cell["cell"]]]
            cell.update({"card": card.id, "flag": card.flag, "symbol": card.symbol})
            hidden.add(card.id)
    return view, hidden


def with_other_secrets(state: State) -> State:
    """The same public situation with another location, roles and (unless revealed) spy."""
    other = copy.deepcopy(state)
    other["location"] = next(i for i in ("zoo", "bank") if i != state["location"])
    other["roles"] = [None if r is None else (r + 3) % 7 for r in state["roles"]]
    if state["phase"] != "spy_guess":  # once the spy reveals, the spy is public
        other["spy"] = next(s for s in others(state) if s != state["spy"])
    return other
