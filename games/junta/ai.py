"""The computer family of Junta: a greedy money player that fills an empty seat sensibly.

`choose(state, seat, rng=None, budget=None)` returns an action for `seat` — an answer to the
decision the game waits on, or first one of a few any-time actions that only gain (a secret
donation, the cousin's office) — or None when the seat has nothing to do. It is a pure function of
its arguments (no clock, no memory): `rng` (or a seed) breaks ties and mixes the few choices a
player must keep unpredictable (where to spend the afternoon, where to look for a victim), and the
work is bounded by a budget of engine applications (`NODE_BUDGET`), not by time. It reads what
`view(state, seat)` shows that seat — never another family's hand, notes, account or location —
and uses the full state only to ask the engine whether an action is legal or where the units of
the (public) coup would stand after it.

`advise(state, seat, rng=None, budget=None)` is the same decision with its reason, for a player's hint:
each decision returns, beside its action, a `junta.advice.*` message id and the numbers it weighed (what a
budget pays the seat, what it banks and keeps, the units for and against a coup, the power centres its side
holds after a move, the richest-looking family and its estimated hand money); `choose` is
`advise(...).action`, so the two never disagree. `junta.advice.first_answer` is said only where the
engine's first answer is played without weighing (casualties, the combat order, a tie it has no stake in).

How it plays — the Swiss account decides the game, so every choice is judged by money:

* **Money it holds goes to Switzerland.** It goes to the bank whenever it carries money and the
  bank may open this turn, deposits everything but the 2M its Bribe the Assassin would cost, and
  never withdraws. With nothing to bank it picks headquarters (a coup stays possible) or a place
  at random, so its whereabouts are not a pattern others can shoot at.
* **Offices and votes.** It stands for President (the President draws the foreign aid) and casts
  every source for itself; in someone else's election its free sources (influence in play,
  offices) go to the front-runner and its vote cards stay in hand. A budget gets its yes when it
  is paid something (or proposed it), its no otherwise — and every source it has when it holds the
  Alternative Budget, which a failed budget lets it play. No Confidence: yes unless it is the
  President. Vote cards are spent in a motion only when its side is not ahead.
* **As President** it keeps the offices as they were (the first valid assignment), and proposes
  the cheapest budget that buys a majority of the votes it can see (one small note each to the
  strongest voters, at most half of its notes); it breaks a tied budget for itself, occupies
  Parliament as Minister only when the forced budget pays it.
* **Assassinations** are declared when they pay: the Secret Police's free attempt and the free
  Burglars at the family that carries the most (estimated from the public log: the 8 notes of the
  aid, budget payments, deposits, deaths), at the bank when the bank opens (else a place drawn at
  random); an assassin card only when the expected loot beats its cost. Protection is always
  played when an attempt hits, a returning exile is shot when the Minister would inherit, and the
  firing squad takes the richest-looking family.
* **Coups**: it starts one when it carries little money (a lost coup costs only what is in hand)
  and its own units (offices and unit cards) are at least a brigade and as many as the other
  families' offices would bring against it, with the opening that places the rebels best; a loyal
  family stays out of the Rebellion Phase. In a
  coup each movement option is applied and the map scored for its side (power centres held, fire
  power in them, distance of its units to the centres its side does not hold), within the node
  budget; it attacks where its side is at least half as strong, fires at the strongest enemy, lets
  the engine pick casualties, and at the end chooses the side that will win with its vote.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.choice import Advice, Budget, pick_best, random_action
from games.core.messages import N_, NP_, counted, msg, seat_ref
from games.core.protocol import Action, IllegalAction, Rng
from games.core.rng import SeededRng
from games.junta import coup as coup_game
from games.junta.board import NEIGHBOURS, OFFICE_UNITS, POWER_CENTRES, UNIT_TYPE, distance
from games.junta.cards import INFLUENCE, VOTE, design, design_id
from games.junta.common import LOCATIONS
from games.junta.engine import GAME
from games.junta.frames import State
from games.junta.readers import decision_of, waiting
from games.junta.view_types import Pending, Player, Vote

NODE_BUDGET: Final = 150  # engine applications per decision (coup movements, built actions)
BANK_RESERVE: Final = 2  # kept in hand for Bribe the Assassin
COUP_MAX_CARRY: Final = 3  # starts a coup only while carrying at most this much (a lost coup costs it)
BRIGADE: Final = 6  # office units that make a coup worth starting
COUP_ODDS: Final = 1.0  # its units against those of the other families' offices
CARD_UNITS: Final = 3  # the units a unit card brings, about
UNKNOWN_CARRY: Final = 2.0  # what a family not seen receiving money is taken to carry
AID_VALUE: Final = 13.0  # the expected value of the President's 8 notes (156M / 96 notes × 8)
CARD_VALUE: Final[dict[str, float]] = {
    "brb_assassin": 6, "evt_nuncio": 5, "asn_monarchist": 5, "evt_alternative_budget": 6,
    "don_secret_donation": 4, "asn_professional": 3, "asn_foreign": 3, "asn_amateur": 2, "asn_burglars": 3,
    "asn_psychotic": 1.5, "evt_secret_police_extra": 2, "evt_no_confidence": 2, "evt_coalition_break": 2,
    "evt_power_cut": 1.5, "evt_summer_recess": 1.5, "evt_recount": 1.5, "evt_church_looting": 2,
    "evt_reform_demand": 1.5, "evt_bank_holiday": 1, "evt_spy_switzerland": 0.5, "evt_student_petition": 0,
}


# --- what the seat knows ------------------------------------------------------------------------------------


class Know:
    """The seat's view and the estimates drawn from it (public facts and its own secrets only)."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.view = GAME.view(state, seat)
        self.n: int = self.view["n"]
        self.players: list[Player] = self.view["players"]
        self.money: list[int] = self.view["money"]
        self.carry = self._carry()

    def _carry(self) -> list[float]:
        """Hand money per seat: exact for this seat, estimated for the others from this turn's log."""
        carry = [UNKNOWN_CARRY if p["alive"] else 0.0 for p in self.players]
        log = self.view["log"]
        start = max((i for i, e in enumerate(log) if e["type"] == "phase" and e.get("phase") == 1), default=0)
        for event in log[start:]:
            kind = event["type"]
            if kind == "aid_drawn":
                carry[event["seat"]] += AID_VALUE
            elif kind == "budget_paid":
                for key, amount in event["amounts"].items():
                    carry[event["by"]] -= amount
                    carry[int(key)] += amount
            elif kind == "deposit":
                carry[event["seat"]] = 0.0
            elif kind == "died":
                heir = event.get("money_to")
                if heir is not None:
                    carry[heir] += carry[event["seat"]]
                carry[event["seat"]] = 0.0
        carry[self.seat] = float(sum(self.money))
        return [max(0.0, c) for c in carry]

    def power(self, x: int) -> int:
        """Votes a seat can cast every vote for free: influence in play and offices."""
        p = self.players[x]
        return sum(int(i["votes"]) for i in p["influence"]) + len(p["offices"]) if p["active"] else 0

    def richest(self, among: list[int]) -> int | None:
        return max(among, key=lambda x: (self.carry[x], -x), default=None)


