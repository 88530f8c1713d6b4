"""§11 hidden information: what each player's view holds and what the public view never holds."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core.protocol import IllegalAction
from games.junta import GAME
from games.junta.view_types import Decision
from tests.games.junta.junta_kit import FOUR, card, events, fresh, pass_all, play, position, waiting
from tests.support.present import present


def test_own_view_holds_hand_notes_account_location():
    s = position(4, phase=5, offices=FOUR, hands={2: ["vote_riggers"]}, money={2: [3, 1]}, accounts={2: [2]})
    s = play(s, 2, {"type": "choose_location", "location": "mistress"})
    mine = GAME.view(s, 2)
    assert mine["hand"] == [card("vote_riggers")] and mine["money"] == [1, 3] and mine["account"] == [2]
    assert mine["location_choice"] == {"location": "mistress"}
    other = GAME.view(s, 1)
    assert other["hand"] == [] and other["money"] == [] and other["location_choice"] is None
    assert other["players"][2]["hand_count"] == 1


def test_public_view_has_no_secret():
    s = position(4, phase=5, offices=FOUR, hands={2: ["vote_riggers"]}, money={2: [3, 1]}, accounts={2: [2]})
    s = play(s, 2, {"type": "choose_location", "location": "mistress"})
    s = play(s, 2, {"type": "give_money", "to": 3, "notes": [3]})
    public = GAME.view(s, None)
    text = json.dumps(public)
    assert "vote_riggers" not in text and "mistress" not in text
    assert not {"hand", "money", "account"} & set(public)
    assert all("money" not in p and "account" not in p for p in public["players"])


def test_locations_public_after_the_reveal():
    s = position(4, phase=6, offices=FOUR, locations={0: "home", 1: "bank", 2: "mistress", 3: "night_club"})
    assert GAME.view(s, None)["players"][2]["location"] is None
    for seat in (1, 2, 3, 0):
        s = play(s, seat, {"type": "end_declarations"})
    assert [p["location"] for p in GAME.view(s, None)["players"]] == ["home", "bank", "mistress", "night_club"]


def test_presidents_aid_values_private_count_public():
    s = position(4, phase=3, offices=FOUR, aid=[1, 1, 1, 2, 2, 2, 3, 3, 3])
    public = events(s, "aid_drawn")
    private = events(s, "aid_drawn", 0)
    assert public == [{"type": "aid_drawn", "seat": 0, "count": 8}]
    assert private[0]["notes"] == [1, 1, 2, 2, 2, 3, 3, 3]


def test_pending_decision_and_my_sources():
    s = position(4, phase=4, offices=FOUR, money={0: [2]}, influence={0: ["inf_church"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"2": 2}})
    mine = GAME.view(s, 0)["pending"]
    assert present(mine)["type"] == "vote:turns" and present(mine)["seats"] == [0]
    assert {"source": {"card": card("inf_church")}, "votes": 10} in present(mine)["my_sources"]
    public = GAME.view(s, None)
    assert "my_sources" not in present(public["pending"]) and present(public["budget"])["amounts"] == {"2": 2}
    assert public["to_act"] == [0] and waiting(s) == ("vote:turns", [0])


def test_swaps_visible_to_their_players_only():
    s = position(4, phase=5, offices=FOUR, hands={1: ["vote_riggers"]})
    s = play(s, 1, {"type": "offer_swap", "to": 2, "cards": [card("vote_riggers")], "notes": []})
    assert GAME.view(s, 2)["swaps"][0]["cards"] == [card("vote_riggers")]
    assert GAME.view(s, 3)["swaps"] == []
    assert "vote_riggers" not in json.dumps(GAME.view(s, None))
    assert GAME.view(s, None)["deadline"] == GAME.view(s, 3)["deadline"]


def test_events_are_numbered_for_the_table_service():
    """Each event a view shows carries its number among all events ever logged; the last one's is log_count."""
    s = position(4, phase=3, offices=FOUR)
    shown = GAME.view(s, None)["log"]
    numbers = [e["id"] for e in shown]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    assert numbers[-1] == GAME.view(s, None)["log_count"]


def test_view_refuses_what_is_not_a_seat():
    """docs/engine-contract.md ("The action guard"): view(state, seat) for a seat 0..n-1 or None (everyone),
    and every view starts with check_seat. -1 is not the last seat, n is no seat, and True/False are not
    seats 1/0: each is refused with IllegalAction (issue 20, item 8)."""
    s = position(4, phase=4, offices=FOUR, money={3: [3, 2]})
    for seat in (-1, 4, 5, True, False, "0", 0.0, 1.5):
        with pytest.raises(IllegalAction) as info:
            GAME.view(s, seat)  # type: ignore[arg-type]
        assert info.value.message_id == "core.not_a_seat" and str(info.value), seat
    assert GAME.view(s, 3)["money"] == [2, 3] and GAME.view(s, 0)["you"] == 0 and "you" not in GAME.view(s, None)


