"""Decks (games/core/deck.py) and dice (games/core/dice.py) through the injected rng."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from games.core import IllegalAction, ScriptedRng, SeededRng
from games.core.deck import discard, draw, new_deck
from games.core.dice import roll


def test_new_deck_top_is_the_end_of_the_list():
    """With an order-keeping shuffle, the last card given is drawn first."""
    deck = new_deck(["a", "b", "c"], ScriptedRng())
    deck, cards = draw(deck, ScriptedRng(), 2)
    assert cards == ["c", "b"]
    assert deck == {"draw": ["a"], "discard": []}


def test_draw_does_not_change_the_deck_it_is_given():
    """draw and discard return new decks."""
    deck = new_deck([1, 2, 3], ScriptedRng())
    before = copy.deepcopy(deck)
    draw(deck, ScriptedRng(), 3)
    discard(deck, [9])
    assert deck == before


def test_discard_adds_to_the_discard_pile():
    """Discarded cards go on the discard pile, the draw pile is untouched."""
    deck = discard(discard(new_deck([1, 2], ScriptedRng()), [7]), [8, 9])
    assert deck == {"draw": [1, 2], "discard": [7, 8, 9]}


def test_empty_draw_pile_reshuffles_the_discards():
    """When the draw pile runs out, the discard pile becomes the new draw pile."""
    deck = {"draw": ["x"], "discard": ["p", "q", "r"]}
    deck, cards = draw(deck, ScriptedRng(), 3)
    assert cards == ["x", "r", "q"]
    assert deck == {"draw": ["p"], "discard": []}


def test_drawing_with_no_cards_anywhere_is_illegal():
    """No draw pile and no discards: drawing is refused."""
    with pytest.raises(IllegalAction):
        draw({"draw": [], "discard": []}, ScriptedRng())
    with pytest.raises(IllegalAction):
        draw({"draw": ["a"], "discard": []}, ScriptedRng(), 2)


def test_seeded_deck_keeps_every_card():
    """Shuffles, draws, discards and reshuffles never create or lose a card; JSON-ready."""
    cards = [f"c{i}" for i in range(12)] + ["dup", "dup"]
    deck = new_deck(cards, SeededRng(7, 0))
    held: list = []
    for step in range(1, 30):
        deck, got = draw(deck, SeededRng(7, step), 2)
        held += got
        deck = discard(deck, held[:2])
        held = held[2:]
        assert Counter(deck["draw"] + deck["discard"] + held) == Counter(cards)
        assert json.loads(json.dumps(deck)) == deck


def test_dice_roll_uses_the_rng_in_order():
    """roll(count, sides) returns that many dice from the rng, in order."""
    assert roll(ScriptedRng([4, 1, 6]), count=3) == [4, 1, 6]
    assert roll(ScriptedRng([10]), count=1, sides=10) == [10]
    assert roll(ScriptedRng(), count=0) == []


def test_dice_roll_out_of_range_is_an_error():
    """A scripted die above the number of sides is an error."""
    with pytest.raises(Exception) as info:
        roll(ScriptedRng([7]), count=1, sides=6)
    assert not isinstance(info.value, IllegalAction)


def test_seeded_dice_are_in_range():
    """Seeded dice land on 1..sides and cover every face."""
    faces = roll(SeededRng(11, 2), count=500, sides=8)
    assert set(faces) == set(range(1, 9))
