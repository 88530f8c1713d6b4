"""Every refusal an engine can give reads whole in each language: id, parameters and plural forms.

Refusals are harvested from the random games of every registered game in the playout corpus
(tests/support/corpus.py): at many states, trying a broad set of actions (every action type with
valid and invalid fields, the wrong seat, the game master, junk), plus set-up with bad options.
"""

from __future__ import annotations

import os
import re
from functools import cache
from itertools import combinations
from typing import Any

import pytest

from bot.i18n import LOCALES, words
from games import REGISTRY
from games.core.protocol import IllegalAction
from games.core.rng import SeededRng
from games.polls.data import PACT_REGIONS, REGIONS, SECTORS
from games.spyfall.locations import LOCATIONS
from tests.support.corpus import CORPUS

# One worker builds the harvest and runs every test that reads it (`--dist loadgroup`, pyproject.toml).
pytestmark = [pytest.mark.slow(20), pytest.mark.xdist_group("refusal_harvest")]
CANDIDATES = {"junta": 1, "spyfall": 60}  # games of the playout corpus looked at (Spyfall's are mostly short)
DEFAULT_CANDIDATES = 6
PROBED = 3  # the longest of them are probed
PROBE_EVERY = 4  # every so many states of each game
JUNK: tuple[Any, ...] = (None, "", "nowhere", 7, True, ["A"], {"x": 1})
ID = re.compile(r"^[a-z]+(\.[a-z0-9_]+)+$")
# English words that must not survive a translation (whole words). Region and sector names,
# "Propaganda" and the engines' identifiers (take true/false, "type") are not English prose.
ENGLISH = re.compile(
    r"\b(the|you|your|first|with|and|or|not|now|yet|only|cannot|already|still|whether|which|wait|them"
    r"|is|are|choose|place|placed|placing|playing|hold|costs|pay|moves?|shift|pact|dice|die|vote"
    r"|rolled|roll|Influence|Opinions?|regions?|actions?|turn|poll|national|nothing|there|player|spy)\b",
)
KEPT = re.compile(r"The Polls Are Closed!|Spyfall|\btake (true|false)\b|«type»")
# Words the pattern takes for English that are also a language's own: Catalan plurals of regió, opinió.
NATIVE = {"ca": {"regions", "Opinions"}}
# Refusals that name identifiers rather than words (an unknown option, a malformed action's field: only ever
# sent by code, and named as the code spells it).
IDENTIFIERS = ("core.option_unknown", "core.missing_field", "core.bad_field", "core.no_such_action")


def probes(game_id: str) -> list[Any]:
    """A broad vocabulary of actions of one game: each type with valid and invalid fields, plus junk."""
    found: list[Any] = ["not a dict", {}, {"type": 3}, {"type": "fly"}, {"type": ""}, {"type": "leave", "at": "x"}]
    if game_id == "spyfall":
        found += [{"type": kind, "target": target} for kind in ("ask", "accuse") for target in (*range(-1, 5), *JUNK)]
        found += [{"type": "vote", "guilty": g} for g in (True, False, "yes", None)]
        found += [{"type": "guess", "location": loc} for loc in (LOCATIONS[0].id, "moon", None)]
        found += [{"type": kind} for kind in ("start_round", "reveal", "timeout", "leave")]
    elif game_id == "polls":
        for circle in ("A", "BC", "B", *JUNK):
            found += [{"type": "propaganda", "circle": circle}, {"type": "double_propaganda", "circle": circle}]
        found += [{"type": "take_seven", "take": take} for take in (True, False, "yes", None)]
        found += [{"type": "place_die", "value": value} for value in (*range(1, 7), True, "3", None)]
        for region in (*PACT_REGIONS, "madrid", *JUNK[:3]):
            found += [{"type": "pact", "region": region, "sector": sector} for sector in (*SECTORS, "A", None)]
        found += [{"type": "shift", "from": a, "to": b} for a in REGIONS for b in REGIONS]
        found += [{"type": "shift", "from": junk, "to": "madrid"} for junk in JUNK]
        for region in (*REGIONS, *JUNK[:3]):
            found += [{"type": "influence", "region": region, "pay": pay} for pay in ("A", "B", "C", "X", None)]
            found.append({"type": "poll_influence", "region": region})
        found.append({"type": "end_turn"})
    elif game_id == "arditi":
        found += [{"type": "roll"}, {"type": "jump"}, {"type": "end_move"}]
        found += [{"type": "step", "dir": d} for d in ("in", "out", "cw", "ccw", "up", None)]
        found += [{"type": "leader_move", "toward": t} for t in ("head", "tail", "side")]
        found += [{"type": "place_leader", "space": s} for s in (1, 45, 90, True, None)]
    return found


def _try(game: Any, state: Any, seats: tuple[Any, ...], actions: list[Any], found: dict[str, IllegalAction]) -> None:
    for seat in seats:
        for action in actions:
            try:
                game.apply(state, seat, action, SeededRng("probe"))
            except IllegalAction as refusal:
                found.setdefault(f"{refusal.message_id}|{refusal.text}", refusal)


