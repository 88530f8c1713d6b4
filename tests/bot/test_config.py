"""config.toml: read strictly, every problem one sentence naming the key with its section."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Config, ConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    """The sentences of the ConfigError that loading `path` raises."""
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={})
    return str(caught.value).splitlines()


def test_string_false_for_use_threads_is_refused(tmp_path: Path) -> None:
    """The string "false" is not a boolean, so it is refused rather than read as True."""
    path = write(tmp_path, '[bot]\nuse_threads = "false"\n')
    assert problems(path) == ['bot.use_threads must be true or false (a TOML boolean), not the string "false".']


def test_unknown_log_level_is_refused_with_the_allowed_values(tmp_path: Path) -> None:
    """An unknown log level is refused and the sentence lists the allowed levels."""
    path = write(tmp_path, '[bot]\nlog_level = "LOUD"\n')
    assert problems(path) == ['bot.log_level must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not "LOUD".']


def test_lower_case_log_level_is_accepted_upper_case(tmp_path: Path) -> None:
    """Log levels are case-insensitive and stored upper-case."""
    path = write(tmp_path, '[bot]\nlog_level = "debug"\n')
    assert load_config(path, env={}).log_level == "DEBUG"


def test_vote_seconds_is_an_unknown_key(tmp_path: Path) -> None:
    """The old, unused vote_seconds is reported as an unknown key of [bot], with the known keys."""
    path = write(tmp_path, "[bot]\nvote_seconds = 60\n")
    assert problems(path) == ["Unknown key bot.vote_seconds in " + str(path)
                              + ": the known keys of [bot] are token, dev_guild_id, use_threads, log_level, "
                                "shard_count, shard_ids, lease_timeout."]


def test_unknown_section_is_reported(tmp_path: Path) -> None:
    """A section outside [bot], [storage] and [metrics] is reported with the known sections."""
    path = write(tmp_path, "[games]\nrounds = 3\n")
    assert problems(path) == [f"Unknown section [games] in {path}: the known sections are [bot], [storage], "
                              "[metrics]."]


def test_section_that_is_not_a_table_is_reported(tmp_path: Path) -> None:
    """`storage = "x.db"` instead of a [storage] section is reported, naming the section."""
    path = write(tmp_path, 'storage = "x.db"\n')
    [sentence] = problems(path)
    assert sentence.startswith(f"storage in {path} must be a section ([storage]")
    assert sentence.endswith('not the string "x.db".')


def test_every_problem_of_a_file_is_reported_one_per_line(tmp_path: Path) -> None:
    """All the problems of one file come in one error, one sentence per line, in file order."""
    path = write(tmp_path, '[bot]\nuse_threads = "yes"\nlog_level = 3\nvote_seconds = 60\n'
                           '[storage]\ndatabase = ""\n[extra]\n')
    found = problems(path)
    assert len(found) == 5
    assert [s.split()[0] for s in found[:2]] == ["bot.use_threads", "bot.log_level"]
    assert "not the number 3." in found[1]
    assert "bot.vote_seconds" in found[2]
    assert found[3].startswith("storage.database must be") and "empty" in found[3]
    assert "[extra]" in found[4]
    assert all(s.endswith(".") for s in found)


@pytest.mark.parametrize("value", ['"abc"', "1.5", "0", "-3", "true"])
def test_non_integer_or_non_positive_dev_guild_id_is_refused(tmp_path: Path, value: str) -> None:
    """dev_guild_id must be a TOML integer above 0: strings, floats, booleans and 0 are refused."""
    path = write(tmp_path, f"[bot]\ndev_guild_id = {value}\n")
    [sentence] = problems(path)
    assert sentence.startswith("bot.dev_guild_id must be a whole number greater than 0")


def test_example_config_loads() -> None:
    """config.example.toml is valid and gives the defaults (its empty token means none)."""
    config = load_config(ROOT / "config.example.toml", env={})
    assert config.token is None and config.dev_guild_id is None
    assert config.use_threads is True and config.log_level == "INFO"
    assert config.database == "data/tablemaster.db"
    assert config.metrics_port is None  # metrics are off by default


def test_env_token_overrides_file(tmp_path: Path) -> None:
    """DISCORD_TOKEN wins over the file; other settings come from the file."""
    path = write(tmp_path, '[bot]\ntoken = "file"\ndev_guild_id = 42\nuse_threads = false\n'
                           '[storage]\ndatabase = "x.db"\n')
    config = load_config(path, env={"DISCORD_TOKEN": "env"})
    assert config.token == "env" and config.dev_guild_id == 42 and not config.use_threads
    assert config.database == "x.db"
    assert load_config(path, env={}).token == "file"


def test_missing_explicit_path_is_an_error(tmp_path: Path) -> None:
    """A config file asked for by path that does not exist is an error, not the defaults."""
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "missing.toml", env={})


def test_missing_default_file_gives_the_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --config and without ./config.toml the defaults apply."""
    monkeypatch.chdir(tmp_path)
    assert load_config(env={"DISCORD_TOKEN": "t"}) == Config(token="t")


