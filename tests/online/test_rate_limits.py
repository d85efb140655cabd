"""A homeserver's rate limits are said as what they are (ARCHITECTURE §12). A host that sets up games
in a row meets the limits on room creation and invitations; `tycoons host new` then says that
the homeserver is rate-limiting the account and when it tries again, and tries again as asked;
a wait longer than it is willing to make is given up with the reason, never reported as a
homeserver that did not answer in time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.online.proxy import FaultyProxy

ROOT = Path(__file__).resolve().parents[2]


def _tycoons(*args, env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ui.cli", "host", *args], env=env, capture_output=True, text=True,
                          timeout=180, cwd=ROOT)


def test_tycoons_host_new_says_it_is_rate_limited_and_tries_again(homeserver, online_data):
    proxy = FaultyProxy(homeserver.url).start()
    try:
        env = dict(os.environ, TYCOONS_DATA_DIR=str(online_data))
        host, ann = homeserver.register(), homeserver.register()
        done = _tycoons("signin", "--homeserver", proxy.url, "--user", host["user_id"], "--token",
                        host["access_token"], env=env)
        assert done.returncode == 0, done.stderr
        seats = ["--seat", f"Ann={ann['user_id']}", "--seat", "Robo=ai:easy", "--seat", "Cyd=ai:easy"]

        # the homeserver refuses the first two rooms for a moment: said, waited for, done
        limit = proxy.limit_room_creation(times=2, retry_after_ms=300)
        done = _tycoons("new", "first-ceo", *seats, "--seed", "3", env=env)
        assert done.returncode == 0, done.stderr
        assert limit.served == 2
        said = [line for line in done.stderr.splitlines() if "rate-limiting" in line]
        assert len(said) == 2 and all("trying again in 0.3 s" in line for line in said), done.stderr

        # a wait far beyond what is reasonable: given up at once, with the reason and the wait
        proxy.remove(limit)
        proxy.limit_room_creation(times=None, retry_after_ms=3_600_000)
        done = _tycoons("new", "first-ceo", *seats, "--seed", "4", env=env)
        assert done.returncode == 1
        assert "rate-limiting this account" in done.stderr and "3600 s" in done.stderr, done.stderr
        assert "did not answer in time" not in done.stderr
    finally:
        proxy.stop()
