"""Som el que decidim! through the real bot in SimCord: a mode-C table with a computer citizen played by
clicks, an election with secret bids (one player with DMs closed, a restart in the middle of the
bidding), gifts composed in a private panel, and the refusals of wrong players and strangers."""

from __future__ import annotations

import copy
import json
import random
import re
import sys
from collections import deque
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.cogs import som as som_cog
from bot.gameui import Ctx
from bot.i18n import words
from bot.ui.acting import public_actions
from games.som import GAME
from games.som.cards import CARD, DISC, neighbours
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import (
    choose,
    details_text,
    embed_text,
    group_for,
    member_of,
    public_text,
    record_renders,
    table_of,
)
from tests.bot.helpers import use as play
from tests.games.som.som_kit import at_move, position

pytestmark = pytest.mark.slow(13)  # scheduled early (tests/conftest.py)

ENGLISH = words("en")
CARD_NAMES = {card: ENGLISH.msg(f"som.card.{card}") for card in CARD}


def board(world: World) -> discord.Message:
    """The newest board message (its title names the turn or the set-up)."""
    for message in reversed(world.channel.history()):
        if message.embeds and (message.embeds[0].title or "").startswith("Som el que decidim! — ") \
                and "new table" not in (message.embeds[0].title or ""):
            return message
    raise AssertionError("no board message")


