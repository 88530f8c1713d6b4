"""Som el que decidim! (rules/som.md): citizens uncover the urn cards before anyone cannot pay.

State is a JSON-ready dict; `apply` copies it before changing the copy, then runs every automatic
step (taxation, the die, transfers, the State's action, resolving votes, passing the turn) until
the game waits on a player again, so there is no game-master action.

State fields:
    n, mode, kinds (disc kinds matter), degree, colours [seat], starting_holder, holder, turn,
    phase ("place_start" | "choose_centralism" | "taxation" | "transfer" | "cohesion" | "action" |
    "game_over"), hands [seat] [disc ids], hisenda [disc ids], participation [seat], pool,
    board {cell: card id | None}, face_up [card ids on the board, face up], urn_area [card ids],
    citizens [seat] cell, die (face), movers [seats still to move], movement (the current mover's:
    mover, start, cell, visited = every cell stood on, in order, a card stepped on again appearing
    again, steps, landed, window = effects this landing may still trigger),
    used {health, justice}, payment (in progress, waiting on a choice), pay_queue, pending
    (protect_urn | sufragi), vote, last_vote, next_holder (set by a vote), result, log, log_count.

Parties are seats (int) or "hisenda".
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.core.actions import check_action, check_seat
from games.core.data import UntimedGame, clone, clone_keeping_log
from games.core.messages import N_, NP_, msg, seat_ref
from games.core.options import check_options
from games.core.protocol import IllegalAction, OptionSpec, Rng
from games.som.actions import ACTIONS
from games.som.cards import (
    ATC_CARD,
    CARD,
    CARD_NAME,
    CARDS,
    CATALUNYA,
    CELL_INDEX,
    CELLS,
    COLOURS,
    DEGREE_OF_NUMBER,
    DEGREES,
    DISC,
    ECONOMIC,
    EVERYONE_FACE,
    FACE_NUMBER,
    FACES,
    GENERALITAT_FACE,
    HEALTH,
    HEALTH_CARD,
    INTERIOR,
    JUSTICE,
    JUSTICE_CARD,
    KIND_NAME,
    ONES,
    PARTICIPATION_DISCS,
    POS,
    SPAIN,
    START_CARD,
    SUFFRAGE_CARD,
    TWOS,
    URN,
    URN_COUNT,
    WORLD,
    aligned,
    neighbours,
    total,
)

State = dict[str, Any]
Action = dict[str, Any]
Party = int | str

HISENDA = "hisenda"
MODES = ("A", "B", "C", "A+C")
LOG_KEPT = 60
MAX_STEPS = 40  # steps in one movement: a citizen may step back onto cards, so automated play needs a bound

OPTIONS_SCHEMA: tuple[OptionSpec, ...] = (
    OptionSpec("mode", "choice", "A", N_("som.option.mode"), choices=MODES),
    # The table may fix the starting holder (tests do); otherwise it is drawn at set-up.
    OptionSpec("holder", "int", None, N_("som.option.holder"), 0, 3, public=False),
)

# Exchange effects (phase 3): the pair the holder hands over → the kinds of disc it may take.
EXCHANGES: dict[str, tuple[str, ...]] = {
    "education": ("justice",),
    "railways": INTERIOR,
    "roads": INTERIOR,
    "forests": ("health",),
    "energy": ("education",),
    "housing": ("education",),
}
EFFECTS = (*EXCHANGES, HEALTH, JUSTICE)

# What the game waits on → the action types that answer it.
ANSWERS: dict[str, tuple[str, ...]] = {
    "place_start": ("place_start",),
    "choose_centralism": ("choose_centralism",),
    "pay": ("pay",),
    "break_coin": ("break_coin",),
    "give_change": ("give_change",),
    "cohesion": ("use_disc_effect", "redistribute"),
    "move": ("move_citizen", "stop_moving", "use_disc_effect"),
    "protect_urn": ("protect_urn",),
    "sufragi": ("call_elections", "motion_of_censure", "decline_vote"),
    "stand": ("stand",),
    "back": ("back",),
    "name_beneficiary": ("name_beneficiary",),
    "bid": ("bid",),
}
HINT: dict[str, str] = {
    "place_start": N_("som.hint.place_start"),
    "choose_centralism": N_("som.hint.choose_centralism"),
    "pay": N_("som.hint.pay"),
    "break_coin": N_("som.hint.break_coin"),
    "give_change": N_("som.hint.give_change"),
    "cohesion": N_("som.hint.cohesion"),
    "move": N_("som.hint.move"),
    "protect_urn": N_("som.hint.protect_urn"),
    "sufragi": N_("som.hint.sufragi"),
    "stand": N_("som.hint.stand"),
    "back": N_("som.hint.back"),
    "name_beneficiary": N_("som.hint.name_beneficiary"),
    "bid": N_("som.hint.bid"),
}
HINT_TEXT: dict[str, str] = {
    "place_start": "choose where Concentració nacional lies",
    "choose_centralism": "choose the centralism degree",
    "pay": "choose the discs to pay",
    "break_coin": "choose which 2 € disc to break",
    "give_change": "choose two 1 € discs to give as change",
    "cohesion": "use a disc effect or redistribute",
    "move": "move the citizen",
    "protect_urn": "choose the interior discs that protect urn cards",
    "sufragi": "announce whether Sufragi universal is used",
    "stand": "declare whether you stand",
    "back": "back a side or abstain",
    "name_beneficiary": "name who takes the Generalitat",
    "bid": "bid participation discs",
}


def _is_seat(value: Any, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def _ones(discs: list[str]) -> list[str]:
    return [d for d in discs if DISC[d].value == 1]


def _twos(discs: list[str]) -> list[str]:
    return [d for d in discs if DISC[d].value == 2]


def _kinds_key(discs: list[str]) -> tuple[str, ...]:
    return tuple(sorted(DISC[d].kind for d in discs))


def _representatives(discs: list[str]) -> dict[str, list[str]]:
    """kind → the party's discs of that kind, lowest id first."""
    found: dict[str, list[str]] = {}
    for d in sorted(discs):
        found.setdefault(DISC[d].kind, []).append(d)
    return found


def _exact_possible(discs: list[str], amount: int) -> bool:
    """Exact payment fails only for an odd amount without a 1 € disc (value already covers it)."""
    return amount % 2 == 0 or bool(_ones(discs))


