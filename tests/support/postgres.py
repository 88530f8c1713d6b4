"""A real PostgreSQL server for the tests (pytest-postgresql, with Debian's `postgresql` package).

The server starts once per test session; each test gets a database of its own, dropped after it.
When no server can be started (no PostgreSQL installed, no `postgres` user to run it as root) the
PostgreSQL tests are skipped with a reason in capitals, and the run's summary repeats it: a
skipped backend must never pass for a tested one.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
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


def server_fixture() -> Any:
    """The session fixture `postgresql_server`: pytest-postgresql's process, or a loud skip."""
    from pytest_postgresql import factories

    executable, why = pg_ctl()
    proc = factories.postgresql_proc(executable=executable or "pg_ctl", port=None)

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

    return proc, postgresql_server


def database_url(server: Any) -> Iterator[str]:
    """A new, empty database on `server` for one test, dropped afterwards."""
    from pytest_postgresql.janitor import DatabaseJanitor

    name = f"tablemaster_test_{os.getpid()}_{next(_names)}"
    janitor = DatabaseJanitor(user=server.user, host=server.host, port=server.port, dbname=name,
                              password=server.password)
    janitor.init()
    try:
        yield f"postgresql://{server.user}@{server.host}:{server.port}/{name}"
    finally:
        janitor.drop()