def quick_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer citizen plays its first legal action (the bot only needs a legal one)."""
    from games.som import ai

    monkeypatch.setattr(ai, "choose", lambda state, seat, rng=None: GAME.legal_actions(state, seat)[0])


async def use(world: World, table: Any, seat: int, action: dict[str, Any]) -> Any:
    """Play `action` for `seat` the way a person does: its button, its picker or its panel."""
    return await play(world, som_cog.UI, table, seat, action, board(world))


def route(state: dict[str, Any], start: str, goal: str, visited: set[str]) -> list[str]:
    """The shortest walk to `goal` over cards that let a citizen go on (the test may see hidden cards)."""
    queue: deque[list[str]] = deque([[start]])
    seen = {start, *visited}
    while queue:
        path = queue.popleft()
        for nxt in neighbours(path[-1]):
            card = state["board"].get(nxt)
            if nxt in seen or card is None:
                continue
            if nxt == goal:
                return [*path[1:], nxt]
            if CARD[card].flag != "catalunya":
                continue
            seen.add(nxt)
            queue.append([*path, nxt])
    return []


MEMBERS: list[int] = []  # the members' seats, when a test sets them (the others are computers)


def pick(state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A player who heads for Sufragi universal and calls the vote, pays, and gives nothing away."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    for wanted in ("call_elections", "motion_of_censure"):
        if wanted in by_type:
            return by_type[wanted][0]
    if "choose_centralism" in by_type:
        return {"type": "choose_centralism", "degree": "medium"}
    if "place_start" in by_type:
        return {"type": "place_start", "cell": None}
    if "redistribute" in by_type:
        # Members give one disc to the poorest citizen (the computer, who gives nothing) while they have
        # plenty: participation discs from the pool, to bid with later.
        hand = state["hands"][seat]
        if len(hand) >= 3 and (not MEMBERS or seat in MEMBERS):
            poorest = min((s for s in range(state["n"]) if s != seat), key=lambda s: state["participation"][s])
            return {"type": "redistribute", "gifts": [{"disc": sorted(hand)[0], "to": poorest}]}
        return {"type": "redistribute", "gifts": []}
    if "stand" in by_type:
        return {"type": "stand", "stand": False}
    if "bid" in by_type:  # keep the discs: the next vote then asks everyone for a real bid
        return {"type": "bid", "count": 0}
    if "move_citizen" in by_type:
        movement = state["movement"] or {}
        here = movement.get("cell") or state["citizens"][seat]
        goal = next(cell for cell, card in state["board"].items() if card == "sufragi_universal")
        visited = set(movement.get("visited") or [])
        path = route(state, here, goal, visited)
        steps = [a for a in by_type["move_citizen"] if path and a["cell"] == path[0]]
        # Cards already stood on are legal steps too, but a player heading somewhere does not go back.
        onward = [a for a in by_type["move_citizen"] if a["cell"] not in visited]
        safe = [a for a in onward if CARD[state["board"][a["cell"]]].flag == "catalunya"]
        if steps or onward or "stop_moving" not in by_type:
            return (steps or safe or onward or by_type["move_citizen"])[0]
    for kind in ("stop_moving", "back", "decline_vote"):
        if kind in by_type:
            return by_type[kind][0]
    return rng.choice(legal)


async def open_table(world: World, humans: int, computers: int, mode: str = "C") -> int:
    """The host opens a table (with computer citizens), the other members join, the host starts."""
    host, *guests = world.players[:humans]
    result = await host.slash(world.channel, "som new", mode=mode, computers=computers)
    assert result.response is not None and not result.ephemeral, result.response.content
    lobby = world.channel.last_message
    for guest in guests:
        await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    if humans + computers < GAME.max_players:
        await host.click(lobby, custom_id=custom_id(lobby, ":start$"))
    table_id = int(custom_id(lobby, ":join$").split(":")[1])
    return table_id


async def human_move(world: World, table_id: int, rng: random.Random, bids: bool = True) -> dict[str, Any] | None:
    """One member who may act plays one action through the board (the policy's); None when none can
    (or, with `bids=False`, when the members would bid: the test bids itself)."""
    table = table_of(world, table_id)
    if table is None or table.state is None or GAME.outcome(table.state) is not None:
        return None
    if not bids and (table.view(None)["vote"] or {}).get("step") == "bid":
        return None
    for seat in sorted(GAME.to_act(table.state)):
        if seat in table.computer_seats:
            continue
        legal = GAME.legal_actions(table.state, seat)
        action = pick(table.state, seat, legal, rng)
        seq = table.seq
        result = await use(world, table, seat, action)
        response = result.response.content if result.response is not None else ""
        assert not (result.ephemeral and "✅" not in (response or "") and table.seq == seq), response
        assert table.seq > seq, (action, response)
        return action
    return None


async def test_set_up_and_a_first_turn_by_clicks(world: World) -> None:
    """Three members: the holder places the start card and picks the degree; taxes, the die and gifts follow."""
    table_id = await open_table(world, humans=3, computers=0)
    rng = random.Random(1)
    played: list[dict[str, Any] | None] = []
    while "🎲" not in public_text(world):
        assert len(played) < 12, played
        played.append(await human_move(world, table_id, rng))
    assert [a["type"] for a in played[:2] if a] == ["place_start", "choose_centralism"]
    assert "sets the centralism degree: Medium" in public_text(world)
    table = table_of(world, table_id)
    holder = table.state["holder"]
    assert GAME.to_act(table.state) == {holder} and table.state["phase"] == "cohesion"
    own = table.view(holder)["players"][holder]["discs"]
    receiver = (holder + 1) % 3
    gift = {"type": "redistribute", "gifts": [{"disc": own[0]["id"], "to": receiver}]}
    await use(world, table, holder, gift)
    assert own[0]["id"] in table.state["hands"][receiver]
    assert "gives" in embed_text(board(world)) or "gives" in public_text(world)


def planned_computer(monkeypatch: pytest.MonkeyPatch, seed: int = 5) -> None:
    """Computer citizens play the test's policy (head for the vote), so the game reaches one."""
    from bot import computer

    rng = random.Random(seed)
    monkeypatch.setattr(computer, "chooser", lambda game_id: lambda state, seat, _rng: pick(
        state, seat, GAME.legal_actions(state, seat), rng))


def face_up_now(table: Any) -> set[str]:
    if table is None:
        return set()
    view = table.view(None)  # what everyone has seen: face-up cards and the urn cards found
    return {c["card"] for c in view["board"] if c["state"] == "face_up"} | set(view["urn_area"])


async def test_an_election_with_secret_bids_a_closed_dm_and_a_restart(
    world: World, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mode C with a computer citizen: the vote's bids come privately (DM picker; the board's button for a
    player with DMs closed), stay hidden until the last one, survive a restart, and are then revealed."""
    planned_computer(monkeypatch)
    drawn = record_renders(world, "som", monkeypatch)
    host, closed = world.players[:2]
    world.env.inject_error("POST", f"/channels/{closed.user.dm_channel.id}/messages", status=403, code=50007,
                           times=None)
    table_id = await open_table(world, humans=2, computers=1, mode="C")
    rng = random.Random(5)
    seen_face_up: set[str] = set(face_up_now(table_of(world, table_id)))
    moves = 0
    table = table_of(world, table_id)
    members = {table.seat_of(host.id), table.seat_of(closed.id)}
    monkeypatch.setattr(sys.modules[__name__], "MEMBERS", sorted(members))

    def both_must_bid() -> bool:
        table = table_of(world, table_id)
        assert table is not None, "the game ended before such a vote"
        return (table.view(None)["vote"] or {}).get("step") == "bid" and GAME.to_act(table.state) == members

    while not both_must_bid():
        assert moves < 300 and GAME.outcome(table_of(world, table_id).state) is None, "no vote was reached"
        if await human_move(world, table_id, rng) is None:
            await world.env.settle()
        seen_face_up |= face_up_now(table_of(world, table_id))
        moves += 1
    table = table_of(world, table_id)
    vote = table.view(None)["vote"]
    closed_seat, host_seat = table.seat_of(closed.id), table.seat_of(host.id)
    # The computer bid at once, and so did anyone with no disc to bid; the members still have to.
    assert table.computer_seats[0] in vote["bid_done"] and GAME.to_act(table.state) == {closed_seat, host_seat}
    assert "✊ Bids:" not in public_text(world)
    assert f"Bids in: {len(vote['bid_done'])}/3" in embed_text(board(world))
    assert f"<@{closed.id}>" in public_text(world) and "My bid" in public_text(world)  # the DM failed: a hint

    closed_bid = table.view(closed_seat)["players"][closed_seat]["participation"]
    opened = await closed.click(board(world), custom_id=custom_id(board(world), r"^g:\d+:bid:"))
    assert opened.ephemeral
    await choose(closed, opened, {"type": "bid", "count": closed_bid})
    assert "Bids in: 2/3" in embed_text(board(world)) and "✊ Bids:" not in public_text(world)
    assert next(line for line in embed_text(board(world)).splitlines() if "Bids in:" in line) == "✊ Bids in: 2/3"

    dm = host.user.dm_channel.last_message
    select = next(c for c in components(dm) if str(c.custom_id).startswith("gp:"))
    await world.restart(db_path)
    await host.user.select(dm, custom_id=select.custom_id, values=[select.options[0].value])
    text = public_text(world)
    result_line = next(line for line in text.splitlines() if line.startswith("✊ Bids:"))
    names = await world.bot.names(table_of(world, table_id))
    assert f"{names[closed_seat]} {closed_bid}" in result_line and f"{names[host_seat]} 0" in result_line

    while table_of(world, table_id) is not None and moves < 400:
        if await human_move(world, table_id, rng) is None:
            await world.env.settle()
        seen_face_up |= face_up_now(table_of(world, table_id))
        moves += 1
    assert "Game over" in public_text(world)
    # Every public picture was drawn from the public view: no seat's own view, no bid before its reveal.
    assert drawn and all("you" not in view and view.get("my_bid") is None for view in drawn)
    never_shown = {CARD_NAMES[c] for c in CARD if c not in seen_face_up}
    leaked = [name for name in never_shown if name in public_text(world)]
    assert not leaked


async def test_refusals_for_the_wrong_player_a_stranger_and_a_stale_picker(world: World) -> None:
    """Out of turn: whose turn it is; a stranger: not playing here; an older picker: the moment passed."""
    table_id = await open_table(world, humans=3, computers=0)
    table = table_of(world, table_id)
    holder = table.state["holder"]
    mover, waiting = member_of(world, table, holder), member_of(world, table, (holder + 1) % 3)
    start = custom_id(board(world), r"^g:\d+:start:")
    refused = await waiting.click(board(world), custom_id=start)
    assert refused.ephemeral and "It is not your turn" in refused.response.content
    refused = await world.outsider.click(board(world), custom_id=start)
    assert refused.ephemeral and "not playing at this table" in refused.response.content
    assert table.seq == 0
    first = await mover.click(board(world), custom_id=start)
    second = await mover.click(board(world), custom_id=start)
    await choose(mover, second, {"type": "place_start", "cell": None})
    stale = await choose(mover, first, {"type": "place_start", "cell": None})
    assert stale.ephemeral and "That moment has passed" in stale.response.content
    assert table.seq == 1


async def test_the_real_computer_citizen_takes_its_turns(world: World) -> None:
    """With games.som.ai itself, the computer citizen plays its turns (off the loop) and hands back."""
    table_id = await open_table(world, humans=1, computers=1, mode="B")
    rng = random.Random(4)
    table = table_of(world, table_id)
    computer_seat = table.computer_seats[0]
    human_turns = 0
    while table_of(world, table_id) is not None and human_turns < 40:
        if await human_move(world, table_id, rng) is None:
            await world.env.settle()
        human_turns += 1
    table = table_of(world, table_id) or table
    acted = {e["seat"] for e in table.state["log"] if isinstance(e.get("seat"), int)}
    assert computer_seat in acted
    assert table_of(world, table_id) is None or GAME.to_act(table.state) - set(table.computer_seats)


def crafted(monkeypatch: pytest.MonkeyPatch, state: dict[str, Any]) -> None:
    """The next table of `state["n"]` players starts from `state` (a position made with the engine tests'
    kit) instead of a fresh deal."""
    real = GAME.setup

    def setup(n: int, options: dict[str, Any], rng: Any) -> dict[str, Any]:
        return copy.deepcopy(state) if n == state["n"] else real(n, options, rng)

    monkeypatch.setattr(GAME, "setup", setup)


def move_labels(message: discord.Message) -> list[str]:
    return [str(c.label) for c in components(message) if re.match(r"^g:\d+:move[.:]", str(c.custom_id or ""))]


async def test_the_board_offers_a_card_the_citizen_already_stood_on(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed: from a Catalunya card the citizen may move "a cualquiera de las 8 cartas de su alrededor, esté
    descubierta o no": after stepping from Concentració nacional (A1) onto B1, the board's movement buttons
    offer A1 again, and clicking it steps back."""
    crafted(monkeypatch, at_move(position(2, colours=["pink", "blue"]), "generalitat"))
    table_id = await open_table(world, humans=2, computers=0, mode="A")
    table = table_of(world, table_id)
    assert GAME.to_act(table.state) == {0} and table.state["citizens"][0] == "A1"
    await use(world, table, 0, {"type": "move_citizen", "cell": "B1"})
    assert table.state["citizens"][0] == "B1" and table.state["movement"]["steps"] == 1
    offered = public_actions(table, group_for(som_cog.UI, {"type": "move_citizen", "cell": "A1"}))
    assert {"type": "move_citizen", "cell": "A1"} in offered
    assert any("A1" in label and "Concentració nacional" in label for label in move_labels(board(world)))
    await use(world, table, 0, {"type": "move_citizen", "cell": "A1"})
    assert table.state["citizens"][0] == "A1" and table.state["movement"]["steps"] == 2
    assert "steps to A1 (Concentració nacional)" in embed_text(board(world))


async def test_the_hisendas_coin_stays_hidden_while_the_change_is_chosen(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed: the Hisenda's discs show their coin side "sin que se pueda saber a qué servicio público o a qué
    infraestructura corresponden". Pink reveals Turisme; the Hisenda, holding only 2 € discs (education and
    mossos), breaks one at random and Pink picks the change: no public message, board or picture names that
    disc meanwhile (the pictures are drawn from views that do not hold it); once the change is given, the
    disc is in Pink's hands and the board names it."""
    s = position(2, mode="B", colours=["pink", "blue"], hands={0: ["justice1", "roads1", "forests1", "housing1"],
                                                               1: ["health3"]},
                 hisenda=["education1", "mossos1"], cards={"B2": "turisme"})
    crafted(monkeypatch, at_move(s, "generalitat"))
    table_id = await open_table(world, humans=2, computers=0, mode="B")
    table = table_of(world, table_id)
    drawn = record_renders(world, "som", monkeypatch)
    await use(world, table, 0, {"type": "move_citizen", "cell": "B2"})
    await world.env.settle()
    payment = table.state["payment"]  # the test may look at the hidden state
    broken = payment["broken"]
    assert payment["step"] == "give_change" and payment["payer"] == "hisenda" and broken in ("education1", "mossos1")
    name = ENGLISH.msg("som.disc_value", kind=ENGLISH.msg(f"som.kind.{DISC[broken].kind}"), value=2)
    assert name not in public_text(world) and name not in embed_text(board(world))
    assert drawn and all(broken not in json.dumps(view) for view in drawn)
    assert all(broken not in json.dumps(table.view(seat)) for seat in (None, 0, 1))
    opened = await member_of(world, table, 0).click(board(world), custom_id=custom_id(board(world), r"^g:\d+:change:"))
    assert opened.ephemeral and name not in json.dumps([o.label for o in picker_options(opened)])
    await use(world, table, 0, {"type": "give_change", "discs": ["forests1", "roads1"]})
    assert broken in table.state["hands"][0] and name in await details_text(world)


def picker_options(result: Any) -> list[Any]:
    select = next(c for c in components(result.response.message) if str(getattr(c, "custom_id", "")).startswith("gp:"))
    return list(select.options)


@pytest.mark.parametrize(("locale", "wanted"), [
    ("en", "Anna has taken 40 steps"), ("it", "Anna ha fatto 40 passi"), ("es", "Anna ha dado 40 pasos"),
    ("ca", "Anna ha fet 40 passos")])
def test_a_movement_ended_by_the_step_limit_is_worded(locale: str, wanted: str) -> None:
    """The log line of a movement that took its 40 steps, with the count, in every language."""
    view = at_move(position(2, colours=["pink", "blue"]), "generalitat")
    ctx = Ctx(table=SimpleNamespace(users=[1, 2], computer_seats=[], state=None, id=0),  # type: ignore[arg-type]
              view=GAME.view(view, None), names=["Anna", "Bruno"], locale=locale)
    event = {"id": 9, "type": "movement_ended", "seat": 0, "cell": "B2", "why": "step_limit", "steps": 40}
    assert wanted in (som_cog.word(event, ctx) or "")


@pytest.mark.parametrize("hand", [["health1", "roads1"], ["health1"]])
def test_the_gift_panel_offers_exactly_the_players_a_gift_may_go_to(hand: list[str]) -> None:
    """The holder's gift panel offers the players the engine lets a disc go to: the others while he holds two
    discs or more, nobody when he holds one (he must keep it, the engine refuses every gift)."""
    from bot.testkit.clicks import accepts, panel_draft
    from tests.games.som.som_kit import at_cohesion, position

    s = at_cohesion(position(3, hands={0: hand}), "generalitat")
    _group, draft = panel_draft(som_cog.UI, GAME, s, 0, "gifts")
    offered = [x for x, _label in draft.receivers]
    takers = [x for x in range(3)
              if accepts(GAME, s, 0, {"type": "redistribute", "gifts": [{"disc": hand[0], "to": x}]})]
    assert offered == takers == ([1, 2] if len(hand) > 1 else [])


@pytest.mark.parametrize(("locale", "paid", "nothing"), [
    ("en", "the Hisenda pays 4 €", "the Hisenda pays nothing"),
    ("it", "la Hisenda paga 4 €", "la Hisenda non paga nulla"),
    ("es", "la Hisenda paga 4 €", "la Hisenda no paga nada"), ("ca", "la Hisenda paga 4 €", "la Hisenda no paga res")])
def test_a_roll_that_transfers_nothing_says_so(locale: str, paid: str, nothing: str) -> None:
    """The blue and everyone faces transfer 0 €: the log says the Hisenda pays nothing, not "0 € from the Hisenda"."""
    view = at_move(position(2, colours=["pink", "blue"]), "generalitat")
    ctx = Ctx(table=SimpleNamespace(users=[1, 2], computer_seats=[], state=None, id=0),  # type: ignore[arg-type]
              view=GAME.view(view, None), names=["Anna", "Bruno"], locale=locale)
    pink = som_cog.word({"id": 3, "type": "rolled", "seat": 0, "face": "pink", "number": 4, "rerolled": []}, ctx) or ""
    everyone = som_cog.word({"id": 3, "type": "rolled", "seat": 0, "face": "everyone", "number": 0, "rerolled": []},
                            ctx) or ""
    assert paid in pink
    assert nothing in everyone and "0 €" not in everyone


@pytest.mark.parametrize(("locale", "wanted"), [
    ("en", "2 cards go back face down (1 urn card protected)"),
    ("it", "2 carte tornano coperte (1 carta urna protetta)"),
    ("es", "2 cartas vuelven boca abajo (1 carta de urna protegida)"),
    ("ca", "2 cartes tornen cara avall (1 carta d'urna protegida)")])
def test_the_state_acting_words_each_count_by_its_own_plural(locale: str, wanted: str) -> None:
    """Two cards go back and one urn card was protected: each count takes its own plural form."""
    view = at_move(position(2, colours=["pink", "blue"]), "generalitat")
    ctx = Ctx(table=SimpleNamespace(users=[1, 2], computer_seats=[], state=None, id=0),  # type: ignore[arg-type]
              view=GAME.view(view, None), names=["Anna", "Bruno"], locale=locale)
    event = {"id": 5, "type": "state_acts", "seat": 0, "card": "tribunal_constitucional", "cell": "B2",
             "degree": "medium", "collected": ["turisme", "cultura_democratica"], "protected": ["mossos1"]}
    assert wanted in (som_cog.word(event, ctx) or "")
