"""/som: the command group, the board's controls and the words of Som el que decidim!"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.delivery import mention
from bot.gameui import Compose, Ctx, GameUI, Group, Secret, Style, exactly, of_type, said, seats_named
from bot.i18n import described
from bot.ports import CogHost
from bot.ui.board import TablePresenter
from bot.ui.lobby import most_computers, open_lobby, option_specs
from games.core.messages import N_, NP_, MessageFamily
from games.core.protocol import Action
from games.som import GAME
from games.som.cards import CARDS, DISC
from games.som.cards import FACE_NAME as FACE
from games.som.engine import CARD_NAME, KIND_NAME, MAX_STEPS
from games.som.view_types import Cell, SomView
from renderers import som as pictures
from renderers.alt import som as alt

GAME_ID = "som"
OPTIONS = option_specs(GAME_ID)
# Card names (CARD_NAME) stay in Catalan as printed, in every language; the gloss says what a card is about.
CARD_GLOSS = MessageFamily("som.gloss", (card.id for card in CARDS))
PAWN = {"pink": "🩷", "lilac": "💜", "orange": "🧡", "blue": "💙"}
DEGREE = MessageFamily("som.degree", ("medium", "high", "intense", "roll"))
PHASE = MessageFamily("som.phase", ("place_start", "choose_centralism", "taxation", "transfer", "cohesion",
                                    "action", "game_over"))
EFFECT = MessageFamily("som.effect", ("education", "railways", "roads", "forests", "energy", "housing", "health",
                                      "justice"))
REASON = MessageFamily("som.result.reason", ("referendum", "intervened", "dui"))
ENDED = MessageFamily("som.log.movement_ended", ("stopped", "world", "spain", "urn", "no_step", "declined",
                                                 "vote"))
SIDE = MessageFamily("som.side", ("motion", "government"))
PAY_REASON = MessageFamily("som.pay_reason", ("tax", "transfer", "economic", "health", "justice", "elections"))


# --- how things read -------------------------------------------------------------------------------


def card_name(card: str | None, ctx: Ctx[SomView]) -> str:
    return said(ctx, CARD_NAME, card) if card in CARD_NAME else "?"


def disc_name(disc: str, ctx: Ctx[SomView]) -> str:
    """A disc by its kind and value ("Health 2 €")."""
    found = DISC[disc]
    return ctx.msg("som.disc_value", kind=said(ctx, KIND_NAME, found.kind), value=found.value)


def discs_text(discs: list[str], ctx: Ctx[SomView]) -> str:
    return " + ".join(disc_name(d, ctx) for d in discs) or ctx.msg("som.nothing")


def party(who: Any, ctx: Ctx[SomView]) -> str:
    return ctx.msg("som.hisenda") if who == "hisenda" else ctx.name(who)


def cell_of(view: SomView, label: str) -> Cell | None:
    return next((c for c in view["board"] if c["cell"] == label), None)


def cell_text(label: str | None, ctx: Ctx[SomView]) -> str:
    """A cell by its label, and its card when it is face up ("E3 · Turisme")."""
    if label is None:
        return ctx.msg("som.keep_start")
    cell = cell_of(ctx.view, label)
    if cell is not None and cell["state"] == "face_up":
        return ctx.msg("som.cell_card", cell=label, card=card_name(cell["card"], ctx))
    return ctx.msg("som.cell_hidden", cell=label)


def gloss(action: dict[str, Any], ctx: Ctx[SomView]) -> str | None:
    """What a face-up card is about, in the reader's language (its name stays Catalan)."""
    cell = cell_of(ctx.view, action["cell"]) if action.get("cell") else None
    if cell is None or cell["state"] != "face_up" or cell["card"] not in CARD_GLOSS:
        return None
    return said(ctx, CARD_GLOSS, cell["card"])


