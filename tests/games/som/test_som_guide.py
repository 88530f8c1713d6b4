"""Som's "What now?" guide (games/som/guide.py) over seeded random games of every mode: a moment for
every public view, words of its own for every decision, rules sections that exist, every action worded."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.i18n import LOCALES, words
from games.core.guide import Moment, group_key
from games.core.playout import play
from games.som import GAME
from games.som.actions import ACTIONS
from games.som.guide import BACK_SIDE, DOES, DOES_FALLBACK, FALLBACK, GUIDE, LANDING_EFFECT, MOMENTS, OVERPAY
from games.som.readers import ANSWERS
from tests.games.guide_checks import moment_problems, rule_headings, section_problems, wording_problems
from tests.games.som.som_kit import at_turn, position
from tests.support.present import present

NAMES = ["Anna", "Bernat", "Carla", "Dani"]
# (players, mode, seed): a few short games that between them meet every decision of every mode.
GAMES = [(3, "C", 5), (4, "A+C", 19), (2, "C", 31), (1, "B", 36), (4, "C", 22), (4, "C", 0), (3, "B", 2),
         (2, "C", 34)]
# Moments no sampled view may fall back on: the holder's turn (nothing above names the view), and a
# payment for another reason than tax, Euro per recepta or Impost de successions, which never waits on
# a player (the Hisenda pays transfers and economic capacity itself; the A+C elections' 3 € are paid
# without a choice, kinds not mattering).
FALLBACKS = {FALLBACK, "pay"}

State = dict[str, Any]


@pytest.fixture(scope="module")
def states() -> list[State]:
    """Every state of the sampled games."""
    found = []
    for players, mode, seed in GAMES:
        found += list(play(GAME, players, {"mode": mode}, seed, partial=True, max_actions=3000).states)
    return found


def key_of(moment: Moment) -> str:
    """Which entry of MOMENTS gave a moment (its purpose and section; the rule may be the overpay's)."""
    return next(key for key, found in MOMENTS.items()
                if found.purpose == moment.purpose and (found.rule, found.section) in
                ((moment.rule, moment.section), OVERPAY))


def worded(locale: str, message_id: str, params: dict[str, Any], n: int) -> str:
    return words(locale).msg(message_id, NAMES[:n], **params)


def test_every_public_view_has_a_moment_in_every_language(states: list[State]) -> None:
    """Each sampled public view gets a Moment whose words read whole in all four languages, from a section of
    the rules."""
    for state in states:
        view = GAME.view(state, None)
        moment = GUIDE.moment(view)
        assert isinstance(moment, Moment)
        json.dumps(moment.params)
        assert moment_problems("som", moment) == []


def test_every_decision_met_has_words_of_its_own(states: list[State]) -> None:
    """The samples meet every decision the engine waits on, and each view's moment is no fallback."""
    decisions: set[str] = set()
    keys: set[str] = set()
    for state in states:
        view = GAME.view(state, None)
        decisions.add(view["pending"]["type"] if view["pending"] else "over")
        key = key_of(GUIDE.moment(view))
        assert key not in FALLBACKS, (key, view["pending"], view["payment"])
        keys.add(key)
    assert decisions == {*ANSWERS, "over"}
    assert set(MOMENTS) - FALLBACKS - keys == set()


def test_every_section_is_a_heading_of_the_rules() -> None:
    """Each moment's section, and the overpay's, is a message id worded in every language whose English words are
    a heading of docs/rules/som.md."""
    found = rule_headings("som")
    assert "Phase 4 — Citizen action" in found and "In short" in found
    for section in {words_of.section for words_of in MOMENTS.values()} | {OVERPAY[1]}:
        assert section_problems("som", section) == [], section


@pytest.mark.parametrize("locale", LOCALES)
def test_every_guide_id_is_translated(locale: str) -> None:
    """Every purpose, rule and action id is in the locale's own catalog, plural where a count is shown."""
    catalog = words(locale)
    ids = {w.purpose for w in MOMENTS.values()} | {w.rule for w in MOMENTS.values()} | {OVERPAY[0]}
    ids |= {*DOES.values(), *LANDING_EFFECT.values(), BACK_SIDE, DOES_FALLBACK}
    for message_id in ids:
        assert catalog.has(message_id), message_id
    for key in ("protect_urn.medium", "bid.elections", "bid.motion"):
        assert isinstance(catalog.messages[MOMENTS[key].purpose], tuple), key


def test_every_action_met_has_words(states: list[State]) -> None:
    """Every action type the samples offer, each kind of disc effect and both kinds of backing are worded."""
    types: set[str] = set()
    worded_as: dict[str, set[tuple[str, bool]]] = {}
    for state in states:
        for seat in range(state["n"]):
            for action in GAME.legal_actions(state, seat):
                message_id, params = GUIDE.action(action)
                assert message_id != DOES_FALLBACK and wording_problems(message_id, params) == [], action
                json.dumps(params)
                types.add(group_key(action))
                # A landing's tax reads apart from a phase 3 exchange, a motion's side from a candidate.
                apart = action.get("effect") in ("health", "justice") or "side" in action
                worded_as.setdefault(message_id, set()).add((action["type"], apart))
    assert types == set(ACTIONS.types)
    assert all(len(kinds) == 1 for kinds in worded_as.values()), worded_as
    assert {LANDING_EFFECT["health"], LANDING_EFFECT["justice"], BACK_SIDE, DOES["back"], DOES["use_disc_effect"]} \
        <= set(worded_as)


def test_movement_and_a_vote_read_differently(states: list[State]) -> None:
    """A first step and a vote's bidding get different purposes, each naming who the view says acts."""
    views = [GAME.view(state, None) for state in states if state["phase"] == "action"]
    move = next(v for v in views if v["pending"] and v["pending"]["type"] == "move" and v["pending"]["first_step"])
    vote = next(v for v in views if v["pending"] and v["pending"]["type"] == "bid" and present(v["vote"])["bid_done"])
    assert GUIDE.moment(move).purpose != GUIDE.moment(vote).purpose
    moving = worded("en", GUIDE.moment(move).purpose, GUIDE.moment(move).params, move["n"])
    mover = NAMES[present(move["movement"])["mover"]]
    assert moving.startswith("Phase 4") and f"{mover} moves their citizen" in moving and "compulsory" in moving
    bidding = worded("en", GUIDE.moment(vote).purpose, GUIDE.moment(vote).params, vote["n"])
    assert NAMES[present(vote["vote"])["caller"]] in bidding and "in secret" in bidding
    assert f"{len(present(vote['vote'])['bid_done'])} of {vote['n']} players" in bidding


def test_a_bid_moment_shows_no_secret_bid(states: list[State]) -> None:
    """While bidding, each seat's own view (with its bid) gives the same moment as the public view."""
    bidding = [s for s in states if s["vote"] is not None and s["vote"]["step"] == "bid" and s["vote"]["bids"]]
    assert bidding
    for state in bidding:
        public = GUIDE.moment(GAME.view(state, None))
        for seat in range(state["n"]):
            assert GUIDE.moment(GAME.view(state, seat)) == public


def test_a_payment_without_change_reminds_the_overpay() -> None:
    """Nobody holds two 1 € discs: the tax's purpose stays, the rule says the payer hands over one euro more."""
    s = position(2, mode="B", holder=0, hands={0: ["mossos1"], 1: ["health1", "justice1"]},
                 hisenda=["education1", "education2"])
    view = GAME.view(at_turn(s, 0), None)
    assert present(view["payment"])["overpay"] and present(view["payment"])["reason"] == "tax"
    moment = GUIDE.moment(view)
    assert moment.purpose == MOMENTS["pay.tax"].purpose and (moment.rule, moment.section) == OVERPAY
    text = worded("en", moment.rule, moment.params, view["n"])
    payment = present(view["payment"])
    assert f"{NAMES[int(payment['payer'])]} pays {payment['due']} € in 2 € discs" in text
