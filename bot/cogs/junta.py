"""/junta: the command group, the board's controls and the words of Junta.

Everything a player decides is a button (or a private picker) made from the engine's legal
actions. What depends on a player's secrets (cards, notes) is never what makes a board button
appear: such groups are shown for the whole decision (`shown`), or live in the private
"My family" panel only (`board=False`), so the board's buttons reveal nothing.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot import limits
from bot.delivery import mention
from bot.gameui import (
    Compose,
    Ctx,
    GameUI,
    Group,
    OfTypes,
    Secret,
    Style,
    exactly,
    of_type,
    of_type_where,
    said,
    seat_of,
    seats_named,
)
from bot.i18n import described
from bot.ports import CogHost
from bot.ui.board import TablePresenter
from bot.ui.lobby import most_computers, open_lobby, option_specs
from games.core.messages import N_, NP_, MessageFamily
from games.core.protocol import Action
from games.junta import GAME
from games.junta.board import AREA_IDS, OFFICE_UNITS, UNIT_TYPES
from games.junta.cards import (
    AFTER_ROUND_1,
    AFTER_ROUND_2,
    ATTEMPT_HIT,
    BEFORE_BANKING,
    BEFORE_COUP,
    BUDGET_REJECTED,
    CARDS,
    COUP_MOVE,
    FIRING_SQUAD,
    PHASE2_START,
    design,
)
from games.junta.common import EMBASSIES, FAMILIES, LOCATIONS, OFFICES, SUB_OFFICES
from games.junta.view_types import Coup, JuntaView, Player, Swap
from renderers import junta as pictures
from renderers.alt import junta as alt

GAME_ID = "junta"
OPTIONS = option_specs(GAME_ID)

OFFICE = MessageFamily("junta.office", OFFICES)
LOCATION = MessageFamily("junta.location", LOCATIONS)
EMBASSY = MessageFamily("junta.embassy", EMBASSIES)
CARD = MessageFamily("junta.card", (c.id for c in CARDS))
AREA = MessageFamily("junta.area", AREA_IDS)
UNIT = MessageFamily("junta.unit", (u.id for u in UNIT_TYPES))
PHASE = MessageFamily("junta.phase", range(10))
MOTION = MessageFamily("junta.motion", ("election", "budget", "alt_budget", "no_confidence"))
BANK = MessageFamily("junta.bank", ("open", "lunch", "holiday"))
WINDOW = MessageFamily("junta.window", (PHASE2_START, BUDGET_REJECTED, AFTER_ROUND_1, AFTER_ROUND_2, BEFORE_BANKING,
                                         BEFORE_COUP))
DECISION = MessageFamily("junta.decision", (
    "vote_turns", "vote_refusals", "tiebreak", "window", "hand_limit", "assign", "budget_propose", "budget_pay",
    "budget_occupy", "budget_keep", "locations", "declarations", "protect", "squad", "surrender", "exile_poll",
    "banking", "coup_poll", "coup", "firing_squad", "junta", "return", "influence_discard"))
ATTEMPT = MessageFamily("junta.attempt", ("no_victim", "missed", "protected", "killed", "nothing", "backfired",
                                          "burgled", "safe_home", "burglary"))
CAUSE = MessageFamily("junta.election_cause", ("first", "death", "resignation", "no_confidence"))
SIDE = MessageFamily("junta.side", ("president", "rebels"))
WEAPON = MessageFamily("junta.weapon", ("gunboat", "air_strike"))
REASON = MessageFamily("junta.result.reason", ("aid_exhausted", "first_election_no_note", "all_dead"))
# Events told as "<family> did this": one message each, with the family's name.
NAMED_EVENT = MessageFamily("junta.log", ("candidacy_refused", "president_elected", "president_removed", "resigned",
                                          "aid_drawn", "location_chosen", "attempt_declared", "died", "deposit",
                                          "withdrawal", "coup_rebel", "spared"))
SEGMENT = MessageFamily("junta.segment", ("movement", "combat", "sides", "over"))
EMBLEM = dict(zip(FAMILIES, ("🚬", "🚗", "⌚", "🍸", "💎", "🕶️", "🪶"), strict=True))


# --- how things read -------------------------------------------------------------------------------


def family_of(ctx: Ctx[JuntaView], seat: int | None) -> str:
    players = ctx.view.get("players", [])
    if seat is None or not 0 <= seat < len(players):
        return ""
    return EMBLEM.get(players[seat]["family"], "")


def who(ctx: Ctx[JuntaView], seat: int | None) -> str:
    """A player with his family's emblem."""
    if seat is None:
        return ctx.msg("junta.nobody")
    return f"{family_of(ctx, seat)} {ctx.name(seat)}".strip()


def card_name(card: str | None, ctx: Ctx[JuntaView]) -> str:
    if card is None:
        return "?"
    return said(ctx, CARD, design(card).id)


def card_votes(card: str, ctx: Ctx[JuntaView]) -> str:
    """A card with its printed votes where it has any ("Church (10)")."""
    votes = design(card).votes
    return ctx.msg("junta.card_votes", card=card_name(card, ctx), votes=votes) if votes else card_name(card, ctx)


def notes_text(notes: list[int], ctx: Ctx[JuntaView]) -> str:
    if not notes:
        return ctx.msg("junta.no_notes")
    if len(notes) == 1:
        return f"{notes[0]}M"
    return ctx.msg("junta.notes", notes=" + ".join(f"{v}M" for v in sorted(notes, reverse=True)), total=sum(notes))


def unit_type(unit: str) -> str:
    """A unit's type from its id ("para_1" → "paratrooper"; card units: "students_3" → "students")."""
    return OFFICE_UNITS[unit][0] if unit in OFFICE_UNITS else unit.rsplit("_", 1)[0]


def area_name(area: str | None, ctx: Ctx[JuntaView]) -> str:
    return said(ctx, AREA, area) if area in AREA else str(area)


def choice_text(choice: Any, ctx: Ctx[JuntaView]) -> str:
    if choice in ("yes", "no"):
        return ctx.msg("core.yes") if choice == "yes" else ctx.msg("core.no")
    return who(ctx, choice) if isinstance(choice, int) else str(choice)