def effect_text(action: dict[str, Any], ctx: Ctx[SomView]) -> str:
    effect = action["effect"]
    if effect == "health":
        return ctx.msg("som.effect_health", targets=", ".join(ctx.name(s) for s in action["targets"]))
    if effect == "justice":
        return ctx.msg("som.effect_justice", target=ctx.name(action["target"]), amount=action["amount"])
    owner = next((p["seat"] for p in ctx.view["players"] if any(d["id"] == action["target_disc"] for d in p["discs"])),
                 None)
    return ctx.msg("som.effect_exchange", effect=said(ctx, EFFECT, effect), disc=disc_name(action["target_disc"], ctx),
                   name=ctx.name(owner))


def back_text(action: dict[str, Any], ctx: Ctx[SomView]) -> str:
    if "side" in action:
        return said(ctx, SIDE, action["side"]) if action["side"] else ctx.msg("som.abstain")
    return ctx.msg("som.back_choice", name=ctx.name(action["candidate"])) if action["candidate"] is not None \
        else ctx.msg("som.abstain")


def own_discs(ctx: Ctx[SomView], chosen: list[Action]) -> list[tuple[Any, str]]:
    seat = ctx.seat if ctx.seat is not None else -1
    mine = ctx.view["players"][seat]["discs"] if 0 <= seat < len(ctx.view["players"]) else []
    return [(d["id"], disc_name(d["id"], ctx)) for d in mine]


# The players a gift may go to: those the legal redistributions give a disc to.
others = seats_named(lambda a: (gift["to"] for gift in a["gifts"]), Ctx.name)


def bidding(view: SomView) -> bool:
    vote = view["vote"]
    return vote is not None and vote["step"] == "bid"


GROUPS = (
    Group("start", of_type("place_start"), N_("som.button.place_start"), Style.primary,
          placeholder=N_("som.pick_start"), option=lambda a, ctx: cell_text(a["cell"], ctx), hint=gloss),
    Group("degree", of_type("choose_centralism"), N_("som.button.degree"), Style.primary, each=True,
          option=lambda a, ctx: said(ctx, DEGREE, a["degree"])),
    # A payment's choices (the payer's discs, public) on the board itself: paying is a move of every turn.
    Group("pay", of_type("pay"), N_("som.button.pay"), Style.primary, each=True, placeholder=N_("som.pick_pay"),
          option=lambda a, ctx: discs_text(a["discs"], ctx)),
    Group("break", of_type("break_coin"), N_("som.button.break"), Style.primary, placeholder=N_("som.pick_break"),
          option=lambda a, ctx: disc_name(a["disc"], ctx)),
    Group("change", of_type("give_change"), N_("som.button.change"), Style.primary, placeholder=N_("som.pick_change"),
          option=lambda a, ctx: discs_text(a["discs"], ctx)),
    Group("move", of_type("move_citizen"), N_("som.button.move"), Style.primary, each=True,
          placeholder=N_("som.pick_move"), option=lambda a, ctx: cell_text(a["cell"], ctx), hint=gloss, emoji="🚶"),
    Group("stop", of_type("stop_moving"), N_("som.button.stop"), Style.danger),
    Group("effect", of_type("use_disc_effect"), N_("som.button.effect"), placeholder=N_("som.pick_effect"),
          option=effect_text),
    Group("gifts", of_type("redistribute"), N_("som.button.gifts"), Style.success, placeholder=N_("som.pick_gifts"),
          compose=Compose(field="gifts", items=own_discs, receivers=others, item_key="disc", receiver_key="to",
                          receiver_label=N_("som.gifts_to"), submit=NP_("som.gifts_submit"),
                          submit_empty=N_("som.gifts_none"))),
    Group("protect", of_type("protect_urn"), N_("som.button.protect"), Style.primary,
          placeholder=N_("som.pick_protect"),
          option=lambda a, ctx: discs_text(a["discs"], ctx) if a["discs"] else ctx.msg("som.protect_none")),
    Group("elections", of_type("call_elections"), N_("som.button.elections"), Style.success, emoji="🗳️"),
    Group("motion", of_type("motion_of_censure"), N_("som.button.motion"), Style.success, emoji="🗳️"),
    Group("decline", of_type("decline_vote"), N_("som.button.decline")),
    Group("stand", exactly(type="stand", stand=True), N_("som.button.stand"), Style.success),
    Group("no_stand", exactly(type="stand", stand=False), N_("som.button.no_stand")),
    Group("back", of_type("back"), N_("som.button.back"), each=True, option=back_text),
    Group("beneficiary", of_type("name_beneficiary"), N_("som.button.beneficiary"), each=True,
          option=lambda a, ctx: ctx.name(a["player"])),
    # Bids stay valid while the others bid: the moment is the vote (one per turn at most), not each action.
    Group("bid", of_type("bid"), N_("som.button.bid"), Style.primary, placeholder=N_("som.pick_bid"),
          option=lambda a, ctx: ctx.plural("som.bid_option", a["count"]), emoji="✊",
          moment=lambda ctx: f"vote{ctx.view['turn']}", done=N_("som.bid_done")),
)


