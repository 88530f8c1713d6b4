"""Helpers on a Junta state shared by the political engine and the coup sub-game.

Everything here works on the JSON-ready state dict described in docs/junta-state.md and changes
it in place (callers work on their own copy). Nothing here decides whose turn it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from typing import Any, Final

from games.core.messages import N_, seat_ref
from games.core.protocol import IllegalAction, Rng
from games.junta.cards import COST_SAVERS, NOTE_VALUES, SAVER_KINDS, design, design_id

State = dict[str, Any]

LOG_KEPT: Final = 80
LOCATIONS: Final = ("bank", "headquarters", "home", "mistress", "night_club")
OFFICES: Final = ("president", "interior", "general_1", "general_2", "general_3", "admiral", "air_force")
SUB_OFFICES: Final = OFFICES[1:]  # the six offices the President assigns
GENERALS: Final = ("general_1", "general_2", "general_3")
FAMILIES: Final = ("cigar", "car", "watch", "glass", "diamond", "glasses", "feathers")
EMBASSIES: Final = ("superpower_embassy", "swiss_embassy")


# --- the log ------------------------------------------------------------------------------------------


def log(s: State, event: dict[str, Any], *, only: Iterable[int] | None = None,
        private: dict[str, Any] | None = None) -> None:
    """Append an event. `only`: the seats that see it at all. `private`: extra fields shown only to
    `private["seats"]` (what notes moved, which card was given)."""
    event = dict(event)
    if only is not None:
        event["only"] = sorted(set(only))
    if private is not None:
        event["private"] = private
    s["log"].append(event)
    s["log_count"] += 1
    if len(s["log"]) > LOG_KEPT:
        del s["log"][: len(s["log"]) - LOG_KEPT]


# --- players and offices ------------------------------------------------------------------------------


def is_seat(value: Any, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def is_active(s: State, seat: int) -> bool:
    """Alive and not in exile (§1)."""
    return bool(s["alive"][seat]) and s["exile"][seat] is None


def active_players(s: State) -> list[int]:
    alive, exile = s["alive"], s["exile"]  # is_active, inline: every wait on a card window asks this
    return [x for x in range(s["n"]) if alive[x] and exile[x] is None]


def clockwise_from(s: State, first: int) -> list[int]:
    """Every seat once, from `first` clockwise."""
    return [(first + i) % s["n"] for i in range(s["n"])]


def left_of(s: State, seat: int) -> int:
    return (seat + 1) % s["n"]


def office_controller(s: State, office: str) -> int | None:
    """Who controls an office now (§5.3): the President for the Presidency and the cousin's office,
    otherwise its holder while he is alive and not in exile; None for a vacant office."""
    president = s["president"]
    if office == "president":
        return president if president is not None and s["alive"][president] else None
    if s["cousin"] == office:
        return president if president is not None and s["alive"][president] else None
    holder = s["offices"][office]
    if holder is not None and is_active(s, holder):
        return int(holder)
    return None


def controlled_offices(s: State, seat: int) -> list[str]:
    return [o for o in OFFICES if office_controller(s, o) == seat]


def is_vacant(s: State, office: str) -> bool:
    return office != "president" and office_controller(s, office) is None


def minister_usable(s: State) -> bool:
    """The Minister's special abilities: only the holder in person, active, never via the cousin."""
    holder = s["offices"]["interior"]
    return holder is not None and s["cousin"] != "interior" and is_active(s, holder)


def minister(s: State) -> int | None:
    return int(s["offices"]["interior"]) if minister_usable(s) else None


# --- money ------------------------------------------------------------------------------------------------


def valid_notes(notes: Any) -> bool:
    return isinstance(notes, list) and all(
        isinstance(v, int) and not isinstance(v, bool) and v in NOTE_VALUES for v in notes)


def holds(have: list[int], notes: list[int]) -> bool:
    """`notes` (a multiset of values) is part of `have`."""
    need, got = Counter(notes), Counter(have)
    return all(got[v] >= k for v, k in need.items())


def take_notes(s: State, seat: int, notes: list[int]) -> list[int]:
    """Remove those notes from the seat's hand money (the caller checked `holds`)."""
    hand = list(s["money"][seat])
    for v in notes:
        hand.remove(v)
    s["money"][seat] = hand
    return list(notes)


def add_notes(s: State, seat: int, notes: Iterable[int]) -> None:
    s["money"][seat] = sorted([*s["money"][seat], *notes])


def to_aid(s: State, notes: Iterable[int]) -> None:
    """Spent or discarded notes: face up under the aid deck, or, with `recycle_money`, face down at
    the bottom of the drawable stack until `recycle_limit` notes have been recycled (§10)."""
    for v in notes:
        if s["options"]["recycle_money"] and s["recycled"] < s["options"]["recycle_limit"]:
            s["aid_down"].insert(0, v)
            s["recycled"] += 1
        else:
            s["aid_up"].append(v)


def draw_note(s: State) -> int | None:
    """The top face-down note of the aid deck, or None when none is left."""
    if not s["aid_down"]:
        return None
    return int(s["aid_down"].pop())


def cheapest_payment(have: list[int], amount: int) -> list[int] | None:
    """Notes from `have` summing to at least `amount` with the least excess, then the fewest notes,
    then the smallest values; None if the whole hand is not enough."""
    if amount <= 0:
        return []
    if sum(have) < amount:
        return None
    counts = Counter(have)
    best: tuple[int, int, list[int]] | None = None
    for c3 in range(counts[3] + 1):
        for c2 in range(counts[2] + 1):
            rest = amount - 3 * c3 - 2 * c2
            c1 = max(0, rest)
            if c1 > counts[1]:
                continue
            total = 3 * c3 + 2 * c2 + c1
            if total < amount:
                continue
            # drop needless notes: a combination with a note that can go is never the best one
            key = (total - amount, c1 + c2 + c3, [1] * c1 + [2] * c2 + [3] * c3)
            if best is None or key[:2] < best[:2]:
                best = key
    return best[2] if best is not None else None


