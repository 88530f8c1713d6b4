"""Playing a political card (junta_cards.md): the `play_card` handler and one effect per card design
(`CARD_EFFECTS`), with Coalition Break's influence discard.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.messages import seat_ref
from games.core.protocol import IllegalAction, Rng
from games.junta.assassinations import protected
from games.junta.cards import INFLUENCE, REFORM_MAX_VOTES, design
from games.junta.checks import card_problem, payment, pending, seat_field
from games.junta.common import add_notes, discard_played, draw_note, log, minister, pay_cost, remove_from_hand
from games.junta.frames import Action, Frame, State, pop_frame, push_frame, top_frame
from games.junta.readers import controlled_by_other, used_keys, vote_choices


def step_influence_discard(s: State, f: Frame, rng: Rng) -> None:
    pop_frame(s, f)
    seat = f["seat"]
    if s["influence"][seat]:
        card = min(s["influence"][seat], key=lambda c: (design(c).votes, c))
        discard_influence(s, seat, card)


def discard_influence(s: State, seat: int, card: str) -> None:
    s["influence"][seat].remove(card)
    s["discard"].append(card)
    log(s, {"type": "influence_discarded", "seat": seat, "card": card})


def do_choose_influence_discard(s: State, seat: int, a: Action, rng: Rng) -> None:
    f = pending(s, seat, ("influence_discard",))
    card: Any = a.get("card")
    if not isinstance(card, str) or card not in s["influence"][seat]:
        raise IllegalAction("junta.not_in_play", "Name one of your influence cards in play.")
    pop_frame(s, f)
    discard_influence(s, seat, card)


def do_play_card(s: State, seat: int, a: Action, rng: Rng) -> None:
    card: Any = a.get("card")
    problem = card_problem(s, seat, card)
    if problem is not None:
        params: dict[str, Any] = {}
        if problem[0] == "junta.requires_card":
            params["card"] = design(card).requires
        raise IllegalAction(problem[0], problem[1], **params)
    assert isinstance(card, str)
    d = design(card)
    effect = CARD_EFFECTS.get(d.id)
    if d.kind == INFLUENCE:
        remove_from_hand(s, seat, card)
        s["influence"][seat].append(card)
        log(s, {"type": "influence_played", "seat": seat, "card": card})
        return
    if effect is None:
        effect = _effect_pretext if d.id.startswith("pre_") else None
    assert effect is not None, d.id
    effect(s, seat, card, a, rng)


def _played(s: State, seat: int, card: str, **extra: Any) -> None:
    remove_from_hand(s, seat, card)
    discard_played(s, card)
    log(s, {"type": "card_played", "seat": seat, "card": card, **extra})


def _effect_donation(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    _played(s, seat, card)
    note = draw_note(s)
    if note is not None:
        add_notes(s, seat, [note])
    log(s, {"type": "donation", "seat": seat}, only=[seat], private={"seats": [seat], "note": note})


def _other_target(s: State, seat: int, a: Action) -> int:
    target = seat_field(s, a, "target")
    if target == seat:
        raise IllegalAction("junta.not_yourself", "Choose another player.")
    return target


def _effect_coalition_break(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    target = _other_target(s, seat, a)
    if not s["influence"][target]:
        raise IllegalAction("junta.no_influence", "That player has no influence card in play.",
                            player=seat_ref(target))
    _played(s, seat, card, target=target)
    push_frame(s, "influence_discard", seat=target, by=seat)


def _effect_spy(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    target = _other_target(s, seat, a)
    _played(s, seat, card, target=target)
    log(s, {"type": "spy_report", "seat": seat, "target": target}, only=[seat],
        private={"seats": [seat], "total": sum(s["accounts"][target])})


def _effect_nothing(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    _played(s, seat, card)


def _effect_no_confidence(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    if seat == s["president"]:
        raise IllegalAction("junta.not_by_president", "The President cannot play that card.")
    _played(s, seat, card)
    push_frame(s, "no_confidence", by=seat)


def _effect_bank_holiday(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    _played(s, seat, card)
    s["bank"] = "holiday"


def _effect_pretext(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    _played(s, seat, card)
    s["pretext"] = True


def _window_parent(s: State, kind: str) -> Frame:
    """The frame under the open window (the vote or the budget it belongs to)."""
    assert len(s["stack"]) >= 2 and s["stack"][-2]["kind"] == kind, "junta: a window without its owner"
    frame: Frame = s["stack"][-2]
    return frame


def _close_window(s: State) -> None:
    top = top_frame(s)
    assert top is not None and top["kind"] == "window"
    pop_frame(s, top)


def _effect_alternative_budget(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    if seat == s["president"]:
        raise IllegalAction("junta.not_by_president", "The President cannot play that card.")
    budget = _window_parent(s, "budget")
    _played(s, seat, card)
    budget["alt"] = seat
    _close_window(s)


def _effect_cut(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    vote = _window_parent(s, "vote")
    _played(s, seat, card)
    vote["cut"] = True
    _close_window(s)


def _effect_recount(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    vote = _window_parent(s, "vote")
    _played(s, seat, card)
    vote["recount"] = True
    _close_window(s)


def _effect_church_looting(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    f = top_frame(s)
    assert f is not None and f["kind"] == "vote"
    choice = a.get("choice")
    if choice not in vote_choices(f) or isinstance(choice, bool):
        raise IllegalAction("junta.bad_choice", "Vote for a remaining candidate, or yes or no in a motion.")
    _played(s, seat, card, choice=choice)
    votes = design(card).votes
    f["casts"].append({"seat": seat, "source": {"card": card}, "choice": choice, "votes": votes})
    log(s, {"type": "vote_cast", "seat": seat, "source": {"card": card}, "choice": choice, "votes": votes})


def _effect_reform_demand(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    f = top_frame(s)
    assert f is not None and f["kind"] == "vote"
    used = used_keys(f)
    taken = [c for x in range(s["n"]) if x != seat for c in s["influence"][x]
             if design(c).votes <= REFORM_MAX_VOTES and f"card:{c}" not in used and not controlled_by_other(f, x, c)]
    _played(s, seat, card, controlled=taken)
    f["controlled"][str(seat)] = [*f["controlled"].get(str(seat), []), *taken]


def _effect_secret_police_extra(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    if minister(s) != seat:
        raise IllegalAction("junta.not_minister", "Only the Minister of the Interior, holding the office in person, "
                            "commands the Secret Police.")
    notes = payment(s, seat, card, design(card).cost, a.get("notes"))
    pay_cost(s, seat, card, design(card).cost, notes)
    _played(s, seat, card)
    s["sp_allowed"] += 1


def _effect_protection(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    f = top_frame(s)
    assert f is not None and f["kind"] == "protect"
    cost = design(card).cost
    if cost:
        notes = payment(s, seat, card, cost, a.get("notes"))
        pay_cost(s, seat, card, cost, notes)
    _played(s, seat, card)
    protected(s, f, card)


def _effect_nuncio(s: State, seat: int, card: str, a: Action, rng: Rng) -> None:
    f = top_frame(s)
    assert f is not None and f["kind"] == "squad"
    _played(s, seat, card)
    pop_frame(s, f)
    log(s, {"type": "spared", "seat": seat})


CARD_EFFECTS: Final[dict[str, Any]] = {
    "don_secret_donation": _effect_donation,
    "evt_coalition_break": _effect_coalition_break,
    "evt_spy_switzerland": _effect_spy,
    "evt_student_petition": _effect_nothing,
    "evt_no_confidence": _effect_no_confidence,
    "evt_bank_holiday": _effect_bank_holiday,
    "evt_alternative_budget": _effect_alternative_budget,
    "evt_power_cut": _effect_cut,
    "evt_summer_recess": _effect_cut,
    "evt_recount": _effect_recount,
    "evt_church_looting": _effect_church_looting,
    "evt_reform_demand": _effect_reform_demand,
    "evt_secret_police_extra": _effect_secret_police_extra,
    "evt_nuncio": _effect_nuncio,
    "brb_assassin": _effect_protection,
    "asn_monarchist": _effect_protection,
    "pre_un_condemnation": _effect_pretext,
    "pre_carnival": _effect_pretext,
    "pre_border_incident": _effect_pretext,
}
