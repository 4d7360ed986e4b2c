"""SIGKILL at any point loses no acknowledged move, and the file always replays to what the players saw.

A child process (``kill_child``) plays a stream of moves on five tables of five kinds through the real table
service on a real SQLite file, and prints every move as soon as ``act`` has returned. The test kills it with
SIGKILL after a seeded random number of acknowledged moves, again and again, and after each kill reads the file
in this process: every acknowledged action is stored, the numbers have no gap, a fresh replay at each
acknowledged number gives the state the child had published, the service's own replay agrees, after
``recover()`` no running game is over, and every finished game has its results. Then the child is restarted
on the same file and must go on.

``make test`` runs ten kills; ``make soak`` runs many (``TABLEE_SOAK_KILLS``, 100 by default; the kill points
follow ``TABLEE_SOAK_SEED``).
"""

from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import action_rng
from bot.registry import engine_of
from bot.service.tables import TABLE_SEAT
from bot.service.tables import TableService
from bot.store import Store
from tests.reliability.kill_child import digest

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD_S = 300.0
"""Only a guard against a child that hangs forever: no outcome depends on how fast the child runs."""
MOST_ACKS_BEFORE_KILL = 40


@dataclass
class Ledger:
    """Everything the children acknowledged, and what the trials did."""

    acks: dict[int, dict[int, str]] = field(default_factory=lambda: defaultdict(dict))
    kills: int = 0
    moves: int = 0

    def take(self, line: str) -> bool:
        """Record one ``ack GAME N DIGEST`` line; False for any other line."""
        parts = line.split()
        if len(parts) != 4 or parts[0] != "ack":
            return False
        game_id, n = int(parts[1]), int(parts[2])
        previous = self.acks[game_id].get(n)
        assert previous in (None, parts[3]), f"game {game_id} was acknowledged at {n} with two different states"
        self.acks[game_id][n] = parts[3]
        self.moves += 1
        return True