def source_text(source: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    if "office" in source:
        return ctx.msg("junta.source_office", office=said(ctx, OFFICE, source["office"]))
    card = source.get("card") or source.get("controlled_card")
    return card_votes(card, ctx) if card else "?"


def amounts_text(amounts: dict[str, int], ctx: Ctx[JuntaView]) -> str:
    listed = [ctx.msg("junta.amount", name=ctx.name(int(k)), amount=v) for k, v in sorted(amounts.items()) if v]
    return ", ".join(listed) or ctx.msg("junta.budget_nothing")


def assignment_text(assignment: dict[str, int], ctx: Ctx[JuntaView]) -> str:
    return " · ".join(f"{said(ctx, OFFICE, o)}: {ctx.name(s)}" for o, s in assignment.items())


def moves_text(moves: list[dict[str, Any]], ctx: Ctx[JuntaView]) -> str:
    """Units moving, grouped by destination ("3 → Market, 1 → Old Town")."""
    by: dict[str, int] = {}
    for m in moves:
        by[m["to"]] = by.get(m["to"], 0) + 1
    return ", ".join(ctx.plural("junta.units_to", n, area=area_name(to, ctx)) for to, n in by.items()) or "—"


def opening_text(opening: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    kind = opening.get("kind")
    if kind == "card":
        return ctx.msg("junta.opening_card", card=card_name(opening["card"], ctx), area=area_name(opening["area"], ctx))
    if kind == "move":
        return ctx.msg("junta.opening_move", origin=area_name(opening["from"], ctx), moves=moves_text(opening["moves"],
                                                                                                       ctx))
    if kind == "land":
        unit = said(ctx, UNIT, opening["unit"])
        return ctx.msg("junta.opening_land", unit=unit, area=area_name(opening["area"], ctx))
    return ctx.msg("junta.opening_bombard", weapon=said(ctx, WEAPON, opening["weapon"]))


def card_play_text(a: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    name = card_name(a["card"], ctx)
    if "target" in a:
        return ctx.msg("junta.play_on", card=name, name=ctx.name(a["target"]))
    if "choice" in a:
        return ctx.msg("junta.play_for", card=name, choice=choice_text(a["choice"], ctx))
    if "area" in a:
        return ctx.msg("junta.play_in", card=name, area=area_name(a["area"], ctx))
    return name


def declaration_text(a: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    assassin = ctx.msg("junta.secret_police") if a["assassin"] == "secret_police" else card_name(a["assassin"], ctx)
    if a.get("location") is None:
        return ctx.msg("junta.declare_burglary", assassin=assassin, name=ctx.name(a["victim"]))
    return ctx.msg("junta.declare_option", assassin=assassin, name=ctx.name(a["victim"]),
                   location=said(ctx, LOCATION, a["location"]))


def location_option(a: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    if a["type"] == "go_into_exile":
        return ctx.msg("junta.exile_option", embassy=said(ctx, EMBASSY, a["embassy"]))
    return said(ctx, LOCATION, a["location"])


# --- composed actions: notes chosen one by one ------------------------------------------------------------


def own_notes(ctx: Ctx[JuntaView], chosen: list[Action]) -> list[tuple[Any, str]]:
    return [(v, f"{v}M") for v in sorted(ctx.view.get("money", []), reverse=True)]


def account_notes(ctx: Ctx[JuntaView], chosen: list[Action]) -> list[tuple[Any, str]]:
    return [(v, f"{v}M") for v in sorted(ctx.view.get("account", []), reverse=True)]


# The players a budget may name: those the legal budgets give an amount to.
budget_receivers = seats_named(lambda a: (k for k, v in a["amounts"].items() if v), Ctx.name)


def sum_per_receiver(chosen: list[dict[str, Any]]) -> dict[str, int]:
    """The budget's amounts: the notes meant for each player, summed (the engine checks it is payable)."""
    amounts: dict[str, int] = {}
    for pick in chosen:
        amounts[str(pick["to"])] = amounts.get(str(pick["to"]), 0) + int(pick["note"])
    return amounts


def notes_to(items: Any, place: str) -> Compose:
    """Notes picked one by one for a single destination (the Swiss account, or the hand)."""
    return Compose(field="notes", items=items, receivers=lambda ctx, chosen: [("here", ctx.msg(place))],
                   item_key="note", receiver_key="to", receiver_label=N_("junta.notes_to"),
                   submit=NP_("junta.notes_submit"), submit_empty=N_("junta.notes_submit_empty"),
                   build=lambda chosen: [p["note"] for p in chosen])


def one_receiver(field: str, label: Any) -> Any:
    """`receivers`: the one receiver of the chosen action (a gift's recipient, a fire order's target)."""
    return lambda ctx, chosen: [(chosen[0].get(field), label(chosen[0], ctx))]


def swap_items(ctx: Ctx[JuntaView], chosen: list[Action]) -> list[tuple[Any, str]]:
    """What a player may put into a swap: the cards of his hand, then his notes."""
    cards = [(("card", c), card_name(c, ctx)) for c in ctx.view.get("hand", [])]
    return cards + [(("note", v), f"{v}M") for v in sorted(ctx.view.get("money", []), reverse=True)]


def swap_side(chosen: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """A swap's side, from the items picked: its cards and its notes."""
    return {"cards": [p["item"][1] for p in chosen if p["item"][0] == "card"],
            "notes": [p["item"][1] for p in chosen if p["item"][0] == "note"]}


def swap_offer_compose() -> Compose:
    return Compose(field=None, items=swap_items, receivers=one_receiver("to", lambda a, ctx: ctx.name(a["to"])),
                   receiver_label=N_("junta.swap_to"), submit=NP_("junta.swap_submit"),
                   submit_empty=N_("junta.swap_submit_empty"), build=swap_side, choose=lambda a: a.get("to"),
                   choose_label=lambda a, ctx: who(ctx, a["to"]), choose_placeholder=N_("junta.pick_swap_with"))


# The President's choice of office holders: the players the legal assignments name (each names them all).
assignable = seats_named(lambda a: a["assignment"].values(), who)


def unit_label(unit: str, ctx: Ctx[JuntaView]) -> str:
    """A unit as its controller tells it from his others: its type, and the office it answers to."""
    shown = said(ctx, UNIT, unit_type(unit))
    coup = ctx.view["coup"]
    found = coup["units"].get(unit) if coup is not None else None
    office = found["office"] if found is not None else None
    return f"{shown} · {said(ctx, OFFICE, office)}" if office in OFFICES else shown


def units_of(field: str) -> Any:
    """`items`: the units the chosen actions name (a stack, a fire order, a retreat, the casualties' choices),
    each once."""
    def items(ctx: Ctx[JuntaView], chosen: list[Action]) -> list[tuple[Any, str]]:
        seen: list[str] = []
        for action in chosen:
            for entry in action.get(field) or []:
                unit = entry["unit"] if isinstance(entry, dict) else entry
                if unit not in seen:
                    seen.append(unit)
        return [(u, unit_label(u, ctx)) for u in seen]

    return items


def destinations(ctx: Ctx[JuntaView], chosen: list[Action]) -> list[tuple[Any, str]]:
    """Where the chosen moves may go: every destination they name (None: the unit is lost)."""
    seen: list[Any] = []
    for action in chosen:
        for move in action.get("moves") or []:
            if move["to"] not in seen:
                seen.append(move["to"])
    return [(to, area_name(to, ctx) if to is not None else ctx.msg("junta.unit_lost")) for to in seen]


def my_active_units(ctx: Ctx[JuntaView], chosen: list[Action]) -> list[tuple[Any, str]]:
    coup = ctx.view["coup"]
    units = coup["units"] if coup is not None else {}
    mine = [u for u, d in units.items() if d["controller"] == ctx.seat and d["active"]]
    return [(u, f"{unit_label(u, ctx)} ({area_name(units[u]['area'], ctx)})") for u in mine]


def unit_list(chosen: list[dict[str, Any]]) -> list[str]:
    return [p["unit"] for p in chosen]


def keep_option(action: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    """The Alternative Budget's note kept; with no notes in hand the only answer keeps none."""
    return f"{action['note']}M" if action.get("note") is not None else ctx.msg("junta.no_notes")


def decision_of(view: JuntaView) -> str | None:
    pending = view.get("pending")
    return str(pending["type"]).replace(":", "_") if pending else None


def decision_moment(ctx: Ctx[JuntaView]) -> str:
    """A parallel decision (the engine says which) keeps one moment while it lasts, so one player's answer
    does not make the others' open pickers stale; everything else changes with each action. The moment
    is a digest of the engine's decision key: a custom id has room for neither its length nor its colons."""
    decision = ctx.view.get("decision")
    if decision is not None and decision["parallel"]:
        return "d" + hashlib.blake2s(decision["key"].encode(), digest_size=6).hexdigest()
    return str(ctx.table.seq)


def in_decision(*decisions: str) -> Any:
    """`shown`: the group's button stays on the board for the whole decision, whoever can use it."""
    return lambda ctx: decision_of(ctx.view) in decisions


def card_timing(*timings: str) -> OfTypes:
    return of_type_where(("play_card",), lambda a: any(t in design(a["card"]).timing for t in timings))


# Cards played at any other time (donations, windows, votes, pretexts): from the private panel.
other_card = of_type_where(("play_card",), lambda a: not card_timing(ATTEMPT_HIT, FIRING_SQUAD, COUP_MOVE)(a))


def _g(group_id: str, kinds: Any, label: str, style: Style = Style.secondary, **kw: Any) -> Group:
    """A group whose moment is the decision's (see `decision_moment`); `kinds`: action types or a matcher."""
    matches = of_type(*kinds) if isinstance(kinds, tuple) else kinds
    return Group(group_id, matches, label, style, moment=decision_moment, **kw)


GROUPS = (
    # votes
    _g("nominate", ("nominate",), N_("junta.button.nominate"), Style.success, placeholder=N_("junta.pick_nominate"),
       option=lambda a, ctx: ctx.msg("junta.nominate_option", name=ctx.name(a["candidate"]),
                                     source=source_text(a["sources"][0], ctx)), shown=in_decision("vote_turns")),
    _g("cast", ("cast_vote",), N_("junta.button.cast"), Style.primary, placeholder=N_("junta.pick_cast"),
       option=lambda a, ctx: ctx.msg("junta.cast_option", choice=choice_text(a["choice"], ctx),
                                     source=source_text(a["source"], ctx)), shown=in_decision("vote_turns"),
       emoji="🗳️"),
    _g("pass", exactly(type="pass_vote"), N_("junta.button.pass")),
    _g("accept", exactly(type="accept_candidacy"), N_("junta.button.accept"), Style.success),
    _g("refuse", exactly(type="refuse_candidacy"), N_("junta.button.refuse"), Style.danger),
    _g("tie", ("break_tie",), N_("junta.button.tie"), each=True,
       option=lambda a, ctx: choice_text(a["choice"], ctx)),
    _g("ready", exactly(type="ready"), N_("junta.button.ready"), Style.success),
    _g("hand_limit", ("discard_card",), N_("junta.button.hand_limit"), Style.danger,
       placeholder=N_("junta.pick_discard"), option=lambda a, ctx: card_votes(a["card"], ctx),
       shown=in_decision("hand_limit")),
    # offices and the budget
    _g("assign", ("assign_offices",), N_("junta.button.assign"), Style.primary, placeholder=N_("junta.pick_assign"),
       option=lambda a, ctx: assignment_text(a["assignment"], ctx),
       compose=Compose(field="assignment", items=lambda ctx, chosen: [(o, said(ctx, OFFICE, o)) for o in SUB_OFFICES],
                       receivers=assignable, item_key="office", layout="pairs", preset=True,
                       submit=NP_("junta.assign_submit"), submit_empty=N_("junta.assign_submit_empty"),
                       build=lambda chosen: {p["office"]: p["to"] for p in chosen})),
    _g("budget", ("propose_budget",), N_("junta.button.budget"), Style.primary, placeholder=N_("junta.pick_budget"),
       option=lambda a, ctx: amounts_text(a["amounts"], ctx), shown=in_decision("budget_propose"),
       compose=Compose(field="amounts", items=own_notes, receivers=budget_receivers, item_key="note",
                       receiver_key="to", receiver_label=N_("junta.budget_to"), submit=NP_("junta.budget_submit"),
                       submit_empty=N_("junta.budget_submit_empty"), build=sum_per_receiver)),
    _g("pay", ("pay_budget",), N_("junta.button.pay"), Style.success),
    _g("occupy", exactly(type="occupy_parliament", occupy=True), N_("junta.button.occupy"), Style.danger),
    _g("no_occupy", exactly(type="occupy_parliament", occupy=False), N_("junta.button.no_occupy")),
    _g("keep", ("keep_note",), N_("junta.button.keep"), placeholder=N_("junta.pick_keep"),
       option=keep_option, shown=in_decision("budget_keep")),
    _g("cousin", ("claim_cousin_office",), N_("junta.button.cousin"), placeholder=N_("junta.pick_cousin"),
       option=lambda a, ctx: said(ctx, OFFICE, a["office"])),
    # locations, assassinations, banking
    _g("location", ("choose_location", "go_into_exile"), N_("junta.button.location"), Style.primary,
       placeholder=N_("junta.pick_location"), option=location_option, shown=in_decision("locations"), emoji="📍",
       done=N_("junta.location_done")),
    _g("declare", ("declare_assassination",), N_("junta.button.declare"), Style.danger,
       placeholder=N_("junta.pick_declare"), option=declaration_text, shown=in_decision("declarations"), emoji="🔪"),
    _g("end_declarations", exactly(type="end_declarations"), N_("junta.button.end_declarations")),
    _g("protect", card_timing(ATTEMPT_HIT, FIRING_SQUAD), N_("junta.button.protect"), Style.success,
       placeholder=N_("junta.pick_protect"), option=lambda a, ctx: card_name(a["card"], ctx),
       shown=in_decision("protect", "squad")),
    _g("decline", exactly(type="decline_protection"), N_("junta.button.decline"), Style.danger),
    _g("surrender", ("surrender_notes",), N_("junta.button.surrender"), Style.danger,
       placeholder=N_("junta.pick_surrender"), option=lambda a, ctx: notes_text(a["notes"], ctx)),
    _g("return", exactly(type="return_from_exile"), N_("junta.button.return"), Style.success,
       shown=in_decision("exile_poll")),
    _g("stay_exile", exactly(type="stay_in_exile"), N_("junta.button.stay_exile")),
    _g("kill", exactly(type="kill_returnee", kill=True), N_("junta.button.kill"), Style.danger),
    _g("spare", exactly(type="kill_returnee", kill=False), N_("junta.button.spare")),
    _g("deposit", ("deposit",), N_("junta.button.deposit"), Style.success, placeholder=N_("junta.pick_deposit"),
       option=lambda a, ctx: notes_text(a["notes"], ctx), shown=in_decision("banking"), emoji="🏦",
       compose=notes_to(own_notes, N_("junta.to_account"))),
    _g("withdraw", ("withdraw",), N_("junta.button.withdraw"), placeholder=N_("junta.pick_withdraw"),
       option=lambda a, ctx: notes_text(a["notes"], ctx), shown=in_decision("banking"),
       compose=notes_to(account_notes, N_("junta.to_hand"))),
    _g("end_banking", exactly(type="end_banking"), N_("junta.button.end_banking")),
    _g("influence", ("choose_influence_discard",), N_("junta.button.influence"), Style.danger,
       placeholder=N_("junta.pick_influence"), option=lambda a, ctx: card_votes(a["card"], ctx)),
    # the coup: starting it, and after it
    _g("start_coup", ("start_coup",), N_("junta.button.start_coup"), Style.danger,
       placeholder=N_("junta.pick_opening"), option=lambda a, ctx: opening_text(a["opening"], ctx),
       shown=in_decision("coup_poll"), emoji="✊"),
    _g("decline_coup", exactly(type="decline_coup"), N_("junta.button.decline_coup")),
    _g("squad", ("firing_squad",), N_("junta.button.squad"), Style.danger, placeholder=N_("junta.pick_squad"),
       option=lambda a, ctx: who(ctx, a["victim"])),
    _g("junta_vote", ("junta_vote",), N_("junta.button.junta_vote"), Style.primary, each=True,
       option=lambda a, ctx: who(ctx, a["candidate"])),
    # the coup's movement
    _g("move", ("move_units",), N_("junta.button.move"), Style.primary, placeholder=N_("junta.pick_move"),
       option=lambda a, ctx: ctx.msg("junta.move_option", origin=area_name(a["from"], ctx),
                                     moves=moves_text(a["moves"], ctx)),
       compose=Compose(field="moves", items=units_of("moves"), receivers=destinations, item_key="unit",
                       layout="pairs", submit=NP_("junta.move_submit"), submit_empty=N_("junta.move_submit_empty"),
                       choose=lambda a: a["from"], choose_label=lambda a, ctx: area_name(a["from"], ctx),
                       choose_placeholder=N_("junta.pick_move_from"))),
    _g("helicopter", ("move_helicopter",), N_("junta.button.helicopter"), placeholder=N_("junta.pick_helicopter"),
       option=lambda a, ctx: " → ".join(area_name(x, ctx) for x in a["path"])),
    _g("land", ("land_paratrooper", "land_marines"), N_("junta.button.land"), placeholder=N_("junta.pick_land"),
       option=lambda a, ctx: ctx.msg("junta.land_option", unit=said(ctx, UNIT, a["type"].removeprefix("land_")),
                                     area=area_name(a["area"], ctx))),
    _g("unit_card", card_timing(COUP_MOVE), N_("junta.button.unit_card"), placeholder=N_("junta.pick_unit_card"),
       option=card_play_text, shown=in_decision("coup")),
    _g("reaction", ("police_reaction",), N_("junta.button.reaction"), placeholder=N_("junta.pick_reaction"),
       option=lambda a, ctx: moves_text(a["moves"], ctx) if a["moves"] else ctx.msg("junta.no_reaction")),
    _g("end_movement", exactly(type="end_movement"), N_("junta.button.end_movement")),
    _g("answer_yes", exactly(type="answer_end_coup", accept=True), N_("junta.button.accept_end"), Style.success),
    _g("answer_no", exactly(type="answer_end_coup", accept=False), N_("junta.button.reject_end"), Style.danger),
    # the coup's combat
    _g("attack", ("declare_attack",), N_("junta.button.attack"), Style.danger, placeholder=N_("junta.pick_attack"),
       option=lambda a, ctx: ", ".join(area_name(x, ctx) for x in a["areas"]), emoji="⚔️"),
    _g("bombard", ("declare_bombardment",), N_("junta.button.bombard"), Style.danger,
       placeholder=N_("junta.pick_bombard"),
       option=lambda a, ctx: ctx.msg("junta.bombard_option", weapon=said(ctx, WEAPON, a["weapon"]),
                                     area=area_name(a["area"], ctx), name=ctx.name(a["target"]))),
    _g("end_declaration", exactly(type="end_declaration"), N_("junta.button.end_declaration")),
    _g("order", ("set_combat_order",), N_("junta.button.order"), placeholder=N_("junta.pick_order"),
       option=lambda a, ctx: " → ".join(area_name(x, ctx) for x in a["areas"])),
    _g("fire", ("fire",), N_("junta.button.fire"), Style.danger, placeholder=N_("junta.pick_fire"),
       option=lambda a, ctx: ctx.plural("junta.fire_option", len(a["units"]), name=ctx.name(a["target"])),
       emoji="🎯",
       compose=Compose(field="units", items=units_of("units"), preset=True, item_key="unit", build=unit_list,
                       receivers=one_receiver("target", lambda a, ctx: who(ctx, a["target"])),
                       receiver_label=N_("junta.fire_at"), submit=NP_("junta.fire_submit"),
                       submit_empty=N_("junta.fire_submit_empty"), choose=lambda a: a["target"],
                       choose_label=lambda a, ctx: who(ctx, a["target"]), choose_placeholder=N_("junta.pick_fire_at"))),
    _g("hold_fire", exactly(type="hold_fire"), N_("junta.button.hold_fire")),
    _g("casualties", ("choose_casualties",), N_("junta.button.casualties"), placeholder=N_("junta.pick_casualties"),
       option=lambda a, ctx: ", ".join(unit_label(u, ctx) for u in a["units"]),
       compose=Compose(field="units", items=units_of("units"), preset=True, item_key="unit", build=unit_list,
                       receivers=lambda ctx, chosen: [("lost", ctx.msg("junta.casualties_lost"))],
                       receiver_label=N_("junta.casualties_to"), submit=NP_("junta.casualties_submit"),
                       submit_empty=N_("junta.casualties_submit_empty"))),
    _g("stay", ("allow_stay",), N_("junta.button.allow_stay"), placeholder=N_("junta.pick_stay"),
       option=lambda a, ctx: ", ".join(ctx.name(x) for x in a["to"]) or ctx.msg("junta.nobody")),
    _g("retreat", ("retreat",), N_("junta.button.retreat"), placeholder=N_("junta.pick_retreat"),
       option=lambda a, ctx: moves_text(a["moves"], ctx),
       compose=Compose(field="moves", items=units_of("moves"), receivers=destinations, item_key="unit",
                       layout="pairs", preset=True, submit=NP_("junta.move_submit"),
                       submit_empty=N_("junta.move_submit_empty"))),
    _g("side", ("choose_side",), N_("junta.button.side"), each=True,
       option=lambda a, ctx: said(ctx, SIDE, a["side"])),
    # the private panel ("My family"): gifts, swaps, cards, resignation, returns, coup diplomacy
    _g("play", other_card, N_("junta.button.play"), placeholder=N_("junta.pick_play"), option=card_play_text,
       board=False),
    _g("give_money", ("give_money",), N_("junta.button.give_money"), placeholder=N_("junta.pick_give_money"),
       option=lambda a, ctx: ctx.msg("junta.give_option", what=notes_text(a["notes"], ctx), name=ctx.name(a["to"])),
       board=False,
       compose=Compose(field="notes", items=own_notes, receivers=one_receiver("to", lambda a, ctx: ctx.name(a["to"])),
                       item_key="note", build=lambda chosen: [p["note"] for p in chosen],
                       receiver_label=N_("junta.give_to"), submit=NP_("junta.give_submit"),
                       submit_empty=N_("junta.give_submit_empty"), choose=lambda a: a["to"],
                       choose_label=lambda a, ctx: who(ctx, a["to"]), choose_placeholder=N_("junta.pick_give_to"))),
    _g("give_card", ("give_card",), N_("junta.button.give_card"), placeholder=N_("junta.pick_give_card"),
       option=lambda a, ctx: ctx.msg("junta.give_option", what=card_name(a["card"], ctx), name=ctx.name(a["to"])),
       board=False),
    _g("offer_swap", ("offer_swap",), N_("junta.button.offer_swap"), placeholder=N_("junta.pick_offer_swap"),
       option=lambda a, ctx: swap_text(a, ctx), board=False, compose=swap_offer_compose()),
    _g("answer_swap", ("answer_swap",), N_("junta.button.answer_swap"), placeholder=N_("junta.pick_answer_swap"),
       option=lambda a, ctx: swap_text(a, ctx), board=False,
       compose=Compose(field=None, items=swap_items, build=swap_side, choose=lambda a: a["swap_id"],
                       receivers=lambda ctx, chosen: [("back", ctx.msg("junta.swap_in_return"))],
                       receiver_label=N_("junta.swap_to"), submit=NP_("junta.swap_submit"),
                       submit_empty=N_("junta.swap_submit_empty"), choose_label=lambda a, ctx: swap_text(a, ctx),
                       choose_placeholder=N_("junta.pick_answer_swap"))),
    _g("swap", ("confirm_swap", "cancel_swap"), N_("junta.button.swap"),
       placeholder=N_("junta.pick_swap"), option=lambda a, ctx: swap_text(a, ctx), board=False),
    _g("resign", exactly(type="resign"), N_("junta.button.resign"), Style.danger, board=False),
    _g("return_now", exactly(type="return_from_exile"), N_("junta.button.return"), board=False),
    _g("transfer", ("transfer_units",), N_("junta.button.transfer"), placeholder=N_("junta.pick_transfer"),
       option=lambda a, ctx: talks_text(a, ctx), board=False,
       compose=Compose(field="units", items=my_active_units, item_key="unit", build=unit_list,
                       receivers=one_receiver("to", lambda a, ctx: who(ctx, a["to"])),
                       receiver_label=N_("junta.transfer_to"), submit=NP_("junta.transfer_submit"),
                       submit_empty=N_("junta.transfer_submit_empty"), choose=lambda a: a["to"],
                       choose_label=lambda a, ctx: who(ctx, a["to"]), choose_placeholder=N_("junta.pick_transfer_to"))),
    _g("coup_talks", ("propose_end_coup", "grant_safe_conduct", "permit_retreat"),
       N_("junta.button.coup_talks"), placeholder=N_("junta.pick_coup_talks"), option=lambda a, ctx: talks_text(a, ctx),
       board=False),
)
PANEL = tuple(g.id for g in GROUPS if not g.board)


def swap_text(a: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    if a["type"] == "offer_swap":
        return ctx.msg("junta.swap_offer", what=side_text(a, ctx), name=ctx.name(a["to"]))
    swap = next((w for w in ctx.view.get("swaps", []) if w["id"] == a["swap_id"]), None)
    if swap is None:
        return f"#{a['swap_id']}"
    other = swap["to"] if swap["from"] == ctx.seat else swap["from"]
    key = {"answer_swap": N_("junta.swap_answer"), "confirm_swap": N_("junta.swap_confirm"),
           "cancel_swap": N_("junta.swap_cancel")}[a["type"]]
    return ctx.msg(key, id=a["swap_id"], name=ctx.name(other), offered=side_text(swap, ctx),
                   answer=side_text(swap["answer"], ctx) if swap["answer"] is not None else "—")


def side_text(side: Mapping[str, Any], ctx: Ctx[JuntaView]) -> str:
    """One side of a swap (a swap or its answer in the view, or an offer_swap action): its cards and notes."""
    given = [card_name(c, ctx) for c in side.get("cards", [])]
    if side.get("notes"):
        given.append(notes_text(side["notes"], ctx))
    return ", ".join(given) or ctx.msg("junta.swap_nothing")


def talks_text(a: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    kind = a["type"]
    if kind == "propose_end_coup":
        return ctx.msg("junta.talks_propose", side=said(ctx, SIDE, a["winner"]))
    if kind == "transfer_units":
        return ctx.plural("junta.talks_transfer", len(a["units"]), name=ctx.name(a["to"]))
    if kind == "grant_safe_conduct":
        return ctx.msg("junta.talks_safe_conduct", name=ctx.name(a["to"]))
    return ctx.msg("junta.talks_permit", name=ctx.name(a["to"]), area=area_name(a["area"], ctx))


# --- the board's words -------------------------------------------------------------------------------


WAITING_NAMED = 2  # a board names at most so many players it waits on


def title(ctx: Ctx[JuntaView]) -> str:
    view = ctx.view
    if view["result"] is not None:
        return ctx.msg("junta.board.final_title")
    if view["turn"] == 0:
        return ctx.msg("junta.board.first_election")
    return ctx.msg("junta.board.title", turn=view["turn"], phase=said(ctx, PHASE, view["phase"]))


def status(ctx: Ctx[JuntaView]) -> list[str]:
    view = ctx.view
    if view["result"] is not None:
        return [said(ctx, REASON, view["result"]["reason"])]
    lines = []
    vote = view.get("vote")
    if vote is not None:
        tally = ", ".join(f"{choice_text(int(k) if k.isdigit() else k, ctx)} {v}" for k, v in vote["tally"].items())
        lines.append(ctx.msg("junta.board.vote", motion=said(ctx, MOTION, vote["motion"]), round=vote["round"],
                             tally=tally or "—"))
    budget = view.get("budget")
    if budget is not None and budget["amounts"] is not None:
        lines.append(ctx.msg("junta.board.budget", name=ctx.name(budget["proposer"]),
                             amounts=amounts_text(budget["amounts"], ctx)))
    coup = view["coup"]
    if coup:
        lines.append(coup_line(coup, ctx, brief=True))
    pending = view["pending"]
    if pending:
        seats = pending["seats"]
        decision = said(ctx, DECISION, decision_of(view))
        if len(seats) > WAITING_NAMED:  # the picture shows who: the board says how many, to fit one screen
            line = ctx.plural("junta.board.waiting_many", len(seats), decision=decision)
        else:
            line = ctx.msg("junta.board.waiting", names=", ".join(who(ctx, s) for s in seats) or "—",
                           decision=decision)
        deadline = view["deadline"]
        if deadline:
            line += " " + ctx.msg("junta.board.deadline", at=f"<t:{int(deadline)}:R>")
        lines.append(line)
    return lines


def more(ctx: Ctx[JuntaView]) -> list[str]:
    """The markers and the President, which the board's picture shows, and the coup's rebels: for "📜 Details"."""
    view = ctx.view
    if view["result"] is not None:
        return []
    markers = view["markers"]
    lines = [ctx.msg("junta.board.markers", pretext=ctx.msg("junta.pretext") if markers["pretext"]
                     else ctx.msg("junta.no_pretext"), bank=said(ctx, BANK, markers["bank"]))]
    if markers["bank_safe"]:
        lines.append(ctx.msg("junta.board.bank_safe"))
    if view["president"] is not None:
        lines.append(ctx.msg("junta.board.president", name=who(ctx, view["president"])))
    if view["coup"]:
        lines.append(coup_line(view["coup"], ctx))
    return lines


def coup_line(coup: Coup, ctx: Ctx[JuntaView], brief: bool = False) -> str:
    held = sum(1 for v in coup["control"].values() if v == "rebels")
    phase = ctx.msg("junta.board.rebellion") if coup["phase"] == 0 else ctx.msg("junta.board.coup_phase",
                                                                                phase=coup["phase"])
    if brief:  # the rebels are in the details and on the picture
        return ctx.msg("junta.board.coup_brief", phase=phase, segment=said(ctx, SEGMENT, coup["segment"]),
                       leader=who(ctx, coup["leader"]), held=held)
    rebels = ", ".join(who(ctx, x) for x, r in enumerate(coup["rebels"]) if r)
    return ctx.msg("junta.board.coup", phase=phase, segment=said(ctx, SEGMENT, coup["segment"]),
                   leader=who(ctx, coup["leader"]), rebels=rebels, held=held)


def player_line(player: Player, ctx: Ctx[JuntaView]) -> str:
    seat = player["seat"]
    offices = ", ".join(said(ctx, OFFICE, o) for o in player["offices"]) or "—"
    state = ""
    if not player["alive"]:
        state = " · " + ctx.msg("junta.dead")
    elif player["exile"]:
        state = " · " + ctx.msg("junta.exiled_at", embassy=said(ctx, EMBASSY, player["exile"]))
    if player["rebel"]:
        state += " · ✊"
    coup = ctx.view["coup"]
    side = coup["sides"].get(str(seat)) if coup is not None else None
    if side in SIDE:  # the side chosen at the coup's end (the board in the channel has no rows to show it)
        state += " · 🤝 " + said(ctx, SIDE, side)
    if player["location"]:
        state += " · 📍 " + said(ctx, LOCATION, player["location"])
    influence = ", ".join(card_votes(i["card"], ctx) for i in player["influence"])
    line = ctx.plural("junta.board.player", player["hand_count"], name=who(ctx, seat), offices=offices, state=state)
    return line + ("\n  " + ctx.msg("junta.board.influence", cards=influence) if influence else "")


def fields(ctx: Ctx[JuntaView]) -> list[tuple[str, str]]:
    view = ctx.view
    lines = [player_line(p, ctx) for p in view["players"]]
    return [(ctx.msg("junta.board.families"), "\n".join(lines))]


# --- the log -------------------------------------------------------------------------------------------


def word(event: dict[str, Any], ctx: Ctx[JuntaView]) -> str | None:  # noqa: C901 - one branch per event type, flat on purpose
    kind = event["type"]
    seat = event.get("seat")
    name = who(ctx, seat) if isinstance(seat, int) else ""
    if kind in NAMED_EVENT:
        return said(ctx, NAMED_EVENT, kind, name=name)
    if kind == "phase":
        return ctx.msg("junta.log.phase", turn=event["turn"], phase=said(ctx, PHASE, event["phase"]))
    if kind == "election":
        return ctx.msg("junta.log.election", cause=said(ctx, CAUSE, event["cause"]), name=who(ctx, event["opener"]))
    if kind == "nominated":
        return ctx.msg("junta.log.nominated", name=name, candidate=who(ctx, event["candidate"]))
    if kind == "vote_cast":
        return ctx.plural("junta.log.vote_cast", event["votes"], name=name, choice=choice_text(event["choice"], ctx),
                          source=source_text(event["source"], ctx))
    if kind == "vote_result":
        return vote_result(event, ctx)
    if kind == "election_tied":
        return ctx.msg("junta.log.election_tied", names=", ".join(who(ctx, x) for x in event["tied"]))
    if kind == "election_drawn":
        return ctx.msg("junta.log.election_drawn", name=who(ctx, event["winner"]))
    if kind == "offices_assigned":
        return ctx.msg("junta.log.offices_assigned", offices=assignment_text(
            {o: s for o, s in event["offices"].items() if s is not None}, ctx))
    if kind == "cousin_placed":
        return ctx.msg("junta.log.cousin_placed", office=said(ctx, OFFICE, event["office"]))
    if kind == "budget_proposed":
        return ctx.msg("junta.log.budget_proposed", name=who(ctx, event["by"]), amounts=amounts_text(event["amounts"],
                                                                                                    ctx))
    if kind == "budget_paid":
        return ctx.msg("junta.log.budget_paid", name=who(ctx, event["by"]))
    if kind == "budget_not_paid":
        return ctx.msg("junta.log.budget_not_paid", name=who(ctx, event["payer"]))
    if kind == "parliament":
        key = N_("junta.log.occupied") if event["occupy"] else N_("junta.log.not_occupied")
        return ctx.msg(key, name=name)
    if kind == "money_handed":
        return ctx.msg("junta.log.money_handed", name=who(ctx, event["from"]), to=who(ctx, event["to"]))
    if kind == "money_given":
        return ctx.msg("junta.log.money_given", name=who(ctx, event["from"]), to=who(ctx, event["to"]))
    if kind == "card_given":
        return ctx.msg("junta.log.card_given", name=who(ctx, event["from"]), to=who(ctx, event["to"]))
    if kind == "card_played":
        return ctx.msg("junta.log.card_played", name=name, card=card_name(event["card"], ctx))
    if kind == "influence_played":
        return ctx.msg("junta.log.influence_played", name=name, card=card_votes(event["card"], ctx))
    if kind == "exiled":
        return ctx.msg("junta.log.exiled", name=name, embassy=said(ctx, EMBASSY, event["embassy"]))
    if kind in ("returned", "returning"):
        return ctx.msg("junta.log.returned", name=name)
    if kind == "locations_revealed":
        shown = ", ".join(f"{who(ctx, x)} {said(ctx, LOCATION, loc)}" for x, loc in enumerate(event["locations"])
                          if loc is not None)
        return ctx.msg("junta.log.locations_revealed", locations=shown or "—")
    if kind == "attempt_resolved":
        return attempt_text(event, ctx)
    if kind == "protected":
        return ctx.msg("junta.log.protected", name=name, card=card_name(event["card"], ctx))
    if kind == "burgled":
        return ctx.msg("junta.log.burgled", name=who(ctx, event["victim"]))
    if kind == "no_coup":
        return ctx.msg("junta.log.no_coup")
    if kind == "coup_started":
        return ctx.msg("junta.log.coup_started", name=who(ctx, event["leader"]))
    if kind == "coup_phase":
        phase = ctx.msg("junta.board.coup_phase", phase=event["phase"])
        return ctx.msg("junta.log.coup_phase", phase=phase, name=who(ctx, event["first_mover"]))
    if kind == "coup_move":
        return ctx.msg("junta.log.coup_move", name=name, origin=area_name(event["from"], ctx),
                       moves=moves_text(event["moves"], ctx))
    if kind == "coup_units":
        return ctx.msg("junta.log.coup_units", name=name, card=card_name(event["card"], ctx),
                       area=area_name(event["area"], ctx))
    if kind == "coup_landing":
        return ctx.msg("junta.log.coup_landing", name=name, unit=said(ctx, UNIT, unit_type(event["unit"])),
                       area=area_name(event["area"], ctx))
    if kind == "coup_attack":
        return ctx.msg("junta.log.coup_attack", name=name, areas=", ".join(area_name(a, ctx) for a in event["areas"]))
    if kind == "coup_bombardment":
        return ctx.plural("junta.log.coup_bombardment", event["hits"], name=name,
                          weapon=said(ctx, WEAPON, event["weapon"]), area=area_name(event["area"], ctx),
                          target=who(ctx, event["target"]), dice=dice_text(event["dice"]))
    if kind == "coup_wave":
        return wave_text(event, ctx)
    if kind == "coup_retreat":
        return ctx.msg("junta.log.coup_retreat", name=name, area=area_name(event["area"], ctx),
                       moves=moves_text(event["moves"], ctx))
    if kind == "coup_proposal":
        return ctx.msg("junta.log.coup_proposal", name=name, side=said(ctx, SIDE, event["winner"]))
    if kind == "coup_side":
        return ctx.msg("junta.log.coup_side", name=name, side=said(ctx, SIDE, event["side"]))
    if kind == "coup_over":
        held = ", ".join(area_name(a, ctx) for a, v in event["control"].items() if v == "rebels") or "—"
        return ctx.msg("junta.log.coup_over", side=said(ctx, SIDE, event["winner"]), held=held)
    if kind == "junta_result":
        return ctx.msg("junta.log.junta_result", name=who(ctx, event["winner"]))
    if kind == "firing_squad":
        if event["victim"] is None:
            return ctx.msg("junta.log.no_squad", name=who(ctx, event["by"]))
        return ctx.msg("junta.log.firing_squad", name=who(ctx, event["by"]), victim=who(ctx, event["victim"]))
    if kind == "timeout":
        return ctx.msg("junta.log.timeout", names=", ".join(who(ctx, x) for x in event["seats"]),
                       decision=said(ctx, DECISION, event["decision"].replace(":", "_")))
    if kind == "window":
        return ctx.msg("junta.log.window", window=said(ctx, WINDOW, event["timing"]))
    return None


def dice_text(dice: list[int]) -> str:
    return " ".join(f"⚅{d}" if d == 6 else str(d) for d in dice) or "—"


def wave_text(event: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    shots = "; ".join(ctx.plural("junta.log.shot", s["hits"], name=who(ctx, s["seat"]), target=who(ctx, s["target"]),
                                 dice=dice_text(s["dice"])) for s in event["fire"])
    return ctx.msg("junta.log.coup_wave", area=area_name(event["area"], ctx), wave=event["wave"], shots=shots or "—")


def attempt_text(event: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    attempts = ctx.view.get("attempts") or []
    index = event.get("index", -1)
    found = attempts[index] if 0 <= index < len(attempts) else {}
    result = event["result"] if event["result"] in ATTEMPT else "nothing"
    return said(ctx, ATTEMPT, result, name=who(ctx, found.get("by")), victim=who(ctx, found.get("victim")),
                dice=dice_text(event.get("rolls") or []))


def vote_result(event: dict[str, Any], ctx: Ctx[JuntaView]) -> str:
    motion = event.get("motion", "election")
    if event.get("winner") is not None:
        return ctx.msg("junta.log.elected_by_vote", name=who(ctx, event["winner"]))
    if motion in ("budget", "alt_budget", "no_confidence") and "passed" in event:
        key = N_("junta.log.motion_passed") if event["passed"] else N_("junta.log.motion_failed")
        return ctx.msg(key, motion=said(ctx, MOTION, motion))
    return ctx.msg("junta.log.vote_over", motion=said(ctx, MOTION, motion))


def opening(ctx: Ctx[JuntaView]) -> str:
    view = ctx.view
    players = " · ".join(f"{family_of(ctx, seat)} " + (mention(user) if user > 0 else ctx.name(seat))
                         for seat, user in enumerate(ctx.table.users))
    return ctx.msg("junta.started", players=players, owner=ctx.name(view["owner"]))


def result(ctx: Ctx[JuntaView]) -> str | None:
    found = ctx.view["result"]
    if found is None:
        return None
    lines = [ctx.msg("junta.result.title"), said(ctx, REASON, found["reason"])]
    for seat in range(ctx.view["n"]):
        lines.append(ctx.msg("junta.result.line", name=who(ctx, seat), amount=found["scores"][str(seat)]))
    if found["winners"]:
        lines.append(ctx.msg("junta.result.winners", winners=", ".join(who(ctx, s) for s in found["winners"])))
    return "\n".join(lines)


# --- the private panel ----------------------------------------------------------------------------------


def secret_text(ctx: Ctx[JuntaView]) -> discord.Embed | None:
    view = ctx.view
    if ctx.seat is None or "hand" not in view:
        return None
    embed = discord.Embed(title=ctx.msg("junta.secret.title", name=who(ctx, ctx.seat)),
                          colour=discord.Colour.dark_gold())
    hand = "\n".join(card_votes(c, ctx) for c in view["hand"]) or ctx.msg("junta.secret.no_cards")
    embed.add_field(name=ctx.plural("junta.secret.hand", len(view["hand"])), value=limits.field(hand), inline=False)
    embed.add_field(name=ctx.msg("junta.secret.cash"), value=notes_text(view["money"], ctx), inline=True)
    embed.add_field(name=ctx.msg("junta.secret.account"), value=notes_text(view["account"], ctx), inline=True)
    choice = view.get("location_choice") or {}
    where = view.get("location") or choice.get("location")
    if where:
        embed.add_field(name=ctx.msg("junta.secret.location"), value=said(ctx, LOCATION, where), inline=False)
    elif choice.get("embassy"):
        exile = ctx.msg("junta.exile_option", embassy=said(ctx, EMBASSY, choice["embassy"]))
        embed.add_field(name=ctx.msg("junta.secret.location"), value=exile, inline=False)
    news = [line for line in (arrival(e, ctx) for e in view.get("log", [])) if line][-3:]
    if news:  # what others handed this family lately: the other party of a gift is told what arrived
        embed.add_field(name=ctx.msg("junta.secret.news"), value=limits.field("\n".join(news)), inline=False)
    if view.get("swaps"):
        embed.add_field(name=ctx.msg("junta.secret.swaps"),
                        value=limits.field("\n".join(swap_line(w, ctx) for w in view["swaps"])), inline=False)
    return embed


def arrival(event: dict[str, Any], ctx: Ctx[JuntaView]) -> str | None:
    """A gift or a swap this family received, as only its two parties see it."""
    kind = event.get("type")
    if kind == "money_given" and event.get("to") == ctx.seat and "notes" in event:
        return ctx.msg("junta.secret.got_money", name=who(ctx, event["from"]), notes=notes_text(event["notes"], ctx))
    if kind == "card_given" and event.get("to") == ctx.seat and "card" in event:
        return ctx.msg("junta.secret.got_card", name=who(ctx, event["from"]), card=card_name(event["card"], ctx))
    if kind == "swapped" and ctx.seat in (event.get("a"), event.get("b")) and "got" in event:
        mine, theirs = (event["gave"], event["got"]) if event["a"] == ctx.seat else (event["got"], event["gave"])
        other = event["b"] if event["a"] == ctx.seat else event["a"]
        return ctx.msg("junta.secret.swapped", name=who(ctx, other), gave=side_text(mine, ctx),
                       got=side_text(theirs, ctx))
    return None


def swap_line(swap: Swap, ctx: Ctx[JuntaView]) -> str:
    """A swap in the family panel: with whom, what each side puts in (so far)."""
    mine, theirs = (swap, swap["answer"]) if swap["from"] == ctx.seat else (swap["answer"], swap)
    return ctx.msg("junta.secret.swap_terms", id=swap["id"],
                   name=ctx.name(swap["to"] if swap["from"] == ctx.seat else swap["from"]),
                   give=side_text(mine, ctx) if mine is not None else "…",
                   get=side_text(theirs, ctx) if theirs is not None else "…")


def secret_key(view: JuntaView) -> Any:
    return (view.get("hand"), view.get("money"), view.get("account"), view.get("location_choice"),
            [(w["id"], w["answer"] is not None) for w in view.get("swaps", [])])


UI = GameUI(
    game_id=GAME_ID,
    title=title,
    groups=GROUPS,
    status=status,
    more=more,
    fields=fields,
    word=word,
    actor=lambda event: seat_of(event, "seat", "from", "by"),  # gifts name the giver, budgets their proposer
    notable=frozenset({"president_elected", "president_removed", "resigned", "election_tied", "election_drawn",
                       "offices_assigned", "budget_proposed", "budget_paid", "budget_not_paid", "parliament",
                       "money_handed", "exiled", "locations_revealed", "attempt_resolved", "died", "protected",
                       "burgled", "coup_started", "coup_phase", "coup_bombardment", "coup_wave", "coup_over",
                       "junta_result", "firing_squad", "spared", "timeout"}),
    repost_on=frozenset({"phase", "coup_phase", "coup_over"}),
    render=pictures.render,
    full_render=pictures.render_full,
    describe=alt.describe,
    picture_key=lambda view: view["log_count"],
    opening=opening,
    result=result,
    secret=Secret(button=N_("junta.button.my_family"), text=secret_text, key=secret_key, panel=PANEL),
    passed=N_("junta.windows_pass"),  # told once: the bot presses Ready for a member with no card to play
    colour=discord.Colour.dark_green(),
    recent_moves=8,
)


# --- commands ----------------------------------------------------------------------------------------------

# The ranges and defaults the engine declares (options_schema, its player count), written nowhere else; the
# decision timer, in seconds there, is asked in whole minutes within its range.
TIMER, SHORT, BURN, RECYCLE = (OPTIONS[name] for name in ("decision_timer", "coup_needs_hq_and_pretext",
                                                          "burn_after_coup", "recycle_money"))
Computers = app_commands.Range[int, 0, most_computers(GAME)]
assert TIMER.minimum is not None and TIMER.maximum is not None  # the engine bounds its decision timer
Minutes = app_commands.Range[int, math.ceil(TIMER.minimum / 60), TIMER.maximum // 60]


@app_commands.guild_only()
class JuntaCommands(app_commands.Group, name="junta", description=described("junta.command")):
    @app_commands.command(name="new", description=described("junta.command.new"))
    @app_commands.describe(computers=described("junta.command.new_computers"),
                           timer=described("junta.command.new_timer"),
                           short=described("junta.command.new_short"),
                           burn=described("junta.command.new_burn"),
                           recycle=described("junta.command.new_recycle"),
                           hints=described("command.new_hints"))
    async def new(self, interaction: discord.Interaction, computers: Computers = 0,
                  timer: Minutes = TIMER.default // 60, short: bool = SHORT.default, burn: bool = BURN.default,
                  recycle: bool = RECYCLE.default, hints: bool = False) -> None:
        options = {"decision_timer": timer * 60, "coup_needs_hq_and_pretext": short, "burn_after_coup": burn,
                   "recycle_money": recycle}
        await open_lobby(interaction, GAME_ID, options, computers=computers, hints=hints)


async def setup(bot: CogHost) -> None:
    bot.presenters[GAME_ID] = TablePresenter(bot, UI)
    bot.tree.add_command(JuntaCommands())
