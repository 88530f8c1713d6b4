"""Junta through the real bot in SimCord: a table of families played by clicks (the board's buttons, the
private pickers and the "My family" panel), secrets that stay private, and refusals."""

from __future__ import annotations

import copy
import functools
import re
from typing import Any

import pytest

from bot.cogs import junta as junta_cog
from bot.testkit import clicks
from bot.testkit.junta import UI, budget_given, clickable, open_table
from games.core.rng import SeededRng
from games.junta import GAME
from games.junta.ai import choose as family_choice
from games.junta.cards import PRESIDENT_AID
from tests.bot.conftest import World, components, custom_id
from tests.bot.helpers import choose, embed_text, member_of, public_text, record_renders, table_of, use
from tests.bot.rated import assert_rated

pytestmark = pytest.mark.slow(18)  # scheduled early (tests/conftest.py)


async def member_move(world: World, table_id: int, step: int) -> dict[str, Any] | None:
    """One member who must act plays what a computer family would, by clicks; None when none must."""
    table = table_of(world, table_id)
    if table is None or table.state is None or GAME.outcome(table.state) is not None:
        return None
    for seat in sorted(GAME.to_act(table.state)):
        if seat in table.computer_seats:
            continue
        wanted = family_choice(table.state, seat, SeededRng(7, step))
        assert wanted is not None
        action = clickable(table, seat, wanted)
        seq = table.seq
        result = await use(world, UI, table, seat, action, given=budget_given(table, seat, action))
        response = result.response.content if result.response is not None else ""
        assert table.seq > seq, (action, response)
        return action
    return None


async def test_first_election_and_a_turn_by_clicks(world: World) -> None:
    """Four members elect a President, who assigns offices and proposes a budget; the board tells it all."""
    table_id = await open_table(world, humans=4)
    played: list[dict[str, Any]] = []
    for step in range(400):
        table = table_of(world, table_id)
        if table.state["turn"] >= 1 and table.state["phase"] >= 6:
            break
        action = await member_move(world, table_id, step)
        if action is None:
            await world.env.settle()
            continue
        played.append(action)
    else:
        raise AssertionError(f"turn 1 did not reach phase 6: {[a['type'] for a in played[-10:]]}")
    text = public_text(world)
    assert "is President of the Republic" in text and "Offices:" in text
    assert "proposes the budget" in text
    proposal = next(a for a in played if a["type"] == "propose_budget")  # composed note by note in the panel
    proposed = next(e for e in table_of(world, table_id).view(None)["log"] if e["type"] == "budget_proposed")
    assert proposed["amounts"] == proposal["amounts"]
    assert "Junta: turn 1" in embed_text(world.board())


def coup_minded(table: Any, seat: int, wanted: dict[str, Any]) -> dict[str, Any]:
    """The script's one twist on the computer family: the first member asked whether to start a coup
    starts one (the first opening offered), so the game sees a coup."""
    legal = GAME.legal_actions(table.state, seat)
    openings = [a for a in legal if a["type"] == "start_coup"]
    if openings and not any(e["type"] == "coup_started" for e in table.view(None)["log"]):
        return openings[0]
    return wanted


PRIVATE_WORDS = ("Cash in hand", "Your hand", "your family's affairs", "This afternoon")


MID_GAME_OPTIONS = {"decision_timer": 600, "coup_needs_hq_and_pretext": False, "burn_after_coup": True,
                    "recycle_money": False}  # what `/junta new burn:True` asks for
MEMBER_SEATS = (0, 1)  # the host and the member who joins; the two computer families sit after them


@functools.cache
def late_coup_poll(seed: int = 1000) -> dict[str, Any]:
    """A stored mid-game position, built by the engine alone (every family as the computer chooses, every
    coup declined): a 4-family game with the aid burnt after a coup, at the first moment a member's family
    is asked whether to start a coup once the aid left cannot pay another President (so the game ends
    soon after that coup). The opening by clicks is test_first_election_and_a_turn_by_clicks's."""
    s = GAME.setup(4, dict(MID_GAME_OPTIONS), SeededRng(seed, 0))
    for seq in range(1, 5000):
        if GAME.outcome(s) is not None:
            break
        acting = sorted(GAME.to_act(s))
        if not acting:
            automatic = GAME.auto_action(s)
            assert automatic is not None, "the game waits on no one"
            s = GAME.apply(s, None, automatic, SeededRng(seed, seq))
            continue
        seat = acting[0]
        polled = any(a["type"] == "start_coup" for a in GAME.legal_actions(s, seat))
        if polled and seat in MEMBER_SEATS and len(s["aid_down"]) < PRESIDENT_AID:
            position = GAME.dump(s)
            position["clock_started"] = False  # the clock starts when the table opens, as in a real game
            return position
        wanted = {"type": "decline_coup"} if polled else family_choice(s, seat, SeededRng(seed, -seq))
        assert wanted is not None and wanted["type"] != "start_coup"
        s = GAME.apply(s, seat, wanted, SeededRng(seed, seq))
    raise AssertionError("no late coup poll for a member in this game")


