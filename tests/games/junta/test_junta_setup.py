"""§2 set-up: seats, families, the deal, the aid deck, the markers, the options, and the first election."""

from __future__ import annotations

import pytest

from games.core.protocol import IllegalAction
from games.core.rng import ScriptedRng, SeededRng
from games.junta import GAME
from games.junta.cards import DECK
from tests.games.junta.junta_kit import waiting
from tests.support.present import present


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_setup(n):
    s = GAME.setup(n, {}, SeededRng("setup", n))
    assert [len(h) for h in s["hands"]] == [5] * n
    assert len(s["deck"]) == len(DECK) - 5 * n
    assert len(s["aid_down"]) == 96 and s["aid_up"] == [] and all(m == [] for m in s["money"])
    assert s["pretext"] is False and s["bank"] == "open" and s["bank_safe_until"] == 0
    assert s["president"] is None and all(v is None for v in s["offices"].values())
    assert len(set(s["families"])) == n
    assert s["turn"] == 0 and s["phase"] == 0
    assert waiting(s) == ("vote:turns", [0])  # the owner opens the first election


def test_player_count_and_options():
    for n in (3, 8):
        with pytest.raises(IllegalAction) as info:
            GAME.setup(n, {}, ScriptedRng())
        assert info.value.message_id == "junta.player_count"
    with pytest.raises(IllegalAction) as info:
        GAME.setup(4, {"owner": 5}, ScriptedRng())
    assert info.value.message_id == "junta.bad_owner"
    with pytest.raises(IllegalAction):
        GAME.setup(4, {"nonsense": 1}, ScriptedRng())
    with pytest.raises(IllegalAction):
        GAME.setup(4, {"recycle_limit": 97}, ScriptedRng())
    s = GAME.setup(5, {"owner": 3, "burn_after_coup": True}, ScriptedRng())
    assert s["owner"] == 3 and waiting(s) == ("vote:turns", [3])
    assert s["options"]["burn_after_coup"] is True and s["options"]["decision_timer"] == 600


def test_the_deal_is_the_shuffled_deck():
    """With ScriptedRng (no shuffle) each player is dealt from the deck's end, seat by seat."""
    s = GAME.setup(4, {}, ScriptedRng())
    assert s["hands"][0] == list(reversed(DECK[-5:]))
    assert s["aid_down"][-1] == 3  # the top of the unshuffled aid deck


def test_no_office_votes_in_the_first_election():
    s = GAME.setup(4, {}, ScriptedRng())
    view = GAME.view(s, 0)
    assert present(view["vote"])["office_votes"] is False
    assert all("office" not in src["source"] for src in present(view["pending"])["my_sources"])


def test_dump_and_load_round_trip():
    import json

    s = GAME.setup(6, {}, SeededRng(7, 0))
    assert GAME.load(json.loads(json.dumps(GAME.dump(s)))) == s
