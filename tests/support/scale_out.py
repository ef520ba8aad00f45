"""A PostgreSQL and a Redis server of a test's own, and which worker process served a request.

    with PostgresServer.start_new() as pg, RedisServer.start_new() as redis:
        pg.url                      # postgresql://langflow:…@127.0.0.1:<port>/langflow
        redis.url                   # redis://127.0.0.1:<port>/1
        pg.stop(); pg.start()       # a restart mid-load

Both run from Debian's ``postgresql`` and ``redis-server`` packages (``scripts/setup.sh`` installs them as
root), on a free loopback port, with their files in a fresh temporary directory that is removed at the
end: never a system-wide server. PostgreSQL's ``initdb`` refuses to run as root, so as root the cluster
belongs to the ``postgres`` user the package creates (``runuser -u postgres``). Redis keeps nothing on
disk (no snapshots, no append-only file).

:func:`serving_pid` names the process holding the server end of a client's TCP connection: with several
Gunicorn workers sharing one listening socket, that is the worker that accepted the connection and so
answered every request sent on it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil

SETUP_STEP = "bash scripts/setup.sh (as root on Debian it installs the postgresql and redis-server packages)"
POSTGRES_ROOT = Path("/usr/lib/postgresql")
DATABASE = "langflow"
USER = "langflow"
PASSWORD = "scale-out-secret"
START_TIMEOUT_S = 60


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's ``bin`` folder holding ``initdb`` and ``pg_ctl``, if any."""
    if not POSTGRES_ROOT.is_dir():
        return None
    versions = sorted(
        (
            p
            for p in POSTGRES_ROOT.iterdir()
            if (p / "bin" / "initdb").is_file() and (p / "bin" / "pg_ctl").is_file()
        ),
        key=lambda p: int(p.name) if p.name.isdigit() else 0,
    )
    return versions[-1] / "bin" if versions else None


