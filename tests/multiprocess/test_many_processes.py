"""Three bot processes on one PostgreSQL database play the same games at once, and one of them is killed.

Each child (``tests.multiprocess.child``) has its own table service and connection pool; all play moves of the
same ten games through ``TableService.act`` (computer players answering), then all run ``run_timers`` at the same
controlled time. After every round the test checks, from the database and the children's records:

- every action number of every game was written exactly once, by one process, with no gap (the one move in flight
  when a process is killed may be stored without its writer having said so);
- every state any process published, acknowledged or holds at the end equals the replay of the stored actions;
- every reminder due at a tick was sent once, by one process, and every turn timed out was played for once.

In the second round one child is killed with SIGKILL while it plays; the two others carry on to the end. The last
rounds only tick, so that every turn left waiting times out.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from bot.registry import engine_of
from bot.service.live import rebuild
from bot.service.tables import TableService
from bot.store import ActionRow
from bot.store import GameRow
from bot.store import Store
from bot.store import open_store
from tests.multiprocess.child import Record
from tests.multiprocess.child import RecordingPublisher
from tests.multiprocess.child import RecordingStore
from tests.reliability.kill_child import TABLES
from tests.reliability.kill_child import digest

ROOT = Path(__file__).resolve().parents[2]
CHILDREN = 3
ROUNDS = 7
TRIES_PER_ROUND = 12
IDLE_ROUNDS = 5
START = 1_000_000.0
ROUND_S = 140.0
"""Each round's moves happen 140 s after the last: past the 120 s reminder; a turn left alone times out (600 s)."""
TICK_AFTER_S = 125.0
REMINDER_MIN, TIMEOUT_MIN = 2, 10
KILLED_ROUND, KILLED_AFTER_ACKS = 1, 3
HANG_GUARD_S = 120.0


class Child:
    """A child process, talked to line by line; its stdout read without ever blocking on a silent child."""

    def __init__(self, url: str, record: Path, seed: int, log: Path) -> None:
        self.record = record
        self.err = log.open("ab")
        command = [sys.executable, "-m", "tests.multiprocess.child", url, str(record), "--seed", str(seed)]
        self.proc = subprocess.Popen(
            command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err, bufsize=0
        )
        self.buffer = b""
        self.acks: list[tuple[int, int, str]] = []
        self.alive = True
        self.until("ready")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        self.proc.stdin.flush()

    def line(self) -> str:
        assert self.proc.stdout is not None
        deadline = time.monotonic() + HANG_GUARD_S
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.proc.stdout], [], [], max(left, 0))
            assert ready, f"child {self.proc.pid} said nothing for {HANG_GUARD_S} s"
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            assert chunk, f"child {self.proc.pid} ended: see {self.err.name}"
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode()

    def until(self, word: str, on_ack: int | None = None) -> list[str]:
        """Lines up to ``word``; acks are kept. With ``on_ack``, stop (returning) after that many acks instead."""
        lines, acks = [], 0
        while (line := self.line()) != word:
            if line.startswith("ack "):
                _, game, n, seen = line.split()
                self.acks.append((int(game), int(n), seen))
                acks += 1
                if on_ack is not None and acks >= on_ack:
                    return lines
            else:
                lines.append(line)
        return lines

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.alive = False

    def stop(self) -> None:
        if self.alive:
            self.send("quit")
            self.proc.wait(timeout=HANG_GUARD_S)
        self.err.close()


@dataclass
class Truth:
    """The database read by the test: each game's row and actions, and its replay at any number."""

    store: Store
    rows: dict[int, GameRow]
    actions: dict[int, list[ActionRow]]

    @classmethod
    async def read(cls, store: Store, games: list[int]) -> Truth:
        rows = {g: row for g in games if (row := await store.get_game(g)) is not None}
        return cls(store, rows, {g: await store.actions(g) for g in games})

    def digest_at(self, game: int, n: int) -> str:
        row = self.rows[game]
        live = rebuild(engine_of(row.kind), row, [a for a in self.actions[game] if a.n <= n])
        assert live.n == n, f"game {game} has no action {n}"
        return digest(*live.engine.all_views(live.state, len(row.seats)))

    def due(self, now: float) -> tuple[set[tuple[int, float]], set[int]]:
        """At ``now``, the turns due a reminder (game, turn start) and the games whose awaited human times out."""
        reminders, timeouts = set(), set()
        for game, row in self.rows.items():
            if row.status != "running" or row.turn_since is None:
                continue
            live = rebuild(engine_of(row.kind), row, self.actions[game])
            waiting = [s for s in live.engine.to_act(live.state) if not row.seats[s].is_bot]
            elapsed = now - row.turn_since
            if not waiting or live.engine.is_over(live.state):
                continue
            if elapsed >= row.timeout_s:
                timeouts.add(game)
            elif elapsed >= row.reminder_s and not row.reminded:
                reminders.add((game, row.turn_since))
        return reminders, timeouts


def records(paths: list[Path], kind: str) -> list[list[str]]:
    return [line.split()[1:] for path in paths for line in path.read_text().splitlines() if line.startswith(kind)]


def reminders_sent(paths: list[Path]) -> Counter[tuple[int, float]]:
    """Every reminder any process sent, by (game, turn start)."""
    return Counter((int(game), float(turn_since)) for game, turn_since, _ in records(paths, "remind"))