# --- the entry point ------------------------------------------------------------------------------------------


def advise(state: State, seat: int, rng: Rng | int | None = None, budget: int | None = None) -> Advice:
    """The computer family's action for `seat` (see the module) and why it takes it: a `junta.advice.*` message id
    and its parameters, from what it weighed. Reads only what `view(state, seat)` shows that seat."""
    legal = GAME.legal_actions(state, seat)
    if not legal:
        return _say(None, N_("junta.advice.nothing_to_do"))
    gain = _gain(legal)
    frame, seats = waiting(state)
    if frame is None or seat not in seats:
        return gain if gain is not None else _say(None, N_("junta.advice.nothing_to_do"))
    if gain is not None:
        return gain
    mix = SeededRng(rng, 0) if isinstance(rng, int) else rng if rng is not None else SeededRng("junta-ai", 0)
    know = Know(state, seat)
    work = Budget(NODE_BUDGET if budget is None else budget)
    decide = _DECISIONS.get(decision_of(frame).split(":")[0])
    advice = decide(know, frame, legal, work, mix) if decide is not None else None
    if advice is None or advice.action is None:  # answers come first: the engine's own default
        return _say(legal[0], N_("junta.advice.first_answer"))
    return advice


def choose(state: State, seat: int, rng: Rng | int | None = None, budget: int | None = None) -> Action | None:
    """The computer family's action for `seat`, or None when it has nothing to do (see the module)."""
    return advise(state, seat, rng, budget).action


def random_choose(state: State, seat: int, rng: Rng | int | None = None) -> Action | None:
    """The baseline of the benchmark: a uniformly random legal action (the first without `rng`)."""
    return random_action(GAME.legal_actions(state, seat), rng)


def _say(action: Action | None, reason: str, **params: Any) -> Advice:
    return Advice(action, reason, params)


def _card(card: str) -> dict[str, Any]:
    """A card's name as a parameter (the bot's `junta.card.*` words)."""
    return msg(f"junta.card.{design_id(card)}")


def _gain(legal: list[Action]) -> Advice | None:
    """Any-time actions that only gain: a donation's note, the cousin's office, a free card or note from
    a swap answered with nothing."""
    for a in legal:
        if a["type"] == "play_card" and design_id(a["card"]) == "don_secret_donation":
            return _say(a, N_("junta.advice.donation"))
        if a["type"] == "claim_cousin_office":
            return _say(a, N_("junta.advice.cousin"), office=msg(f"junta.office.{a['office']}"))
        if a["type"] == "answer_swap" and not a["cards"] and not a["notes"]:
            return _say(a, N_("junta.advice.swap_for_nothing"))
    return None


def _legal(know: Know, action: Action, work: Budget) -> bool:
    """The engine accepts an action the list does not show (a built amount, a partial deposit)."""
    if not work.spend():
        return False
    try:
        GAME.apply(know.state, know.seat, action, SeededRng("junta-ai-check", 0))
    except IllegalAction:
        return False
    return True


def _of(legal: list[Action], kind: str, **fields: Any) -> Action | None:
    return next((a for a in legal if a["type"] == kind and all(a.get(k) == v for k, v in fields.items())), None)


