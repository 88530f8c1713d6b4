"""Actions at any time (§12.1): giving and discarding money and cards, and swaps.
"""

from __future__ import annotations

from typing import Any

from games.core.data import clone
from games.core.protocol import IllegalAction, Rng
from games.junta.checks import (
    check_alive,
    check_budget_lock,
    check_card_gift,
    check_holds,
    check_not_target,
    check_recipient,
    notes_field,
    seat_field,
    swap_side,
)
from games.junta.common import add_notes, log, remove_from_hand, take_notes, to_aid
from games.junta.effects import discard_influence
from games.junta.frames import Action, State, find_frame
from games.junta.readers import over_limit


def _receive_card(s: State, to: int, card: str) -> None:
    s["hands"][to].append(card)
    limit = find_frame(s, "hand_limit")
    if limit is not None:
        limit["received"].setdefault(str(to), []).append(card)


def _check_money_giver(s: State, seat: int, notes: list[int]) -> None:
    check_alive(s, seat)
    check_not_target(s, seat)
    check_holds(s, seat, notes)
    check_budget_lock(s, seat, notes)


def do_give_money(s: State, seat: int, a: Action, rng: Rng) -> None:
    to = seat_field(s, a, "to")
    notes = notes_field(a)
    _check_money_giver(s, seat, notes)
    check_recipient(s, seat, to)
    take_notes(s, seat, notes)
    add_notes(s, to, notes)
    log(s, {"type": "money_given", "from": seat, "to": to}, private={"seats": [seat, to], "notes": notes})


def do_discard_money(s: State, seat: int, a: Action, rng: Rng) -> None:
    notes = notes_field(a)
    _check_money_giver(s, seat, notes)
    take_notes(s, seat, notes)
    to_aid(s, notes)
    log(s, {"type": "money_discarded", "seat": seat}, private={"seats": [seat], "notes": notes})


def do_give_card(s: State, seat: int, a: Action, rng: Rng) -> None:
    to = seat_field(s, a, "to")
    card: Any = a.get("card")
    check_alive(s, seat)
    check_not_target(s, seat)
    check_card_gift(s, seat, card)
    check_recipient(s, seat, to)
    remove_from_hand(s, seat, card)
    _receive_card(s, to, card)
    log(s, {"type": "card_given", "from": seat, "to": to}, private={"seats": [seat, to], "card": card})


def do_discard_card(s: State, seat: int, a: Action, rng: Rng) -> None:
    card: Any = a.get("card")
    check_alive(s, seat)
    check_not_target(s, seat)
    if isinstance(card, str) and card in s["hands"][seat]:
        remove_from_hand(s, seat, card)
        s["discard"].append(card)
        log(s, {"type": "card_discarded", "seat": seat, "card": card})
        return
    if isinstance(card, str) and card in s["influence"][seat]:
        if find_frame(s, "hand_limit") is None or not over_limit(s, seat):
            raise IllegalAction("junta.influence_stays", "An influence card stays in play; you may discard it only "
                                "while you are over the Phase 1 hand limit.")
        discard_influence(s, seat, card)
        return
    raise IllegalAction("junta.card_not_in_hand", "That card is not in your hand.")


def _swap_of(s: State, a: Action) -> dict[str, Any]:
    swap_id = a.get("swap_id")
    swap = next((w for w in s["swaps"] if w["id"] == swap_id and not isinstance(swap_id, bool)), None)
    if swap is None:
        raise IllegalAction("junta.no_such_swap", "There is no such swap offer.")
    return swap


def do_offer_swap(s: State, seat: int, a: Action, rng: Rng) -> None:
    to = seat_field(s, a, "to")
    check_recipient(s, seat, to)
    cards, notes = swap_side(s, seat, a.get("cards", []), a.get("notes", []))
    swap = {"id": s["next_swap"], "from": seat, "to": to, "cards": cards, "notes": notes, "answer": None,
            "since": float(s["now"])}
    s["next_swap"] += 1
    s["swaps"].append(swap)
    log(s, {"type": "swap_offered", "id": swap["id"], "from": seat, "to": to}, only=[seat, to],
        private={"seats": [seat, to], "cards": cards, "notes": notes})


def do_answer_swap(s: State, seat: int, a: Action, rng: Rng) -> None:
    swap = _swap_of(s, a)
    if swap["to"] != seat or swap["answer"] is not None:
        raise IllegalAction("junta.not_your_swap", "Only the two players of a swap may act on it.")
    cards, notes = swap_side(s, seat, a.get("cards", []), a.get("notes", []))
    swap["answer"] = {"cards": cards, "notes": notes}
    swap["since"] = float(s["now"])
    log(s, {"type": "swap_answered", "id": swap["id"], "from": swap["from"], "to": seat}, only=[swap["from"], seat],
        private={"seats": [swap["from"], seat], "cards": cards, "notes": notes})


def do_confirm_swap(s: State, seat: int, a: Action, rng: Rng) -> None:
    swap = _swap_of(s, a)
    if swap["from"] != seat or swap["answer"] is None:
        raise IllegalAction("junta.not_your_swap", "Only the two players of a swap may act on it.")
    giver, taker = swap["from"], swap["to"]
    check_recipient(s, giver, taker)
    swap_side(s, giver, swap["cards"], swap["notes"])
    swap_side(s, taker, swap["answer"]["cards"], swap["answer"]["notes"])
    s["swaps"].remove(swap)
    for source, target, side in ((giver, taker, swap), (taker, giver, swap["answer"])):
        for card in side["cards"]:
            remove_from_hand(s, source, card)
            _receive_card(s, target, card)
        take_notes(s, source, side["notes"])
        add_notes(s, target, side["notes"])
    log(s, {"type": "swapped", "a": giver, "b": taker},
        private={"seats": [giver, taker], "gave": {"cards": swap["cards"], "notes": swap["notes"]},
                 "got": clone(swap["answer"])})


def do_cancel_swap(s: State, seat: int, a: Action, rng: Rng) -> None:
    swap = _swap_of(s, a)
    if seat not in (swap["from"], swap["to"]):
        raise IllegalAction("junta.not_your_swap", "Only the two players of a swap may act on it.")
    s["swaps"].remove(swap)
    log(s, {"type": "swap_cancelled", "id": swap["id"], "by": seat}, only=[swap["from"], swap["to"]])
