"""A server's own location packs (games/spyfall/packs.py): reading and checking a TOML or JSON pack,
and the engine playing a pack alone or with the built-in locations."""

from __future__ import annotations

import copy
import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LOCALES, words
from games.core import IllegalAction, ScriptedRng, SeededRng
from games.core.messages import msg
from games.spyfall import packs
from games.spyfall.locations import LOCATIONS
from tests.games.spyfall.spyfall_testkit import G, act, refused
from tests.support.present import present

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "spyfall-pack.toml"
BUILT_IN = [loc.id for loc in LOCATIONS]


def pack_doc(count: int = 10, name: str = "Test pack") -> dict[str, Any]:
    """A valid pack document of `count` locations, English and Italian names."""
    return {
        "name": name,
        "locations": [
            {"name": {"en": f"Place {i}", "it": f"Posto {i}"},
             "roles": [{"en": f"Role {i}.{r}", "it": f"Ruolo {i}.{r}"} for r in range(1, 8)]}
            for i in range(1, count + 1)
        ],
    }


def toml_text(doc: dict[str, Any]) -> str:
    """The document written as TOML, names as inline tables (or plain text)."""
    def value(v: Any) -> str:
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return json.dumps(v, ensure_ascii=False)

    lines = [f"{k} = {value(v)}" for k, v in doc.items() if k != "locations"]
    for location in doc.get("locations", []):
        lines += ["", "[[locations]]"] + [f"{k} = {value(v)}" for k, v in location.items()]
    return "\n".join(lines) + "\n"


def problems_of(doc: Any, **kwargs: Any) -> list[packs.Problem]:
    with pytest.raises(packs.PackError) as info:
        packs.check_pack(doc, **kwargs)
    return info.value.problems


def ids(found: list[packs.Problem]) -> list[str]:
    return [p.message_id for p in found]


# --- reading ------------------------------------------------------------------------------------


def test_the_documented_example_pack_reads():
    """docs/examples/spyfall-pack.toml is a valid pack in all four languages, clear of the built-in names."""
    taken = {lang: [words(lang).msg(f"spyfall.location.{loc}") for loc in BUILT_IN] for lang in LOCALES}
    pack = packs.read_pack(EXAMPLE.read_bytes(), EXAMPLE.name, taken=taken)
    assert pack.name == "Fantasy" and len(pack.locations) == 12
    assert pack.languages == ["en", "it", "es", "ca"]
    assert all(len(loc.roles) == 7 and set(loc.names) == set(LOCALES) for loc in pack.locations)
    assert packs.pack_from_data(pack.data()) == pack
    assert json.loads(json.dumps(pack.data())) == pack.data()