# --- votes --------------------------------------------------------------------------------------------------------


def _preference(know: Know, vote: Vote) -> Any:
    """What the seat wants from a vote: itself (or the front-runner), or yes / no."""
    return _wish(know, vote)[0]


def _wish(know: Know, vote: Vote) -> tuple[Any, str, dict[str, Any]]:
    """`_preference` and why: the reason's message id and parameters."""
    me = know.seat
    motion = vote["motion"]
    if motion == "election":
        candidates = [c for c in vote["candidates"] if c not in vote["refused"]]
        if me in candidates:
            return me, N_("junta.advice.vote_self"), {}
        tally = vote["tally"]
        leader = max(candidates, key=lambda c: (tally.get(str(c), 0), -c), default=None)
        if leader is None:
            return None, N_("junta.advice.pass_no_candidate"), {}
        return leader, NP_("junta.advice.vote_front_runner"), {"player": seat_ref(leader),
                                                              "count": int(tally.get(str(leader), 0))}
    if motion == "no_confidence":
        if know.view["president"] == me:
            return "no", N_("junta.advice.no_confidence_against"), {}
        return "yes", N_("junta.advice.no_confidence_for"), {}
    budget = know.view["budget"]
    if (budget is not None and budget["proposer"] == me) or (motion == "budget" and know.view["president"] == me):
        return "yes", N_("junta.advice.budget_yours"), {}
    if motion == "budget" and any(design_id(c) == "evt_alternative_budget" for c in know.view["hand"]):
        return "no", N_("junta.advice.budget_alternative"), {}
    paid = int(budget["amounts"].get(str(me), 0)) if budget is not None else 0
    if paid > 0:
        return "yes", N_("junta.advice.budget_pays"), {"amount": paid}
    return "no", N_("junta.advice.budget_pays_nothing"), {}


def _ahead(vote: Vote, choice: Any) -> bool:
    tally = vote["tally"]
    mine = tally.get(str(choice), 0)
    return all(mine > v for k, v in tally.items() if k != str(choice))


def _decide_vote(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget, mix: Rng) -> Advice | None:
    pending = know.view["pending"]
    assert pending is not None  # a vote waits on this seat
    if pending["type"] == "vote:refusals":
        return _say({"type": "accept_candidacy"}, N_("junta.advice.accept_candidacy"))
    vote = pending["vote"]
    me = know.seat
    want, why, params = _wish(know, vote)
    election = vote["motion"] == "election"
    if election and want != me and vote["round"] == 1 and vote["nominations"]:
        nominations = [a for a in legal if a["type"] == "nominate" and a["candidate"] == me]
        if nominations:
            best = max(nominations, key=lambda a: _source_votes(pending, a["sources"][0]))
            votes = _source_votes(pending, best["sources"][0])
            return _say(best, NP_("junta.advice.nominate_self"), count=votes)
    for card_play in (a for a in legal if a["type"] == "play_card"):
        if design_id(card_play["card"]) == "evt_church_looting" and card_play.get("choice") == want:
            return Advice(card_play, why, params)
    if want is None:
        return _say({"type": "pass_vote"}, N_("junta.advice.pass_no_candidate"))
    casts = [a for a in legal if a["type"] == "cast_vote" and a["choice"] == want]
    spend_cards = (election and want == me) or (vote["round"] == 2 and not _ahead(vote, want))
    for cast in sorted(casts, key=lambda a: -_source_votes(pending, a["source"])):
        card = cast["source"].get("card")
        if card is None or design(card).kind == INFLUENCE or spend_cards:
            return Advice(cast, why, params)
    if not casts:
        return _say({"type": "pass_vote"}, N_("junta.advice.pass_no_votes"))
    if vote["round"] == 2:
        return _say({"type": "pass_vote"}, N_("junta.advice.pass_ahead"))
    return _say({"type": "pass_vote"}, N_("junta.advice.pass_keep_cards"))


def _source_votes(pending: Pending, source: dict[str, Any]) -> int:
    return next((int(s["votes"]) for s in pending.get("my_sources", []) if s["source"] == source), 0)


def _decide_tiebreak(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                     mix: Rng) -> Advice | None:
    choices = frame["choices"]
    if know.seat in choices:
        return _say({"type": "break_tie", "choice": know.seat}, N_("junta.advice.tie_for_self"))
    if "yes" in choices and frame["motion"] in ("budget", "alt_budget"):
        if know.view["president"] == know.seat:
            return _say({"type": "break_tie", "choice": "yes"}, N_("junta.advice.tie_budget_yours"))
        return _say({"type": "break_tie", "choice": choices[0]}, N_("junta.advice.first_answer"))
    return None


def _decide_junta(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget, mix: Rng) -> Advice | None:
    action = _of(legal, "junta_vote", candidate=know.seat)
    return None if action is None else _say(action, N_("junta.advice.junta_self"))