# --- words ---------------------------------------------------------------------------------------


def title(ctx: Ctx[SomView]) -> str:
    view = ctx.view
    if view["phase"] == "game_over":
        return ctx.msg("som.board.final_title")
    if view["turn"] == 0:
        return ctx.msg("som.board.setup_title", mode=view["mode"])
    return ctx.msg("som.board.title", turn=view["turn"], mode=view["mode"])


def status(ctx: Ctx[SomView]) -> list[str]:
    view = ctx.view
    if view["phase"] == "game_over":
        found = view["result"]
        return [said(ctx, REASON, found["reason"] if found is not None else "referendum")]
    lines = [ctx.msg("som.board.holder", name=ctx.name(view["holder"]), phase=said(ctx, PHASE, view["phase"]))]
    if view["degree"]:
        lines.append(ctx.msg("som.board.degree", degree=said(ctx, DEGREE, view["degree"])))
    die = view["die"]
    if die:
        lines.append(ctx.msg("som.board.die", face=said(ctx, FACE, die["face"]), number=die["number"]))
    movement = view["movement"]
    if movement:
        lines.append(ctx.msg("som.board.moving", name=ctx.name(movement["mover"]),
                             cell=cell_text(movement["cell"], ctx)))
    payment = view["payment"]
    if payment:
        lines.append(ctx.msg("som.board.paying", name=party(payment["payer"], ctx), amount=payment["amount"],
                             payee=party(payment["payee"], ctx), why=said(ctx, PAY_REASON, payment["reason"])))
    vote = view["vote"]
    if vote:
        kind = N_("som.board.elections") if vote["kind"] == "elections" else N_("som.board.motion")
        lines.append(ctx.msg(kind, name=ctx.name(vote["caller"])))
        if vote["step"] == "bid":
            lines.append(ctx.msg("som.board.bids", done=len(vote["bid_done"]), total=view["n"]))
    return lines


def fields(ctx: Ctx[SomView]) -> list[tuple[str, str]]:
    view = ctx.view
    lines = []
    for player in view["players"]:
        marker = " 🏛️" if player["is_holder"] else ""
        lines.append(ctx.msg("som.board.player_line", pawn=PAWN[player["colour"]], name=ctx.name(player["seat"]),
                             holder=marker, value=player["value"],
                             discs=", ".join(disc_name(d["id"], ctx) for d in player["discs"]) or "—",
                             participation=ctx.plural("som.participation", player["participation"])))
    hisenda = view["hisenda"]
    lines.append(ctx.msg("som.board.hisenda", value=hisenda["value"], twos=hisenda["twos"], ones=hisenda["ones"]))
    lines.append(ctx.msg("som.board.pool", pool=view["pool"], urns=len(view["urn_area"])))
    return [(ctx.msg("som.board.citizens"), "\n".join(lines))]