def pay_options(discs: list[str], due: int, twos_only: bool) -> list[list[str]]:
    """Every distinct choice of kinds that makes exactly `due` € (in 2 € discs only when
    `twos_only`), each as the lowest ids of its kinds."""
    by_kind = [(k, DISC[ids[0]].value, ids) for k, ids in _representatives(discs).items()
               if not (twos_only and DISC[ids[0]].value == 1)]
    suffix = [0] * (len(by_kind) + 1)
    for i in range(len(by_kind) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + by_kind[i][1] * len(by_kind[i][2])
    found: list[list[str]] = []

    def walk(i: int, remaining: int, chosen: list[str]) -> None:
        if remaining == 0:
            found.append(sorted(chosen))
            return
        if i == len(by_kind) or remaining > suffix[i]:
            return
        _kind, worth, ids = by_kind[i]
        for count in range(min(len(ids), remaining // worth), -1, -1):
            walk(i + 1, remaining - count * worth, chosen + ids[:count])

    walk(0, due, [])
    return found


def auto_payment(discs: list[str], due: int, twos_only: bool) -> list[str]:
    """The automatic choice: 2 € discs first, as many as fit, then 1 € discs, lowest id first."""
    twos, ones = sorted(_twos(discs)), sorted(_ones(discs))
    if twos_only:
        return twos[: due // 2]
    used = min(len(twos), due // 2)
    return twos[:used] + ones[: due - 2 * used]


def change_options(discs: list[str]) -> list[list[str]]:
    """Every distinct pair of kinds among the 1 € discs, as the lowest ids of its kinds."""
    reps = _representatives(_ones(discs))
    pairs: list[list[str]] = []
    kinds = sorted(reps)
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            if a == b:
                if len(reps[a]) >= 2:
                    pairs.append(reps[a][:2])
            else:
                pairs.append([reps[a][0], reps[b][0]])
    return pairs


class Som(UntimedGame):
    id = "som"
    title = "Som el que decidim!"
    min_players = 1
    max_players = 4
    options_schema = OPTIONS_SCHEMA
    actions = ACTIONS

    # --- set-up ----------------------------------------------------------------------------------

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State:
        if isinstance(n_players, bool) or not isinstance(n_players, int) or not 1 <= n_players <= 4:
            raise IllegalAction("som.player_count",
                                f"Som el que decidim! is played by 1 to 4 players, not {n_players}.",
                                count=n_players if isinstance(n_players, int) else str(n_players))
        opts = check_options(OPTIONS_SCHEMA, dict(options))
        mode, holder = opts["mode"], opts["holder"]
        if n_players == 1 and mode in ("C", "A+C"):
            raise IllegalAction("som.solo_mode", "A game for one player is played in mode A or B.")
        if holder is not None and holder >= n_players:
            raise IllegalAction("som.bad_holder", f"The starting holder must be a seat from 0 to {n_players - 1}.",
                                high=n_players - 1)
        colours = rng.shuffle(list(COLOURS))[:n_players]
        if holder is None:
            holder = rng.randint(0, n_players - 1)
        twos, ones = rng.shuffle(list(TWOS)), rng.shuffle(list(ONES))
        per_two = 3 if n_players == 1 else 2
        hands = [sorted(twos[per_two * s: per_two * (s + 1)] + ones[2 * s: 2 * s + 2]) for s in range(n_players)]
        hisenda = sorted(twos[per_two * n_players:] + ones[2 * n_players:])
        cards = rng.shuffle([c.id for c in CARDS])
        board: dict[str, str | None] = dict(zip(CELLS, cards, strict=True))
        start = self._cell_of(board, START_CARD)
        state: State = {
            "n": n_players, "mode": mode, "kinds": mode in ("B", "C"), "degree": None, "colours": colours,
            "starting_holder": holder, "holder": holder, "turn": 0, "phase": "place_start",
            "hands": hands, "hisenda": hisenda, "participation": [0] * n_players, "pool": PARTICIPATION_DISCS,
            "board": board, "face_up": [START_CARD], "urn_area": [], "citizens": [start] * n_players,
            "die": None, "movers": [], "movement": None, "used": {HEALTH: False, JUSTICE: False},
            "payment": None, "pay_queue": [], "pending": None, "vote": None, "last_vote": None,
            "next_holder": None, "result": None, "log": [], "log_count": 0,
        }
        self._log(state, {"type": "game_started", "holder": holder, "colours": list(colours), "mode": mode})
        return state

    @staticmethod
    def _cell_of(board: dict[str, str | None], card: str) -> str:
        return next(cell for cell, here in board.items() if here == card)

    # --- reading a state -------------------------------------------------------------------------

    @staticmethod
    def _discs(s: State, party: Party) -> list[str]:
        found: list[str] = s["hisenda"] if party == HISENDA else s["hands"][party]
        return found

    def _value(self, s: State, party: Party) -> int:
        return total(self._discs(s, party))

    @staticmethod
    def _start_cell(s: State) -> str:
        return Som._cell_of(s["board"], START_CARD)

    @staticmethod
    def _atc_active(s: State) -> bool:
        return ATC_CARD in s["face_up"]

    def _waiting(self, s: State) -> tuple[str | None, list[int]]:
        """What the game waits on now and who may answer it."""
        phase = s["phase"]
        if phase == "game_over":
            return None, []
        if phase in ("place_start", "choose_centralism"):
            return phase, [s["starting_holder"]]
        payment = s["payment"]
        if payment is not None:
            step = payment["step"]
            return step, [payment["changer"] if step == "give_change" else payment["payer"]]
        if s["pending"] is not None:
            return s["pending"]["type"], [s["pending"]["seat"]]
        vote = s["vote"]
        if vote is not None:
            if vote["step"] == "bid":
                return "bid", [x for x in range(s["n"]) if str(x) not in vote["bids"]]
            return vote["step"], [vote["waiting_for"]]
        if phase == "cohesion":
            return "cohesion", [s["holder"]]
        if phase == "action" and s["movement"] is not None:
            return "move", [s["movement"]["mover"]]
        raise AssertionError(f"som: nothing to wait on in phase {phase}")

    def _moves(self, s: State) -> list[str]:
        """Cells the current mover may step to: every neighbour holding a card, the ones already stood on
        this movement included, until the movement has taken its MAX_STEPS steps."""
        movement = s["movement"]
        if movement is None or s["payment"] is not None or s["pending"] is not None or s["vote"] is not None:
            return []
        if movement["steps"] >= MAX_STEPS:
            return []
        return [c for c in neighbours(movement["cell"]) if s["board"][c] is not None]

    def _landing_effects(self, s: State) -> list[str]:
        """Health or justice, usable now after the holder's own citizen landed on their card."""
        movement = s["movement"]
        if movement is None or movement["mover"] != s["holder"] or not s["kinds"] or s["n"] < 2:
            return []
        if s["payment"] is not None or s["pending"] is not None or s["vote"] is not None:
            return []
        found = []
        for effect in movement["window"]:
            if s["used"][effect] or not any(DISC[d].kind == effect for d in s["hands"][s["holder"]]):
                continue
            if self._effect_targets(s, effect):
                found.append(effect)
        return found

    def _effect_targets(self, s: State, effect: str) -> list[int]:
        least = 1 if effect == HEALTH else 3
        return [x for x in self._others(s, s["holder"]) if self._value(s, x) >= least]

    @staticmethod
    def _others(s: State, seat: int) -> list[int]:
        """The other players in seat order from the one after `seat`."""
        return [(seat + i) % s["n"] for i in range(1, s["n"])]

    def _exchange_actions(self, s: State) -> list[Action]:
        if not s["kinds"] or s["n"] < 2:
            return []
        holder = s["holder"]
        kinds = _representatives(s["hands"][holder])
        actions = []
        for effect, targets in EXCHANGES.items():
            if len(kinds.get(effect, [])) < 2:
                continue
            for other in self._others(s, holder):
                for disc in s["hands"][other]:
                    if DISC[disc].kind in targets:
                        actions.append({"type": "use_disc_effect", "effect": effect, "target_disc": disc})
        return actions

    def _landing_actions(self, s: State) -> list[Action]:
        actions: list[Action] = []
        holder = s["holder"]
        for effect in self._landing_effects(s):
            targets = self._effect_targets(s, effect)
            if effect == HEALTH:
                most = sum(1 for d in s["hands"][holder] if DISC[d].kind == HEALTH)
                for size in range(1, min(most, len(targets)) + 1):
                    for chosen in combinations(targets, size):
                        actions.append({"type": "use_disc_effect", "effect": HEALTH, "targets": list(chosen)})
            else:
                for target in targets:
                    for amount in range(1, self._value(s, target) // 3 + 1):
                        actions.append({"type": "use_disc_effect", "effect": JUSTICE, "target": target,
                                        "amount": amount})
        return actions

    def _sufragi_options(self, s: State, mover: int) -> list[str]:
        if s["mode"] not in ("C", "A+C"):
            return []
        options = []
        if mover == s["holder"]:
            if s["mode"] == "C":
                if any(DISC[d].kind == "mossos" for d in s["hands"][mover]):
                    options.append("call_elections")
            elif self._value(s, mover) >= 3:
                options.append("call_elections")
        else:
            options.append("motion_of_censure")
        return options

    def _interior_held(self, s: State) -> list[tuple[str, int]]:
        return [(d, seat) for seat in range(s["n"]) for d in s["hands"][seat] if DISC[d].kind in INTERIOR]

    def _payment_choices(self, s: State) -> list[list[str]]:
        payment = s["payment"]
        if payment is None:
            return []
        step = payment["step"]
        if step == "pay":
            return pay_options(self._discs(s, payment["payer"]), self._due(payment), payment["overpay"])
        if step == "break_coin":
            return [[ids[0]] for ids in _representatives(_twos(self._discs(s, payment["payer"]))).values()]
        if step == "give_change":
            return change_options(self._discs(s, payment["changer"]))
        return []

    @staticmethod
    def _due(payment: dict[str, Any]) -> int:
        return int(payment["amount"]) + (1 if payment["overpay"] else 0)

    # --- the contract's queries ------------------------------------------------------------------

    def to_act(self, state: State) -> set[int]:
        return set(self._waiting(state)[1])

    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        waiting, seats = self._waiting(state)
        if waiting is None or seat not in seats:
            return []
        s = state
        if waiting == "place_start":
            start = self._start_cell(s)
            return [{"type": "place_start", "cell": None}] + [
                {"type": "place_start", "cell": c} for c in CELLS if c != start]
        if waiting == "choose_centralism":
            degrees = [d for d in DEGREES if not (s["n"] == 1 and d == "medium")]
            return [{"type": "choose_centralism", "degree": d} for d in (*degrees, "roll")]
        if waiting == "pay":
            return [{"type": "pay", "discs": c} for c in self._payment_choices(s)]
        if waiting == "break_coin":
            return [{"type": "break_coin", "disc": c[0]} for c in self._payment_choices(s)]
        if waiting == "give_change":
            return [{"type": "give_change", "discs": c} for c in self._payment_choices(s)]
        if waiting == "cohesion":
            return [*self._exchange_actions(s), *self._redistributions(s)]
        if waiting == "move":
            actions: list[Action] = [{"type": "move_citizen", "cell": c} for c in self._moves(s)]
            if s["movement"]["steps"] > 0:
                actions.append({"type": "stop_moving"})
            return actions + self._landing_actions(s)
        if waiting == "protect_urn":
            held = [d for d, _seat in self._interior_held(s)]
            most = min(len(held), len(s["urn_area"]))
            return [{"type": "protect_urn", "discs": list(chosen)}
                    for size in range(most + 1) for chosen in combinations(held, size)]
        if waiting == "sufragi":
            return [{"type": t} for t in s["pending"]["options"]]
        vote = s["vote"]
        if waiting == "stand":
            return [{"type": "stand", "stand": True}, {"type": "stand", "stand": False}]
        if waiting == "back":
            if vote["kind"] == "elections":
                return [{"type": "back", "candidate": c} for c in (*vote["candidates"], None)]
            return [{"type": "back", "side": side} for side in ("motion", "government", None)]
        if waiting == "name_beneficiary":
            return [{"type": "name_beneficiary", "player": p} for p in vote["sides"]["motion"]]
        if waiting == "bid":
            return [{"type": "bid", "count": c} for c in range(s["participation"][seat] + 1)]
        raise AssertionError(waiting)

    def _redistributions(self, s: State) -> list[Action]:
        """A representative set: no gift, every single gift, and all but one disc to each other player."""
        holder = s["holder"]
        hand = s["hands"][holder]
        found: list[Action] = [{"type": "redistribute", "gifts": []}]
        if len(hand) < 2:
            return found
        others = self._others(s, holder)
        for disc in hand:
            for other in others:
                found.append({"type": "redistribute", "gifts": [{"disc": disc, "to": other}]})
        if len(hand) > 2:
            for other in others:
                found.append({"type": "redistribute", "gifts": [{"disc": d, "to": other} for d in hand[1:]]})
        return found

    # --- the view --------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything but face-down cards, the Hisenda's kinds and unrevealed bids (docs/som-view.md)."""
        check_seat(seat, state["n"])
        s = state
        waiting, seats = self._waiting(s)
        face_up = set(s["face_up"])
        board = []
        for cell in CELLS:
            card = s["board"][cell]
            row, col = POS[cell]
            known = card if card is not None and card in face_up else None
            board.append({
                "cell": cell, "row": row, "col": col,
                "state": "empty" if card is None else "face_up" if known else "face_down",
                "card": known, "flag": CARD[known].flag if known else None,
                "symbol": CARD[known].symbol if known else None,
                "citizens": [x for x in range(s["n"]) if s["citizens"][x] == cell],
            })
        vote = s["vote"]
        bidding = vote is not None and vote["step"] == "bid"
        players = []
        for x in range(s["n"]):
            hand = s["hands"][x]
            players.append({
                "seat": x, "colour": s["colours"][x], "cell": s["citizens"][x], "value": total(hand),
                "participation": s["participation"][x],
                "discs": [{"id": d, "kind": DISC[d].kind, "value": DISC[d].value, "group": DISC[d].group}
                          for d in hand],
                "is_holder": x == s["holder"], "bid_done": bool(bidding and str(x) in vote["bids"]),
            })
        hisenda = s["hisenda"]
        die = None
        if s["die"] is not None:
            die = {"face": s["die"], "number": FACE_NUMBER[s["die"]], "movers": self._movers_of(s)}
        pending = self._pending_view(s, waiting, seats)
        payment = s["payment"]
        payment_view = None
        if payment is not None:
            payment_view = {k: payment[k] for k in ("payer", "payee", "amount", "reason", "step", "changer",
                                                     "overpay", "broken")}
            if payment["broken"] in hisenda:  # the Hisenda's coin: named only once it reaches a player's hands
                payment_view["broken"] = None
            payment_view["due"] = self._due(payment)
            payment_view["choices"] = self._payment_choices(s)
        movement = s["movement"]
        movement_view = None
        if movement is not None:
            movement_view = {k: clone(movement[k]) for k in ("mover", "start", "cell", "visited", "steps", "landed")}
            movement_view["first_step"] = movement["steps"] == 0
        effects: list[Action] = []
        if waiting == "cohesion":
            effects = self._exchange_actions(s)
        elif waiting == "move":
            effects = self._landing_actions(s)
        shown: dict[str, Any] = {
            "game": self.id,
            "n": s["n"],
            "mode": s["mode"],
            "kinds_matter": s["kinds"],
            "degree": s["degree"],
            "phase": s["phase"],
            "turn": s["turn"],
            "holder": s["holder"],
            "starting_holder": s["starting_holder"],
            "colours": list(s["colours"]),
            "seat_of_colour": {c: x for x, c in enumerate(s["colours"])},
            "die": die,
            "movers_left": list(s["movers"]),
            "players": players,
            "hisenda": {"ones": len(_ones(hisenda)), "twos": len(_twos(hisenda)), "value": total(hisenda)},
            "pool": s["pool"],
            "urn_area": list(s["urn_area"]),
            "board": board,
            "start_cell": self._start_cell(s),
            "atc_active": self._atc_active(s),
            "used": dict(s["used"]),
            "to_act": sorted(seats),
            "pending": pending,
            "payment": payment_view,
            "movement": movement_view,
            "moves": self._moves(s) if waiting == "move" else [],
            "can_stop": waiting == "move" and movement is not None and movement["steps"] > 0,
            "effects": effects,
            "vote": self._vote_view(s),
            "last_vote": clone(s["last_vote"]),
            "result": clone(s["result"]),
            "log": clone(s["log"]),
            "log_count": s["log_count"],
        }
        if seat is not None:
            shown["you"] = seat
            shown["my_bid"] = vote["bids"].get(str(seat)) if bidding else None
            if bidding:
                shown["vote"]["my_bid"] = shown["my_bid"]
        return shown

    def _movers_of(self, s: State) -> list[int]:
        face = s["die"]
        n, holder = s["n"], s["holder"]
        if n == 1:
            return [0]
        if face == GENERALITAT_FACE:
            return [holder]
        if face == EVERYONE_FACE:
            return [(holder + i) % n for i in range(n)]
        return [s["colours"].index(face)]

    def _pending_view(self, s: State, waiting: str | None, seats: list[int]) -> dict[str, Any] | None:
        if waiting is None:
            return None
        pending: dict[str, Any]
        if waiting == "bid":
            return {"type": "bid", "seat": None, "seats": list(seats)}
        pending = {"type": waiting, "seat": seats[0]}
        if waiting == "place_start":
            start = self._start_cell(s)
            pending["cells"] = [c for c in CELLS if c != start]
        elif waiting == "choose_centralism":
            pending["degrees"] = [d for d in (*DEGREES, "roll") if not (s["n"] == 1 and d == "medium")]
        elif waiting == "move":
            pending["first_step"] = s["movement"]["steps"] == 0
        elif waiting == "protect_urn":
            pending["card"] = s["pending"]["card"]
            pending["max"] = len(s["urn_area"])
            pending["interior"] = [{"disc": d, "owner": o} for d, o in self._interior_held(s)]
        elif waiting == "sufragi":
            pending["options"] = list(s["pending"]["options"])
        elif waiting == "name_beneficiary":
            pending["players"] = list(s["vote"]["sides"]["motion"])
        return pending

    def _vote_view(self, s: State) -> dict[str, Any] | None:
        vote = s["vote"]
        if vote is None:
            return None
        return {
            "kind": vote["kind"], "step": vote["step"], "caller": vote["caller"], "holder": vote["holder"],
            "candidates": list(vote["candidates"]) if vote["kind"] == "elections" else None,
            "stood": dict(vote["stood"]) if vote["kind"] == "elections" else None,
            "backing": dict(vote["backing"]) if vote["kind"] == "elections" else None,
            "sides": clone(vote["sides"]) if vote["kind"] == "motion" else None,
            "beneficiary": vote["beneficiary"],
            "waiting_for": vote["waiting_for"] if vote["step"] != "bid" else None,
            "bid_done": sorted(int(x) for x in vote["bids"]),
        }

    # --- apply -----------------------------------------------------------------------------------

    def apply(self, state: State, seat: int | None, action: Action, rng: Rng) -> State:
        check_action(ACTIONS, state["n"], seat, action)
        kind = action["type"]
        if state["phase"] == "game_over":
            raise IllegalAction("som.game_over", "The game is over.")
        if seat is None:
            raise IllegalAction("som.not_playing", "Only a player at this table can do that.")
        waiting, seats = self._waiting(state)
        assert waiting is not None
        if seat not in seats:
            if waiting == "bid":
                raise IllegalAction("som.already_bid", "You have already bid: wait for the others.")
            raise IllegalAction("som.not_your_turn", f"It is not your turn: wait for seat {seats[0] + 1}.",
                                player=seat_ref(seats[0]))
        if kind not in ANSWERS[waiting]:
            raise IllegalAction("som.not_now", f"You cannot do that now: {HINT_TEXT[waiting]}.",
                                hint=msg(HINT[waiting]))
        new = clone_keeping_log(state)
        getattr(self, f"_do_{kind}")(new, seat, action, rng, waiting)
        self._run(new, rng)
        new["log"] = new["log"][-LOG_KEPT:]
        return new

    # --- set-up actions ----------------------------------------------------------------------------

    def _do_place_start(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        cell = action.get("cell")
        start = self._start_cell(s)
        if cell is not None and cell not in CELL_INDEX:
            raise IllegalAction("som.no_such_cell", "Name a cell of the board, such as D3.")
        if cell == start:
            raise IllegalAction("som.start_same",
                                "Name another cell to swap with, or none to leave Concentració nacional where it is.")
        target = start if cell is None else cell
        board = s["board"]
        board[start], board[target] = board[target], board[start]
        s["citizens"] = [target] * s["n"]
        s["phase"] = "choose_centralism"
        self._log(s, {"type": "start_placed", "seat": seat, "from": start, "to": target})

    def _do_choose_centralism(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        degree = action.get("degree")
        if degree not in (*DEGREES, "roll"):
            raise IllegalAction("som.degree_bad", "Choose medium, high, intense or roll.")
        if degree == "medium" and s["n"] == 1:
            raise IllegalAction("som.degree_solo", "A game for one player is played at high or intense centralism.")
        rolls = []
        if degree == "roll":
            while True:  # the die's number; a lone player rolls a 0 again (never for missing colours)
                face = FACES[rng.die(6) - 1]
                rolls.append(face)
                number = FACE_NUMBER[face]
                if not (s["n"] == 1 and number == 0):
                    break
            degree = DEGREE_OF_NUMBER[number]
        s["degree"] = degree
        self._log(s, {"type": "centralism", "seat": seat, "degree": degree, "rolls": rolls})
        self._start_turn(s, s["starting_holder"])

    # --- money ---------------------------------------------------------------------------------------

    def _queue(self, s: State, payer: Party, payee: Party, amount: int, reason: str,
               provoker: int | None = None) -> None:
        s["pay_queue"].append({"payer": payer, "payee": payee, "amount": amount, "reason": reason,
                               "provoker": provoker})

    def _changer(self, s: State, payer: Party) -> Party | None:
        """The change-giver: the Hisenda, then the holder, then the others from after the holder."""
        if payer != HISENDA and len(_ones(s["hisenda"])) >= 2:
            return HISENDA
        holder = s["holder"]
        for seat in (holder, *self._others(s, holder)):
            if seat != payer and len(_ones(s["hands"][seat])) >= 2:
                return seat
        return None

    def _move_disc(self, s: State, disc: str, source: Party, target: Party) -> None:
        self._discs(s, source).remove(disc)
        into = self._discs(s, target)
        into.append(disc)
        into.sort()

    def _progress_payment(self, s: State, rng: Rng) -> bool:
        """Carry the payment as far as it goes; False when it waits on a player's choice."""
        p = s["payment"]
        payer = p["payer"]
        if p["step"] == "start":
            if self._value(s, payer) < p["amount"]:
                self._payment_failed(s, p)
                return True
            if p["amount"] == 0:
                s["payment"] = None
                return True
            if _exact_possible(self._discs(s, payer), p["amount"]):
                p["step"] = "pay"
            else:
                changer = self._changer(s, payer)
                if changer is None:
                    p["overpay"] = True  # no change-giver: pay N + 1 in 2 € discs, no change
                    p["step"] = "pay"
                else:
                    p["changer"] = changer
                    p["step"] = "break_coin"
        if p["step"] == "break_coin":
            twos = sorted(_twos(self._discs(s, payer)))
            if payer == HISENDA:
                p["broken"] = rng.choice(twos)
            elif s["kinds"] and len(_representatives(twos)) >= 2:
                return False
            else:
                p["broken"] = twos[0]
            p["step"] = "give_change"
        if p["step"] == "give_change":
            changer = p["changer"]
            ones = sorted(_ones(self._discs(s, changer)))
            if changer == HISENDA:
                pair = rng.shuffle(list(ones))[:2]
            elif s["kinds"] and len(change_options(ones)) >= 2:
                return False
            else:
                pair = ones[:2]
            self._break(s, p, pair)
        if p["step"] == "pay":
            due = self._due(p)
            discs = self._discs(s, payer)
            if payer == HISENDA:
                twos, ones = rng.shuffle(sorted(_twos(discs))), rng.shuffle(sorted(_ones(discs)))
                if p["overpay"]:
                    chosen = twos[: due // 2]
                else:
                    used = min(len(twos), due // 2)
                    chosen = twos[:used] + ones[: due - 2 * used]
            elif s["kinds"] and len(pay_options(discs, due, p["overpay"])) >= 2:
                return False
            else:
                chosen = auto_payment(discs, due, p["overpay"])
            self._hand_over(s, chosen)
        return True

    def _break(self, s: State, p: dict[str, Any], pair: list[str]) -> None:
        """The payer gives its 2 € disc to the change-giver and receives two 1 € discs."""
        payer, changer, broken = p["payer"], p["changer"], p["broken"]
        self._move_disc(s, broken, payer, changer)
        for disc in pair:
            self._move_disc(s, disc, changer, payer)
        self._log(s, {"type": "change", "payer": payer, "changer": changer,
                      "broken": None if changer == HISENDA else broken,
                      "received": None if payer == HISENDA else sorted(pair)})
        p["step"] = "pay"

    def _hand_over(self, s: State, chosen: list[str]) -> None:
        p = s["payment"]
        for disc in chosen:
            self._move_disc(s, disc, p["payer"], p["payee"])
        self._log(s, {"type": "paid", "payer": p["payer"], "payee": p["payee"], "amount": p["amount"],
                      "handed": total(chosen), "reason": p["reason"],
                      "discs": None if p["payee"] == HISENDA else sorted(chosen),
                      "ones": len(_ones(chosen)), "twos": len(_twos(chosen))})
        s["payment"] = None

    def _payment_failed(self, s: State, p: dict[str, Any]) -> None:
        if p["payer"] == HISENDA:
            self._game_over(s, "dui", provoker=p["provoker"])
        elif p["reason"] == "tax":
            self._game_over(s, "intervened", debtor=p["payer"])
        else:  # card taxes and costs are checked before they are charged
            raise AssertionError(f"som: unchecked payment failed: {p}")

    def _do_pay(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        p = s["payment"]
        due = self._due(p)
        discs = self._own_discs(s, seat, action.get("discs"))
        if p["overpay"] and _ones(discs):
            raise IllegalAction("som.pay_twos_only",
                                f"Nobody can give change: pay {due} € in 2 € discs only.", due=due)
        if total(discs) != due:
            raise IllegalAction("som.pay_wrong_total", f"Those discs make {total(discs)} €: pay exactly {due} €.",
                                paid=total(discs), due=due)
        self._hand_over(s, discs)

    def _own_discs(self, s: State, seat: int, discs: Any) -> list[str]:
        if not isinstance(discs, list) or not all(isinstance(d, str) for d in discs) or len(set(discs)) != len(discs):
            raise IllegalAction("som.bad_discs", "Name a list of different discs, such as [\"health1\", \"roads2\"].")
        mine = set(s["hands"][seat])
        stray = [d for d in discs if d not in mine]
        if stray:
            raise IllegalAction("som.not_your_disc", f"You do not hold {', '.join(stray)}.", discs=", ".join(stray))
        return list(discs)

    def _do_break_coin(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        disc = action.get("disc")
        if not isinstance(disc, str) or disc not in s["hands"][seat] or DISC[disc].value != 2:
            raise IllegalAction("som.break_not_two", "Break one of your own 2 € discs.")
        s["payment"]["broken"] = disc
        s["payment"]["step"] = "give_change"

    def _do_give_change(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        discs = self._own_discs(s, seat, action.get("discs"))
        if len(discs) != 2 or _twos(discs):
            raise IllegalAction("som.change_two_ones", "Give two of your own 1 € discs as change.")
        self._break(s, s["payment"], sorted(discs))

    # --- the turn's automatic steps ------------------------------------------------------------------

    def _run(self, s: State, rng: Rng) -> None:
        """Run every automatic step until the game waits on a player (or is over)."""
        while True:
            if s["phase"] == "game_over":
                return
            if s["payment"] is not None:
                if not self._progress_payment(s, rng):
                    return
                continue
            if s["pay_queue"]:
                entry = s["pay_queue"].pop(0)
                s["payment"] = {**entry, "step": "start", "changer": None, "broken": None, "overpay": False}
                continue
            phase = s["phase"]
            if phase == "taxation":
                self._roll_transfer(s, rng)
            elif phase == "transfer":
                if s["n"] == 1:  # phase 3 is skipped
                    self._begin_action(s)
                else:
                    s["phase"] = "cohesion"
            elif phase == "action":
                if s["pending"] is not None:
                    return
                if s["vote"] is not None:
                    if not self._advance_vote(s):
                        return
                    continue
                movement = s["movement"]
                if movement is None:
                    if s["movers"]:
                        self._start_movement(s)
                    else:
                        self._end_turn(s)
                    continue
                if self._moves(s):
                    return
                if movement["steps"] == 0:
                    self._end_movement(s, "no_step")
                elif not self._landing_effects(s):
                    # The card stepped from is always a step back, so only the step limit leaves no step.
                    self._end_movement(s, "step_limit")
                else:
                    return
            else:  # set-up and phase 3 wait on a player
                return

    def _start_turn(self, s: State, holder: int) -> None:
        s.update(holder=holder, turn=s["turn"] + 1, phase="taxation", die=None, movers=[], movement=None,
                 next_holder=None, used={HEALTH: False, JUSTICE: False})
        self._log(s, {"type": "turn_started", "seat": holder, "turn": s["turn"]})
        atc = self._atc_active(s)
        if s["n"] == 1:
            self._queue(s, 0, HISENDA, 2 if atc else 3, "tax")
            return
        for other in self._others(s, holder):
            self._queue(s, other, holder if atc else HISENDA, 1, "tax")
        # The holder's own tax plus territorial solidarity; with the ATC the own tax is paid to oneself.
        self._queue(s, holder, HISENDA, 1 if atc else 2, "tax")

    def _roll_transfer(self, s: State, rng: Rng) -> None:
        rerolled = []
        while True:
            face = FACES[rng.die(6) - 1]
            if s["n"] == 1 or face in (GENERALITAT_FACE, EVERYONE_FACE) or face in s["colours"]:
                break
            rerolled.append(face)  # a colour not in the game is rolled again
        s["die"] = face
        s["phase"] = "transfer"
        self._log(s, {"type": "rolled", "seat": s["holder"], "face": face, "number": FACE_NUMBER[face],
                      "rerolled": rerolled})
        if FACE_NUMBER[face]:
            self._queue(s, HISENDA, s["holder"], FACE_NUMBER[face], "transfer", provoker=s["holder"])

    def _begin_action(self, s: State) -> None:
        s["phase"] = "action"
        s["movers"] = self._movers_of(s)
        s["movement"] = None

    def _start_movement(self, s: State) -> None:
        mover = s["movers"].pop(0)
        cell = s["citizens"][mover]
        s["movement"] = {"mover": mover, "start": cell, "cell": cell, "visited": [cell], "steps": 0,
                         "landed": None, "window": []}
        self._log(s, {"type": "movement_started", "seat": mover, "cell": cell})

    def _end_movement(self, s: State, why: str, phase_ends: bool = False) -> None:
        """End the current movement; `phase_ends`: nobody else moves this turn (the State acted,
        or Sufragi universal was announced)."""
        mover, steps = s["movement"]["mover"], s["movement"]["steps"]
        self._log(s, {"type": "movement_ended", "seat": mover, "cell": s["citizens"][mover], "why": why,
                      "steps": steps})
        s["movement"] = None
        if phase_ends:
            s["movers"] = []

    def _end_turn(self, s: State) -> None:
        holder = s["holder"]
        chosen = s["next_holder"]
        nxt = chosen if chosen is not None else (holder + 1) % s["n"]
        self._log(s, {"type": "turn_ended", "seat": holder, "next": nxt,
                      "why": "vote" if chosen is not None else "rotation"})
        self._start_turn(s, nxt)

    # --- phase 3 ---------------------------------------------------------------------------------------

    def _do_redistribute(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
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
            if not _is_seat(to, s["n"]) or to == seat:
                raise IllegalAction("som.gift_to", "Gifts go to the other players.")
            given.append(disc)
        if given and len(given) >= len(hand):
            raise IllegalAction("som.keep_one_disc", "You must keep at least one public-management disc.")
        received: dict[int, int] = {}
        for gift in gifts:
            self._move_disc(s, gift["disc"], seat, gift["to"])
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
        self._log(s, {"type": "gifts", "seat": seat, "gifts": [{"disc": g["disc"], "to": g["to"]} for g in gifts],
                      "reward": reward, "taken": taken, "from_pool": from_pool})
        self._begin_action(s)

    def _do_use_disc_effect(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        effect = action.get("effect")
        if effect not in EFFECTS:
            raise IllegalAction("som.effect_unknown",
                                "Name an effect: education, railways, roads, forests, energy, housing, health "
                                "or justice.")
        if not s["kinds"] or s["n"] < 2:
            raise IllegalAction("som.no_disc_effects", "Disc effects are played in modes B and C with 2 or more "
                                                       "players.")
        if effect in EXCHANGES:
            if waiting != "cohesion":
                raise IllegalAction("som.exchange_phase", "Exchanges are made in phase 3, before redistributing.")
            self._exchange(s, seat, effect, action.get("target_disc"))
        elif effect == HEALTH:
            self._health(s, seat, action.get("targets"))
        else:
            self._justice(s, seat, action.get("target"), action.get("amount"))

    def _exchange(self, s: State, seat: int, effect: str, target_disc: Any) -> None:
        pair = [d for d in s["hands"][seat] if DISC[d].kind == effect][:2]
        if len(pair) < 2:
            raise IllegalAction("som.exchange_pair", "That exchange needs two discs of its kind.")
        owner = next((x for x in self._others(s, seat) if target_disc in s["hands"][x]), None)
        if not isinstance(target_disc, str) or owner is None:
            raise IllegalAction("som.target_not_held", "Take a disc that another player holds.")
        if DISC[target_disc].kind not in EXCHANGES[effect]:
            raise IllegalAction("som.target_kind", "That exchange cannot take a disc of that kind.")
        self._move_disc(s, target_disc, owner, seat)
        self._move_disc(s, pair[0], seat, owner)  # one of the pair to the player who lost the disc
        self._move_disc(s, pair[1], seat, HISENDA)  # the other to the Hisenda
        self._log(s, {"type": "exchange", "seat": seat, "effect": effect, "target": owner, "taken": target_disc,
                      "given": pair[0]})

    def _health(self, s: State, seat: int, targets: Any) -> None:
        if HEALTH not in self._landing_effects(s):
            raise IllegalAction("som.effect_not_now",
                                "That effect can be used only once a turn, right after your own citizen lands on "
                                "its card, holding a disc of its kind.")
        most = sum(1 for d in s["hands"][seat] if DISC[d].kind == HEALTH)
        eligible = self._effect_targets(s, HEALTH)
        if (not isinstance(targets, list) or not targets or len(targets) > most
                or len(set(map(repr, targets))) != len(targets) or any(t not in eligible for t in targets)
                or any(isinstance(t, bool) for t in targets)):
            raise IllegalAction("som.health_targets",
                                f"Charge 1 € to 1 to {most} other players who hold at least 1 €.", most=most)
        s["used"][HEALTH] = True
        s["movement"]["window"].remove(HEALTH)
        ordered = [x for x in self._others(s, seat) if x in targets]
        self._log(s, {"type": "health_tax", "seat": seat, "targets": ordered})
        for target in ordered:
            self._queue(s, target, seat, 1, "health")

    def _justice(self, s: State, seat: int, target: Any, amount: Any) -> None:
        if JUSTICE not in self._landing_effects(s):
            raise IllegalAction("som.effect_not_now",
                                "That effect can be used only once a turn, right after your own citizen lands on "
                                "its card, holding a disc of its kind.")
        if not _is_seat(target, s["n"]) or target not in self._effect_targets(s, JUSTICE):
            raise IllegalAction("som.justice_target", "Charge another player who holds at least 3 €.")
        most = self._value(s, target) // 3
        if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= most:
            raise IllegalAction("som.justice_amount", f"Charge from 1 to {most} €.", most=most)
        s["used"][JUSTICE] = True
        s["movement"]["window"].remove(JUSTICE)
        self._log(s, {"type": "justice_tax", "seat": seat, "target": target, "amount": amount})
        self._queue(s, target, seat, amount, "justice")

    # --- phase 4 -----------------------------------------------------------------------------------

    def _do_move_citizen(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        cell = action.get("cell")
        movement = s["movement"]
        moves = self._moves(s)
        if cell not in CELL_INDEX:
            raise IllegalAction("som.no_such_cell", "Name a cell of the board, such as D3.")
        if movement["steps"] >= MAX_STEPS:
            raise IllegalAction(NP_("som.step_limit"), f"Your citizen has already taken {MAX_STEPS} steps, the "
                                                       "most a movement allows: stop here.", count=MAX_STEPS)
        if cell not in moves:  # a card stood on earlier in this movement is a step like any other
            cells = ", ".join(moves) or "-"
            if cell not in neighbours(movement["cell"]):
                raise IllegalAction("som.cell_not_neighbour",
                                    f"Step to a cell next to your citizen: {cells}.", cells=cells)
            raise IllegalAction("som.cell_empty", f"That cell has no card: step to {cells}.", cells=cells)
        mover = movement["mover"]
        came_from = movement["cell"]
        card = s["board"][cell]
        revealed = card not in s["face_up"]
        if revealed:
            s["face_up"].append(card)
            s["face_up"].sort()
        s["citizens"][mover] = cell
        movement.update(cell=cell, steps=movement["steps"] + 1, landed=card, window=[])
        movement["visited"].append(cell)
        self._log(s, {"type": "moved", "seat": mover, "from": came_from, "cell": cell, "card": card,
                      "revealed": revealed})
        flag = CARD[card].flag
        if flag == URN:
            self._urn_found(s, mover, cell, card, came_from)
        elif flag == SPAIN:
            if revealed:
                self._spain_revealed(s, mover, cell, card, rng)
            else:
                self._end_movement(s, "spain")  # a face-up Spain card stops the movement like a world card
        elif flag == WORLD:
            options = self._sufragi_options(s, mover) if card == SUFFRAGE_CARD else []
            if options:
                s["pending"] = {"type": "sufragi", "seat": mover, "options": [*options, "decline_vote"]}
            else:
                self._end_movement(s, "world")
        else:
            assert flag == CATALUNYA
            symbol = CARD[card].symbol
            if revealed and symbol == ECONOMIC:
                self._log(s, {"type": "economic", "seat": mover, "card": card})
                self._queue(s, HISENDA, mover, 3, "economic", provoker=mover)
            if symbol in (HEALTH, JUSTICE) and card in (HEALTH_CARD, JUSTICE_CARD):
                movement["window"] = [symbol]

    def _urn_found(self, s: State, mover: int, cell: str, card: str, came_from: str) -> None:
        s["board"][cell] = None
        s["face_up"].remove(card)
        s["urn_area"].append(card)
        s["citizens"][mover] = came_from  # back to the card it stepped from; its symbol does not trigger
        s["movement"]["cell"] = came_from
        self._log(s, {"type": "urn_found", "seat": mover, "card": card, "cell": cell, "back_to": came_from,
                      "urns": len(s["urn_area"])})
        if len(s["urn_area"]) == URN_COUNT:
            self._game_over(s, "referendum")
            return
        self._end_movement(s, "urn")

    def _do_stop_moving(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        if s["movement"]["steps"] == 0:
            raise IllegalAction("som.first_step", "The first step is compulsory: move your citizen.")
        self._end_movement(s, "stopped")

    # --- the State acts --------------------------------------------------------------------------------

    def _spain_revealed(self, s: State, mover: int, cell: str, card: str, rng: Rng) -> None:
        if s["kinds"] and s["urn_area"] and self._interior_held(s):
            s["pending"] = {"type": "protect_urn", "seat": s["holder"], "card": card, "cell": cell, "revealer": mover}
            return
        self._state_acts(s, mover, cell, card, [], rng)

    def _do_protect_urn(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        discs = action.get("discs")
        if not isinstance(discs, list) or not all(isinstance(d, str) for d in discs) or len(set(discs)) != len(discs):
            raise IllegalAction("som.bad_discs", "Name a list of different discs, such as [\"health1\", \"roads2\"].")
        held = {d: owner for d, owner in self._interior_held(s)}
        if any(d not in held for d in discs):
            raise IllegalAction("som.protect_interior",
                                "Protect urn cards with mossos d'esquadra or firefighters discs that players hold.")
        most = len(s["urn_area"])
        if len(discs) > most:
            raise IllegalAction("som.protect_too_many", f"You can protect at most {most} urn cards.", most=most)
        pending = s["pending"]
        s["pending"] = None
        for disc in discs:
            self._move_disc(s, disc, held[disc], HISENDA)
        self._state_acts(s, pending["revealer"], pending["cell"], pending["card"], sorted(discs), rng)

    def _state_acts(self, s: State, revealer: int, cell: str, card: str, protecting: list[str], rng: Rng) -> None:
        board = s["board"]
        protected = s["urn_area"][: len(protecting)]  # the earliest set aside
        start = self._start_cell(s)
        s["citizens"] = [start] * s["n"]  # in protest and self-affirmation
        collected_cells = [c for c in CELLS if board[c] is not None and board[c] in s["face_up"]
                           and CARD[board[c]].flag == CATALUNYA and board[c] != START_CARD]
        degree = s["degree"]
        if degree == "intense":
            collected_cells.append(cell)
        elif degree == "high":
            others = [c for c in CELLS if c != cell and board[c] is not None and board[c] in s["face_up"]
                      and CARD[board[c]].flag == SPAIN and aligned(c, cell)]
            if others:
                collected_cells += [cell, *others]
        collected_cells.sort(key=CELL_INDEX.__getitem__)
        deck = [board[c] for c in collected_cells]
        returning = s["urn_area"][len(protecting):]
        s["urn_area"] = protected
        for c in collected_cells:
            s["face_up"].remove(board[c])
            board[c] = None
        deck_ids: list[str] = [d for d in deck if d is not None] + returning
        collected = list(deck_ids)
        rng.shuffle(deck_ids)
        empty = [c for c in CELLS if board[c] is None]
        if len(empty) > len(deck_ids):
            # Cards go first to the empty cells next to Concentració nacional, so nobody is stranded there.
            near = [c for c in empty if c in neighbours(start)]
            far = [c for c in empty if c not in near]
            if len(deck_ids) <= len(near):
                receiving = rng.shuffle(near)[: len(deck_ids)]
            else:
                receiving = near + rng.shuffle(far)[: len(deck_ids) - len(near)]
        else:
            receiving = empty
        receiving = sorted(receiving, key=CELL_INDEX.__getitem__)
        for c, dealt in zip(receiving, deck_ids, strict=True):
            board[c] = dealt
        self._log(s, {"type": "state_acts", "seat": revealer, "card": card, "cell": cell, "degree": degree,
                      "protected": list(protected), "protecting": list(protecting), "collected": collected,
                      "relaid": list(receiving)})
        s["movement"]["cell"] = start
        self._end_movement(s, "spain", phase_ends=True)

    # --- mode C: votes -------------------------------------------------------------------------------

    def _do_decline_vote(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        s["pending"] = None
        self._log(s, {"type": "sufragi", "seat": seat, "choice": "declined", "paid_with": None})
        self._end_movement(s, "declined", phase_ends=True)  # declining ends the turn

    def _do_call_elections(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        if "call_elections" not in s["pending"]["options"]:
            raise IllegalAction("som.elections_not_allowed",
                                "Only the holder calls elections, handing over a mossos d'esquadra disc (mode C) "
                                "or paying 3 € (A+C).")
        s["pending"] = None
        if s["mode"] == "C":
            disc = min(d for d in s["hands"][seat] if DISC[d].kind == "mossos")
            self._move_disc(s, disc, seat, HISENDA)
            paid_with: str = disc
        else:
            self._queue(s, seat, HISENDA, 3, "elections")
            paid_with = "3€"
        self._log(s, {"type": "sufragi", "seat": seat, "choice": "elections", "paid_with": paid_with})
        self._end_movement(s, "vote", phase_ends=True)
        order = self._others(s, seat)
        s["vote"] = {"kind": "elections", "step": "stand", "caller": seat, "holder": seat, "order": order,
                     "candidates": [seat], "stood": {}, "backing": {}, "sides": None, "beneficiary": None,
                     "waiting_for": None, "bids": {}}

    def _do_motion_of_censure(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        if "motion_of_censure" not in s["pending"]["options"]:
            raise IllegalAction("som.motion_not_allowed",
                                "Only a citizen who is not the holder can present a motion of censure.")
        s["pending"] = None
        holder = s["holder"]
        self._log(s, {"type": "sufragi", "seat": seat, "choice": "motion", "paid_with": None})
        self._end_movement(s, "vote", phase_ends=True)
        order = [x for x in self._others(s, holder) if x != seat]
        s["vote"] = {"kind": "motion", "step": "back", "caller": seat, "holder": holder, "order": order,
                     "candidates": None, "stood": None, "backing": None,
                     "sides": {"motion": [seat], "government": [holder], "abstain": []},
                     "beneficiary": None, "waiting_for": None, "bids": {}}

    def _do_stand(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        stand = action.get("stand")
        if not isinstance(stand, bool):
            raise IllegalAction("som.stand_bool", "Say whether you stand: true or false.")
        s["vote"]["stood"][str(seat)] = stand
        self._log(s, {"type": "stand", "seat": seat, "stand": stand})

    def _do_back(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        vote = s["vote"]
        if vote["kind"] == "elections":
            candidate = action.get("candidate")
            if candidate is not None and (isinstance(candidate, bool) or candidate not in vote["candidates"]):
                raise IllegalAction("som.back_candidate", "Back one of the candidates, or nobody to abstain.")
            vote["backing"][str(seat)] = candidate
            self._log(s, {"type": "backed", "seat": seat, "candidate": candidate})
        else:
            side = action.get("side")
            if side not in ("motion", "government", None):
                raise IllegalAction("som.back_side", "Back the motion or the government, or nobody to abstain.")
            vote["sides"][side or "abstain"].append(seat)
            self._log(s, {"type": "backed", "seat": seat, "side": side})

    def _do_name_beneficiary(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        vote = s["vote"]
        player = action.get("player")
        if isinstance(player, bool) or player not in vote["sides"]["motion"]:
            raise IllegalAction("som.beneficiary_side", "Name a member of the motion's side.")
        vote["beneficiary"] = player
        self._log(s, {"type": "beneficiary", "seat": seat, "player": player})

    def _do_bid(self, s: State, seat: int, action: Action, rng: Rng, waiting: str) -> None:
        count = action.get("count")
        most = s["participation"][seat]
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= most:
            raise IllegalAction("som.bid_range", f"Bid from 0 to {most} participation discs.", most=most)
        s["vote"]["bids"][str(seat)] = count
        self._log(s, {"type": "bid_placed", "seat": seat})

    def _advance_vote(self, s: State) -> bool:
        """Move the vote to the next declaration; True once it is resolved."""
        vote = s["vote"]
        if s["payment"] is not None or s["pay_queue"]:
            return False
        if vote["kind"] == "elections":
            if vote["step"] == "stand":
                nxt = next((x for x in vote["order"] if str(x) not in vote["stood"]), None)
                if nxt is not None:
                    vote["waiting_for"] = nxt
                    return False
                vote["candidates"] = [vote["holder"]] + [x for x in vote["order"] if vote["stood"][str(x)]]
                if len(vote["candidates"]) == 1:  # only the holder stands: everyone backs the holder
                    vote["backing"] = {str(x): vote["holder"] for x in vote["order"]}
                    vote["step"] = "bid"
                else:
                    vote["step"] = "back"
            if vote["step"] == "back":
                nxt = next((x for x in vote["order"]
                            if not vote["stood"][str(x)] and str(x) not in vote["backing"]), None)
                if nxt is not None:
                    vote["waiting_for"] = nxt
                    return False
                vote["step"] = "bid"
        else:
            sides = vote["sides"]
            if vote["step"] == "back":
                declared = {*sides["motion"], *sides["government"], *sides["abstain"]}
                nxt = next((x for x in vote["order"] if x not in declared), None)
                if nxt is not None:
                    vote["waiting_for"] = nxt
                    return False
                if len(sides["motion"]) >= 2:
                    vote["step"] = "name_beneficiary"
                else:
                    vote["beneficiary"] = vote["caller"]
                    vote["step"] = "bid"
            if vote["step"] == "name_beneficiary":
                if vote["beneficiary"] is None:
                    vote["waiting_for"] = vote["caller"]
                    return False
                vote["step"] = "bid"
        vote["waiting_for"] = None
        for x in range(s["n"]):
            if str(x) not in vote["bids"] and s["participation"][x] == 0:
                vote["bids"][str(x)] = 0  # nothing to bid: everyone knows the fist is empty
                self._log(s, {"type": "bid_placed", "seat": x})
        if len(vote["bids"]) < s["n"]:
            return False
        self._resolve_vote(s)
        return True

    def _resolve_vote(self, s: State) -> None:
        vote = s["vote"]
        n = s["n"]
        bids = [vote["bids"][str(x)] for x in range(n)]
        for x in range(n):  # every disc bid goes to the pool, winners' and losers' alike
            s["participation"][x] -= bids[x]
        s["pool"] += sum(bids)
        holder = vote["holder"]

        def side(name: str, head: int | None, members: list[int]) -> dict[str, Any]:
            return {"name": name, "head": head, "members": members, "votes": sum(bids[m] for m in members),
                    "unused": sum(s["participation"][m] for m in members)}

        winner: int | None
        if vote["kind"] == "elections":
            sides = [side(str(c), c, [c] + [x for x in vote["order"] if vote["backing"].get(str(x)) == c
                                            and x != c])
                     for c in vote["candidates"]]
            top = max(sd["votes"] for sd in sides)
            if sides[0]["votes"] == top:  # the holder's side wins alone or tied
                winner = holder
            else:
                tied = [sd for sd in sides if sd["votes"] == top]
                most_unused = max(sd["unused"] for sd in tied)
                best = [sd for sd in tied if sd["unused"] == most_unused]
                winner = best[0]["head"] if len(best) == 1 else None
        else:
            sides = [side("motion", vote["beneficiary"], list(vote["sides"]["motion"])),
                     side("government", holder, list(vote["sides"]["government"]))]
            motion, government = sides[0]["votes"], sides[1]["votes"]
            winner = vote["beneficiary"] if motion > government else holder if government > motion else None
        s["next_holder"] = winner
        nxt = winner if winner is not None else (s["holder"] + 1) % n
        event = {"type": "vote_result", "kind": vote["kind"], "bids": bids, "sides": sides, "winner": winner,
                 "next_holder": nxt}
        self._log(s, event)
        s["last_vote"] = clone(s["log"][-1])
        s["vote"] = None

    # --- the end ---------------------------------------------------------------------------------------

    def _game_over(self, s: State, reason: str, provoker: int | None = None, debtor: int | None = None) -> None:
        scores = list(s["participation"])
        best = max(scores)
        tied = [x for x in range(s["n"]) if scores[x] == best]
        if reason == "intervened":
            winners: list[int] = []
        elif s["n"] == 1:
            winners = [0]
        elif reason == "referendum":
            winners = tied
        else:  # a DUI: the most participation discs, and on a tie the provoker alone
            assert provoker is not None
            winners = tied if len(tied) == 1 else [provoker]
        s.update(phase="game_over", payment=None, pay_queue=[], pending=None, vote=None, movers=[],
                 movement=None)
        s["result"] = {"reason": reason, "winners": winners, "scores": scores, "provoker": provoker,
                       "debtor": debtor}
        self._log(s, {"type": "game_over", "reason": reason, "winners": winners, "scores": scores,
                      "provoker": provoker, "debtor": debtor})

    def _log(self, s: State, event: dict[str, Any]) -> None:
        s["log_count"] += 1
        s["log"] = s["log"] + [{"id": s["log_count"], **event}]


GAME = Som()

__all__ = ["CARD_NAME", "GAME", "HISENDA", "KIND_NAME", "MAX_STEPS", "Som", "auto_payment", "change_options",
           "pay_options"]