def _decide_window(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                   mix: Rng) -> Advice | None:
    """Card windows: the cards that pay now, then ready."""
    me, view = know.seat, know.view
    vote = view["vote"]
    for a in (x for x in legal if x["type"] == "play_card"):
        card = design_id(a["card"])
        if card == "evt_alternative_budget":
            return _say(a, N_("junta.advice.play_alternative_budget"))
        president = view["president"]
        if card == "evt_no_confidence" and president is not None and president != me:
            others = sum(know.power(x) for x in range(know.n) if x != president)
            if others >= 2 * know.power(president):
                return _say(a, NP_("junta.advice.play_no_confidence"), count=others,
                            president=know.power(president))
        if vote is not None and card in ("evt_power_cut", "evt_summer_recess") and _ahead(
                vote, _preference(know, vote)):
            return _say(a, N_("junta.advice.play_to_end_vote"), card=_card(a["card"]))
        if vote is not None and card == "evt_recount" and not _ahead(vote, _preference(know, vote)):
            return _say(a, N_("junta.advice.play_recount"), card=_card(a["card"]))
        if card.startswith("pre_") and not view["markers"]["pretext"] and _wants_coup(know):
            return _say(a, N_("junta.advice.play_pretext"), card=_card(a["card"]))
    return _say({"type": "ready"}, N_("junta.advice.ready"))


# --- the President's and the Minister's decisions ----------------------------------------------------------------


def _decide_budget(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                   mix: Rng) -> Advice | None:
    waited = know.view["pending"]
    assert waited is not None  # the budget waits on this seat
    pending = waited["type"]
    me = know.seat
    if pending == "budget:occupy":
        paid = int(frame["amounts"].get(str(me), 0))
        if paid > 0:
            return _say({"type": "occupy_parliament", "occupy": True}, N_("junta.advice.occupy"), amount=paid)
        return _say({"type": "occupy_parliament", "occupy": False}, N_("junta.advice.no_occupy"))
    if pending == "budget:keep":
        if not know.money:
            return _say({"type": "keep_note", "note": None}, N_("junta.advice.keep_no_note"))
        return _say({"type": "keep_note", "note": max(know.money)}, N_("junta.advice.keep_note"), note=max(know.money))
    if pending != "budget:propose":
        return None
    amounts, yes, no = _budget_plan(know)
    action: Action = {"type": "propose_budget", "amounts": amounts}
    if action in legal or _legal(know, action, work):
        if amounts:
            return _say(action, N_("junta.advice.propose_budget"), amount=sum(amounts.values()),
                        players=[seat_ref(int(x)) for x in amounts], votes=counted("junta.advice.votes", yes), no=no)
        if yes > no:
            return _say(action, N_("junta.advice.propose_nothing_majority"), votes=counted("junta.advice.votes", yes),
                        no=no)
        return _say(action, N_("junta.advice.propose_nothing_hopeless"))
    fallback = _of(legal, "propose_budget", amounts={})
    return None if fallback is None else _say(fallback, N_("junta.advice.first_answer"))


