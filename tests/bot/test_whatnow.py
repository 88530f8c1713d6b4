"""The "❓ What now?" answer in words (bot/whatnow.py), built directly from engine states."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.cogs.spyfall import UI as SPYFALL_UI
from bot.i18n import words
from bot.ui.whatnow import answer_embed
from bot.whatnow import what_now
from games.core.guide import Moment
from games.core.protocol import Action
from games.core.rng import SeededRng
from games.junta import GAME as JUNTA
from games.spyfall import GAME as SPYFALL
from tests.bot.ui import toy
from tests.games.junta.junta_kit import card, play, position
from tests.support.corpus import PlayoutCorpus

NAMES = ["anna", "bruno", "carla", "dario", "elsa", "fabio", "gina", "ugo"]


def playing(playout_corpus: PlayoutCorpus) -> dict[str, Any]:
    """A Spyfall round being played, four seats at least, with the spy not asking the next question."""
    for seed in range(20):
        for state in playout_corpus.playout("spyfall", seed).states:
            if state["phase"] == "playing" and state["n"] >= 4 and state["asker"] != state["spy"] \
                    and not any(state["left"]):
                return state
    raise AssertionError("no such state in the corpus")


def guide_words(locale: str, kind: str) -> str:
    return words(locale).msg(f"spyfall.guide.action.{kind}")


def test_a_spectator_gets_the_moment_and_no_options(playout_corpus: PlayoutCorpus) -> None:
    """Without a seat: the purpose, rule and source in the reader's language, whose question it is, the round's
    clock, and no options."""
    state = playing(playout_corpus)
    answer = what_now(SPYFALL, state, None, "es", NAMES)
    spanish = words("es")
    asker = NAMES[state["asker"]]
    assert answer.purpose == spanish.msg("spyfall.guide.playing", round=state["round"], rounds=state["options"][
        "rounds"], asker=asker)
    assert answer.rule == spanish.msg("spyfall.guide.rule.playing")
    assert answer.source == ("Del reglamento (`/game rules`), § Cómo termina una ronda («How a round ends» en el texto "
                             "adjunto, en inglés)")
    assert answer.waiting == [asker]
    assert answer.deadline == state["clock"]["deadline"]
    assert answer.options is None


@pytest.mark.parametrize(("locale", "source"), [
    ("en", "From the rules (`/game rules`), § How a round ends"),
    ("ca", "Del reglament (`/game rules`), § Com acaba una ronda («How a round ends» al text adjunt, en anglès)"),
    ("it", "Dal regolamento (`/game rules`), § Come finisce un round («How a round ends» nel testo allegato, in "
           "inglese)"),
])
def test_the_rule_is_cited_by_its_section_in_the_readers_language(playout_corpus: PlayoutCorpus, locale: str,
                                                                  source: str) -> None:
    """The source names the rules as a member opens them (`/game rules`), the section in the reader's language and,
    where that differs, the English heading the attached rules carry; never a path of the repository."""
    answer = what_now(SPYFALL, playing(playout_corpus), None, locale, NAMES)
    assert answer.source == source
    assert "docs/" not in (answer.source or "")


def test_the_spy_is_not_singled_out_by_whom_the_moment_awaits(playout_corpus: PlayoutCorpus) -> None:
    """Once every other player has accused, the engine still lists the spy among the seats to act (the spy may
    reveal); the answer waits on the asker alone."""
    state = playing(playout_corpus)
    state["accused"] = [True] * state["n"]
    assert SPYFALL.to_act(state) == {state["asker"], state["spy"]}
    assert what_now(SPYFALL, state, None, "en", NAMES).waiting == [NAMES[state["asker"]]]


def test_a_player_gets_their_options_grouped_as_the_buttons(playout_corpus: PlayoutCorpus) -> None:
    """The spy's options in the board's order (accuse, reveal), one line per kind with the count of choices;
    a player who is not the spy is offered no reveal; leaving, a command, is not listed."""
    state = playing(playout_corpus)
    others = state["n"] - 1
    spy = what_now(SPYFALL, state, state["spy"], "it", NAMES, controls=SPYFALL_UI.groups)
    italian = words("it")
    assert spy.options == [italian.plural("whatnow.choices", others, action=guide_words("it", "accuse")),
                           guide_words("it", "reveal")]
    asker = what_now(SPYFALL, state, state["asker"], "it", NAMES, controls=SPYFALL_UI.groups)
    assert asker.options is not None and guide_words("it", "reveal") not in asker.options
    assert any(line.startswith(guide_words("it", "ask")) for line in asker.options)
    everything = what_now(SPYFALL, state, state["asker"], "it", NAMES)
    assert everything.options is not None and guide_words("it", "leave") in everything.options


def test_one_choice_has_no_count(playout_corpus: PlayoutCorpus) -> None:
    """The dealer between rounds has one thing to do: its words, without a count."""
    state = next(s for seed in range(20) for s in playout_corpus.playout("spyfall", seed).states
                 if s["phase"] == "round_over" and not s["open_start"])
    answer = what_now(SPYFALL, state, state["dealer"], "ca", NAMES, controls=SPYFALL_UI.groups)
    assert answer.options == [guide_words("ca", "start_round")]
    assert answer.waiting == [NAMES[state["dealer"]]]


def test_a_game_without_a_guide_is_still_answered() -> None:
    """The toy game has no guide: no purpose nor rule, its options worded by the labels of its controls."""
    state = toy.GAME.setup(2, {}, SeededRng(0, 0))
    answer = what_now(toy.GAME, state, 0, "en", NAMES, controls=toy.UI.groups)
    assert answer.purpose is None and answer.rule is None and answer.source is None
    assert answer.waiting == ["anna"]
    assert answer.options is not None and answer.options[0] == "Pick… — 40 choices" and "Pass" in answer.options
    assert what_now(toy.GAME, state, 1, "en", NAMES, controls=toy.UI.groups).options == []


class Failing:
    """A guide that cannot tell the moment, nor word an action."""

    def moment(self, public_view: dict[str, Any]) -> Moment:
        raise KeyError(public_view["phase"])

    def action(self, action: Action) -> tuple[str, dict[str, Any]]:
        raise KeyError(action["type"])


def test_a_failing_guide_leaves_the_rest_of_the_answer(playout_corpus: PlayoutCorpus,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    """A guide that fails is logged; the answer keeps whose move it is and the options, worded by the buttons."""
    state = playing(playout_corpus)
    with caplog.at_level(logging.ERROR):
        answer = what_now(SPYFALL, state, state["spy"], "en", NAMES, controls=SPYFALL_UI.groups, guide=Failing())
    assert answer.purpose is None and answer.waiting == sorted(NAMES[s] for s in SPYFALL.to_act(state))
    assert answer.options is not None and answer.options[-1] == words("en").msg("spyfall.button.reveal")
    assert "the guide has no moment" in caplog.text


def test_the_clock_shown_is_the_public_one() -> None:
    """A Junta swap's clock is private to its two players: What now? shows the decision's, as the public view does."""
    offices = {"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 2, "air_force": 3}
    s = position(4, phase=5, offices=offices, money={1: [3], 2: [1, 1]}, hands={1: ["vote_riggers"]})
    s = play(s, 1, {"type": "offer_swap", "to": 2, "cards": [card("vote_riggers")], "notes": []})
    s["clock_started"] = True
    s["swaps"][0]["since"] = -10_000.0  # the swap's clock runs out long before anything public
    public = JUNTA.view(s, None)["deadline"]
    assert JUNTA.deadline(s) != public  # the engine's next deadline is the swap's
    assert what_now(JUNTA, s, 3, "en", NAMES).deadline == public


@pytest.mark.parametrize(("locale", "ahead", "past"), [
    ("en", "Time runs out", "Time ran out"),
    ("es", "El tiempo se acaba", "El tiempo se acabó"),
    ("it", "Il tempo scade", "Il tempo è scaduto"),
    ("ca", "El temps s'acaba", "El temps s'ha acabat"),
])
def test_a_deadline_already_past_is_worded_in_the_past(playout_corpus: PlayoutCorpus, locale: str, ahead: str,
                                                       past: str) -> None:
    """A clock the game master has not acted on yet reads "50 seconds ago": the sentence says it ran out."""
    state = playing(playout_corpus)
    answer = what_now(SPYFALL, state, None, locale, NAMES)
    assert answer.deadline is not None
    before = answer_embed(answer, locale, [], now=answer.deadline - 50).fields[0].value or ""
    after = answer_embed(answer, locale, [], now=answer.deadline + 50).fields[0].value or ""
    assert ahead in before and past not in before
    assert past in after and ahead not in after
