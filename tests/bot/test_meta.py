"""A table's meta (bot/meta.py): typed fields, stored as the JSON object earlier versions wrote and read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.meta import KickVote, PostedReplay, TableMeta, TurnClockMarks
from bot.store import Store

# A running table's meta as the version before the typed meta stored it (every key it wrote).
OLD_ROW: dict[str, Any] = {
    "locale": "it",
    "names": {"100": "Barbara", "-2": "Computer per Gianni"},
    "computer_seats": [2],
    "replaced": {"2": 300},
    "invited": [200],
    "lobby": 900_000_000_000_000_001,
    "turn_timer": 300,
    "turn_clock": {"since": {"0": 1000.5}, "reminded": [0], "missed": {"0": 2, "1": 1}},
    "paused": ["embed_links"],
    "dealt": {"0": "[\"card\", 3]"},
    "board": 900_000_000_000_000_002,
    "board_seq": 7,
    "published": 6,
    "kick_vote": {"target": 200, "by": 100, "yes": [100], "at": 1200.0, "message": 900_000_000_000_000_003},
    "replay": None,
}


def test_a_row_in_the_old_shape_loads_into_the_typed_fields() -> None:
    """Every key the previous version wrote lands in its field, ids and seats as numbers."""
    meta = TableMeta.from_json(OLD_ROW)
    assert meta.locale == "it"
    assert meta.names == {100: "Barbara", -2: "Computer per Gianni"}
    assert (meta.computer_seats, meta.replaced, meta.invited) == ([2], {2: 300}, [200])
    assert (meta.lobby, meta.board, meta.board_seq, meta.published) == (
        900_000_000_000_000_001, 900_000_000_000_000_002, 7, 6)
    assert meta.turn_timer == 300
    assert meta.turn_clock == TurnClockMarks(since={0: 1000.5}, reminded=[0], missed={0: 2, 1: 1})
    assert meta.paused == ["embed_links"] and meta.dealt == {0: "[\"card\", 3]"}
    assert meta.kick_vote == KickVote(target=200, by=100, yes=[100], at=1200.0, message=900_000_000_000_000_003)
    assert meta.replay is None and meta.unknown == {}


def test_old_rows_with_missing_or_null_keys_read_as_the_defaults() -> None:
    """A lobby's first meta (empty), a cleared pause and vote (null) and a table from before the outbox
    (no `published`) read as nothing set."""
    assert TableMeta.from_json({}) == TableMeta()
    meta = TableMeta.from_json({"paused": None, "kick_vote": None, "turn_timer": None, "names": {"5": "Eve"}})
    assert (meta.paused, meta.kick_vote, meta.turn_timer, meta.published) == ([], None, 0, None)
    assert meta.locale == "en" and meta.names == {5: "Eve"}


def test_the_json_keeps_the_old_shape_and_round_trips() -> None:
    """What is stored has the old keys and string-keyed maps, so the previous version reads it too; loading
    it again gives the same meta."""
    meta = TableMeta.from_json(OLD_ROW)
    meta.replay = PostedReplay(message=11, channel=12, locale="ca")
    data = json.loads(json.dumps(meta.to_json()))
    assert data["names"] == {"100": "Barbara", "-2": "Computer per Gianni"}
    assert data["turn_clock"] == {"since": {"0": 1000.5}, "reminded": [0], "missed": {"0": 2, "1": 1}}
    assert data["replay"] == {"message": 11, "channel": 12, "locale": "ca"}
    assert {k: v for k, v in data.items() if k != "replay"} == {k: v for k, v in OLD_ROW.items() if k != "replay"}
    assert TableMeta.from_json(data) == meta


def test_defaults_are_left_out_and_a_newer_versions_keys_are_kept() -> None:
    """A fresh meta stores as {}; keys this version does not know survive a load and a store."""
    assert TableMeta().to_json() == {}
    meta = TableMeta.from_json({"board": 5, "spectators": [1, 2]})
    meta.board_seq = 3
    assert meta.to_json() == {"board": 5, "board_seq": 3, "spectators": [1, 2]}


async def test_the_store_reads_a_row_the_previous_version_wrote(tmp_path: Path) -> None:
    """A table whose meta column holds the old JSON is read with typed fields, and written back in the same shape."""
    store = await Store.open(str(tmp_path / "old.db"))
    table = await store.create_table(game="polls", guild=1, channel=2, host=100, seed=3, options={}, now=1.0)
    async with store.backend.write() as db:  # as the previous version wrote it, bypassing TableMeta
        await db.execute("UPDATE tables SET meta = ? WHERE id = ?", (json.dumps(OLD_ROW), table))
    row = await store.get_table(table)
    assert row is not None and row.meta.names[100] == "Barbara" and row.meta.turn_clock.missed == {0: 2, 1: 1}
    row.meta.board_seq = 8
    await store.update_table(table, 2.0, meta=row.meta)
    async with store.backend.read() as db:
        (stored,) = await db.fetch("SELECT meta FROM tables WHERE id = ?", (table,))
    assert json.loads(stored["meta"]) == {**{k: v for k, v in OLD_ROW.items() if k != "replay"}, "board_seq": 8}
    await store.close()