def test_the_format_shown_in_the_rules_reads():
    """The TOML sample of docs/rules/spyfall_locations.md is right but for its length (one location of 10)."""
    doc = (EXAMPLE.parents[1] / "rules" / "spyfall_locations.md").read_text()
    sample = doc.split("## Your own locations", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    with pytest.raises(packs.PackError) as info:
        packs.read_pack(sample.encode(), "sample.toml")
    assert ids(info.value.problems) == ["spyfall.pack.problem.too_few"]
    parsed = tomllib.loads(sample)
    parsed["locations"] += pack_doc(9)["locations"]
    location = packs.check_pack(parsed).locations[0]
    assert location.names["ca"] == "Castell reial" and location.roles[1] == {"en": "Queen"}


def test_toml_and_json_read_the_same():
    """The same pack written as TOML or JSON (by the file's name, or a text starting with "{") reads the same."""
    doc = pack_doc()
    from_toml = packs.read_pack(toml_text(doc).encode(), "pack.toml")
    assert packs.read_pack(json.dumps(doc).encode(), "pack.json") == from_toml
    assert packs.read_pack(json.dumps(doc, indent=2).encode(), "pack.txt") == from_toml
    assert packs.read_pack(toml_text(doc).encode()) == from_toml
    assert packs.read_pack(b"\xef\xbb\xbf" + toml_text(doc).encode(), "pack.toml") == from_toml  # a BOM


def test_plain_text_names_are_english_and_spaces_tidied():
    """A name given as plain text is the English name; spaces around and inside names are tidied."""
    doc = pack_doc()
    doc["locations"][0] = {"name": "  Old   Mill ", "roles": ["Miller", {"en": "Baker", "es": "Panadero"},
                                                            "Donkey", "Farmer", "Thief", "Tax Collector", "Child"]}
    pack = packs.check_pack(doc)
    first = pack.locations[0]
    assert first.id == "pack:1" and first.names == {"en": "Old Mill"}
    assert first.roles[1] == {"en": "Baker", "es": "Panadero"}
    assert pack.languages == ["en", "it", "es"]
    assert packs.name_in(first.names, "it") == "Old Mill" and packs.name_in(first.roles[1], "es") == "Panadero"


def test_pack_ids_never_look_like_built_in_ids():
    """Pack locations are pack:1, pack:2, …; no built-in id can be one (they are snake_case words)."""
    pack = packs.check_pack(pack_doc(12))
    assert [loc.id for loc in pack.locations] == [f"pack:{i}" for i in range(1, 13)]
    assert all(re.fullmatch(r"[a-z_]+", i) for i in BUILT_IN)
    assert not any(packs.is_pack_id(i) for i in BUILT_IN)
    assert packs.pack_index("pack:12") == 11


# --- problems -----------------------------------------------------------------------------------


def mutate(change: Any) -> dict[str, Any]:
    doc = pack_doc()
    change(doc)
    return doc


CASES = [
    ("unknown top field", lambda d: d.update(colour="red"), "spyfall.pack.problem.unknown_field"),
    ("no name", lambda d: d.pop("name"), "spyfall.pack.problem.no_name"),
    ("name not text", lambda d: d.update(name=7), "spyfall.pack.problem.name_not_text"),
    ("name too long", lambda d: d.update(name="x" * 33), "spyfall.pack.problem.name_length"),
    ("name characters", lambda d: d.update(name="Fun!*"), "spyfall.pack.problem.name_characters"),
    ("no locations", lambda d: d.pop("locations"), "spyfall.pack.problem.no_locations"),
    ("locations not a list", lambda d: d.update(locations={"a": 1}), "spyfall.pack.problem.no_locations"),
    ("too few", lambda d: d["locations"].pop(), "spyfall.pack.problem.too_few"),
    ("location not a table", lambda d: d["locations"].__setitem__(2, "Castle"),
     "spyfall.pack.problem.location_not_a_table"),
    ("unknown location field", lambda d: d["locations"][0].update(colour="red"), "spyfall.pack.problem.unknown_field"),
    ("location without name", lambda d: d["locations"][0].pop("name"), "spyfall.pack.problem.no_name_here"),
    ("name a number", lambda d: d["locations"][0].update(name=3), "spyfall.pack.problem.name_shape"),
    ("unknown language", lambda d: d["locations"][0]["name"].update(fr="Lieu"),
     "spyfall.pack.problem.unknown_language"),
    ("name text not text", lambda d: d["locations"][0]["name"].update(it=["x"]), "spyfall.pack.problem.text_not_text"),
    ("control character", lambda d: d["locations"][0]["name"].update(it="Po\u200bsto"),
     "spyfall.pack.problem.control_characters"),
    ("empty name", lambda d: d["locations"][0]["name"].update(it="   "), "spyfall.pack.problem.empty_name"),
    ("location name too long", lambda d: d["locations"][0]["name"].update(it="x" * 25),
     "spyfall.pack.problem.name_too_long"),
    ("no letters", lambda d: d["locations"][0]["name"].update(it="?!"), "spyfall.pack.problem.no_letters"),
    ("no English", lambda d: d["locations"][0]["name"].pop("en"), "spyfall.pack.problem.no_english"),
    ("no roles", lambda d: d["locations"][0].pop("roles"), "spyfall.pack.problem.no_roles"),
    ("roles not a list", lambda d: d["locations"][0].update(roles="King"), "spyfall.pack.problem.roles_not_a_list"),
    ("six roles", lambda d: d["locations"][0]["roles"].pop(), "spyfall.pack.problem.role_count"),
    ("role too long", lambda d: d["locations"][0]["roles"][3].update(en="y" * 33),
     "spyfall.pack.problem.name_too_long"),
    ("same role", lambda d: d["locations"][0]["roles"][4].update(en="ROLE 1.1"), "spyfall.pack.problem.same_role"),
    ("same location", lambda d: d["locations"][5]["name"].update(it="posto 2"), "spyfall.pack.problem.same_location"),
]


@pytest.mark.parametrize(("change", "message_id"), [(c, m) for _, c, m in CASES], ids=[n for n, _, _ in CASES])
def test_each_kind_of_problem_is_one_sentence(change: Any, message_id: str) -> None:
    """Each mistake gives exactly one problem, a catalog sentence in every language with nothing left unfilled."""
    found = problems_of(mutate(change))
    assert ids(found) == [message_id], [p.text for p in found]
    problem = found[0]
    assert problem.text.endswith(".") and "{" not in problem.text
    for locale in LOCALES:
        catalog = words(locale)
        assert catalog.has(problem.message_id), (locale, problem.message_id)
        worded = catalog.msg(problem.message_id, **problem.params)
        assert "{" not in worded and worded != problem.message_id, worded


def test_problems_say_where():
    """A problem names the location, role and language it is about."""
    doc = pack_doc()
    doc["locations"][3]["roles"][5]["it"] = ""
    [problem] = problems_of(doc)
    assert problem.params["where"] == msg("spyfall.pack.where.role", number=4, role=6)
    assert problem.params["language"] == "it"
    assert words("en").msg(problem.message_id, **problem.params) == "Location 4, role 6: the “it” name is empty."
    assert words("it").msg(problem.message_id, **problem.params) == "Luogo 4, ruolo 6: il nome «it» è vuoto."


def test_every_problem_of_a_bad_file_is_reported_together():
    """A file with many mistakes lists every one of them, in file order, and yields no pack."""
    text = """name = "Bad pack!"
colour = "red"

[[locations]]
name = { en = "Castle", fr = "Château" }
roles = ["King", "Queen", "Jester"]

[[locations]]
roles = ["A", "B", "C", "D", "E", "F", "G"]

[[locations]]
name = { it = "Castello" }
roles = ["A", "B", "C", "D", "E", "F", "a"]

[[locations]]
name = "castle"
roles = ["A", "B", "C", "D", "E", "F", "G"]
"""
    with pytest.raises(packs.PackError) as info:
        packs.read_pack(text.encode(), "bad.toml")
    assert ids(info.value.problems) == [
        "spyfall.pack.problem.unknown_field",  # colour
        "spyfall.pack.problem.name_characters",  # "Bad pack!"
        "spyfall.pack.problem.too_few",  # 4 locations
        "spyfall.pack.problem.unknown_language",  # fr
        "spyfall.pack.problem.role_count",  # 3 roles
        "spyfall.pack.problem.no_name_here",  # location 2
        "spyfall.pack.problem.no_english",  # location 3
        "spyfall.pack.problem.same_role",  # A and a
        "spyfall.pack.problem.same_location",  # castle and Castle
    ]
    assert "Location 1" in info.value.problems[3].text and "Location 3" in info.value.problems[7].text


def test_limits_are_inclusive():
    """10 to 40 locations, location names up to 24 characters, roles up to 32, the pack's name up to 32."""
    assert len(packs.check_pack(pack_doc(packs.MIN_LOCATIONS)).locations) == 10
    assert len(packs.check_pack(pack_doc(packs.MAX_LOCATIONS)).locations) == 40
    assert ids(problems_of(pack_doc(9))) == ["spyfall.pack.problem.too_few"]
    assert ids(problems_of(pack_doc(41))) == ["spyfall.pack.problem.too_many"]
    doc = pack_doc(name="N" * packs.MAX_PACK_NAME)
    doc["locations"][0]["name"]["en"] = "L" * packs.MAX_LOCATION_NAME
    doc["locations"][0]["roles"][0]["en"] = "R" * packs.MAX_ROLE_NAME
    assert packs.check_pack(doc).name == "N" * 32
    doc["locations"][0]["name"]["en"] = "L" * 25
    [problem] = problems_of(doc)
    assert problem.params["count"] == 25 and problem.params["max"] == 24


def test_a_file_over_64_kib_is_refused_before_reading():
    """A file over the size limit gets that one problem, whatever it holds."""
    raw = toml_text(pack_doc()).encode() + b"#" * packs.MAX_FILE_BYTES
    with pytest.raises(packs.PackError) as info:
        packs.read_pack(raw, "big.toml")
    assert ids(info.value.problems) == ["spyfall.pack.problem.too_big"]
    assert info.value.problems[0].params == {"count": -(-len(raw) // 1024), "limit": 64}
    assert packs.file_too_big(packs.MAX_FILE_BYTES + 1).params["count"] == 65


@pytest.mark.parametrize(("raw", "filename", "kind", "line"), [
    (b'name = "x"\n\n[[locations]\nname = "y"\n', "p.toml", "TOML", 3),
    (b'{\n  "name": "x",\n  "locations": [,]\n}', "p.json", "JSON", 3),
    (b'{"name": "x",\n\n "locations": ', "", "JSON", 3),
    (b"name = \n", "p.toml", "TOML", 1),
])
def test_broken_syntax_is_one_sentence_with_the_line(raw: bytes, filename: str, kind: str, line: int) -> None:
    """A file that is not valid TOML nor JSON gets one sentence naming the parser's line."""
    with pytest.raises(packs.PackError) as info:
        packs.read_pack(raw, filename)
    [problem] = info.value.problems
    assert problem.message_id == "spyfall.pack.problem.syntax"
    assert problem.params == {"format": kind, "line": line}
    assert f"line {line}" in words("en").msg(problem.message_id, **problem.params)


def test_not_text_and_not_a_table():
    """Bytes that are not UTF-8, and a JSON list instead of a pack, are each one problem."""
    with pytest.raises(packs.PackError) as info:
        packs.read_pack(b"\xff\xfe\x00name", "p.toml")
    assert ids(info.value.problems) == ["spyfall.pack.problem.not_text"]
    with pytest.raises(packs.PackError) as info:
        packs.read_pack(b"[1, 2]", "p.json")
    assert ids(info.value.problems) == ["spyfall.pack.problem.not_a_table"]


def test_a_built_in_name_is_refused():
    """A pack location may not repeat a built-in location's name in the same language (letter case aside)."""
    doc = pack_doc()
    doc["locations"][1]["name"]["it"] = "castello"
    doc["locations"][2]["name"]["en"] = "BANK"
    taken = {"en": ["Bank"], "it": ["Castello"]}
    found = problems_of(doc, taken=taken)
    assert ids(found) == ["spyfall.pack.problem.built_in_name"] * 2
    assert [p.params["where"]["params"]["number"] for p in found] == [2, 3]


# --- the engine ---------------------------------------------------------------------------------

PACK = packs.read_pack(EXAMPLE.read_bytes(), EXAMPLE.name)
PACK_IDS = [loc.id for loc in PACK.locations]


def pack_game(n: int = 4, locations: str = "pack", **options: Any) -> dict[str, Any]:
    return G.setup(n, {"locations": locations, "pack": PACK.data(), **options}, ScriptedRng([0]))


def test_setup_takes_the_location_set_from_its_options():
    """Built-in by default; a pack alone; both in sheet order (built-in first); a pack given with the built-in
    set is not kept."""
    assert G.view(G.setup(4, {}, ScriptedRng([0])), None)["locations"] == BUILT_IN
    assert G.view(pack_game(), None)["locations"] == PACK_IDS
    assert G.view(pack_game(locations="both"), None)["locations"] == BUILT_IN + PACK_IDS
    state = G.setup(4, {"locations": "builtin", "pack": PACK.data()}, ScriptedRng([0]))
    assert state["options"]["pack"] is None and G.view(state, None)["locations"] == BUILT_IN
    view = G.view(pack_game(locations="both"), None)
    assert view["location_set"] == {"kind": "both", "pack": "Fantasy"}
    assert view["location_names"]["pack:3"]["it"] == "Torre del mago"
    assert set(view["location_names"]) == set(PACK_IDS)


def test_data_options_are_judged_by_their_check():
    """An option of kind "data" is passed to its check (unless left unset); a data option without a check is
    a programming error."""
    from games.core.options import check_options
    from games.core.protocol import OptionSpec

    seen: list[Any] = []
    spec = OptionSpec("blob", "data", None, "test.option.blob", public=False, check=seen.append)
    assert check_options((spec,), {}) == {"blob": None} and seen == []
    assert check_options((spec,), {"blob": {"a": [1]}}) == {"blob": {"a": [1]}} and seen == [{"a": [1]}]
    with pytest.raises(ValueError, match="no check"):
        check_options((OptionSpec("blob", "data", None, "test.option.blob"),), {"blob": 1})


def test_setup_refuses_a_missing_or_broken_pack():
    """A pack set without a pack, or a pack that does not check, is refused with a worded reason."""
    with pytest.raises(IllegalAction) as info:
        G.setup(4, {"locations": "pack"}, ScriptedRng([0]))
    assert info.value.message_id == "spyfall.pack_needed"
    broken = PACK.data()
    broken["locations"][0]["roles"].pop()
    with pytest.raises(IllegalAction) as info:
        G.setup(4, {"locations": "both", "pack": broken}, ScriptedRng([0]))
    assert info.value.message_id == "spyfall.pack_invalid"
    assert info.value.params["problem"]["msg"] == "spyfall.pack.problem.role_count"
    worded = words("es").msg(info.value.message_id, **info.value.params)
    assert worded.startswith("El paquete de lugares no se puede jugar: Lugar 1: hay 6 roles")
    with pytest.raises(IllegalAction):
        G.setup(4, {"locations": "several"}, ScriptedRng([0]))


def test_a_pack_game_deals_pack_locations_only():
    """Twelve rounds of a 12-location pack deal each pack location once, and never a built-in one."""
    state = pack_game(rounds=20)
    dealt = []
    for round_number in range(12):
        state = act(state, state["dealer"], {"type": "start_round", "at": 1000.0 * (round_number + 1)}, 1)
        dealt.append(state["location"])
        state = act(state, state["spy"], {"type": "reveal"})
        state = act(state, state["spy"], {"type": "guess", "location": "pack:1"})
    assert sorted(dealt, key=packs.pack_index) == PACK_IDS


def test_both_sets_deal_from_the_union():
    """With both sets, seeded deals over a long game reach built-in and pack locations alike."""
    state = pack_game(n=3, locations="both", rounds=20)
    dealt: set[str] = set()
    for step in range(42):
        state["phase"], state["round"] = "round_over", 0  # keep dealing
        state = G.apply(state, state["dealer"], {"type": "start_round"}, SeededRng(9, step))
        dealt.add(state["location"])
    assert dealt == set(BUILT_IN + PACK_IDS)


def test_the_spy_guesses_among_pack_locations_and_scores():
    """The spy's choices are the game's locations; a right guess of a pack location scores +4."""
    state = pack_game(locations="both")
    state = act(state, 0, {"type": "start_round", "at": 10.0}, 2)  # spy: seat 2
    state["location"] = "pack:7"
    state = act(state, 2, {"type": "reveal", "at": 20.0})
    guesses = [a["location"] for a in G.legal_actions(state, 2) if a["type"] == "guess"]
    assert guesses == BUILT_IN + PACK_IDS
    won = act(state, 2, {"type": "guess", "location": "pack:7", "at": 30.0})
    assert won["scores"] == [0, 0, 4, 0] and won["result"]["how"] == "spy_guessed"
    lost = act(state, 2, {"type": "guess", "location": "pack:8", "at": 30.0})
    assert lost["scores"] == [1, 1, 0, 1] and lost["result"]["guess"] == "pack:8"
    assert refused(state, 2, {"type": "guess", "location": "pack:13"}).message_id == "spyfall.guess_from_list"
    only_pack = act(pack_game(), 0, {"type": "start_round", "at": 10.0}, 2)
    only_pack = act(only_pack, 2, {"type": "reveal", "at": 20.0})
    assert refused(only_pack, 2, {"type": "guess", "location": "airplane"}).message_id == "spyfall.guess_from_list"


def test_cards_carry_the_pack_role_names():
    """A non-spy's card names the pack location and the role in every language the pack has; the round's
    result shows every card the same way."""
    state = act(pack_game(), 0, {"type": "start_round", "at": 10.0}, 2)  # location pack:1 (scripted choice)
    card = G.view(state, 0)["card"]
    assert present(card)["location"] == "pack:1"
    assert present(card)["role"] == "r1" and present(card)["role_names"] == PACK.locations[0].roles[0]
    assert G.view(state, 2)["card"] == {"spy": True}
    public = json.dumps(G.view(state, None))
    assert "Cameriera" not in public and "role_names" not in public and "Royal Castle" in public  # the list only
    state = act(state, 2, {"type": "reveal", "at": 20.0})
    state = act(state, 2, {"type": "guess", "location": "pack:2", "at": 30.0})
    cards = present(G.view(state, None)["result"])["cards"]
    assert cards[2] == {"spy": True}
    assert [c["role_names"]["en"] for c in cards if not c.get("spy")] == ["King", "Queen", "Court Jester"]


def test_no_roles_with_a_pack():
    """Without roles a pack card holds the location only."""
    state = act(pack_game(roles=False), 0, {"type": "start_round", "at": 10.0}, 2)
    assert G.view(state, 0)["card"] == {"location": "pack:1", "role": None}


def test_states_saved_before_packs_still_play():
    """A snapshot whose options predate the location set (no "locations", no "pack") plays the built-in set."""
    state = G.setup(4, {}, ScriptedRng([0]))
    for key in ("locations", "pack"):
        del state["options"][key]
    state = act(state, 0, {"type": "start_round", "at": 10.0}, 2)
    assert state["location"] == "airplane" and G.view(state, None)["locations"] == BUILT_IN


def random_game(seed: int, locations: str) -> tuple[dict[str, Any], dict[str, Any], list[tuple[Any, dict]]]:
    """A seeded random game with a pack: the options, the final state and the log of (seat, action)."""
    pick = random.Random(seed)
    options = {"rounds": 3, "minutes": 3, "vote_seconds": 15, "locations": locations, "pack": PACK.data()}
    n = 3 + seed % 6
    state = G.setup(n, options, SeededRng(seed, 0))
    log: list[tuple[Any, dict]] = []
    now = 1000.0
    for step in range(1, 3000):
        if G.outcome(state) is not None:
            break
        if state["phase"] in ("playing", "accusation", "final_vote", "spy_guess"):
            public = G.view(state, None)
            assert "card" not in public
            secret = state["location"]
            role_words = {w for r in PACK.locations[packs.pack_index(secret)].roles for w in r.values()} \
                if packs.is_pack_id(secret) else set()
            assert not role_words & set(re.findall(r'"([^"]*)"', json.dumps(public, ensure_ascii=False)))
        now += pick.choice([1, 5, 30, 200])
        deadline = G.deadline(state)
        if deadline is not None and now >= deadline:  # the clock ran out: the game master calls time
            choices: list[tuple[Any, dict]] = [(None, {"type": "timeout"})]
        else:
            choices = [(None, a) for a in G.legal_actions(state, None) if a["type"] != "timeout"]
            choices += [(s, a) for s in range(n) for a in G.legal_actions(state, s)
                        if a["type"] != "leave" or pick.random() < 0.01]
        seat, action = pick.choice(choices)
        action = {**action, "at": now}
        state = G.apply(state, seat, action, SeededRng(seed, step))
        log.append((seat, action))
    assert G.outcome(state) is not None
    return options, state, log


@pytest.mark.parametrize("seed", range(8))
def test_random_pack_games_end_round_trip_and_replay(seed: int) -> None:
    """Random games with a pack (alone or with the built-in set) reach an outcome, never show a pack role
    publicly during a round, survive dump/load through JSON, and replaying the log rebuilds the state."""
    options, final, log = random_game(seed, "pack" if seed % 2 else "both")
    assert G.load(json.loads(json.dumps(G.dump(final)))) == final
    state = G.setup(final["n"], copy.deepcopy(options), SeededRng(seed, 0))
    for step, (seat, action) in enumerate(log, start=1):
        state = G.apply(state, seat, action, SeededRng(seed, step))
    assert state == final
    dealt = {h["location"] for h in final["history"]}
    assert dealt <= set(G.view(final, None)["locations"])
