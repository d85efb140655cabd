"""A real Matrix homeserver for the online tests and the online bench: Synapse (a test
dependency from the package registry) on the loopback address, with SQLite, registration by
shared secret only, and rate limits lifted (the tests send hundreds of events a minute).

Nothing here talks to any other address: the server binds 127.0.0.1 on a free port, federation
is off (no listener for it, no trusted key servers), and every wait is bounded in time."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

START_TIMEOUT_S = 60.0
"""Synapse answers within about 4 s here; a loaded CI machine gets far more before we give up."""

_LIMITS = {"per_second": 100000, "burst_count": 100000}

_LOG_CONFIG = """version: 1
formatters:
  plain: {format: '%(asctime)s %(name)s %(levelname)s %(message)s'}
handlers:
  file: {class: logging.FileHandler, formatter: plain, filename: LOGFILE}
root: {level: WARNING, handlers: [file]}
disable_existing_loggers: false
"""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_folder(folder: Path) -> Path:
    """The database in memory-backed /dev/shm where there is one (a test server's data need not
    survive a power cut, and SQLite's fsync per event would make it the slowest part), else
    beside the configuration."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        path = shm / f"tycoons-synapse-{folder.name}-{os.getpid()}"
        path.mkdir(exist_ok=True)
        return path
    return folder


def synapse_config(folder: Path, port: int, secret: str) -> dict:
    """The homeserver's configuration: loopback only, SQLite, no open registration, no limits."""
    return {
        "server_name": "localhost",
        "pid_file": str(folder / "homeserver.pid"),
        "listeners": [{"port": port, "bind_addresses": ["127.0.0.1"], "type": "http", "tls": False,
                       "x_forwarded": False, "resources": [{"names": ["client"], "compress": False}]}],
        "database": {"name": "sqlite3", "args": {"database": str(_database_folder(folder) / "homeserver.db")}},
        "log_config": str(folder / "log.config"),
        "media_store_path": str(folder / "media"),
        "registration_shared_secret": secret,
        "enable_registration": False,
        "report_stats": False,
        "macaroon_secret_key": secrets.token_hex(16),
        "form_secret": secrets.token_hex(16),
        "signing_key_path": str(folder / "signing.key"),
        "trusted_key_servers": [],
        "suppress_key_server_warning": True,
        "federation_domain_whitelist": [],
        "presence": {"enabled": False},
        "caches": {"global_factor": 4.0},
        "url_preview_enabled": False,
        "rc_message": _LIMITS,
        "rc_registration": _LIMITS,
        "rc_login": {"address": _LIMITS, "account": _LIMITS, "failed_attempts": _LIMITS},
        "rc_joins": {"local": _LIMITS, "remote": _LIMITS},
        "rc_joins_per_room": _LIMITS,
        "rc_invites": {"per_room": _LIMITS, "per_user": _LIMITS, "per_issuer": _LIMITS},
        "rc_room_creation": _LIMITS,
        "rc_3pid_validation": _LIMITS,
        "rc_presence": {"per_user": _LIMITS},
        "rc_delayed_event_mgmt": _LIMITS,
    }


class Homeserver:
    """One Synapse process in `folder` (created), answering on http://127.0.0.1:<port>."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.secret = secrets.token_hex(16)
        self.process: subprocess.Popen | None = None
        self._users = 0

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / "log.config").write_text(_LOG_CONFIG.replace("LOGFILE", str(self.folder / "synapse.log")))
        config = self.folder / "homeserver.yaml"
        # JSON is YAML: no extra dependency to write it
        config.write_text(json.dumps(synapse_config(self.folder, self.port, self.secret), indent=1))
        python = sys.executable
        subprocess.run([python, "-m", "synapse.app.homeserver", "--config-path", str(config), "--generate-keys"],
                       check=True, capture_output=True, timeout=120, cwd=self.folder)
        self.process = subprocess.Popen(
            [python, "-m", "synapse.app.homeserver", "--config-path", str(config)],
            cwd=self.folder, stdout=open(self.folder / "stdout.log", "wb"), stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("Synapse stopped at start: " + self.log_tail())
            try:
                with urllib.request.urlopen(self.url + "/_matrix/client/versions", timeout=2) as r:
                    if r.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"Synapse did not answer within {START_TIMEOUT_S:.0f} s: " + self.log_tail())

    def log_tail(self, chars: int = 3000) -> str:
        text = ""
        for name in ("stdout.log", "synapse.log"):
            path = self.folder / name
            if path.exists():
                text += path.read_text(errors="replace")[-chars:]
        return text

    def register(self, name: str | None = None, password: str | None = None) -> dict:
        """A new user by shared-secret registration: {"user_id", "access_token", "device_id",
        "password", "localpart"}. Each call without a name gets a fresh one."""
        self._users += 1
        name = name or f"u{self._users}x{secrets.token_hex(3)}"
        password = password or secrets.token_hex(8)
        url = self.url + "/_synapse/admin/v1/register"
        with urllib.request.urlopen(url, timeout=10) as r:
            nonce = json.load(r)["nonce"]
        mac = hmac.new(self.secret.encode(), b"\x00".join([nonce.encode(), name.encode(), password.encode(),
                                                            b"notadmin"]), hashlib.sha1).hexdigest()
        body = json.dumps({"nonce": nonce, "username": name, "password": password, "admin": False,
                           "mac": mac}).encode()
        req = urllib.request.Request(url, body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            out = json.load(r)
        out["password"] = password
        out["localpart"] = name
        return out

    def stop(self) -> None:
        try:
            self._stop()
        finally:
            db = _database_folder(self.folder)
            if db != self.folder:
                shutil.rmtree(db, ignore_errors=True)

    def _stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait(timeout=5)
