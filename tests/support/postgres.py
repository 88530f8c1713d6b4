"""A real PostgreSQL server for the tests (pytest-postgresql, with Debian's `postgresql` package).

The server starts once per test process (under pytest-xdist, once per worker) and serves the whole run; each
test gets a database of its own, dropped after it. Its start, stop and connection timeouts are set for a busy
machine (minutes, not seconds).
When no server can be started (no PostgreSQL installed, no `postgres` user to run it as root) the
PostgreSQL tests are skipped with a reason in capitals, and the run's summary repeats it: a
skipped backend must never pass for a tested one.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SKIPPED: list[str] = []  # reasons the PostgreSQL tests were skipped, for the run's summary
WRAPPER = Path(__file__).with_name("pg_ctl_as_postgres")
_names = itertools.count(1)


def real_pg_ctl() -> str | None:
    """Debian's pg_ctl (newest installed version), else one on PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    return found[-1] if found else shutil.which("pg_ctl")


def pg_ctl() -> tuple[str | None, str]:
    """The pg_ctl pytest-postgresql should call, or None and why there is none."""
    real = real_pg_ctl()
    if real is None:
        return None, "no pg_ctl found: install Debian's postgresql package (.ci/run does)"
    if os.geteuid() != 0:
        return real, ""
    if shutil.which("runuser") is None:
        return None, "running as root without runuser, and PostgreSQL refuses to run as root"
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        return None, "running as root and there is no postgres user to run PostgreSQL as"
    os.environ["TABLEMASTER_PG_CTL"] = real
    return str(WRAPPER), ""


def skip_loudly(why: str) -> None:
    reason = f"POSTGRESQL TESTS SKIPPED: {why.upper()}"
    if reason not in SKIPPED:
        SKIPPED.append(reason)
    pytest.skip(reason)


# A busy machine (CI with other work beside it) starts, answers and stops PostgreSQL slowly: every bound is
# generous, none is a measure of speed.
START_TIMEOUT = 240  # s: initdb, the server's start (pg_ctl -w -t) and its stop
CONNECT_TIMEOUT = 180  # s: a new connection (creating and dropping each test's database) is retried this long
# Faster and roomier for tests: nothing here must survive a crash, and a test's leftover pools must not use up
# the connections the next test's database needs (the store's pools, the janitor).
SERVER_SETTINGS = "-c max_connections=300 -c synchronous_commit=off -c full_page_writes=off"


def server_fixture() -> Any:
    """The session fixtures `postgresql_tablemaster_proc` (one PostgreSQL server per test process: each
    pytest-xdist worker starts its own, in its own temporary folder, for the whole run) and
    `postgresql_server` (that server, or a loud skip when it cannot start)."""
    executable, why = pg_ctl()

    @pytest.fixture(scope="session")
    def postgresql_tablemaster_proc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
        import port_for
        from pytest_postgresql.executors import PostgreSQLExecutor

        assert executable is not None
        folder = tmp_path_factory.mktemp("postgresql")
        port = port_for.select_random()
        server = PostgreSQLExecutor(
            executable=executable, host="127.0.0.1", port=port, datadir=str(folder / "data"),
            unixsocketdir=tempfile.gettempdir(), logfile=str(folder / "postgresql.log"),
            startparams=f"-w -t {START_TIMEOUT}", dbname="tablemaster_tests", user="postgres",
            postgres_options=SERVER_SETTINGS, timeout=START_TIMEOUT)
        server.start()
        try:
            server.wait_for_postgres()
            yield server
        finally:
            with contextlib.suppress(Exception):  # a server that would not stop must not fail the run's end
                server.stop()
            with contextlib.suppress(Exception):
                server.clean_directory()

    @pytest.fixture(scope="session")
    def postgresql_server(request: pytest.FixtureRequest) -> Any:
        if executable is None:
            skip_loudly(why)
        try:
            return request.getfixturevalue("postgresql_tablemaster_proc")
        except pytest.skip.Exception:
            raise
        except Exception as exc:  # the server did not start: say why, once, in capitals
            skip_loudly(f"the server did not start ({type(exc).__name__}: {exc})")

    return postgresql_tablemaster_proc, postgresql_server


def database_url(server: Any) -> Iterator[str]:
    """A new, empty database on `server` for one test, dropped afterwards."""
    from pytest_postgresql.janitor import DatabaseJanitor

    name = f"tablemaster_test_{os.getpid()}_{next(_names)}"
    janitor = DatabaseJanitor(user=server.user, host=server.host, port=server.port, dbname=name,
                              password=server.password, connection_timeout=CONNECT_TIMEOUT)
    janitor.init()
    try:
        yield f"postgresql://{server.user}@{server.host}:{server.port}/{name}"
    finally:
        janitor.drop()
