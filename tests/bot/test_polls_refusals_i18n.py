"""Every refusal The Polls Are Closed! can give reads whole in Italian and Spanish.

Refusals are harvested by playing seeded random games and, at many states, trying a broad set of
actions (every action type, valid and invalid fields, the wrong seat, the wrong phase, junk) for
both seats; each harvested sentence must come out of `illegal()` fully translated.
"""

from __future__ import annotations

import random
import re
import string
from functools import cache
from itertools import combinations
from typing import Any

import pytest

from bot.i18n import catalog, illegal
from games.core.protocol import IllegalAction
from games.core.rng import SeededRng
from games.polls import GAME
from games.polls.data import PACT_REGIONS, REGIONS, SECTORS

LOCALES = ("it", "es")
SEEDS = (1, 2, 3, 4)
JUNK: tuple[Any, ...] = (None, "", "nowhere", 7, True, ["A"], {"x": 1})

# English words that must not survive a translation (whole words, any case). Region names, sector
# names, "Propaganda" and the engine's identifiers (take_seven, true/false) are not English prose.
ENGLISH = re.compile(
    r"\b(the|you|your|first|with|and|or|not|now|yet|only|cannot|already|still|whether|which|wait|them"
    r"|is|are|choose|place|placed|placing|playing|hold|costs|pay|moves?|shift|pact|dice|die"
    r"|rolled|roll|Influence|Opinions?|regions?|actions?|turn|poll|national|nothing|there)\b",
    re.IGNORECASE,
)
# Names that legitimately stay as they are: the game's title and the option called "first".
KEPT = re.compile(r"The Polls Are Closed!|\bfirst(?= \(0| deve| debe)")


def _probes() -> list[Any]:
    """A broad vocabulary of actions: each type with valid and invalid fields, plus junk."""
    probes: list[Any] = ["not a dict", {}, {"type": 3}, {"type": "fly"}, {"type": ""},
                         {"type": "propaganda", "circle": "A", "at": "noon"}]
    for circle in ("A", "BC", "B", *JUNK):
        probes += [{"type": "propaganda", "circle": circle}, {"type": "double_propaganda", "circle": circle}]
    probes += [{"type": "take_seven", "take": take} for take in (True, False, "yes", None)]
    probes += [{"type": "place_die", "value": value} for value in (*range(1, 7), True, "3", None)]
    for region in (*PACT_REGIONS, "madrid", *JUNK[:3]):
        probes += [{"type": "pact", "region": region, "sector": sector} for sector in (*SECTORS, "A", None)]
    probes += [{"type": "shift", "from": a, "to": b} for a in REGIONS for b in REGIONS]
    probes += [{"type": "shift", "from": junk, "to": "madrid"} for junk in JUNK]
    probes += [{"type": "shift", "from": "madrid", "to": junk} for junk in JUNK[:3]]
    for region in (*REGIONS, *JUNK[:3]):
        probes += [{"type": "influence", "region": region, "pay": pay} for pay in ("A", "B", "C", "X", None)]
        probes.append({"type": "poll_influence", "region": region})
    probes.append({"type": "end_turn"})
    return probes


def _one_per_type(probes: list[Any]) -> list[Any]:
    seen: dict[Any, Any] = {}
    for probe in probes:
        key = probe.get("type") if isinstance(probe, dict) else probe
        if isinstance(key, str):
            seen.setdefault(key, probe)
    return list(seen.values())


def _refusal(state: Any, seat: Any, action: Any) -> str | None:
    try:
        GAME.apply(state, seat, action, SeededRng("probe"))
    except IllegalAction as refusal:
        return refusal.reason
    return None


def _try(state: Any, seats: tuple[Any, ...], probes: list[Any], found: set[str]) -> None:
    for seat in seats:
        for action in probes:
            reason = _refusal(state, seat, action)
            if reason is not None:
                found.add(reason)


@cache
def harvest() -> frozenset[str]:
    """Refusals from seeded random games, probed at many states, plus set-up and rare states."""
    found: set[str] = set()
    full = _probes()
    short = _one_per_type(full)
    for seed in SEEDS:
        rng, pick = SeededRng(seed), random.Random(seed)
        state = GAME.setup(2, {}, rng)
        for step in range(10_000):
            to_act = GAME.to_act(state)
            waiting = [s for s in (0, 1) if s not in to_act]
            # Every state with a pending roll or a poll, and every third other one, gets the full set.
            rare = state["phase"] != "turn" or state["pending"] is not None or state["actions_left"] == 0
            if rare or step % 3 == 0:
                _try(state, tuple(sorted(to_act)), full, found)
            _try(state, (*waiting, None, 2, True), short, found)
            if not to_act:
                break
            (seat,) = to_act
            state = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)), rng)
        assert state["phase"] == "game_over"
    # End of turn over every combination of Propaganda limits (the random games rarely hold all three).
    base = GAME.setup(2, {"first": 0}, SeededRng(0))
    for size in (1, 2, 3):
        for kinds in combinations("ABC", size):
            state = {**base, "actions_left": 0, "propaganda": [{"A": 0, "B": 0, "C": 0}, {"A": 0, "B": 0, "C": 0}]}
            for kind in kinds:
                state["propaganda"][0][kind] = {"A": 1, "B": 3, "C": 6}[kind]
            _try(state, (0,), [{"type": "end_turn"}], found)
    for players, options in ((3, {}), (1, {}), (2, {"colour": "red", "speed": 2}), (2, {"first": 2}),
                             (2, {"first": True})):
        try:
            GAME.setup(players, options, SeededRng(0))
        except IllegalAction as refusal:
            found.add(refusal.reason)
    return frozenset(found)


def test_harvest_is_broad() -> None:
    """The random games reach every kind of refusal: sanity check on the harvest itself."""
    reasons = harvest()
    assert len(reasons) > 150
    for start in ("It is not your turn", "You cannot end your turn yet", "You cannot make a pact now: first",
                  "There is no action called", "You already placed poll Influence", "A pact in Catalonia",
                  "Influence moves only between", "Influence in the Islands costs", "You rolled",
                  "The Polls Are Closed! is played"):
        assert any(r.startswith(start) for r in reasons), start


@pytest.mark.parametrize("locale", LOCALES)
def test_every_harvested_refusal_is_translated(locale: str) -> None:
    """Each refusal changes, keeps no English word and no unfilled {placeholder}."""
    problems = []
    for reason in sorted(harvest()):
        text = illegal(locale, reason)
        leftover = ENGLISH.findall(KEPT.sub("", text))
        if text == reason or leftover or "{" in text or "}" in text:
            problems.append((reason, text, leftover))
    assert not problems, problems


@pytest.mark.parametrize("locale", LOCALES)
def test_refusal_templates_keep_their_placeholders(locale: str) -> None:
    """A template key and its translation name exactly the same placeholders."""

    def names(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    templates = {k: v for k, v in catalog(locale).items() if k.startswith("illegal.") and "{" in k}
    assert templates
    for key, text in templates.items():
        assert names(key.removeprefix("illegal.")) == names(text), key