def missing_servers() -> list[str]:
    """What is not installed of the two servers, as sentences naming the set-up step."""
    missing = []
    if postgres_bin() is None:
        missing.append(f"PostgreSQL's initdb and pg_ctl are not under {POSTGRES_ROOT}/<version>/bin")
    if shutil.which("redis-server") is None:
        missing.append("redis-server is not on PATH")
    return [f"{m}: run {SETUP_STEP}" for m in missing]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _as_owner(command: list[str]) -> list[str]:
    """As root, ``command`` run as the ``postgres`` user (initdb and postgres refuse root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@dataclass
class PostgresServer:
    """One PostgreSQL cluster in ``root`` (``data/``, ``log``), listening on 127.0.0.1:``port`` only."""

    root: Path
    port: int
    bin: Path

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def url(self) -> str:
        return f"postgresql://{USER}:{PASSWORD}@127.0.0.1:{self.port}/{DATABASE}"

    def _pg_ctl(self, *args: str, timeout: float = START_TIMEOUT_S) -> None:
        command = _as_owner([str(self.bin / "pg_ctl"), "-D", str(self.data), *args])
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
        if result.returncode != 0:
            raise RuntimeError(
                f"pg_ctl {' '.join(args)} failed: {result.stdout}{result.stderr}{self.log_tail()}"
            )

    def log_tail(self, lines: int = 30) -> str:
        log = self.root / "log"
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:]) if log.is_file() else ""

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c max_connections=200 -c fsync=off"
        )
        self._pg_ctl("-l", str(self.root / "log"), "-o", options, "-w", "-t", str(START_TIMEOUT_S), "start")

    def stop(self) -> None:
        """A fast shutdown: open connections are cut, as when the database host restarts."""
        self._pg_ctl("-m", "fast", "-w", "-t", str(START_TIMEOUT_S), "stop")

    def postmaster_pid(self) -> int | None:
        pid_file = self.data / "postmaster.pid"
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int(pid_file.read_text().splitlines()[0])
        return None

    @classmethod
    @contextlib.contextmanager
    def start_new(cls) -> Iterator[PostgresServer]:
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise RuntimeError(missing_servers()[0])
        # Not under pytest's tmp_path: that is private to root, and the cluster's owner must reach it.
        root = Path(tempfile.mkdtemp(prefix="lfx-postgres-"))
        server = cls(root, free_port(), bin_dir)
        try:
            if os.geteuid() == 0:
                shutil.chown(root, "postgres", "postgres")
            password_file = root / "password"
            password_file.write_text(PASSWORD)
            if os.geteuid() == 0:
                shutil.chown(password_file, "postgres", "postgres")
            subprocess.run(
                _as_owner(
                    [
                        str(bin_dir / "initdb"),
                        "-D",
                        str(server.data),
                        "-U",
                        USER,
                        f"--pwfile={password_file}",
                        "--auth=scram-sha-256",
                        "--encoding=UTF8",
                        "--no-sync",
                    ]
                ),
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            )
            server.start()
            subprocess.run(
                [str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(server.port), "-U", USER, DATABASE],
                env={**os.environ, "PGPASSWORD": PASSWORD},
                capture_output=True,
                text=True,
                timeout=60,
                check=True,
            )
            yield server
        finally:
            if server.postmaster_pid() is not None:
                with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
                    server._pg_ctl("-m", "immediate", "-w", "stop")
            shutil.rmtree(root, ignore_errors=True)


@dataclass
class RedisServer:
    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/1"

    @classmethod
    @contextlib.contextmanager
    def start_new(cls) -> Iterator[RedisServer]:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError(missing_servers()[-1])
        root = Path(tempfile.mkdtemp(prefix="lfx-redis-"))
        port = free_port()
        command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        process = subprocess.Popen(
            [*command, "--dir", str(root), "--daemonize", "no", "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            while not _answers(port):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start on port {port} (exit {process.poll()})")
                time.sleep(0.1)
            yield cls(process, port)
        finally:
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(20)
            shutil.rmtree(root, ignore_errors=True)


def _answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
        sock.sendall(b"PING\r\n")
        return sock.recv(16).startswith(b"+PONG")
    return False


def serving_pid(client_port: int, pids: Iterable[int], server_port: int) -> int | None:
    """Which of ``pids`` holds the server end of the connection from 127.0.0.1:``client_port``."""
    for pid in pids:
        with contextlib.suppress(psutil.Error):
            for conn in psutil.Process(pid).net_connections(kind="tcp"):
                if (
                    conn.raddr
                    and conn.raddr.port == client_port
                    and conn.laddr.port == server_port
                    and conn.status == psutil.CONN_ESTABLISHED
                ):
                    return pid
    return None


def process_tree(pid: int) -> list[psutil.Process]:
    """``pid`` and every descendant still running."""
    with contextlib.suppress(psutil.NoSuchProcess):
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    return []


def listening_workers(pid: int, port: int) -> list[int]:
    """The processes under ``pid`` that hold the listening socket on ``port`` and have no child holding it
    (Gunicorn's workers, not its master or Langflow's launcher)."""
    holders = []
    for process in process_tree(pid):
        with contextlib.suppress(psutil.Error):
            if any(
                c.laddr.port == port and c.status == psutil.CONN_LISTEN
                for c in process.net_connections("tcp")
            ):
                holders.append(process)
    holder_pids = {p.pid for p in holders}
    workers = []
    for process in holders:
        with contextlib.suppress(psutil.Error):
            if not any(child.pid in holder_pids for child in process.children()):
                workers.append(process.pid)
    return sorted(workers)


def scale_out_env(database_url: str | None, workers: int, redis_url: str | None) -> dict[str, str]:
    """Langflow's variables for PostgreSQL, ``workers`` workers and a Redis job queue (what ``run.sh
    --database-url --workers --redis-url`` exports); raises ``ValueError`` for what Langflow would refuse.

        scale_out_env("postgresql://u:p@db/langflow", 2, "redis://127.0.0.1:6379/1")
    """
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if workers > 1 and not redis_url:
        raise ValueError(
            f"{workers} workers need a job queue the workers share: add a Redis URL (redis://HOST:6379/1); "
            "Langflow refuses several workers with its in-memory queue"
        )
    env = {"LANGFLOW_WORKERS": str(workers)}
    if database_url:
        env["LANGFLOW_DATABASE_URL"] = database_url
    if redis_url:
        env |= {"LANGFLOW_JOB_QUEUE_TYPE": "redis", "LANGFLOW_REDIS_QUEUE_URL": redis_url}
    return env


def wait_for_workers(
    base_url: str, server_pid: int, port: int, count: int, timeout: float = 300
) -> list[int]:
    """Block until ``count`` distinct workers have answered ``/health`` (each on a new connection); their pids.

    ``/health_check`` turns green as soon as one worker is up; the others may still be booting.
    """
    import httpx

    seen: set[int] = set()
    deadline = time.monotonic() + timeout
    while len(seen) < count:
        if time.monotonic() > deadline:
            raise TimeoutError(f"only workers {sorted(seen)} of {count} answered within {timeout:.0f} s")
        with contextlib.suppress(httpx.HTTPError), httpx.Client(base_url=base_url, timeout=10) as http:
            with http.stream("GET", "/health") as response:
                client_port = response.extensions["network_stream"].get_extra_info("client_addr")[1]
                pid = serving_pid(client_port, [p.pid for p in process_tree(server_pid)], port)
                if response.status_code == 200 and pid is not None:
                    seen.add(pid)
        time.sleep(0.05)
    return sorted(seen)


def worker_rss(server_pid: int, port: int) -> dict[int, int]:
    """Resident memory of each worker process, in bytes, by pid."""
    rss = {}
    for pid in listening_workers(server_pid, port):
        with contextlib.suppress(psutil.Error):
            rss[pid] = psutil.Process(pid).memory_info().rss
    return rss
