"""A tiny game for testing the generic table pieces: every kind of control, a secret, no leave action.

Two or three players take turns. On a turn the player either picks a number (40 choices: a picker
with two pages), bids an amount (1-50: a modal), steps left or right (one button each), gives some of
the items a, b, c to the others (a composed action; one item must be kept), sends items to one
player chosen first (a composer that starts from a chosen action), posts thirteen letters to
players (item → player pairs over two selects), or passes. Each player
holds a secret number dealt at set-up (its DM carries the number picker); the game ends after eight
turns.
"""

from __future__ import annotations

import copy
from typing import Any

import discord
from discord import app_commands

from bot.gameui import Compose, Ctx, GameUI, Group, Secret, exactly, of_type
from bot.ui.board import TablePresenter
from bot.ui.lobby import open_lobby
from games.core.descriptor import GameDescriptor
from games.core.protocol import IllegalAction, Outcome, Rng

TURNS = 8
LETTERS = "abcdefghijklm"


class Toy:
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> dict[str, Any]:
        return {"n": n_players, "turn": 0, "played": 0, "total": 0, "secret": [rng.randint(1, 9) for _ in
                range(n_players)], "log": [], "log_count": 0}

    def to_act(self, state: dict[str, Any]) -> set[int]:
        return set() if state["played"] >= TURNS else {state["turn"]}

    def legal_actions(self, state: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        return ([{"type": "pick", "n": n} for n in range(40)] + [{"type": "bid", "amount": 1},
                {"type": "bid", "amount": 50}, {"type": "side", "side": "left"}, {"type": "side", "side": "right"},
                {"type": "give", "gifts": []}, {"type": "pass"}]
                + [{"type": "send", "to": x, "items": ["a"]} for x in range(state["n"]) if x != seat]
                + [{"type": "post", "posts": {"a": (seat + 1) % state["n"]}}])

    def apply(self, state: dict[str, Any], seat: int | None, action: dict[str, Any], rng: Rng) -> dict[str, Any]:
        if seat not in self.to_act(state):
            raise IllegalAction("toy.not_your_turn", "It is not your turn.")
        kind = action.get("type")
        if kind == "bid" and not (isinstance(action.get("amount"), int) and 1 <= action["amount"] <= 50):
            raise IllegalAction("toy.bid_range", "Bid from 1 to 50.", low=1, high=50)
        if kind == "pick" and action.get("n") not in range(40):
            raise IllegalAction("toy.pick_range", "Pick from 0 to 39.")
        if kind == "give":
            gifts = action.get("gifts")
            if not isinstance(gifts, list) or any(g.get("item") not in ("a", "b", "c") or g.get("to") not in
                                                  range(state["n"]) or g.get("to") == seat for g in gifts):
                raise IllegalAction("toy.bad_gift", "Give a, b or c to another player.")
            if len({g["item"] for g in gifts}) == 3:
                raise IllegalAction("toy.keep_one", "Keep at least one item.")
        others = [x for x in range(state["n"]) if x != seat]
        if kind == "send" and (action.get("to") not in others or not set(action.get("items") or []) <= set("abc")):
            raise IllegalAction("toy.bad_send", "Send a, b or c to another player.")
        if kind == "post" and any(k not in LETTERS or v not in others for k, v in (action.get("posts") or {}).items()):
            raise IllegalAction("toy.bad_post", "Post letters to other players.")
        if kind not in ("pick", "bid", "side", "give", "send", "post", "pass"):
            raise IllegalAction("toy.unknown", "No such action.")
        new = copy.deepcopy(state)
        counted = action.get("gifts") or action.get("items") or action.get("posts") or []
        new["total"] += int(action.get("n", action.get("amount", len(counted))) or 0)
        new["played"] += 1
        new["turn"] = (seat + 1) % state["n"]
        new["log_count"] += 1
        new["log"] = [*new["log"], {"id": new["log_count"], "type": kind, "seat": seat,
                                    **{k: v for k, v in action.items() if k not in ("type", "at")}}][-10:]
        return new

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        shown = {k: v for k, v in state.items() if k != "secret"}
        if seat is not None:
            shown["mine"] = state["secret"][seat]
        return copy.deepcopy(shown)

    def deadline(self, state: dict[str, Any]) -> float | None:
        return None

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["played"] < TURNS:
            return None
        return Outcome(winners=[0], scores={s: 0.0 for s in range(state["n"])}, reason="done")

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(data)


GAME = Toy()
DESCRIPTOR = GameDescriptor(engine=GAME, cog="tests.bot.ui.toy", domain="toy")


def choose(state: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any] | None:
    """A computer player for the toy (a descriptor may name this module as its `computer`): it passes."""
    return {"type": "pass"} if seat in GAME.to_act(state) else None


def word(event: dict[str, Any], ctx: Ctx) -> str:
    detail = {k: v for k, v in event.items() if k not in ("id", "type", "seat")}
    return f"{ctx.name(event['seat'])} {event['type']} {detail}"


UI = GameUI(
    game_id="toy",
    title=lambda ctx: f"Toy — turn {ctx.view['played'] + 1}",
    groups=(
        Group("pick", of_type("pick"), "Pick…", option=lambda a, ctx: f"number {a['n']}"),
        Group("bid", of_type("bid"), "Bid…", amount="amount"),
        Group("side", of_type("side"), "Side", each=True, option=lambda a, ctx: f"go {a['side']}"),
        Group("give", of_type("give"), "Give…", compose=Compose(
            field="gifts", items=lambda ctx, chosen: [(x, f"item {x}") for x in "abc"],
            receivers=lambda ctx, chosen: [(s, ctx.name(s)) for s in range(ctx.view["n"]) if s != ctx.seat])),
        Group("send", of_type("send"), "Send…", compose=Compose(
            field="items", items=lambda ctx, chosen: [(x, f"item {x}") for x in "abc"], item_key="item",
            receivers=lambda ctx, chosen: [(chosen[0]["to"], ctx.name(chosen[0]["to"]))], preset=True,
            build=lambda chosen: [p["item"] for p in chosen], choose=lambda a: a["to"],
            choose_label=lambda a, ctx: f"to {ctx.name(a['to'])}")),
        Group("post", of_type("post"), "Post…", compose=Compose(
            field="posts", items=lambda ctx, chosen: [(x, f"letter {x}") for x in LETTERS], item_key="letter",
            receivers=lambda ctx, chosen: [(s, ctx.name(s)) for s in range(ctx.view["n"]) if s != ctx.seat],
            layout="pairs", preset=True, build=lambda chosen: {p["letter"]: p["to"] for p in chosen})),
        Group("pass", exactly(type="pass"), "Pass", done="You passed."),
    ),
    word=word,
    notable=frozenset({"bid"}),
    secret=Secret(button="Show my number", key=lambda view: view.get("mine"), controls=("pick",),
                  text=lambda ctx: discord.Embed(description=f"Your number is {ctx.view['mine']}.")),
)


@app_commands.command(name="toy", description="Open a toy table")
async def toy(interaction: discord.Interaction, computers: int = 0) -> None:
    await open_lobby(interaction, "toy", {}, computers=computers)


async def setup(bot: Any) -> None:
    bot.presenters["toy"] = TablePresenter(bot, UI)
    bot.tree.add_command(toy)
