"""Finding a game's guide (games.core.guide.guide_of)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import games
from games.core.guide import guide_of
from games.spyfall.guide import GUIDE as SPYFALL_GUIDE


@pytest.fixture
def extra_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder searched for game packages too; what is imported from it is forgotten afterwards."""
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    yield tmp_path
    for name in [n for n in sys.modules if n.startswith("games.whatnow_test_")]:
        del sys.modules[name]


def test_a_game_with_a_guide_module_has_its_guide() -> None:
    """games/spyfall/guide.py's GUIDE is Spyfall's guide."""
    assert guide_of("spyfall") is SPYFALL_GUIDE


def test_a_game_without_a_guide_has_none(extra_games: Path) -> None:
    """No such game package, or a game package without a guide module (not written yet): None."""
    (extra_games / "whatnow_test_bare").mkdir()
    (extra_games / "whatnow_test_bare" / "__init__.py").write_text("")
    assert guide_of("toy") is None
    assert guide_of("whatnow_test_bare") is None


def test_a_guide_that_cannot_be_imported_is_an_error(extra_games: Path) -> None:
    """A guide module that imports something missing is a bug to see, not a game without a guide."""
    package = extra_games / "whatnow_test_broken"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "guide.py").write_text("import whatnow_test_no_such_module\n")
    with pytest.raises(ModuleNotFoundError, match="whatnow_test_no_such_module"):
        guide_of("whatnow_test_broken")