async def open_games(service: TableService) -> list[int]:
    """Two tables of each kind, humans and a computer player each, with turn timers; Chat vert's own timer off."""
    games = []
    for copy in range(2):
        for table in TABLES:
            channel = table.channel + 10 * copy
            options = {**table.options, **({"timer": 0} if table.kind == "chat_vert" else {})}
            row = await service.open_table(
                guild_id=1,
                channel_id=channel,
                kind=table.kind,
                options=options,
                host_id=channel * 100,
                host_name="H0",
                locale="fr",
                reminder_min=REMINDER_MIN,
                timeout_min=TIMEOUT_MIN,
            )
            for k in range(1, table.humans):
                await service.join(row.id, channel * 100 + k, f"H{k}")
            await service.add_bot(row.id, channel * 100)
            await service.start(row.id, channel * 100)
            games.append(row.id)
    return games


async def test_three_processes_play_the_same_games_and_survive_a_kill(postgres_url: str, tmp_path: Path) -> None:
    own = tmp_path / "record-test.txt"
    clock = [START]
    store = RecordingStore(await open_store(postgres_url), Record(own))
    service = TableService(store, RecordingPublisher(Record(own)), clock=lambda: clock[0])
    games = await open_games(service)
    paths = [own, *(tmp_path / f"record-{k}.txt" for k in range(CHILDREN))]
    children = [Child(postgres_url, paths[k + 1], seed=k, log=tmp_path / f"child-{k}.log") for k in range(CHILDREN)]
    victim = children[-1]
    sent_reminders: Counter[tuple[int, float]] = Counter()
    moves_after_kill = timed_out = 0
    try:
        for round_ in range(ROUNDS + IDLE_ROUNDS):
            now = START + ROUND_S * (round_ + 1)
            alive = [c for c in children if c.alive]
            tries = TRIES_PER_ROUND if round_ < ROUNDS else 0  # the last rounds only tick: every turn times out
            for child in alive:
                child.send(f"play {tries} {now}")
            for child in alive:
                if child is victim and round_ == KILLED_ROUND:
                    child.until("played", on_ack=KILLED_AFTER_ACKS)
                    child.kill()  # in the middle of its moves, whatever it was doing
                    continue
                acks_before = len(child.acks)
                child.until("played")
                if round_ > KILLED_ROUND:
                    moves_after_kill += len(child.acks) - acks_before
            # What is due at the tick, from the database alone, then the tick in every live process at once.
            tick = now + TICK_AFTER_S
            before = await Truth.read(store, games)
            reminders, timeouts = before.due(tick)
            sent_before = reminders_sent(paths)
            alive = [c for c in children if c.alive]
            for child in alive:
                child.send(f"tick {tick}")
            for child in alive:
                child.until("ticked")
            sent_now = reminders_sent(paths) - sent_before
            assert sent_now == Counter(reminders), f"round {round_}: reminders sent {sent_now}, due {reminders}"
            sent_reminders.update(sent_now)
            after = await Truth.read(store, games)
            timed_out += len(timeouts)
            for game in timeouts:
                added = after.actions[game][len(before.actions[game]) :]
                assert added and added[0].how == "timeout", f"round {round_}: game {game} did not time out once"
            for game in set(games) - timeouts:
                added = after.actions[game][len(before.actions[game]) :]
                assert all(a.how != "timeout" for a in added), f"round {round_}: game {game} timed out early"
        for child in children:
            if child.alive:
                child.send("dump")
        dumps = {child: child.until("dumped") for child in children if child.alive}
    finally:
        for child in children:
            child.stop()
        truth = await Truth.read(store, games)
        await store.close()

    assert not victim.alive and moves_after_kill > 0, "the two processes left went on playing"
    assert timed_out >= len(games) // 2, "the idle rounds time turns out"
    assert max(sent_reminders.values(), default=0) == 1 and len(sent_reminders) >= len(games) // 2
    # Every action was written once, by one process, and numbers have no gap.
    stored = {(game, a.n) for game, rows in truth.actions.items() for a in rows}
    for game, rows in truth.actions.items():
        assert [a.n for a in rows] == list(range(1, len(rows) + 1)), f"game {game} has a gap"
    written = Counter((int(game), int(n)) for game, n in records(paths, "move"))
    assert max(written.values()) == 1, "an action was written twice"
    assert set(written) <= stored and len(stored - set(written)) <= 1  # at most the move in flight at the kill
    assert {p: sum(1 for _ in records([p], "move")) > 0 for p in paths[1:]} == dict.fromkeys(paths[1:], True)
    # Every state published, acknowledged or held at the end is the replay of the stored actions at its number.
    seen: dict[tuple[int, int], set[str]] = defaultdict(set)
    for game, n, state in records(paths, "pub"):
        seen[int(game), int(n)].add(state)
    for child in children:
        for game, n, state in child.acks:
            seen[game, n].add(state)
    for lines in dumps.values():
        held = {int(w[1]): (int(w[2]), w[3]) for w in (line.split() for line in lines) if w[0] == "state"}
        assert set(held) == set(games)
        for game, (n, state) in held.items():
            assert n == len(truth.actions[game]), f"a process holds game {game} at {n}, behind the store"
            seen[game, n].add(state)
    assert len(seen) > len(games)
    for (game, n), states in sorted(seen.items()):
        assert states == {truth.digest_at(game, n)}, f"game {game} at {n} was shown unlike its replay"