def test_invalid_toml_is_an_error(tmp_path: Path) -> None:
    """Broken TOML is reported as one sentence, not crashed on."""
    path = write(tmp_path, "[bot\n")
    [sentence] = problems(path)
    assert "not valid TOML" in sentence and sentence.endswith(".")


def test_bad_file_through_entry_point_exits_2_with_one_sentence_per_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m bot --config bad.toml` exits 2 and prints only the problems, one per line."""
    from bot import __main__ as entry

    path = write(tmp_path, '[bot]\nuse_threads = "false"\nlog_level = "LOUD"\nvote_seconds = 60\n[extra]\n')
    assert entry.main(["--config", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 4
    assert lines[0] == 'bot.use_threads must be true or false (a TOML boolean), not the string "false".'
    assert lines[1] == 'bot.log_level must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not "LOUD".'
    assert lines[2].startswith("Unknown key bot.vote_seconds in ")
    assert lines[3].startswith("Unknown section [extra] in ")


def test_storage_url_chooses_the_backend_and_the_old_database_key_keeps_working(tmp_path: Path) -> None:
    """storage.url is used as given; without it, storage.database is the SQLite file (as before)."""
    url = "postgresql://bot:pw@db:5432/tables"
    assert load_config(write(tmp_path, f'[storage]\nurl = "{url}"\n'), env={}).storage_url == url
    old = load_config(write(tmp_path, '[storage]\ndatabase = "var/t.db"\n'), env={})
    assert old.storage_url == "sqlite:///var/t.db"
    assert load_config(write(tmp_path, ""), env={}).storage_url == "sqlite:///data/tablemaster.db"


def test_a_bad_storage_url_is_refused_without_its_password(tmp_path: Path) -> None:
    """A URL of no known database is one sentence, showing the URL without its password."""
    path = write(tmp_path, '[storage]\nurl = "mysql://bot:pw@db/tables"\n')
    assert problems(path) == ['storage.url must be a database URL, sqlite:///path/to/file.db or '
                              'postgresql://user:password@host/db, not "mysql://bot@db/tables".']


def test_url_and_database_together_are_refused(tmp_path: Path) -> None:
    """Two places for the database is ambiguous: keep only storage.url."""
    path = write(tmp_path, '[storage]\nurl = "sqlite:///a.db"\ndatabase = "b.db"\n')
    assert problems(path) == [f"storage.url and storage.database in {path} both say where the database is: "
                              "keep only storage.url."]


def test_shards_are_read_and_checked(tmp_path: Path) -> None:
    """shard_count with shard_ids gives this process's shards; ids need a count, fit in it, and are unique."""
    config = load_config(write(tmp_path, "[bot]\nshard_count = 4\nshard_ids = [2, 3]\n"), env={})
    assert config.shards is not None and (config.shards.count, config.shards.ids) == (4, (2, 3))
    assert load_config(write(tmp_path, "[bot]\nshard_count = 2\n"), env={}).shards.ids == (0, 1)  # type: ignore[union-attr]
    assert load_config(write(tmp_path, ""), env={}).shards is None
    path = write(tmp_path, "[bot]\nshard_ids = [0]\n")
    assert problems(path) == [f"bot.shard_ids in {path} needs bot.shard_count: the shard numbers only mean "
                              "something out of a total."]
    path = write(tmp_path, "[bot]\nshard_count = 0\nshard_ids = [0, 0]\n")
    assert problems(path) == ["bot.shard_count must be a whole number of at least 1 (how many shards the whole "
                              "bot runs), not the number 0.", "bot.shard_ids names a shard twice: [0, 0]."]


def test_database_url_in_the_environment_overrides_the_file(tmp_path: Path) -> None:
    """DATABASE_URL replaces storage.url and storage.database (a password kept out of files); a bad one
    is refused like the key, without its password."""
    path = write(tmp_path, '[storage]\ndatabase = "old.db"\n')
    url = "postgresql://bot:pw@db/tables"
    assert load_config(path, env={"DATABASE_URL": url}).storage_url == url
    with pytest.raises(ConfigError) as caught:
        load_config(path, env={"DATABASE_URL": "mongodb://bot:pw@db/x"})
    assert str(caught.value) == ('DATABASE_URL in the environment must be a database URL, sqlite:///path/to/file.db '
                                 'or postgresql://user:password@host/db, not "mongodb://bot@db/x".')


def test_metrics_port_and_host_are_read_and_checked(tmp_path: Path) -> None:
    """[metrics] port turns the endpoint on, on 127.0.0.1 unless host says otherwise; a port outside 1–65535
    or not a whole number, and an empty host, are one sentence each."""
    assert load_config(write(tmp_path, ""), env={}).metrics_port is None
    config = load_config(write(tmp_path, "[metrics]\nport = 9108\n"), env={})
    assert (config.metrics_port, config.metrics_host) == (9108, "127.0.0.1")
    config = load_config(write(tmp_path, '[metrics]\nport = 65535\nhost = "0.0.0.0"\n'), env={})
    assert (config.metrics_port, config.metrics_host) == (65535, "0.0.0.0")
    for value, given in (("0", "the number 0"), ("70000", "the number 70000"), ('"9108"', 'the string "9108"'),
                         ("true", "the boolean true"), ("91.08", "the number 91.08")):
        assert problems(write(tmp_path, f"[metrics]\nport = {value}\n")) == [
            f"metrics.port must be a whole number from 1 to 65535 (a free TCP port, such as 9108), not {given}."]
    assert problems(write(tmp_path, '[metrics]\nport = 9108\nhost = ""\n')) == [
        'metrics.host must be the address to listen on, such as "127.0.0.1" (this machine only) or "0.0.0.0" '
        '(every network), not an empty string.']


def test_metrics_port_in_the_environment_overrides_the_file(tmp_path: Path) -> None:
    """METRICS_PORT turns metrics on or moves them (even over a bad port in the file); a bad one is refused."""
    path = write(tmp_path, "[metrics]\nport = 9108\n")
    assert load_config(path, env={"METRICS_PORT": "9200"}).metrics_port == 9200
    assert load_config(path, env={"METRICS_PORT": ""}).metrics_port == 9108
    assert load_config(write(tmp_path, ""), env={"METRICS_PORT": " 9300 "}).metrics_port == 9300
    assert load_config(write(tmp_path, "[metrics]\nport = 0\n"), env={"METRICS_PORT": "9300"}).metrics_port == 9300
    for raw in ("http", "70000", "-1"):
        with pytest.raises(ConfigError) as caught:
            load_config(path, env={"METRICS_PORT": raw})
        assert str(caught.value) == ("METRICS_PORT in the environment must be a whole number from 1 to 65535 "
                                     f'(a free TCP port, such as 9108), not "{raw}".')
