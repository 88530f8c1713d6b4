"""`python -m bot.i18n`: the Babel workflow keeps catalogs in line with the code and compiles them."""

from __future__ import annotations

import gettext
import shutil
from pathlib import Path

import pytest

from bot.i18n import LOCALE_DIR, tooling
from bot.i18n import __main__ as cli
from tests.bot.i18n.i18n_kit import used_in_code


@pytest.fixture
def locale_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The catalogs copied aside, so the workflow can rewrite them freely."""
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, copy, ignore=shutil.ignore_patterns("*.mo", "*.pot"))
    monkeypatch.setattr(tooling, "LOCALE_DIR", copy)
    monkeypatch.setattr(cli, "LOCALE_DIR", copy)
    return copy


def test_extract_writes_templates_with_plural_entries(locale_copy: Path) -> None:
    """Each domain gets a template; counted messages are plural entries in it."""
    assert cli.main(["extract"]) == 0
    template = (locale_copy / "spyfall.pot").read_text(encoding="utf-8")
    assert 'msgid "spyfall.board.score_line"\nmsgid_plural "spyfall.board.score_line"' in template
    assert 'msgid "spyfall.accused_already"' in template
    assert (locale_copy / "core.pot").exists() and (locale_copy / "polls.pot").exists()


def test_update_adds_new_ids_and_drops_gone_ones(locale_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new id arrives untranslated in every catalog; one the code dropped leaves; translations stay."""
    real = used_in_code()
    pretend = {k: v for k, v in real.items() if k != "core.your_turn"} | {"core.new_thing": False}
    monkeypatch.setattr(cli, "used_messages", lambda: pretend)
    cli.update()
    italian = tooling.read_catalog("it", "core")
    assert "core.new_thing" in italian and not italian["core.new_thing"].string
    assert "core.your_turn" not in italian
    assert italian["lobby.button.join"].string == "Partecipa"


def test_compiled_catalogs_load_with_gettext(locale_copy: Path) -> None:
    """`compile` writes .mo files that Python's gettext reads, plural forms included."""
    cli.compile_all()
    with (locale_copy / "it" / "LC_MESSAGES" / "spyfall.mo").open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    one = catalog.ngettext("spyfall.board.score_line", "spyfall.board.score_line", 1)
    many = catalog.ngettext("spyfall.board.score_line", "spyfall.board.score_line", 3)
    assert one == "{name}: {count} punto" and many == "{name}: {count} punti"


def test_check_exits_non_zero_on_a_problem(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`check` prints each problem and fails; with none it succeeds."""
    monkeypatch.setattr(cli, "problems", lambda: ["it: core.x is used in the code but missing from the catalog"])
    assert cli.main(["check"]) == 1
    assert "core.x" in capsys.readouterr().out
    monkeypatch.setattr(cli, "problems", lambda: [])
    assert cli.main(["check"]) == 0


def test_check_finds_a_count_no_plural_covers(locale_copy: Path) -> None:
    """Planted offenders: a second count shown bare beside the plural's own (the march that "reaches 1 militants"),
    and `{count}` in a message without plural forms. The check names both, in the language they are in."""
    planted = (
        '\nmsgid "arditi.advice.planted"\nmsgid_plural "arditi.advice.planted"\n'
        'msgstr[0] "Cattura {count} numero e il corteo arriva a {length} militanti."\n'
        'msgstr[1] "Cattura {count} numeri e il corteo arriva a {length} militanti."\n'
        '\nmsgid "arditi.planted_total"\nmsgstr "Hai {count} militanti."\n'
    )
    with (locale_copy / "it" / "LC_MESSAGES" / "arditi.po").open("a", encoding="utf-8") as handle:
        handle.write(planted)
    used = {**used_in_code(), "arditi.advice.planted": True, "arditi.planted_total": False}
    found = tooling.problems(used, locales=["it"])
    assert any(p.startswith("it: arditi.advice.planted shows the count {length} outside a plural") for p in found)
    assert "it: arditi.planted_total shows {count} but has no plural forms" in found
    assert [p for p in found if "planted" not in p] == []  # the real catalogs are clean