def _budget_plan(know: Know) -> tuple[dict[str, int], int, int]:
    """The cheapest budget that buys a visible majority: one small note each to the strongest voters; with
    the free votes it counts for and against the budget once it is paid (or, when no budget buys a majority,
    those it sees without paying anyone)."""
    me, president = know.seat, know.view["president"]
    notes = sorted(know.money)
    yes = know.power(me) + (know.power(president) if president is not None and president != me else 0)
    voters = sorted((x for x in range(know.n) if x not in (me, president) and know.players[x]["active"]),
                    key=lambda x: (-know.power(x), x))
    no = sum(know.power(x) for x in voters)
    free = (yes, no)
    amounts: dict[str, int] = {}
    spendable = notes[: len(notes) // 2]
    for x, note in zip(voters, spendable, strict=False):
        if yes > no:
            break
        amounts[str(x)] = note
        yes += know.power(x)
        no -= know.power(x)
    return (amounts, yes, no) if yes > no else ({}, *free)


def _decide_assign(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget, mix: Rng) -> Advice | None:
    if legal[0]["type"] != "assign_offices":
        return None
    return _say(legal[0], N_("junta.advice.assign_as_they_were"))


def _decide_return(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget, mix: Rng) -> Advice | None:
    returnee = frame["seat"]
    estimate = know.carry[returnee]
    if estimate > 0:
        return _say({"type": "kill_returnee", "kill": True}, N_("junta.advice.shoot_returnee"),
                    player=seat_ref(returnee), estimate=_millions(estimate))
    return _say({"type": "kill_returnee", "kill": False}, N_("junta.advice.spare_returnee"), player=seat_ref(returnee))


def _millions(estimate: float) -> int:
    """An estimate of hand money as a player reads it: whole millions."""
    return round(estimate)


def _decide_squad(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget, mix: Rng) -> Advice | None:
    victims = [a["victim"] for a in legal if a["type"] == "firing_squad" and a["victim"] is not None]
    victim = know.richest(victims)
    if victim is None:
        return _say({"type": "firing_squad", "victim": None}, N_("junta.advice.squad_nobody"))
    return _say({"type": "firing_squad", "victim": victim}, N_("junta.advice.squad_richest"), player=seat_ref(victim),
                estimate=_millions(know.carry[victim]))


def _decide_protect(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                    mix: Rng) -> Advice | None:
    play = next((a for a in legal if a["type"] == "play_card"), None)
    if play is None:
        return _say({"type": "decline_protection"}, N_("junta.advice.no_protection"))
    return _say(play, N_("junta.advice.protect"), card=_card(play["card"]))


def _decide_influence(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                      mix: Rng) -> Advice | None:
    mine = {i["card"]: i["votes"] for i in know.players[know.seat]["influence"]}
    options = [a for a in legal if a["type"] == "choose_influence_discard"]
    least = min(options, key=lambda a: (mine.get(a["card"], 0), a["card"]), default=None)
    if least is None:
        return None
    return _say(least, NP_("junta.advice.discard_influence"), card=_card(least["card"]),
                count=int(mine.get(least["card"], 0)))


def _card_value(card: str) -> float:
    d = design(card)
    if d.kind == INFLUENCE:
        return 4 + d.votes / 2
    if d.kind == VOTE:
        return d.votes / 2
    return CARD_VALUE.get(d.id, 1.0)


def _decide_hand_limit(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                       mix: Rng) -> Advice | None:
    hand = [a for a in legal if a["type"] == "discard_card" and a["card"] in know.view["hand"]]
    least = min(hand, key=lambda a: (_card_value(a["card"]), a["card"]), default=None)
    return None if least is None else _say(least, N_("junta.advice.discard_least"), card=_card(least["card"]))


# --- locations, assassinations, banking ---------------------------------------------------------------------------


def _bank_may_open(know: Know) -> bool:
    return bool(know.view["markers"]["bank"] in ("open", "lunch"))


def _decide_locations(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                      mix: Rng) -> Advice | None:
    carry = know.carry[know.seat]
    if carry > BANK_RESERVE and _bank_may_open(know):
        return _say({"type": "choose_location", "location": "bank"}, N_("junta.advice.go_to_bank"),
                    amount=round(carry))
    if _wants_coup(know):
        return _say({"type": "choose_location", "location": "headquarters"}, N_("junta.advice.go_to_headquarters"))
    where = mix.choice(["home", "mistress", "night_club", "headquarters"])
    action = {"type": "choose_location", "location": where}
    if carry > BANK_RESERVE:
        return _say(action, N_("junta.advice.somewhere_bank_shut"), location=msg(f"junta.location.{where}"))
    if round(carry) <= 0:
        return _say(action, N_("junta.advice.somewhere_empty"), location=msg(f"junta.location.{where}"))
    return _say(action, N_("junta.advice.somewhere"), location=msg(f"junta.location.{where}"), amount=round(carry))


def _guess_location(know: Know, victim: int, assassin: str, mix: Rng) -> str:
    bank_ok = _bank_may_open(know) and not (assassin == "secret_police" and know.view["markers"]["bank_safe"])
    if bank_ok and know.carry[victim] > BANK_RESERVE:
        return "bank"
    places = [loc for loc in LOCATIONS if loc != "bank" or bank_ok]
    return mix.choice(places)


def _assassin(assassin: str) -> dict[str, Any]:
    return msg("junta.secret_police") if assassin == "secret_police" else _card(assassin)


def _decide_declarations(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                         mix: Rng) -> Advice | None:
    me = know.seat
    named = {(a["victim"], a["location"]) for a in know.view["attempts"] if a["by"] == me}
    victims = sorted({a["victim"] for a in legal if a["type"] == "declare_assassination"})
    fresh = [x for x in victims if not any(v == x for v, _loc in named)]
    if not victims:  # no assassin this family can send (nor the Secret Police): nothing to declare at all
        return _say({"type": "end_declarations"}, N_("junta.advice.no_assassin"))
    victim = know.richest(fresh)
    if victim is None:  # every rival it could name already has one of its attempts on him
        return _say({"type": "end_declarations"}, N_("junta.advice.no_one_to_shoot"))
    loot = know.carry[victim]
    who = {"player": seat_ref(victim), "estimate": _millions(loot)}
    for a in legal:
        if a["type"] != "declare_assassination" or a["victim"] != victim:
            continue
        assassin = a["assassin"]
        kind = "secret_police" if assassin == "secret_police" else design_id(assassin)
        if kind == "asn_burglars":
            return _say(a, N_("junta.advice.send_burglars"), **who)
        if kind == "asn_monarchist":  # kept to save its owner's life
            continue
        cost = 0 if kind in ("secret_police", "asn_psychotic") else design(assassin).cost
        chance = 0.5 * (0.5 if kind == "asn_amateur" else 1.0)
        if kind == "asn_psychotic":
            chance *= 0.5
        if kind == "secret_police" or chance * loot > cost + 1:
            where = _guess_location(know, victim, assassin, mix)
            action = {"type": "declare_assassination", "assassin": assassin, "victim": victim, "location": where}
            return _say(action, N_("junta.advice.shoot_richest"), assassin=_assassin(assassin),
                        location=msg(f"junta.location.{where}"), **who)
    extra = next((a for a in legal if a["type"] == "play_card" and design_id(a["card"]) == "evt_secret_police_extra"),
                 None)
    if extra is not None and loot >= 6:
        return _say(extra, N_("junta.advice.secret_police_bonus"), **who)
    return _say({"type": "end_declarations"}, N_("junta.advice.shooting_does_not_pay"), **who)


def _decide_banking(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                    mix: Rng) -> Advice | None:
    notes = sorted(know.money, reverse=True)
    keep = BANK_RESERVE if any(design_id(c) == "brb_assassin" for c in know.view["hand"]) else 0
    deposit: list[int] = []
    left = sum(notes)
    for v in notes:
        if left - v >= keep or not keep:
            deposit.append(v)
            left -= v
    if not deposit:
        if notes:
            return _say({"type": "end_banking"}, N_("junta.advice.keep_for_bribe"), amount=sum(notes))
        return _say({"type": "end_banking"}, N_("junta.advice.nothing_to_bank"))
    action: Action = {"type": "deposit", "notes": sorted(deposit)}
    if action in legal or _legal(know, action, work):
        if left:
            return _say(action, N_("junta.advice.bank_all_but"), keep=left, amount=sum(deposit))
        return _say(action, N_("junta.advice.bank_all"), amount=sum(deposit))
    return _say({"type": "end_banking"}, N_("junta.advice.first_answer"))


def _decide_exile_poll(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                       mix: Rng) -> Advice | None:
    return _say({"type": "return_from_exile"}, N_("junta.advice.return_from_exile"))


def _decide_surrender(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                      mix: Rng) -> Advice | None:
    return _say(legal[0], N_("junta.advice.surrender_least"), amount=sum(legal[0].get("notes", [])))


# --- the coup ---------------------------------------------------------------------------------------------------


def _office_units(know: Know, seat: int) -> int:
    """Units the seat's offices would bring to a coup (units are public; the count is from the map data)."""
    offices = set(know.players[seat]["offices"])
    c = know.state["coup"]
    if c is not None:
        return sum(1 for u in c["units"] if coup_game.is_active_unit(know.state, u)
                   and coup_game.controller(know.state, u) == seat)
    return sum(1 for _t, office, _a in OFFICE_UNITS.values() if office in offices)


def _unit_cards(know: Know) -> int:
    return sum(1 for c in know.view["hand"] if design(c).kind == "unit")


def _wants_coup(know: Know) -> bool:
    """Not the President, little money in hand (a lost coup costs only that), and its own units (its
    offices', its unit cards') at least `COUP_ODDS` of those the other families' offices would bring
    against it: the other computer families stay loyal in the Rebellion Phase, so it counts on nobody."""
    return _coup_odds(know)[0]


def _coup_odds(know: Know) -> tuple[bool, str, dict[str, Any]]:
    """`_wants_coup` and why (a `junta.advice.*` id and its parameters) when it does not."""
    me = know.seat
    if know.view["president"] == me:
        return False, N_("junta.advice.no_coup_president"), {}
    if know.carry[me] > COUP_MAX_CARRY:
        return False, N_("junta.advice.no_coup_money"), {"amount": round(know.carry[me])}
    mine = _office_units(know, me) + CARD_UNITS * _unit_cards(know)
    against = sum(_office_units(know, x) for x in range(know.n) if x != me and know.players[x]["active"])
    if mine >= BRIGADE and mine >= COUP_ODDS * against:
        return True, "", {"count": mine, "against": against}
    if mine < COUP_ODDS * against:
        return False, NP_("junta.advice.no_coup_weak"), {"count": mine, "against": against}
    return False, NP_("junta.advice.no_coup_small"), {"count": mine, "least": BRIGADE}


def _side_of(s: State, x: int) -> str:
    c = s["coup"]
    side = c["sides"].get(str(x))
    if side is not None:
        return str(side)
    return "rebels" if c["rebels"][x] else "president"


def _fire_power(s: State, units: list[str]) -> float:
    return sum(0.5 if UNIT_TYPE[s["coup"]["units"][u]["type"]].cls == "unarmed" else 1.0 for u in units)


def _held(s: State, side: str, area: str) -> bool:
    """Whether `side` holds the power centre `area` as `coup_score` counts it."""
    units = coup_game.units_in(s, area)
    ours = [u for u in units if _side_of(s, coup_game.controller(s, u) or 0) == side]
    theirs = [u for u in units if u not in ours]
    rebels_hold = bool(units) and (ours if side == "rebels" else theirs) == units
    return rebels_hold if side == "rebels" else not rebels_hold


def coup_score(s: State, side: str, seat: int) -> float:
    """How well `side` stands on the map (public), from `seat`'s point of view: the power centres it
    would hold, its fire power in them, and how near the seat's units are to the centres not yet held."""
    score = 0.0
    weak: list[str] = []
    for area in POWER_CENTRES:
        units = coup_game.units_in(s, area)
        ours = [u for u in units if _side_of(s, coup_game.controller(s, u) or 0) == side]
        theirs = [u for u in units if u not in ours]
        held = _held(s, side, area)
        score += 3.0 if held else 0.0
        score += 0.3 * min(4.0, _fire_power(s, ours) - _fire_power(s, theirs))
        if not held or not ours:
            weak.append(area)
    mine = [u for u, d in s["coup"]["units"].items() if d["area"] in NEIGHBOURS and coup_game.is_active_unit(s, u)
            and coup_game.controller(s, u) == seat]
    if weak:
        score -= 0.05 * sum(min(distance(s["coup"]["units"][u]["area"], a) for a in weak) for u in mine)
    score += 0.1 * len(mine)
    return score


def _centres(s: State, side: str) -> int:
    """The power centres `side` holds on the map."""
    return sum(1 for area in POWER_CENTRES if _held(s, side, area))


def _my_side(know: Know) -> str:
    s = know.state
    if s["coup"] is None:
        return "rebels"
    return "president" if s["president"] == know.seat else _side_of(s, know.seat)


def _looked(know: Know, options: list[Action], side: str, work: Budget) -> list[tuple[float, Action, State]]:
    """Each option applied (within the node budget), with the map's score for `side` and the map after it."""
    scored: list[tuple[float, Action, State]] = []
    for a in options:
        if not work.spend():
            break
        try:
            after = GAME.apply(know.state, know.seat, a, SeededRng("junta-ai-look", 0))
        except IllegalAction:
            continue
        if after["coup"] is None:
            continue
        scored.append((coup_score(after, side, know.seat), a, after))
    return scored


def _best_look(scored: list[tuple[float, Action, State]], mix: Rng) -> tuple[Action, State]:
    """`pick_best` over looked-at options, with the map after the chosen one."""
    action = pick_best([(v, a) for v, a, _after in scored], mix)
    return action, next(after for _v, a, after in scored if a is action)


def _decide_coup_poll(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget,
                      mix: Rng) -> Advice | None:
    wants, why, params = _coup_odds(know)
    if not wants:
        return _say({"type": "decline_coup"}, why, **params)
    openings = [a for a in legal if a["type"] == "start_coup"]
    scored = _looked(know, openings, "rebels", work)
    if not scored:
        return _say({"type": "decline_coup"}, N_("junta.advice.no_coup_opening"))
    action, after = _best_look(scored, mix)
    return _say(action, NP_("junta.advice.start_coup"), forces=counted("junta.advice.units", params["count"]),
                against=params["against"],
                count=_centres(after, "rebels"))


_MOVES: Final = ("move_units", "move_helicopter", "land_paratrooper", "land_marines")


def _side_word(side: str) -> dict[str, Any]:
    return msg(f"junta.side.{side}")


def _decide_coup(know: Know, frame: dict[str, Any], legal: list[Action], work: Budget, mix: Rng) -> Advice | None:
    s = know.state
    c = s["coup"]
    side = _my_side(know)
    types = {a["type"] for a in legal}
    if "answer_end_coup" in types:
        winner = c["proposal"]["winner"]
        if winner == side:
            return _say({"type": "answer_end_coup", "accept": True}, N_("junta.advice.accept_end"),
                        side=_side_word(side))
        return _say({"type": "answer_end_coup", "accept": False}, N_("junta.advice.refuse_end"),
                    side=_side_word(winner))
    if "police_reaction" in types:
        loyal = not c["rebels"][know.seat]
        action = max((a for a in legal if a["type"] == "police_reaction"), key=lambda a: len(a["moves"]) * (1 if loyal
                     else -1))
        return _say(action, N_("junta.advice.police_react") if loyal else N_("junta.advice.police_stay"))
    if "choose_side" in types:
        chosen, decides = _winning_side(know)
        reason = N_("junta.advice.choose_own_side") if decides else N_("junta.advice.choose_winning_side")
        return _say({"type": "choose_side", "side": chosen}, reason, side=_side_word(chosen))
    if "end_movement" in types:
        return _movement(know, legal, side, work, mix)
    if "fire" in types or "hold_fire" in types:
        return _fire(know, legal, side)
    if "end_declaration" in types:
        return _declare(know, legal, side)
    if "allow_stay" in types:
        others = next(a["to"] for a in legal if a["type"] == "allow_stay" and a["to"])
        friends = all(_side_of(s, x) == side for x in others)
        if friends:
            return _say({"type": "allow_stay", "to": list(others)}, N_("junta.advice.allow_friends"))
        return _say({"type": "allow_stay", "to": []}, N_("junta.advice.allow_nobody"))
    if "retreat" in types:
        scored = _looked(know, [a for a in legal if a["type"] == "retreat"], side, work)
        if not scored:
            return None
        action, after = _best_look(scored, mix)
        return _say(action, NP_("junta.advice.retreat"), count=_centres(after, side))
    return None  # casualties, combat order: the first listed (the engine's default)


def _stays_loyal(know: Know) -> bool:
    """A loyal family does nothing in the Rebellion Phase, not even return fire (§8.3)."""
    c = know.state["coup"]
    return bool(c["phase"] == 0 and not c["rebels"][know.seat])


def _moved(s: State, action: Action) -> tuple[dict[str, Any], str | None]:
    """A movement option in words: the unit (or card) it brings and the area it goes to."""
    kind = action["type"]
    if kind == "move_units":
        first = action["moves"][0]
        return msg(f"junta.unit.{s['coup']['units'][first['unit']]['type']}"), first["to"]
    if kind == "move_helicopter":
        return msg("junta.unit.helicopter"), action["path"][-1] if action["path"] else None
    if kind == "land_paratrooper":
        return msg("junta.unit.paratrooper"), action["area"]
    if kind == "land_marines":
        return msg("junta.unit.marines"), action["area"]
    return _card(action["card"]), action.get("area")


def _movement(know: Know, legal: list[Action], side: str, work: Budget, mix: Rng) -> Advice:
    s = know.state
    me = know.seat
    if _stays_loyal(know):
        return _say({"type": "end_movement"}, N_("junta.advice.stay_loyal"))
    options = [a for a in legal if a["type"] in _MOVES or (
        a["type"] == "play_card" and design(a["card"]).kind == "unit")]
    if not options:
        return _say({"type": "end_movement"}, N_("junta.advice.nothing_to_move"))
    base = coup_score(s, side, me)
    scored = _looked(know, options, side, work)
    better = [(v, a, after) for v, a, after in scored if v > base + 0.05]
    if not better:
        return _say({"type": "end_movement"}, N_("junta.advice.no_better_move"))
    action, after = _best_look(better, mix)
    unit, area = _moved(s, action)
    centres = _centres(after, side)
    if area is None:
        return _say(action, NP_("junta.advice.move_somewhere"), unit=unit, count=centres)
    return _say(action, NP_("junta.advice.move"), unit=unit, area=msg(f"junta.area.{area}"), count=centres)


def _declare(know: Know, legal: list[Action], side: str) -> Advice:
    s = know.state
    if _stays_loyal(know):
        return _say({"type": "end_declaration"}, N_("junta.advice.stay_loyal"))
    for a in legal:
        if a["type"] == "declare_bombardment" and _side_of(s, a["target"]) != side and a["area"] in POWER_CENTRES:
            return _say(a, N_("junta.advice.bombard"), player=seat_ref(a["target"]),
                        area=msg(f"junta.area.{a['area']}"))
    for a in legal:
        if a["type"] != "declare_attack":
            continue
        area = a["areas"][0]
        units = coup_game.units_in(s, area)
        ours = [u for u in units if _side_of(s, coup_game.controller(s, u) or 0) == side]
        theirs = [u for u in units if u not in ours]
        if theirs and _fire_power(s, ours) >= 0.5 * _fire_power(s, theirs):
            return _say(a, N_("junta.advice.attack"), area=msg(f"junta.area.{area}"),
                        ours=_strength(_fire_power(s, ours)), theirs=_strength(_fire_power(s, theirs)))
    return _say({"type": "end_declaration"}, N_("junta.advice.no_attack"))


def _strength(power: float) -> int | float:
    """Fire power as a player reads it (a half for each unarmed unit)."""
    return int(power) if power == int(power) else power


def _fire(know: Know, legal: list[Action], side: str) -> Advice:
    s = know.state
    if _stays_loyal(know):
        return _say({"type": "hold_fire"}, N_("junta.advice.stay_loyal"))
    area = s["coup"]["combat"]["area"]
    shots = [a for a in legal if a["type"] == "fire" and _side_of(s, a["target"]) != side]
    if not shots:
        return _say({"type": "hold_fire"}, N_("junta.advice.hold_fire"))
    shot = max(shots, key=lambda a: (len(coup_game.units_in(s, area, a["target"])), -a["target"]))
    return _say(shot, NP_("junta.advice.fire"), player=seat_ref(shot["target"]),
                count=len(coup_game.units_in(s, area, shot["target"])))


def _winning_side(know: Know) -> tuple[str, bool]:
    """The side that will hold 3 of the 5 power centres once this seat has chosen (its own status side
    when its choice decides it), and whether its choice decides."""
    s = know.state
    me = know.seat
    outcome: dict[str, str] = {}
    for choice in ("rebels", "president"):
        sides = dict(s["coup"]["sides"])
        sides[str(me)] = choice
        for x in range(know.n):
            sides.setdefault(str(x), "rebels" if s["coup"]["rebels"][x] else "president")
        held = 0
        for area in POWER_CENTRES:
            present = coup_game.players_in(s, area)
            held += bool(present) and all(sides[str(x)] == "rebels" for x in present)
        outcome[choice] = "rebels" if held >= 3 else "president"
    if outcome["rebels"] == outcome["president"]:
        return outcome["rebels"], False
    return ("rebels" if s["coup"]["rebels"][me] else "president"), True  # its choice decides: its own side


_DECISIONS: Final = {
    "vote": _decide_vote, "tiebreak": _decide_tiebreak, "junta": _decide_junta, "window": _decide_window,
    "budget": _decide_budget, "assign": _decide_assign, "return": _decide_return, "firing_squad": _decide_squad,
    "protect": _decide_protect, "squad": _decide_protect, "influence_discard": _decide_influence,
    "hand_limit": _decide_hand_limit, "locations": _decide_locations, "declarations": _decide_declarations,
    "banking": _decide_banking, "exile_poll": _decide_exile_poll, "surrender": _decide_surrender,
    "coup_poll": _decide_coup_poll, "coup": _decide_coup,
}

__all__ = ["NODE_BUDGET", "Know", "advise", "choose", "coup_score", "random_choose"]