class Child:
    """The child process, read line by line without ever blocking on a child that stopped talking."""

    def __init__(self, db: Path, seed: int, log: Path, moves: int | None = None) -> None:
        command = [sys.executable, "-m", "tests.reliability.kill_child", str(db), "--seed", str(seed)]
        if moves is not None:
            command += ["--moves", str(moves)]
        self.log = log
        self._err = log.open("ab")
        self.proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=self._err, bufsize=0)
        assert self.proc.stdout is not None
        self._fd = self.proc.stdout.fileno()
        self._buffer = b""

    def line(self) -> str | None:
        """The next complete line, or None once the child's output has ended."""
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([self._fd], [], [], HANG_GUARD_S)
            if not ready:
                self.proc.kill()
                raise AssertionError(f"the child printed nothing for {HANG_GUARD_S:.0f} s\n{self.errors()}")
            chunk = os.read(self._fd, 65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode()

    def kill(self) -> list[str]:
        """SIGKILL, then the complete lines the child had written before it died (a torn last line is dropped)."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        lines = []
        while (line := self.line()) is not None:
            lines.append(line)
        self.close()
        return lines

    def close(self) -> None:
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        self._err.close()

    def errors(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


def replay_digests(kind: str, seats: int, options: dict[str, Any], seed: int, rows: list[Any]) -> dict[int, str]:
    """A fresh replay from the seed, as the engine alone does it: the digest of the state after every action."""
    engine = engine_of(kind)
    state = engine.setup(seats, options, action_rng(seed, 0))
    out = {0: digest(engine.public_view(state), {s: engine.view(state, s) for s in range(seats)})}
    for row in rows:
        seat = row.seat if row.seat is not None else TABLE_SEAT
        engine.apply(state, seat, Action.loads(row.action), action_rng(seed, row.n))
        out[row.n] = digest(engine.public_view(state), {s: engine.view(state, s) for s in range(seats)})
    out[-1] = "over" if engine.is_over(state) else "running"
    return out


async def check_file(db: Path, ledger: Ledger) -> None:
    """What must hold on the file after any kill."""
    store = await Store.open(db)
    try:
        for game_id, acked in ledger.acks.items():
            row = await store.get_game(game_id)
            assert row is not None, f"acknowledged game {game_id} is not stored"
            rows = await store.actions(game_id)
            numbers = [r.n for r in rows]
            assert numbers == list(range(1, len(rows) + 1)), f"game {game_id}: gap in the action numbers"
            assert max(acked) <= len(rows), f"game {game_id}: acknowledged {max(acked)}, stored {len(rows)}"
            fresh = replay_digests(row.kind, len(row.seats), row.options, row.seed, rows)
            for n, seen in acked.items():
                assert fresh[n] == seen, f"game {game_id}: the replay at action {n} differs from the live state"

        service = TableService(store)
        await service.recover()
        for row in await store.games_with_status("running", "over"):
            rows = await store.actions(row.id)
            fresh = replay_digests(row.kind, len(row.seats), row.options, row.seed, rows)
            if row.status == "running":
                live = await service.load(row.id)
                assert not live.engine.is_over(live.state), f"game {row.id} is over but still marked running"
                assert live.n == len(rows)
                seats = range(len(row.seats))
                state = live.engine.public_view(live.state), {s: live.engine.view(live.state, s) for s in seats}
                assert digest(*state) == fresh[len(rows)], f"game {row.id}: the service's replay differs"
            else:
                assert fresh[-1] == "over", f"game {row.id} is marked over but its replay is not"
                assert results_of(db, row.id) == len(row.seats), f"game {row.id}: results missing or repeated"
    finally:
        await store.close()


def results_of(db: Path, game_id: int) -> int:
    with sqlite3.connect(db) as con:
        (count,) = con.execute("SELECT COUNT(*) FROM results WHERE game_id = ?", (game_id,)).fetchone()
    return int(count)


def kill_trials(tmp_path: Path, kills: int, seed: int) -> Ledger:
    db, log = tmp_path / "kill.db", tmp_path / "child-stderr.log"
    rng = random.Random(seed)
    ledger = Ledger()
    for trial in range(kills):
        child = Child(db, rng.randrange(2**31), log)
        first = child.line()
        assert first == "ready", f"trial {trial}: the child did not start on the killed file\n{child.errors()}"
        for _ in range(rng.randint(0, MOST_ACKS_BEFORE_KILL)):
            line = child.line()
            assert line is not None and ledger.take(line), f"trial {trial}: the child stopped\n{child.errors()}"
        for line in child.kill():
            ledger.take(line)
        ledger.kills += 1
        asyncio.run(check_file(db, ledger))

    # Restarted on the same file once more, the child plays on to a clean stop.
    child = Child(db, rng.randrange(2**31), log, moves=25)
    lines = []
    while (line := child.line()) is not None:
        lines.append(line)
    assert child.proc.wait() == 0, child.errors()
    child.close()
    assert lines[0] == "ready" and lines[-1] == "done"
    assert sum(ledger.take(line) for line in lines) == 25
    asyncio.run(check_file(db, ledger))
    return ledger


def report(ledger: Ledger, db: Path) -> str:
    with sqlite3.connect(db) as con:
        stored = con.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        over = con.execute("SELECT COUNT(*) FROM games WHERE status = 'over'").fetchone()[0]
    return f"{ledger.kills} kills, {ledger.moves} acknowledged moves, {stored} stored actions, {over} games finished"


def test_sigkill_at_random_points_loses_no_acknowledged_move(tmp_path: Path) -> None:
    ledger = kill_trials(tmp_path, kills=10, seed=11)
    print(report(ledger, tmp_path / "kill.db"))


@pytest.mark.soak
def test_soak_many_kills(tmp_path: Path) -> None:
    kills = int(os.environ.get("TABLEE_SOAK_KILLS", "100"))
    ledger = kill_trials(tmp_path, kills=kills, seed=int(os.environ.get("TABLEE_SOAK_SEED", "1")))
    print(report(ledger, tmp_path / "kill.db"))