def word(event: dict[str, Any], ctx: Ctx[SomView]) -> str | None:
    kind = event["type"]
    name = ctx.name(event["seat"]) if isinstance(event.get("seat"), int) else ""
    if kind == "start_placed":
        if event["from"] == event["to"]:
            return ctx.msg("som.log.start_kept", name=name, cell=event["to"])
        return ctx.msg("som.log.start_moved", name=name, cell=event["to"])
    if kind == "centralism":
        return ctx.msg("som.log.centralism", name=name, degree=said(ctx, DEGREE, event["degree"]))
    if kind == "turn_started":
        return ctx.msg("som.log.turn_started", name=name, turn=event["turn"])
    if kind == "paid":
        what = discs_text(event["discs"], ctx) if event.get("discs") else ctx.msg("som.euros", amount=event["handed"])
        return ctx.msg("som.log.paid", payer=party(event["payer"], ctx), payee=party(event["payee"], ctx), what=what,
                       why=said(ctx, PAY_REASON, event["reason"]))
    if kind == "change":
        return ctx.msg("som.log.change", payer=party(event["payer"], ctx), changer=party(event["changer"], ctx))
    if kind == "rolled":
        # Two faces transfer nothing: "0 € from the Hisenda" would read as a payment.
        if not event["number"]:
            return ctx.msg("som.log.rolled_nothing", name=name, face=said(ctx, FACE, event["face"]))
        return ctx.msg("som.log.rolled", name=name, face=said(ctx, FACE, event["face"]), number=event["number"])
    if kind == "gifts":
        given = ", ".join(ctx.msg("som.gift", disc=disc_name(g["disc"], ctx), name=ctx.name(g["to"]))
                          for g in event["gifts"])
        if not given:
            return ctx.msg("som.log.no_gifts", name=name)
        return ctx.plural("som.log.gifts", event["reward"], name=name, gifts=given)
    if kind == "exchange":
        return ctx.msg("som.log.exchange", name=name, effect=said(ctx, EFFECT, event["effect"]),
                       target=ctx.name(event["target"]), taken=disc_name(event["taken"], ctx))
    if kind == "health_tax":
        return ctx.msg("som.log.health_tax", name=name, targets=", ".join(ctx.name(s) for s in event["targets"]))
    if kind == "justice_tax":
        return ctx.msg("som.log.justice_tax", name=name, target=ctx.name(event["target"]), amount=event["amount"])
    if kind == "moved":
        key = N_("som.log.revealed") if event["revealed"] else N_("som.log.moved")
        return ctx.msg(key, name=name, cell=event["cell"], card=card_name(event["card"], ctx))
    if kind == "economic":
        return ctx.msg("som.log.economic", name=name, card=card_name(event["card"], ctx))
    if kind == "urn_found":
        return ctx.msg("som.log.urn_found", name=name, card=card_name(event["card"], ctx), urns=event["urns"])
    if kind == "movement_ended" and event["why"] == "step_limit":
        return ctx.plural("som.log.step_limit", event.get("steps") or MAX_STEPS, name=name)
    if kind == "movement_ended" and event["why"] in ENDED:
        return said(ctx, ENDED, event["why"], name=name)
    if kind == "state_acts":
        return ctx.plural("som.log.state_acts", len(event["collected"]), name=name,
                          card=card_name(event["card"], ctx),
                          shielded=ctx.plural("som.log.urns_protected", len(event["protected"])))
    if kind == "sufragi":
        choice = {"elections": N_("som.log.calls_elections"), "motion": N_("som.log.calls_motion"),
                  "declined": N_("som.log.declines_vote")}[event["choice"]]
        return ctx.msg(choice, name=name)
    if kind == "stand":
        stands = N_("som.log.stands") if event["stand"] else N_("som.log.does_not_stand")
        return ctx.msg(stands, name=name)
    if kind == "backed":
        return ctx.msg("som.log.backed", name=name, choice=back_text(event, ctx))
    if kind == "beneficiary":
        return ctx.msg("som.log.beneficiary", name=name, player=ctx.name(event["player"]))
    if kind == "bid_placed":
        return ctx.msg("som.log.bid_placed", name=name)
    if kind == "vote_result":
        return vote_result(event, ctx)
    if kind == "turn_ended" and event["why"] == "vote":
        return ctx.msg("som.log.holder_by_vote", name=ctx.name(event["next"]))
    return None


