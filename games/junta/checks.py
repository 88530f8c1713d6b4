"""The refusals (docs/rules/junta.md §2.3, §12): whether a seat may take an action now, each check
raising `IllegalAction` with the player's words. The handlers call them; legal actions ask the
same questions through `card_problem`, `may_resign`, `may_return`, `swap_valid`.
"""

from __future__ import annotations

from typing import Any

from games.core.messages import N_, msg, seat_ref
from games.core.protocol import IllegalAction
from games.junta.cards import (
    AFTER_ROUND_1,
    AFTER_ROUND_2,
    ANY,
    ASSASSIN,
    ATTEMPT_HIT,
    BEFORE_BANKING,
    BEFORE_COUP,
    BUDGET_REJECTED,
    CARD,
    COUP_MOVE,
    FIRING_SQUAD,
    PHASE2_START,
    PHASE6_DECLARE,
    POLITICAL,
    VOTE,
    VOTE_TURN,
    design,
)
from games.junta.common import cheapest_payment, cost_after_savings, holds, is_active, is_seat, valid_notes
from games.junta.frames import Action, Frame, State, find_frame, top_frame
from games.junta.readers import (
    budget_payer,
    decision_of,
    has_in_play,
    hint_for,
    in_combat,
    in_coup,
    in_vote,
    payable,
    phase6_locked,
    wait_declarations,
    wait_vote,
    waiting,
)


def check_budget_lock(s: State, seat: int, leaving: list[int]) -> None:
    locked = budget_payer(s)
    if locked is None or locked[0] != seat:
        return
    rest = list(s["money"][seat])
    for v in leaving:
        rest.remove(v)
    if not payable(rest, locked[1]):
        raise IllegalAction("junta.budget_lock", "You cannot part with those notes: the proposed budget would no "
                            "longer be payable.")


def pending(s: State, seat: int, keys: tuple[str, ...]) -> Frame:
    """The top frame when it waits on `seat` for one of these decisions; a refusal otherwise."""
    frame, seats = waiting(s)
    if frame is None or decision_of(frame) not in keys:
        hint_id, hint_text = hint_for(frame)
        raise IllegalAction("junta.not_now", f"You cannot do that now: the game waits on {hint_text}.",
                            hint=msg(hint_id))
    if seat not in seats:
        raise IllegalAction("junta.not_your_turn", "It is not your turn to answer this.")
    return frame


def seat_field(s: State, action: Action, field: str) -> int:
    value: Any = action.get(field)
    if not is_seat(value, s["n"]):
        raise IllegalAction("junta.bad_player", f"Name a player by seat number, from 0 to {s['n'] - 1}.",
                            high=s["n"] - 1)
    return int(value)


def notes_field(action: Action, field: str = "notes", allow_empty: bool = False) -> list[int]:
    notes: Any = action.get(field)
    if not valid_notes(notes) or (not notes and not allow_empty):
        raise IllegalAction("junta.bad_notes", "Name banknotes as a list of values 1, 2 or 3, such as [3, 1].")
    return list(notes)


def check_alive(s: State, seat: int) -> None:
    if not s["alive"][seat]:
        raise IllegalAction("junta.you_are_dead", "You are dead until the end of the turn.")


def check_not_target(s: State, seat: int) -> None:
    if seat in s["targets"]:
        raise IllegalAction("junta.you_are_target", "You are the target of an attempt or of the firing squad: you "
                            "cannot do that now.")


def _check_active(s: State, seat: int) -> None:
    check_alive(s, seat)
    if s["exile"][seat] is not None:
        raise IllegalAction("junta.in_exile", "You are in exile: you cannot do that.")


def check_recipient(s: State, seat: int, to: int) -> None:
    if to == seat:
        raise IllegalAction("junta.not_yourself", "Choose another player.")
    if not s["alive"][to]:
        raise IllegalAction("junta.recipient_dead", "That player is dead until the end of the turn.",
                            player=seat_ref(to))


def check_holds(s: State, seat: int, notes: list[int], account: bool = False) -> None:
    have = s["accounts"][seat] if account else s["money"][seat]
    if not holds(have, notes):
        raise IllegalAction("junta.notes_not_held", "Pay with notes you hold, such as [2, 1].")


def check_card_gift(s: State, seat: int, card: Any) -> None:
    """May this card leave the seat's hand by gift or swap now (§2.3, §6.1)?"""
    if not isinstance(card, str) or card not in s["hands"][seat]:
        raise IllegalAction("junta.card_not_in_hand", "That card is not in your hand.")
    if s["phase"] in (6, 9):
        raise IllegalAction("junta.no_card_gifts_now", "Nobody may give or swap political cards in Phases 6 and 9.")
    limit = find_frame(s, "hand_limit")
    if limit is not None and card in limit["received"].get(str(seat), []):
        raise IllegalAction("junta.received_in_limit", "A card received during the hand-limit step cannot be given "
                            "away again before the step ends; you may play or discard it.")


def coup_card(action: Action) -> bool:
    card = action.get("card")
    return isinstance(card, str) and card.split("#", 1)[0] in CARD and COUP_MOVE in design(card).timing


def payment(s: State, seat: int, card: str, cost: int, notes: Any) -> list[int]:
    """The notes that pay a card's cost (chosen, or the cheapest), checked against the budget lock."""
    due, _savers = cost_after_savings(s, seat, card, cost)
    if notes is None:
        chosen = cheapest_payment(s["money"][seat], due)
        if chosen is None:
            raise IllegalAction("junta.cannot_pay", f"You cannot pay {due}M in notes.", amount=due)
        notes = chosen
    if not valid_notes(notes):
        raise IllegalAction("junta.bad_notes", "Name banknotes as a list of values 1, 2 or 3, such as [3, 1].")
    check_holds(s, seat, notes)
    if sum(notes) < due:
        raise IllegalAction("junta.notes_too_few", f"Those notes do not cover the {due}M to pay.", amount=due)
    check_budget_lock(s, seat, notes)
    return list(notes)


