"""Set-up (rules/arditi.md "Set-up", "Engine vocabulary"): leaders, indifferents, bag, first player, options."""

from __future__ import annotations

import pytest

from games import REGISTRY
from games.core.protocol import Game, IllegalAction
from games.core.rng import ScriptedRng, SeededRng
from tests.games.arditi.arditi_kit import G

LEADERS = [40, 7]
TWELVE = [3, 11, 19, 22, 28, 35, 51, 60, 64, 72, 77, 88]


def fresh(first_draw: int = 1) -> dict:
    """Two players: leaders on 40 and 7, the twelve indifferents above, seat `first_draw` starts."""
    rng = ScriptedRng([*LEADERS, *TWELVE, first_draw])
    state = G.setup(2, {}, rng)
    assert rng.remaining == []
    return state


def test_registered_with_two_to_six_players():
    """REGISTRY["arditi"] is the engine, for 2 to 6 players, shaped like the Game contract."""
    assert REGISTRY["arditi"] is G
    assert (G.id, G.min_players, G.max_players) == ("arditi", 2, 6)
    assert isinstance(G, Game)


def test_each_leader_starts_alone_on_its_drawn_number():
    """Each player's leader is the whole march, on the number drawn for it, with no direction yet."""
    state = fresh()
    assert state["marches"] == [{"spaces": [40], "leader": 0, "dir": None},
                                {"spaces": [7], "leader": 0, "dir": None}]


def test_twelve_indifferents_on_their_own_spaces():
    """Twelve more numbers are drawn and each lies on its own space; none waits."""
    state = fresh()
    assert state["numbers"] == sorted(TWELVE)
    assert state["waiting"] == []


def test_drawn_numbers_leave_the_bag():
    """The bag keeps the 90 numbers minus the party seats and the indifferents."""
    state = fresh()
    assert sorted(state["bag"]) == sorted(set(range(1, 91)) - set(LEADERS) - set(TWELVE))
    assert len(state["bag"]) == 90 - 14


def test_a_number_drawn_twice_is_drawn_again():
    """The bag has each number once: a number already out is redrawn (the seed's tombola)."""
    rng = ScriptedRng([40, 40, 7, 7, 40, *TWELVE, 0])
    state = G.setup(2, {}, rng)
    assert [m["spaces"] for m in state["marches"]] == [[40], [7]]
    assert state["numbers"] == sorted(TWELVE)


def test_first_player_is_drawn_at_random_then_seat_order():
    """Without the option the first player is drawn; the turn then passes in seat order."""
    state = fresh(first_draw=1)
    assert (state["first"], state["current"], state["phase"], state["round"]) == (1, 1, "roll", 1)
    assert G.to_act(state) == {1}
    assert G.legal_actions(state, 1) == [{"type": "roll"}]
    assert G.legal_actions(state, 0) == []


def test_first_option_chooses_the_first_player():
    """The bot's `first` option fixes the first player; no draw is spent on it."""
    rng = ScriptedRng([*LEADERS, 1, *TWELVE])
    state = G.setup(3, {"first": 2}, rng)
    assert rng.remaining == []
    assert (state["first"], state["current"]) == (2, 2)


def test_default_options():
    """By default the game lasts at most 60 rounds and the police's numbers go back into the bag."""
    state = fresh()
    assert state["options"] == {"max_rounds": 60, "police_return_draws": False}
    assert G.view(state, None)["max_rounds"] == 60


def test_max_rounds_option():
    """`max_rounds` takes any whole number from 5 to 200."""
    state = G.setup(2, {"max_rounds": 5}, ScriptedRng([*LEADERS, *TWELVE, 0]))
    assert state["options"]["max_rounds"] == 5


@pytest.mark.parametrize("n", range(2, 7))
def test_two_to_six_players(n):
    """Any table of 2 to 6 players gets one march per seat and twelve indifferents."""
    state = G.setup(n, {}, SeededRng("setup", n))
    assert len(state["marches"]) == n
    assert len(state["numbers"]) == 12
    assert len(set(state["numbers"]) | {m["spaces"][0] for m in state["marches"]}) == 12 + n
    assert len(state["bag"]) == 90 - 12 - n
    assert state["captured"] == [[] for _ in range(n)] and state["arrested"] == [0] * n


@pytest.mark.parametrize("n", [0, 1, 7, 12])
def test_other_table_sizes_are_refused(n):
    """Fewer than 2 or more than 6 players is refused with arditi.player_count."""
    with pytest.raises(IllegalAction) as info:
        G.setup(n, {}, SeededRng("setup", 0))
    assert info.value.message_id == "arditi.player_count"
    assert info.value.params == {"seated": n}


@pytest.mark.parametrize(
    ("options", "message_id"),
    [
        ({"colour": "red"}, "core.option_unknown"),
        ({"max_rounds": 4}, "core.option_range"),
        ({"max_rounds": 201}, "core.option_range"),
        ({"max_rounds": "60"}, "core.option_range"),
        ({"max_rounds": True}, "core.option_range"),
        ({"max_rounds": 12.5}, "core.option_range"),
        ({"first": -1}, "core.option_range"),
        ({"first": 6}, "core.option_range"),
        ({"first": True}, "core.option_range"),
        ({"first": 2}, "arditi.bad_first"),  # a seat this two-player table does not have
    ],
)
def test_bad_options_are_refused(options, message_id):
    """Unknown options, values out of range or of the wrong kind, and a first seat not at the table."""
    with pytest.raises(IllegalAction) as info:
        G.setup(2, options, SeededRng("setup", 0))
    assert info.value.message_id == message_id


def test_setup_logs_the_start():
    """The log opens with the party seats and the first player's turn."""
    state = fresh(first_draw=0)
    assert [(e["type"], e.get("seats"), e.get("seat")) for e in state["log"]] == [
        ("game_started", [40, 7], None), ("turn_started", None, 0)]


def test_public_view_shows_the_board():
    """The public view holds every piece: leaders and numbers by space, the bag's size, nothing to move."""
    view = G.view(fresh(), None)
    assert view["spaces"]["40"] == {"kind": "leader", "seat": 0}
    assert view["spaces"]["3"] == {"kind": "number"}
    assert len(view["spaces"]) == 14
    assert view["bag"] == 76 and view["moves"] == [] and view["scores"] == [0, 0]
    assert view["marches"][1] == {"seat": 1, "spaces": [7], "leader": 0, "dir": None, "militants": 0}