@cache
def harvest() -> tuple[IllegalAction, ...]:
    """Refusals from the corpus' random games of every game, probed at many states."""
    found: dict[str, IllegalAction] = {}
    for game_id, game in REGISTRY.items():
        vocabulary = probes(game_id)
        candidates = [CORPUS.playout(game_id, seed)
                      for seed in CORPUS.seeds(game_id)[:CANDIDATES.get(game_id, DEFAULT_CANDIDATES)]]
        for playout in sorted(candidates, key=lambda p: -len(p.actions))[:PROBED]:
            n = playout.players
            for state in playout.states[::PROBE_EVERY]:
                _try(game, state, (*range(n), None, n, True), vocabulary, found)
        for players, options in ((game.max_players + 1, {}), (1, {}), (2, {"colour": "red"}), (3, {"rounds": 99}),
                                 (3, {"roles": "yes"}), (2, {"first": 2})):
            try:
                game.setup(players, options, SeededRng(0))
            except IllegalAction as refusal:
                found.setdefault(f"{refusal.message_id}|{refusal.text}", refusal)
    # The end of a Polls turn over every combination of Propaganda limits.
    polls = REGISTRY["polls"]
    base = polls.setup(2, {"first": 0}, SeededRng(0))
    for size in (1, 2, 3):
        for kinds in combinations("ABC", size):
            state = {**base, "actions_left": 0, "propaganda": [{"A": 0, "B": 0, "C": 0}, {"A": 0, "B": 0, "C": 0}]}
            for kind in kinds:
                state["propaganda"][0][kind] = {"A": 1, "B": 3, "C": 6}[kind]
            _try(polls, state, (0,), [{"type": "end_turn"}], found)
    return tuple(found.values())


def test_harvest_is_broad() -> None:
    """The probing reaches most kinds of refusal of both games (a check of the harvest itself)."""
    ids = {refusal.message_id for refusal in harvest()}
    assert len(ids) > 60
    for expected in ("spyfall.accused_already", "spyfall.ask_back", "spyfall.suspect_does_not_vote",
                     "spyfall.guess_from_list", "core.option_range", "core.option_unknown", "core.option_bool",
                     "polls.not_your_turn", "polls.over_limits", "polls.action_pending_roll", "polls.shift_type",
                     "polls.influence_too_dear", "polls.poll_region_taken", "polls.pact_circle_a",
                     "arditi.no_backwards", "arditi.roll_first", "arditi.already_rolled", "arditi.not_your_turn"):
        assert expected in ids, expected


def test_every_refusal_has_an_id_and_an_english_sentence() -> None:
    """An id made of dotted words and a sentence a player understands, for every refusal."""
    for refusal in harvest():
        assert ID.match(refusal.message_id), refusal.message_id
        assert refusal.text[0].isupper() and refusal.text.rstrip("\"").endswith((".", "?")), refusal.text


@pytest.mark.parametrize("locale", LOCALES)
def test_every_refusal_reads_whole(locale: str) -> None:
    """Each refusal is worded from the catalog: no id shown, no unfilled {placeholder}."""
    catalog = words(locale)
    bad = []
    for refusal in harvest():
        text = catalog.msg(refusal.message_id, ["ada", "bea", "cloe", "dan", "eva", "fil", "gil", "ugo"],
                           **refusal.params)
        if text == refusal.message_id or re.search(r"\{\w*\}", text):
            bad.append((refusal.message_id, text))
    assert not bad, bad


@pytest.mark.parametrize("locale", [code for code in LOCALES if code != "en"])
def test_no_english_is_left_in_a_translated_refusal(locale: str) -> None:
    """Translated refusals keep no English word (nested parts and lists included)."""
    catalog = words(locale)
    bad = []
    for refusal in harvest():
        if refusal.message_id in IDENTIFIERS:
            continue
        text = catalog.msg(refusal.message_id, None, **refusal.params)
        leftover = [word for word in ENGLISH.findall(KEPT.sub("", text)) if word not in NATIVE.get(locale, ())]
        if leftover:
            bad.append((refusal.message_id, text, leftover))
    assert not bad, bad


def test_english_wording_matches_the_engine_where_no_words_are_nested() -> None:
    """Where a refusal has no worded parts, the English catalog says what the engine's sentence says."""
    catalog = words("en")
    for refusal in harvest():
        if any(isinstance(v, (dict, list)) for v in refusal.params.values()):
            continue
        if refusal.message_id.startswith("core.option") or "action" in refusal.params:
            continue
        worded = catalog.msg(refusal.message_id, None, **refusal.params).replace("“", "\"").replace("”", "\"")
        assert worded == refusal.text, (refusal.message_id, worded, refusal.text)


def test_the_harvest_is_grouped_on_one_worker(request: pytest.FixtureRequest) -> None:
    """Under pytest-xdist this file's tests carry their group, so one worker builds the harvest once."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        pytest.skip("not under pytest-xdist: there is one process, so nothing to group")
    assert request.node.nodeid.endswith("@refusal_harvest"), request.node.nodeid
