"""A deck as JSON-ready data: a draw pile and a discard pile, reshuffled when the draw runs out."""

from __future__ import annotations

from typing import Any

from games.core.protocol import IllegalAction, Rng

Deck = dict[str, list[Any]]


def new_deck(cards: list[Any], rng: Rng) -> Deck:
    """A shuffled draw pile; the top of the deck is the end of the list."""
    return {"draw": rng.shuffle(list(cards)), "discard": []}


def draw(deck: Deck, rng: Rng, count: int = 1) -> tuple[Deck, list[Any]]:
    """Draw `count` cards, reshuffling the discard pile into the draw pile when needed."""
    pile, discard = list(deck["draw"]), list(deck["discard"])
    drawn: list[Any] = []
    for _ in range(count):
        if not pile:
            if not discard:
                raise IllegalAction("core.deck_empty", "There are no cards left to draw.")
            pile, discard = rng.shuffle(discard), []
        drawn.append(pile.pop())
    return {"draw": pile, "discard": discard}, drawn


def discard(deck: Deck, cards: list[Any]) -> Deck:
    return {"draw": list(deck["draw"]), "discard": list(deck["discard"]) + list(cards)}
