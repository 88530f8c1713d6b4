"""The deployment files: compose.yaml's shard processes cover every shard once over one database."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.config import load_config

ROOT = Path(__file__).resolve().parents[1]


def test_compose_runs_postgres_and_shard_processes_that_cover_every_shard_once() -> None:
    """Each bot service mounts its own config from deploy/, they agree on shard_count, their shard_ids
    cover 0 … count − 1 exactly once, and all share the one PostgreSQL database through DATABASE_URL
    built from the password variable (no password written in a file)."""
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert services["postgres"]["image"].startswith("postgres:")
    bots = {name: svc for name, svc in services.items() if name.startswith("shard-")}
    assert len(bots) >= 2
    counts: set[int] = set()
    covered: list[int] = []
    urls: set[str] = set()
    for service in bots.values():
        (mount,) = [v for v in service["volumes"] if v.endswith(":/etc/tablemaster/config.toml:ro")]
        local = ROOT / mount.split(":")[0]
        url = service["environment"]["DATABASE_URL"]
        assert "${POSTGRES_PASSWORD}" in url
        config = load_config(local, env={"DATABASE_URL": url.replace("${POSTGRES_PASSWORD}", "pw"),
                                         "DISCORD_TOKEN": "t"})
        assert config.shards is not None and config.storage_url.startswith("postgresql://")
        counts.add(config.shards.count)
        covered += config.shards.ids
        urls.add(url)
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert "PASSWORD" not in local.read_text(encoding="utf-8").replace("POSTGRES_PASSWORD", "")
    (count,) = counts
    assert sorted(covered) == list(range(count))
    assert len(urls) == 1


def test_the_image_installs_the_package_and_starts_the_bot() -> None:
    """The Dockerfile copies every package the bot imports and starts `python -m bot`."""
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    for package in ("bot", "games", "renderers"):
        assert f"COPY {package} ./{package}" in dockerfile
    assert 'CMD ["python", "-m", "bot"]' in dockerfile


def test_each_shard_process_serves_metrics_and_healthz_published_on_the_hosts_loopback() -> None:
    """Every bot service turns metrics on (METRICS_PORT), listens on every address of its container, publishes
    that port on the host's 127.0.0.1 only, each on its own host port, and checks its health on /healthz."""
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    bots = {name: svc for name, svc in compose["services"].items() if name.startswith("shard-")}
    published = []
    for service in bots.values():
        (mount,) = [v for v in service["volumes"] if v.endswith(":/etc/tablemaster/config.toml:ro")]
        config = load_config(ROOT / mount.split(":")[0], env={**service["environment"], "DATABASE_URL": "sqlite:///x",
                                                               "DISCORD_TOKEN": "t"})
        assert config.metrics_port is not None and config.metrics_host == "0.0.0.0"
        (port,) = service["ports"]
        host_ip, host_port, container_port = port.split(":")
        assert host_ip == "127.0.0.1" and int(container_port) == config.metrics_port
        published.append(int(host_port))
        assert f"127.0.0.1:{config.metrics_port}/healthz" in " ".join(service["healthcheck"]["test"])
    assert len(set(published)) == len(bots)
