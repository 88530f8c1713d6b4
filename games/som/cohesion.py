"""Phase 3 — Social cohesion (rules/som.md): the holder's `redistribute` and its reward in
participation discs. The exchanges the holder may make first are disc effects (`disc_effects.py`).
"""

from __future__ import annotations

from games.core.protocol import IllegalAction, Rng
from games.som.cards import DISC
from games.som.common import Action, State, is_seat, log, move_disc, others
from games.som.turn import begin_action


def redistributions(s: State) -> list[Action]:
    """A representative set: no gift, every single gift, and all but one disc to each other player."""
    holder = s["holder"]
    hand = s["hands"][holder]
    found: list[Action] = [{"type": "redistribute", "gifts": []}]
    if len(hand) < 2:
        return found
    receivers = others(s, holder)
    for disc in hand:
        for other in receivers:
            found.append({"type": "redistribute", "gifts": [{"disc": disc, "to": other}]})
    if len(hand) > 2:
        for other in receivers:
            found.append({"type": "redistribute", "gifts": [{"disc": d, "to": other} for d in hand[1:]]})
    return found


def do_redistribute(s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
    gifts = action.get("gifts")
    if not isinstance(gifts, list) or not all(isinstance(g, dict) for g in gifts):
        raise IllegalAction("som.gifts_bad", "Give a list of gifts, each a disc and the player it goes to.")
    hand = s["hands"][seat]
    given: list[str] = []
    for gift in gifts:
        disc, to = gift.get("disc"), gift.get("to")
        if not isinstance(disc, str) or disc not in hand:
            raise IllegalAction("som.gift_not_yours", "You can only give discs you hold.")
        if disc in given:
            raise IllegalAction("som.gift_twice", "Each disc can be given once.")
        if not is_seat(to, s["n"]) or to == seat:
            raise IllegalAction("som.gift_to", "Gifts go to the other players.")
        given.append(disc)
    if given and len(given) >= len(hand):
        raise IllegalAction("som.keep_one_disc", "You must keep at least one public-management disc.")
    received: dict[int, int] = {}
    for gift in gifts:
        move_disc(s, gift["disc"], seat, gift["to"])
        received[gift["to"]] = received.get(gift["to"], 0) + DISC[gift["disc"]].value
    # The reward: 1 participation disc a euro given, first from the recipient, then from the pool.
    taken, short = [], 0
    for to in sorted(received):
        own = min(received[to], s["participation"][to])
        s["participation"][to] -= own
        if own:
            taken.append({"seat": to, "count": own})
        short += received[to] - own
    from_pool = min(short, s["pool"])
    s["pool"] -= from_pool
    reward = sum(t["count"] for t in taken) + from_pool
    s["participation"][seat] += reward
    log(s, {"type": "gifts", "seat": seat, "gifts": [{"disc": g["disc"], "to": g["to"]} for g in gifts],
            "reward": reward, "taken": taken, "from_pool": from_pool})
    begin_action(s)