def swap_side(s: State, seat: int, cards: Any, notes: Any) -> tuple[list[str], list[int]]:
    """Check one side of a swap: what `seat` gives (cards from hand, notes)."""
    if not isinstance(cards, list) or len(set(map(str, cards))) != len(cards):
        raise IllegalAction("junta.bad_swap", "Name the cards and notes you give, such as {\"cards\": [...], "
                            "\"notes\": [2]}.")
    if not valid_notes(notes):
        raise IllegalAction("junta.bad_notes", "Name banknotes as a list of values 1, 2 or 3, such as [3, 1].")
    check_alive(s, seat)
    check_not_target(s, seat)
    for card in cards:
        check_card_gift(s, seat, card)
    if notes:
        check_holds(s, seat, notes)
        check_budget_lock(s, seat, notes)
    return list(cards), list(notes)


def swap_valid(s: State, swap: dict[str, Any]) -> bool:
    """Whether a confirmed swap could take place now (both sides still legal)."""
    try:
        check_recipient(s, swap["from"], swap["to"])
        swap_side(s, swap["from"], swap["cards"], swap["notes"])
        if swap["answer"] is not None:
            swap_side(s, swap["to"], swap["answer"]["cards"], swap["answer"]["notes"])
        else:
            swap_side(s, swap["to"], [], [])
    except IllegalAction:
        return False
    return True


def may_resign(s: State, seat: int) -> str | None:
    """Why the President may not resign now (§5.8), or None."""
    if seat != s["president"] or not s["alive"][seat]:
        return "not_president"
    if s["resigned"]:
        return "resigned"
    if in_coup(s) or find_frame(s, "coup") is not None:
        return "coup"
    if in_vote(s) or s["phase"] in (3, 4) or phase6_locked(s) or s["phase"] == 0:
        return "now"
    if find_frame(s, "firing_squad") is not None or find_frame(s, "squad") is not None:
        return "now"  # the coup's consequences: the President who orders the squad stays until it is done
    return None


def may_return(s: State, seat: int) -> str | None:
    if not s["alive"][seat] or s["exile"][seat] is None:
        return "not_exiled"
    if s["returned"][seat]:
        return "returned"
    if in_combat(s) or phase6_locked(s):
        return "now"
    return None


def _timing_open(s: State, seat: int, timing: str) -> bool:
    """Whether a card of this timing may be played by `seat` now (junta_cards.md, "Timing codes")."""
    top = top_frame(s)
    kind = top["kind"] if top is not None else None
    if timing == ANY:
        return True
    if timing == POLITICAL:
        return not in_coup(s)
    if timing == VOTE_TURN:
        return bool(top is not None and kind == "vote" and top["step"] == "turns" and wait_vote(s, top) == [seat])
    if timing in (AFTER_ROUND_1, AFTER_ROUND_2, PHASE2_START, BUDGET_REJECTED):
        return bool(top is not None and kind == "window" and top["timing"] == timing and is_active(s, seat))
    if timing == PHASE6_DECLARE:
        return bool(top is not None and kind == "declarations" and wait_declarations(s, top) == [seat])
    if timing == ATTEMPT_HIT:
        return bool(top is not None and kind == "protect" and top["victim"] == seat)
    if timing == FIRING_SQUAD:
        return bool(top is not None and kind == "squad" and top["victim"] == seat)
    if timing == BEFORE_BANKING:
        return 1 <= s["phase"] <= 6
    if timing == BEFORE_COUP:
        return 1 <= s["phase"] <= 7 or (s["phase"] == 8 and s["phase_step"] <= 1)
    return False


def card_problem(s: State, seat: int, card: Any) -> tuple[str, str] | None:
    """Why `seat` cannot play this card now (a message id and its English words), or None."""
    if not isinstance(card, str) or card not in s["hands"][seat]:
        return N_("junta.card_not_in_hand"), "That card is not in your hand."
    if not s["alive"][seat]:
        return N_("junta.you_are_dead"), "You are dead until the end of the turn."
    if s["exile"][seat] is not None:
        return N_("junta.exile_no_cards"), "Players in exile cannot play cards."
    if in_combat(s):
        return N_("junta.combat_no"), "Not during a coup's combat segment."
    d = design(card)
    if d.kind == ASSASSIN and ATTEMPT_HIT not in d.timing:
        return N_("junta.declare_instead"), "Assassins are declared with declare_assassination on your Phase 6 turn."
    if d.kind == VOTE:
        return N_("junta.cast_instead"), "Vote cards are cast with cast_vote on your voting turn."
    timings = [t for t in d.timing if t != PHASE6_DECLARE or d.kind != ASSASSIN]
    open_now = [t for t in timings if _timing_open(s, seat, t)]
    if not open_now:
        return N_("junta.wrong_time"), "That card cannot be played now."
    if seat in s["targets"] and not any(t in (ATTEMPT_HIT, FIRING_SQUAD, PHASE6_DECLARE) for t in open_now):
        return N_("junta.you_are_target"), ("You are the target of an attempt or of the firing squad: you cannot "
                                            "do that now.")
    if d.requires is not None and not has_in_play(s, seat, d.requires):
        return N_("junta.requires_card"), "You need an influence card in play to play that card."
    return None