def vote_result(event: dict[str, Any], ctx: Ctx[SomView]) -> str:
    bids = ", ".join(f"{ctx.name(seat)} {count}" for seat, count in enumerate(event["bids"]))
    sides = "; ".join(ctx.plural("som.log.side_votes", side["votes"], side=side_name(side, ctx))
                      for side in event["sides"])
    outcome = ctx.msg("som.log.vote_won", name=ctx.name(event["winner"])) if event["winner"] is not None \
        else ctx.msg("som.log.vote_nobody")
    return ctx.msg("som.log.vote_result", bids=bids, sides=sides, outcome=outcome)


def side_name(side: dict[str, Any], ctx: Ctx[SomView]) -> str:
    if side["name"] in SIDE:
        return said(ctx, SIDE, side["name"])
    return ctx.name(int(side["name"])) if str(side["name"]).isdigit() else str(side["name"])


def opening(ctx: Ctx[SomView]) -> str:
    view = ctx.view
    players = " · ".join(
        f"{PAWN[view['colours'][seat]]} " + (mention(user) if user > 0 else ctx.name(seat))
        for seat, user in enumerate(ctx.table.users))
    return ctx.msg("som.started", players=players, mode=view["mode"], holder=ctx.name(view["holder"]))


def result(ctx: Ctx[SomView]) -> str | None:
    view = ctx.view
    found = view["result"]
    if found is None:
        return None
    lines = [ctx.msg("som.result.title"), said(ctx, REASON, found["reason"])]
    for seat in range(view["n"]):
        lines.append(ctx.plural("som.result.line", found["scores"][seat], name=ctx.name(seat)))
    if found["winners"]:
        lines.append(ctx.msg("som.result.winners", winners=", ".join(ctx.name(s) for s in found["winners"])))
    else:
        lines.append(ctx.msg("som.result.nobody"))
    return "\n".join(lines)


def secret_text(ctx: Ctx[SomView]) -> str | None:
    view = ctx.view
    if not bidding(view) or ctx.seat is None:
        return ctx.msg("som.secret.none")
    mine = view["players"][ctx.seat]["participation"]
    bid = view.get("my_bid")
    if bid is None:
        return ctx.plural("som.secret.bid_now", mine)
    return ctx.plural("som.secret.bid_done", bid)


def secret_key(view: SomView) -> Any:
    return (view["turn"], view.get("my_bid")) if bidding(view) else None


UI = GameUI(
    game_id=GAME_ID,
    title=title,
    groups=GROUPS,
    status=status,
    fields=fields,
    word=word,
    notable=frozenset({"centralism", "urn_found", "state_acts", "sufragi", "vote_result", "health_tax", "justice_tax",
                       "exchange"}),
    repost_on=frozenset({"turn_started"}),
    render=pictures.render,
    full_render=pictures.render_full,
    describe=alt.describe,
    picture_key=lambda view: view["log_count"],
    opening=opening,
    result=result,
    secret=Secret(button=N_("som.button.my_bid"), text=secret_text, key=secret_key,
                  shown=lambda ctx: bidding(ctx.view), controls=("bid",)),
    colour=discord.Colour.gold(),
    recent_moves=8,
)


# --- commands ------------------------------------------------------------------------------------

MODE = OPTIONS["mode"]
MODES = [app_commands.Choice(name=str(choice), value=str(choice)) for choice in MODE.choices or ()]
Computers = app_commands.Range[int, 0, most_computers(GAME)]


@app_commands.guild_only()
class SomCommands(app_commands.Group, name="som", description=described("som.command")):
    @app_commands.command(name="new", description=described("som.command.new"))
    @app_commands.describe(mode=described("som.command.new_mode"), computers=described("som.command.new_computers"),
                           hints=described("command.new_hints"))
    @app_commands.choices(mode=MODES)
    async def new(
        self, interaction: discord.Interaction, mode: app_commands.Choice[str] | None = None, computers: Computers = 0,
        hints: bool = False,
    ) -> None:
        chosen = mode.value if mode is not None else str(MODE.default)
        await open_lobby(interaction, GAME_ID, {"mode": chosen}, computers=computers, hints=hints)


async def setup(bot: CogHost) -> None:
    bot.presenters[GAME_ID] = TablePresenter(bot, UI)
    bot.tree.add_command(SomCommands())
