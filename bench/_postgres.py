"""A throwaway PostgreSQL server for the benchmarks (Debian's postgresql package), or a given one.

`database()` yields the URL of a fresh, empty database and drops it afterwards: on the server at
`--postgres-url` when one is given, else on a server started here in a temporary directory (as the
`postgres` user when running as root: PostgreSQL refuses to run as root). When neither is possible
it yields None and the reason is printed, so a benchmark reports the backend as not measured.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg


@dataclass(frozen=True)
class Control:
    """Stopping and starting a server started here (bench.faults takes it away for a while)."""

    stop: Callable[[], Any]
    start: Callable[[], Any]


CONTROL: dict[int, Control] = {}  # port → the server started here on it


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4]))
    return found[-1] if found else shutil.which(name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def _server() -> Iterator[str]:
    pg_ctl, initdb = _bin("pg_ctl"), _bin("initdb")
    if pg_ctl is None or initdb is None:
        raise RuntimeError("no PostgreSQL server programs (install Debian's postgresql package)")
    as_root = os.geteuid() == 0
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    tmp = Path(tempfile.mkdtemp(prefix="bench-pg-"))
    try:
        if as_root:
            shutil.chown(tmp, "postgres")
            tmp.chmod(0o755)
        data, port = tmp / "data", _free_port()
        subprocess.run([*prefix, initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"],
                       check=True, capture_output=True, cwd="/tmp")
        subprocess.run([*prefix, pg_ctl, "start", "-w", "-D", str(data), "-l", str(tmp / "log"),
                        "-o", f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1"],
                       check=True, capture_output=True, cwd="/tmp")
        start = [*prefix, pg_ctl, "start", "-w", "-D", str(data), "-l", str(tmp / "log"),
                 "-o", f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1"]
        stop = [*prefix, pg_ctl, "stop", "-m", "fast", "-D", str(data)]
        CONTROL[port] = Control(lambda: subprocess.run(stop, check=True, capture_output=True, cwd="/tmp"),
                                lambda: subprocess.run(start, check=True, capture_output=True, cwd="/tmp"))
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            CONTROL.pop(port, None)
            subprocess.run(stop, capture_output=True, cwd="/tmp")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


async def _admin(url: str, statement: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


@contextlib.contextmanager
def database(server_url: str | None = None) -> Iterator[str | None]:
    """A fresh database's URL (None, with the reason printed, when no server can be had)."""
    name = f"bench_{os.getpid()}"
    with contextlib.ExitStack() as stack:
        try:
            url = server_url or stack.enter_context(_server())
            asyncio.run(_admin(url, f"CREATE DATABASE {name}"))
        except (RuntimeError, OSError, subprocess.CalledProcessError, asyncpg.PostgresError) as exc:
            detail = (exc.stderr.decode(errors="replace").strip() if isinstance(exc, subprocess.CalledProcessError)
                      else exc)
            print(f"   PostgreSQL not measured: {detail}")
            yield None
            return
        try:
            yield _with_database(url, name)
        finally:
            with contextlib.suppress(Exception):
                asyncio.run(_admin(url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
