"""Message ids (games/core/messages.py): markers, nested messages, players and id families."""

from __future__ import annotations

import json

import pytest

from games.core.messages import N_, NP_, MessageFamily, msg, seat_ref


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> list[MessageFamily]:
    """A fresh family registry for the test, so test families never reach the real one."""
    fresh: list[MessageFamily] = []
    monkeypatch.setattr(MessageFamily, "registry", fresh)
    return fresh


def test_markers_return_the_id_unchanged() -> None:
    """N_ and NP_ only mark ids for extraction: they return them as they are."""
    assert N_("spyfall.time_up") == "spyfall.time_up"
    assert NP_("polls.actions_still_left") == "polls.actions_still_left"


def test_msg_nests_a_message_with_its_parameters() -> None:
    """msg(id, **params) is a JSON-ready message that may itself hold messages and players."""
    inner = msg("polls.region.madrid")
    assert inner == {"msg": "polls.region.madrid", "params": {}}
    outer = msg("polls.shift_nothing", where=inner, who=seat_ref(1), count=2)
    assert outer == {
        "msg": "polls.shift_nothing",
        "params": {"where": {"msg": "polls.region.madrid", "params": {}}, "who": {"seat": 1}, "count": 2},
    }
    assert json.loads(json.dumps(outer)) == outer


def test_seat_ref_names_a_player_by_seat() -> None:
    """seat_ref(n) is {"seat": n}, which the bot words as that player's name."""
    assert seat_ref(0) == {"seat": 0}
    assert seat_ref(7) == {"seat": 7}


def test_family_builds_ids_from_its_prefix_and_keys(registry: list[MessageFamily]) -> None:
    """family[key] is "prefix.key"; keys are kept as strings, in order; `in` tests the keys."""
    family = MessageFamily("test.colour", ["red", "dark_blue", 3])
    assert family["red"] == "test.colour.red"
    assert family["dark_blue"] == "test.colour.dark_blue"
    assert family[3] == family["3"] == "test.colour.3"
    assert "red" in family and 3 in family
    assert "green" not in family
    assert family.ids() == ["test.colour.red", "test.colour.dark_blue", "test.colour.3"]


def test_family_refuses_an_unknown_key(registry: list[MessageFamily]) -> None:
    """An id outside the family's keys raises KeyError naming the key and the family."""
    family = MessageFamily("test.colour", ["red"])
    with pytest.raises(KeyError, match="green") as caught:
        family["green"]
    assert "test.colour" in str(caught.value)
    with pytest.raises(KeyError):
        family["test.colour.red"]


def test_every_family_registers_for_all_ids(registry: list[MessageFamily]) -> None:
    """all_ids() holds the ids of every family created, so the catalog tooling sees them."""
    assert MessageFamily.all_ids() == set()
    colours = MessageFamily("test.colour", ["red", "blue"])
    sizes = MessageFamily("test.size", ["small"])
    assert registry == [colours, sizes]
    assert MessageFamily.all_ids() == {"test.colour.red", "test.colour.blue", "test.size.small"}


def test_the_games_families_are_registered() -> None:
    """The families the engines define (Spyfall's locations and roles) are in the real registry."""
    from games.spyfall.locations import LOCATION_NAME, ROLE_NAME

    assert LOCATION_NAME in MessageFamily.registry and ROLE_NAME in MessageFamily.registry
    assert set(LOCATION_NAME.ids()) | set(ROLE_NAME.ids()) <= MessageFamily.all_ids()
    assert "spyfall.location.zoo" in MessageFamily.all_ids()