def test_the_action_vocabulary_is_every_action_the_engine_answers() -> None:
    """games/junta/actions.py declares exactly the actions the phases answer, those of any time and the coup's."""
    from games.junta import coup
    from games.junta.actions import ACTIONS
    from games.junta.frames import ANSWERS, ANYTIME

    answered = {t for types in ANSWERS.values() for t in types} | ANYTIME | coup.COUP_ACTIONS
    assert set(ACTIONS.types) == answered | {"timeout", "start_clock"}


# --- the decision waited on (what the bot keys its controls to) --------------------------------------------


def decision(s: dict[str, Any]) -> Decision | None:
    """The public view's decision, after checking every seat's view carries the very same one."""
    public = GAME.view(s, None)["decision"]
    assert all(GAME.view(s, seat)["decision"] == public for seat in range(s["n"]))
    return public


def test_a_parallel_decision_keeps_its_key_while_answers_come_in():
    """Phase 5's locations: one parallel decision whose key stays while families choose, and a new key
    (a sequential decision) once the last has chosen."""
    s = position(4, phase=5, offices=FOUR)
    first = decision(s)
    assert first is not None and first["kind"] == "locations" and first["parallel"]
    for seat in (2, 0, 3):
        s = play(s, seat, {"type": "choose_location", "location": "home"})
        assert decision(s) == first
    s = play(s, 1, {"type": "choose_location", "location": "bank"})
    after = decision(s)
    assert after is not None and after["kind"] == "declarations" and not after["parallel"]
    assert after["key"] != first["key"]


def test_a_sequential_decision_changes_its_key_with_each_answer():
    """A budget vote's turns: each voter's pass opens the next voter's decision, a new key each time."""
    s = position(4, phase=4, offices=FOUR, money={0: [2]})
    proposal = decision(s)
    assert proposal is not None and (proposal["kind"], proposal["parallel"]) == ("budget_propose", False)
    s = play(s, 0, {"type": "propose_budget", "amounts": {"2": 2}})
    keys = []
    for _ in range(3):
        found = decision(s)
        assert found is not None and found["kind"] == "vote" and not found["parallel"]
        keys.append(found["key"])
        s = play(s, waiting(s)[1][0], {"type": "pass_vote"})
    assert len(set(keys)) == 3


def test_the_coups_wave_casualties_and_stay_are_parallel():
    """A combat's fire orders, its casualties and the stayers' answer keep one key while answered; its
    declarations are one player's decision."""
    from tests.games.junta.coup_kit import battle, end_movements, started

    s = end_movements(started())
    declare = decision(s)
    assert declare is not None and (declare["kind"], declare["parallel"]) == ("coup_declare", False)
    s = battle()
    wave = decision(s)
    assert wave is not None and wave["kind"] == "coup_fire" and wave["parallel"]
    s = play(s, 1, {"type": "fire", "units": ["b1_1"], "target": 2})
    assert decision(s) == wave
    s = play(s, 2, {"type": "hold_fire"}, rolls=[6])
    hit = decision(s)
    assert hit is not None and hit["kind"] == "coup_casualties" and hit["parallel"] and hit["key"] != wave["key"]
    s = play(s, 2, {"type": "choose_casualties", "units": ["b2_1"]})
    for _ in range(2):
        s = play(s, 1, {"type": "hold_fire"})
        s = play(s, 2, {"type": "hold_fire"})
    stay = decision(s)
    assert stay is not None and stay["kind"] == "coup_stay" and stay["parallel"]


def test_the_answers_to_an_end_of_coup_proposal_are_parallel():
    """Everyone else answers a proposal to end the coup, in any order: one key until a refusal ends it."""
    from tests.games.junta.coup_kit import quiet_phase, started

    s = quiet_phase(started())
    s = play(s, 1, {"type": "propose_end_coup", "winner": "rebels"})
    asked = decision(s)
    assert asked is not None and asked["kind"] == "coup_proposal" and asked["parallel"]
    s = play(s, 3, {"type": "answer_end_coup", "accept": True})
    assert decision(s) == asked
    s = play(s, 0, {"type": "answer_end_coup", "accept": False})
    after = decision(s)
    assert after is not None and after["kind"] == "coup_move" and after["key"] != asked["key"]


def test_the_kinds_of_a_candidacy_and_a_game_over():
    """A candidate asked whether he stands: `candidacy`, one player's decision; a game over waits on nothing."""
    s = fresh(4, owner=2, hands={2: ["inf_church"]})
    s = play(s, 2, {"type": "nominate", "candidate": 2, "sources": [{"card": card("inf_church")}]})
    s = pass_all(s, "vote:turns")
    assert waiting(s) == ("vote:refusals", [2])
    found = decision(s)
    assert found is not None and found["kind"] == "candidacy" and not found["parallel"]
    assert decision(position(4, phase=3, offices=FOUR, aid=[])) is None