def test_the_stored_position_is_late_in_a_game_without_a_coup() -> None:
    """The whole game's stored position: many turns played, aid too short for another President, no coup yet,
    a member's family asked whether to start one."""
    start = late_coup_poll()
    assert start["turn"] >= 5 and len(start["aid_down"]) < PRESIDENT_AID and start["coup"] is None
    assert not any(e["type"] == "coup_started" for e in start["log"])
    (seat,) = GAME.to_act(start)
    assert seat in MEMBER_SEATS and any(a["type"] == "start_coup" for a in GAME.legal_actions(start, seat))


async def test_a_whole_game_with_a_coup_and_a_restart_in_the_middle(world: World, db_path: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Two members and two computer families play a 4-player game from a stored mid-game position to its end,
    the members by clicks, with a coup started by a member's click, a restart of the bot in the middle of it,
    and no secret in any public message."""
    start = late_coup_poll()
    monkeypatch.setattr(GAME, "setup", lambda n, options, rng: copy.deepcopy(start))
    drawn = record_renders(world, "junta", monkeypatch)
    table_id = await rest_of_the_game(world, db_path)
    await assert_rated(world, table_id)
    # Every board picture was drawn from the public view: no hand, no money, no account, no own choice.
    assert drawn and all(not {"you", "hand", "money", "account", "location_choice"} & set(view) for view in drawn)


async def rest_of_the_game(world: World, db_path: Any) -> int:
    table_id = await open_table(world, humans=2, computers=2, burn=True)
    assert table_of(world, table_id).state["turn"] == late_coup_poll()["turn"]  # the stored position, not a new game
    restarted = False
    coup_seen = False
    for step in range(3000):
        table = table_of(world, table_id)
        if table is None or GAME.outcome(table.state) is not None:
            break
        coup = table.state["coup"]
        if coup is not None and not coup["over"]:
            coup_seen = True
            if coup["phase"] >= 1 and not restarted:
                await world.restart(db_path)
                restarted = True
                continue
        seat = min((s for s in GAME.to_act(table.state) if s not in table.computer_seats), default=None)
        if seat is None:
            await world.env.settle()
            continue
        chosen = family_choice(table.state, seat, SeededRng(9, step))
        assert chosen is not None
        wanted = coup_minded(table, seat, chosen)
        action = clickable(table, seat, wanted)
        seq = table.seq
        result = await use(world, UI, table, seat, action, given=budget_given(table, seat, action))
        response = result.response.content if result.response is not None else ""
        assert table_of(world, table_id) is None or table.seq > seq, (action, response)
    else:
        raise AssertionError("the game did not end")
    assert coup_seen and restarted
    text = public_text(world)
    assert "starts a coup" in text and "The coup is over" in text
    assert "The foreign aid has run out" in text and "The richest" in text
    leaked = [w for w in PRIVATE_WORDS if w in text]
    assert not leaked
    return table_id


async def test_a_member_with_closed_dms_uses_the_family_panel(world: World) -> None:
    """DMs closed: the channel says so, and "My family" shows his hand, cash and account privately, with the
    panel's buttons (a gift of money) that work from there."""
    closed = world.players[1]
    world.env.inject_error("POST", f"/channels/{closed.user.dm_channel.id}/messages", status=403, code=50007,
                           times=None)
    table_id = await open_table(world, humans=4)
    table = table_of(world, table_id)
    seat = table.seat_of(closed.id)
    assert f"<@{closed.id}>" in public_text(world) and "My family" in public_text(world)
    board = world.board()
    panel = await closed.click(board, custom_id=custom_id(board, r"^gs:\d+$"))
    assert panel.ephemeral
    shown = embed_text(panel.response.message)
    assert "Your hand (5 cards)" in shown and "Cash in hand" in shown and "Swiss account" in shown
    own = table.view(seat)
    assert all(junta_cog.card_name(c, _ctx(table, own)) in shown for c in own["hand"])
    buttons = [c.custom_id for c in components(panel.response.message)]
    assert any(":give_card:" in b for b in buttons)
    gifts = [a for a in GAME.legal_actions(table.state, seat) if a["type"] == "give_card"]
    card_gift = gifts[-1]  # his last card, to the last of the others
    opened = await closed.click(panel.response.message, custom_id=custom_id(panel.response.message,
                                                                             r"^g:\d+:give_card:"))
    assert opened.ephemeral and len(gifts) > 1
    await choose(closed, opened, card_gift, len(gifts) - 1)
    assert card_gift["card"] in table.state["hands"][card_gift["to"]]
    assert "gives a card to" in public_text(world)


def _ctx(table: Any, view: dict[str, Any]) -> Any:
    from bot.gameui import Ctx

    return Ctx(table=table, view=view, names=["a", "b", "c", "d"], locale="en")


async def test_a_stranger_and_the_wrong_member_are_refused(world: World) -> None:
    """A non-player's click: not playing here; a member out of turn: whose turn it is; nothing changes."""
    table_id = await open_table(world, humans=4)
    table = table_of(world, table_id)
    board = world.board()
    nominate = custom_id(board, r"^g:\d+:nominate:")
    refused = await world.outsider.click(board, custom_id=nominate)
    assert refused.ephemeral and "not playing at this table" in refused.response.content
    (voter,) = GAME.to_act(table.state)
    other = next(p for p in world.players if table.seat_of(p.id) != voter)
    refused = await other.click(board, custom_id=nominate)
    assert refused.ephemeral and "It is not your turn" in refused.response.content
    assert table.seq == 1, table.state["log"][-6:]  # only the game master's clock start


async def test_the_decision_timer_applies_the_default_and_says_so(world: World, db_path: Any) -> None:
    """/junta new timer:1 — the board shows when the decision's time runs out (a Discord timestamp); when
    it does, even across a restart, the default applies (the voter passes) and the channel is told."""
    table_id = await open_table(world, humans=4, timer=1)
    table = table_of(world, table_id)
    (voter,) = GAME.to_act(table.state)
    due = GAME.deadline(table.state)
    assert due is not None
    deadline = int(due)
    assert f"<t:{deadline}:R>" in embed_text(world.board())
    await world.env.advance_time(30)
    assert GAME.to_act(table_of(world, table_id).state) == {voter}
    await world.restart(db_path)
    await world.env.advance_time(31)
    table = table_of(world, table_id)
    assert voter not in GAME.to_act(table.state)
    assert "Time is up for" in public_text(world) and "voting" in public_text(world)


# --- the private panels: what a member composes ----------------------------------------------------------


def panel_draft(s: Any, seat: int, group_id: str, key: int = 0) -> tuple[Any, Any]:
    """The Junta composer a member opens for `group_id` in state `s` (its `key`-th first choice)."""
    return clicks.panel_draft(UI, GAME, s, seat, group_id, key)


def accepts(s: Any, seat: int, action: dict[str, Any]) -> bool:
    """Whether Junta takes `action` from `seat` in state `s`."""
    return clicks.accepts(GAME, s, seat, action)


def test_the_move_panel_moves_part_of_a_stack() -> None:
    """From a stack of three or more, one unit goes to one neighbour, one to another, the rest stay."""
    from bot.ui.composer import compose_choices, composed_action
    from games.junta import coup
    from tests.games.junta.coup_kit import started
    from tests.games.junta.junta_kit import play

    s = started()
    for _ in range(8):  # the movement turns pass until a family may move a stack of three or more
        (seat,) = coup.coup_to_act(s)
        mine = [a for a in GAME.legal_actions(s, seat) if a["type"] == "move_units"]
        lots = compose_choices(UI.group("move"), mine)  # type: ignore[arg-type]
        key = next((i for i, lot in enumerate(lots) if len(lot[0]["moves"]) >= 3), None)
        if key is not None:
            break
        s = play(s, seat, {"type": "end_movement"})
    else:
        raise AssertionError("no stack of three to move")
    group, draft = panel_draft(s, seat, "move", key)
    assert len(draft.items) >= 3 and len(draft.receivers) >= 2 and not any(draft.given)
    origin = draft.chosen[0]["from"]
    draft.given = [2, 1] + [0] * (len(draft.items) - 2)  # split: one unit to each of two neighbours, the rest stay
    action = composed_action(group, draft)
    (first, _), (second, _) = draft.items[:2]
    there, here = draft.receivers[1][0], draft.receivers[0][0]
    assert action == {"type": "move_units", "from": origin,
                      "moves": [{"unit": first, "to": there}, {"unit": second, "to": here}]}
    s = play(s, seat, action)
    assert s["coup"]["units"][first]["area"] == there and s["coup"]["units"][second]["area"] == here
    assert all(s["coup"]["units"][u]["area"] == origin for u, _label in draft.items[2:])


def test_the_fire_panel_fires_with_some_units_and_the_casualty_panel_picks_the_losses() -> None:
    """Seat 1 fires with one of its three units (preset: all three); seat 2, hit twice, loses the two it picks."""
    from bot.ui.composer import composed_action
    from tests.games.junta.coup_kit import battle
    from tests.games.junta.junta_kit import play

    s = battle()
    group, draft = panel_draft(s, 1, "fire")
    assert draft.chosen[0]["target"] == 2 and draft.given == [1] * len(draft.items) and len(draft.items) == 3
    draft.given = [0, 1, 0]
    action = composed_action(group, draft)
    assert action == {"type": "fire", "units": [draft.items[1][0]], "target": 2}
    s = play(s, 1, action)
    s = play(s, 2, {"type": "fire", "units": ["b2_1"], "target": 1}, rolls=[6, 6])  # one die: seat 1's one unit
    assert s["coup"]["combat"]["casualties"] in ({"2": 1}, {"2": 1, "1": 1}, {"1": 1})
    hit = [int(x) for x in s["coup"]["combat"]["casualties"]]
    seat = hit[0]
    group, draft = panel_draft(s, seat, "casualties")
    count = s["coup"]["combat"]["casualties"][str(seat)]
    preset = [u for (u, _label), r in zip(draft.items, draft.given, strict=True) if r]
    assert len(preset) == count and len(draft.items) > count
    other = next(i for i, r in enumerate(draft.given) if not r)
    draft.given = [1 if i == other else 0 for i in range(len(draft.items))][:len(draft.items)]
    lost = draft.items[other][0]
    s = play(s, seat, composed_action(group, draft))
    assert s["coup"]["units"][lost]["area"] is None


def test_the_assignment_panel_makes_an_assignment_the_list_does_not_hold() -> None:
    """Seven families: the President sends an assignment none of the listed ones is, built office by office
    from pairs; the engine takes it."""
    import itertools

    from bot.ui.composer import composed_action
    from games.junta.common import SUB_OFFICES
    from tests.games.junta.junta_kit import play, position, ready_all

    s = ready_all(position(7, phase=1))
    group, draft = panel_draft(s, 0, "assign")
    assert draft.chosen[0]["assignment"] == {o: draft.receivers[r - 1][0] for o, r in zip(SUB_OFFICES, draft.given,
                                                                                             strict=True)}
    listed = [a["assignment"] for a in GAME.legal_actions(s, 0) if a["type"] == "assign_offices"]
    seats = [r for r, _label in draft.receivers]
    for holders in itertools.permutations(seats, len(SUB_OFFICES)):
        wanted = dict(zip(SUB_OFFICES, holders, strict=True))
        if wanted in listed:
            continue
        draft.given = [seats.index(h) + 1 for h in holders]
        try:
            after = play(s, 0, composed_action(group, draft))
        except Exception:  # noqa: BLE001 - an assignment the rules refuse; try the next
            continue
        break
    else:
        raise AssertionError("no unlisted legal assignment found")
    assert wanted not in listed and all(after["offices"][o] == h for o, h in wanted.items())


def test_the_budget_panel_offers_exactly_the_players_a_budget_may_name() -> None:
    """The President's budget panel offers every player the engine lets a budget name (an exile too), and
    neither the dead player nor the President himself, whom the engine refuses."""
    from tests.games.junta.junta_kit import position

    s = position(5, phase=4, money={0: [3, 2, 1]}, dead=[2], exile={4: "swiss_embassy"})
    _group, draft = panel_draft(s, 0, "budget")
    offered = [x for x, _label in draft.receivers]
    named = [x for x in range(5) if accepts(s, 0, {"type": "propose_budget", "amounts": {str(x): 1}})]
    assert offered == named and 4 in named and 2 not in named and 0 not in named


def test_the_assignment_panel_offers_exactly_the_players_an_assignment_may_name() -> None:
    """The President's assignment panel offers the seats the engine lets an assignment name: every family
    but his own (an exile's too)."""
    from games.junta.common import SUB_OFFICES
    from tests.games.junta.junta_kit import position, ready_all

    s = ready_all(position(5, phase=2, president=1, exile={3: "superpower_embassy"}))
    _group, draft = panel_draft(s, 1, "assign")
    offered = [x for x, _label in draft.receivers]
    base = draft.chosen[0]["assignment"]
    tried = [base] + [{**base, office: x} for office in SUB_OFFICES for x in range(5)]
    named = sorted({x for a in tried if accepts(s, 1, {"type": "assign_offices", "assignment": a})
                    for x in a.values()})
    assert offered == named and 3 in named and 1 not in named


def test_the_casualty_panel_offers_exactly_the_units_the_player_may_lose() -> None:
    """Hit once with four units of two kinds in the market, seat 2's casualty panel offers each of them (the
    engine takes any one), and no other unit (the engine refuses seat 1's and those elsewhere)."""
    from tests.games.junta.coup_kit import battle
    from tests.games.junta.junta_kit import play

    s = battle()
    s = play(s, 1, {"type": "fire", "units": ["b1_1", "b1_2", "b1_3"], "target": 2})
    s = play(s, 2, {"type": "hold_fire"}, rolls=[6, 1, 1])
    assert s["coup"]["combat"]["casualties"] == {"2": 1}
    _group, draft = panel_draft(s, 2, "casualties")
    offered = {u for u, _label in draft.items}
    losable = {u for u in s["coup"]["units"] if accepts(s, 2, {"type": "choose_casualties", "units": [u]})}
    assert offered == losable == {"b2_1", "b2_2", "b2_3", "mar_1"}


def test_a_parallel_decision_keeps_one_moment_for_the_controls() -> None:
    """While families choose their whereabouts one after another, the controls' moment stays (an open picker
    is not stale); the declarations that follow are one family's: their moment is the table's action count."""
    from types import SimpleNamespace

    from bot.gameui import Ctx
    from bot.ui.acting import MOMENT
    from tests.games.junta.junta_kit import play, position

    def moment(state: Any, seq: int) -> str:
        table: Any = SimpleNamespace(seq=seq)
        return junta_cog.decision_moment(Ctx(table=table, view=GAME.view(state, None), names=[], locale="en"))

    s = position(4, phase=5)
    first = moment(s, 7)
    assert re.fullmatch(MOMENT, first) and len(first) <= 20
    for seq, seat in enumerate((2, 0, 3), start=8):
        s = play(s, seat, {"type": "choose_location", "location": "home"})
        assert moment(s, seq) == first
    s = play(s, 1, {"type": "choose_location", "location": "bank"})
    assert moment(s, 11) == "11" and moment(s, 12) == "12"


async def test_gifts_of_several_notes_and_a_swap_from_the_family_panel(world: World, monkeypatch: pytest.MonkeyPatch,
                                                                       ) -> None:
    """Two notes given in one go, the receiver told privately what arrived; a swap offered with a card and a
    note, answered with a card, confirmed: the hands change, each side is told, the channel learns nothing."""
    import copy

    from bot.gameui import Ctx
    from tests.games.junta.junta_kit import card, position

    hands = {0: [card("vote_riggers"), card("evt_student_petition")], 3: [card("unt_students")]}
    start = position(4, phase=2, money={0: [3, 2, 1]}, hands=hands)
    start["clock_started"] = False  # the clock starts when the table opens, as in a real game
    monkeypatch.setattr(GAME, "setup", lambda n, options, rng: copy.deepcopy(start))
    table_id = await open_table(world, humans=4)
    table = table_of(world, table_id)
    giver, receiver, partner = (member_of(world, table, x) for x in (0, 2, 3))
    await use(world, UI, table, 0, {"type": "give_money", "to": 2, "notes": [3, 2]})
    assert table.state["money"][0] == [1] and sorted(table.state["money"][2]) == [2, 3]
    told = embed_text(receiver.user.dm_channel.last_message)
    assert "gave you 3M + 2M" in told and giver.user.name in told
    offer = {"type": "offer_swap", "to": 3, "cards": [hands[0][1]], "notes": [1]}
    items = junta_cog.swap_items(Ctx(table=table, view=table.view(0), names=[], locale="en", seat=0), [])
    await use(world, UI, table, 0, offer, given=[1 if v in (("card", hands[0][1]), ("note", 1)) else 0
                                                 for v, _label in items])
    (swap,) = table.state["swaps"]
    answer = {"type": "answer_swap", "swap_id": swap["id"], "cards": [hands[3][0]], "notes": []}
    items = junta_cog.swap_items(Ctx(table=table, view=table.view(3), names=[], locale="en", seat=3), [])
    await use(world, UI, table, 3, answer, given=[1 if v == ("card", hands[3][0]) else 0 for v, _label in items])
    await use(world, UI, table, 0, {"type": "confirm_swap", "swap_id": swap["id"]})
    assert hands[3][0] in table.state["hands"][0] and hands[0][1] in table.state["hands"][3]
    assert table.state["money"][3] == [1] and not table.state["swaps"]
    told = embed_text(partner.user.dm_channel.last_message)
    assert "Swap with" in told and "you gave Students" in told and "you got Student Petition" in told, told
    text = public_text(world)
    assert "3M" not in text and "2M" not in text and "Students" not in text


async def test_a_computer_familys_own_budget_reaches_the_table(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer President's budget of its own amounts (none of the listed ones) is proposed as made, not
    replaced by the first listed budget."""
    import copy

    from bot import computer
    from games.junta import ai
    from tests.games.junta.junta_kit import position

    start = position(4, phase=3, president=3, money={3: [3, 2, 1]})
    start["clock_started"] = False  # the clock starts when the table opens, as in a real game
    monkeypatch.setattr(GAME, "setup", lambda n, options, rng: copy.deepcopy(start))
    own = {"type": "propose_budget", "amounts": {"0": 2, "1": 1}}
    assert own not in GAME.legal_actions(start, 3)

    def president_first(state: Any, seat: int, rng: Any) -> Any:
        proposing = any(a["type"] == "propose_budget" for a in GAME.legal_actions(state, seat))
        return own if proposing else ai.choose(state, seat, rng)

    monkeypatch.setattr(computer, "chooser", lambda game_id: president_first)
    table_id = await open_table(world, humans=1, computers=3)
    table = table_of(world, table_id)
    assert 3 in table.computer_seats
    await world.env.settle()
    proposed = [e for e in table.view(None)["log"] if e["type"] == "budget_proposed"]
    assert proposed and proposed[0]["amounts"] == own["amounts"]


@pytest.mark.parametrize("notes", [[], [2], [3, 2, 1]])
async def test_the_keep_note_button_is_the_same_whatever_the_president_holds(world: World, notes: list[int],
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20: after the Alternative Budget the board offers the President "Keep one note" however many
    notes he holds (the channel learns nothing of his hand); with none or one note the button plays the
    only choice at once, with more it opens his picker; the channel reads the handover either way."""
    import copy

    from tests.games.junta.junta_kit import alternative_budget_asked

    start = alternative_budget_asked(notes)
    start["clock_started"] = False  # the clock starts when the table opens, as in a real game
    monkeypatch.setattr(GAME, "setup", lambda n, options, rng: copy.deepcopy(start))
    table_id = await open_table(world, humans=4)
    table = table_of(world, table_id)
    board = world.board()
    labels = [c.label for c in components(board) if str(c.custom_id).startswith("g:")]
    assert "Keep one note" in labels
    other = member_of(world, table, 1)
    refused = await other.click(board, custom_id=custom_id(board, r"^g:\d+:keep:"))
    assert refused.ephemeral and "It is not your turn" in refused.response.content
    wanted = {"type": "keep_note", "note": max(notes) if notes else None}
    await use(world, UI, table, 0, wanted, board=board)
    assert table.state["money"][0] == ([max(notes)] if notes else [])
    assert "hands his money over to" in public_text(world)
    assert GAME.to_act(table.state) == {3}
