"""Set-up (rules/som.md, "Set-up" and "Centralism degree")."""

from __future__ import annotations

import pytest

from games.core.protocol import IllegalAction
from games.core.rng import ScriptedRng, SeededRng
from games.som.cards import CARDS, ONES, START_CARD, TWOS, total
from tests.games.som.som_kit import FACE, G, act, cell_of, events, new, refused, types, value, waiting


def test_options_schema():
    """A public mode option (A, B, C, A+C; default A) and a table-set starting holder."""
    specs = {spec.name: spec for spec in G.options_schema}
    assert specs["mode"].choices == ("A", "B", "C", "A+C") and specs["mode"].default == "A"
    assert specs["mode"].public and not specs["holder"].public


@pytest.mark.parametrize("mode", ["C", "A+C"])
def test_one_player_cannot_play_mode_c(mode):
    """A lone player plays mode A or B only."""
    with pytest.raises(IllegalAction) as info:
        G.setup(1, {"mode": mode}, ScriptedRng([1]))
    assert info.value.message_id == "som.solo_mode"
    G.setup(2, {"mode": mode}, ScriptedRng([1]))


@pytest.mark.parametrize(("n", "options", "message_id"), [
    (0, {}, "som.player_count"), (5, {}, "som.player_count"), (2, {"mode": "D"}, "core.option_choice"),
    (2, {"colour": "red"}, "core.option_unknown"), (2, {"holder": 2}, "som.bad_holder"),
])
def test_bad_set_ups_are_refused(n, options, message_id):
    """Player counts outside 1-4 and bad options are refused with an id."""
    with pytest.raises(IllegalAction) as info:
        G.setup(n, options, SeededRng(1))
    assert info.value.message_id == message_id


@pytest.mark.parametrize(("n", "hisenda"), [(4, 12), (3, 18), (2, 24), (1, 28)])
def test_starting_discs(n, hisenda):
    """Two 2 € and two 1 € discs each (6 €); a lone player three 2 € and two 1 € (8 €); the rest to the Hisenda."""
    s = G.setup(n, {}, SeededRng(n))
    for hand in s["hands"]:
        twos = [d for d in hand if d in TWOS]
        ones = [d for d in hand if d in ONES]
        assert (len(twos), len(ones)) == ((3, 2) if n == 1 else (2, 2))
        assert total(hand) == (8 if n == 1 else 6)
    assert value(s, "hisenda") == hisenda
    assert sorted([d for h in s["hands"] for d in h] + s["hisenda"]) == sorted(TWOS + ONES)


def test_colours_and_the_starting_holder_are_drawn():
    """Colours are shuffled (the rng's order) and the starting holder drawn with randint."""
    s = G.setup(3, {}, ScriptedRng([2]))
    assert s["colours"] == ["pink", "lilac", "orange"]
    assert s["starting_holder"] == 2 and s["holder"] == 2
    seen = {tuple(G.setup(4, {}, SeededRng(seed))["colours"]) for seed in range(20)}
    assert len(seen) > 5


def test_the_board_is_dealt_face_down_but_concentracio():
    """37 cards on 37 cells, only Concentració nacional face up; citizens and the 12 discs of the pool on it."""
    s = G.setup(4, {}, SeededRng(3))
    assert sorted(c for c in s["board"].values()) == sorted(c.id for c in CARDS)
    assert s["face_up"] == [START_CARD] and s["urn_area"] == []
    start = cell_of(s, START_CARD)
    assert s["citizens"] == [start] * 4 and s["pool"] == 12 and s["participation"] == [0] * 4
    board = G.view(s, None)["board"]
    assert [c["card"] for c in board if c["state"] == "face_up"] == [START_CARD]
    assert sum(c["state"] == "face_down" for c in board) == 36


def test_set_up_waits_on_the_starting_holder():
    """First place_start, then choose_centralism, by the starting holder only."""
    s = new(4, holder=2)
    assert G.to_act(s) == {2} and waiting(s) == "place_start"
    assert len(G.legal_actions(s, 2)) == 37  # keep it (null) or any of the 36 other cells
    assert refused(s, 0, {"type": "place_start", "cell": None}).message_id == "som.not_your_turn"
    s = act(s, 2, {"type": "place_start", "cell": None})
    assert waiting(s) == "choose_centralism" and types(s, 2) == {"choose_centralism"}


def test_place_start_swaps_without_revealing():
    """Concentració nacional trades places with the chosen cell's card, which stays face down."""
    s = new()
    moved = act(s, 0, {"type": "place_start", "cell": "D3"})
    assert moved["board"]["D3"] == START_CARD and moved["board"]["A1"] == s["board"]["D3"]
    assert moved["face_up"] == [START_CARD] and moved["citizens"] == ["D3"] * 4
    event = events(s, moved, "start_placed")[0]
    assert (event["from"], event["to"]) == ("A1", "D3")
    assert s["board"]["D3"] not in str(G.view(moved, None))


def test_place_start_refuses_its_own_cell_and_non_cells():
    """Swapping with itself or with a position that is no cell is refused."""
    s = new()
    assert refused(s, 0, {"type": "place_start", "cell": "A1"}).message_id == "som.start_same"
    assert refused(s, 0, {"type": "place_start", "cell": "A7"}).message_id == "som.no_such_cell"


def chosen(n: int = 4) -> dict:
    return act(new(n), 0, {"type": "place_start", "cell": None})


@pytest.mark.parametrize("degree", ["medium", "high", "intense"])
def test_naming_the_degree_starts_the_first_turn(degree):
    """The named degree holds, and the starting holder's turn 1 begins (taxes, roll, phase 3)."""
    s = act(chosen(), 0, {"type": "choose_centralism", "degree": degree}, FACE["blue"])
    assert s["degree"] == degree and s["turn"] == 1 and s["holder"] == 0
    assert waiting(s) == "cohesion" and s["die"] == "blue"


@pytest.mark.parametrize(("face", "degree"), [("blue", "medium"), ("generalitat", "high"), ("pink", "intense")])
def test_rolling_the_degree_reads_the_number(face, degree):
    """0 gives medium, 2 high, 4 intense."""
    s = act(chosen(), 0, {"type": "choose_centralism", "degree": "roll"}, FACE[face], FACE["blue"])
    assert s["degree"] == degree
    assert events(chosen(), s, "centralism")[0]["rolls"] == [face]


def test_rolling_the_degree_never_rerolls_missing_colours():
    """With 2 players a missing colour's face still counts for the degree."""
    s = act(chosen(2), 0, {"type": "choose_centralism", "degree": "roll"}, FACE["orange"], FACE["pink"])
    assert s["degree"] == "high"


def test_one_player_degree_is_high_or_intense():
    """Medium is refused alone, and a rolled 0 is rolled again."""
    s = chosen(1)
    assert refused(s, 0, {"type": "choose_centralism", "degree": "medium"}).message_id == "som.degree_solo"
    assert {a["degree"] for a in G.legal_actions(s, 0)} == {"high", "intense", "roll"}
    rolled = act(s, 0, {"type": "choose_centralism", "degree": "roll"}, FACE["blue"], FACE["everyone"],
                 FACE["lilac"], FACE["generalitat"])
    assert rolled["degree"] == "intense"
    assert events(s, rolled, "centralism")[0]["rolls"] == ["blue", "everyone", "lilac"]


def test_bad_degree():
    """Only medium, high, intense or roll."""
    assert refused(chosen(), 0, {"type": "choose_centralism", "degree": "low"}).message_id == "som.degree_bad"