def exact_split(have: list[int], amounts: list[int]) -> list[list[int]] | None:
    """Disjoint groups of notes from `have`, one per amount, each summing exactly to it (§3.2), or
    None. Larger amounts are placed first; a small search over multisets of 1/2/3."""
    order = sorted(range(len(amounts)), key=lambda i: -amounts[i])
    counts = Counter(have)
    groups: list[list[int]] = [[] for _ in amounts]

    def ways(amount: int, c: Counter[int]) -> Iterable[tuple[int, int, int]]:
        for c3 in range(min(c[3], amount // 3), -1, -1):
            for c2 in range(min(c[2], (amount - 3 * c3) // 2), -1, -1):
                c1 = amount - 3 * c3 - 2 * c2
                if c1 <= c[1]:
                    yield c1, c2, c3

    def place(k: int, c: Counter[int]) -> bool:
        if k == len(order):
            return True
        i = order[k]
        for c1, c2, c3 in ways(amounts[i], c):
            rest = Counter({1: c[1] - c1, 2: c[2] - c2, 3: c[3] - c3})
            if place(k + 1, rest):
                groups[i] = [1] * c1 + [2] * c2 + [3] * c3
                return True
        return False

    if any(a < 0 for a in amounts) or sum(amounts) > sum(have):
        return None
    return groups if place(0, counts) else None


def note_subsets(have: list[int]) -> list[list[int]]:
    """Every distinct multiset of notes from a hand (small hands only; for representative sets)."""
    counts = Counter(have)
    return [[1] * a + [2] * b + [3] * c for a in range(counts[1] + 1) for b in range(counts[2] + 1)
            for c in range(counts[3] + 1)]


def savers_available(s: State, seat: int) -> list[str]:
    """The seat's Bankers / Monarchists in play whose 1M saving is still unused this turn."""
    return [c for c in s["influence"][seat]
            if design_id(c) in COST_SAVERS and c not in s["savers_used"]]


def cost_after_savings(s: State, seat: int, card: str, cost: int) -> tuple[int, list[str]]:
    """What remains to pay in notes and the savers that cover 1M each (assassins, bribes and the
    Secret Police bonus; at most 1M per saver card per turn)."""
    kind = design(card).kind
    if cost <= 0 or not (kind in SAVER_KINDS or design_id(card) == "evt_secret_police_extra"):
        return max(cost, 0), []
    used = savers_available(s, seat)[:cost]
    return cost - len(used), used


def pay_cost(s: State, seat: int, card: str, cost: int, notes: Any) -> list[int]:
    """Pay a card's cost (§3.1): the payer's chosen notes summing to at least what remains after
    the savers, or the cheapest choice when `notes` is None. Notes go to the aid deck; the excess is
    lost. Raises IllegalAction (the state untouched) if the notes do not pay."""
    due, savers = cost_after_savings(s, seat, card, cost)
    if notes is None:
        chosen = cheapest_payment(s["money"][seat], due)
        if chosen is None:
            raise IllegalAction(N_("junta.cannot_pay"), f"You cannot pay {due}M in notes.", amount=due)
        notes = chosen
    if not valid_notes(notes) or not holds(s["money"][seat], notes):
        raise IllegalAction(N_("junta.notes_not_held"), "Pay with notes you hold, such as [2, 1].")
    if sum(notes) < due:
        raise IllegalAction(N_("junta.notes_too_few"), f"Those notes do not cover the {due}M to pay.", amount=due)
    take_notes(s, seat, notes)
    to_aid(s, notes)
    s["savers_used"] = [*s["savers_used"], *savers]
    return list(notes)


# --- cards ------------------------------------------------------------------------------------------------


def remove_from_hand(s: State, seat: int, card: str) -> None:
    s["hands"][seat] = [c for c in s["hands"][seat] if c != card]


def discard_played(s: State, card: str) -> None:
    """A played card goes face up onto the discard pile."""
    s["discard"].append(card)


def may_play_cards(s: State, seat: int) -> None:
    """The general restrictions on playing any card (§2.3), except the target's exceptions."""
    if not s["alive"][seat]:
        raise IllegalAction(N_("junta.you_are_dead"), "You are dead until the end of the turn.")
    if s["exile"][seat] is not None:
        raise IllegalAction(N_("junta.exile_no_cards"), "Players in exile cannot play cards.")


# --- exile ------------------------------------------------------------------------------------------------


def go_into_exile(s: State, seat: int, embassy: str) -> None:
    """§5.5: the player's offices become vacant (the cousin may take one), he loses his location and
    is no longer active; his units are ignored in a coup (the coup reads `exile`)."""
    s["exile"][seat] = embassy
    s["location"][seat] = None
    log(s, {"type": "exiled", "seat": seat, "embassy": embassy})


def player(seat: int) -> dict[str, int]:
    return seat_ref(seat)


def pairs(items: list[Any]) -> Iterable[tuple[Any, Any]]:
    return combinations(items, 2)


def draw_cards(s: State, seat: int, count: int, rng: Rng) -> list[str]:
    got: list[str] = []
    for _ in range(count):
        if not s["deck"]:
            if not s["discard"]:
                break
            s["deck"] = rng.shuffle(list(s["discard"]))
            s["discard"] = []
            log(s, {"type": "deck_reshuffled"})
        card = s["deck"].pop()
        s["hands"][seat].append(card)
        got.append(card)
    return got
