"""``python -m bot bench``: its options, and the JSON file of its figures (one game, a handful of samples)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench.run import Plan
from bench.run import run_bench
from bot.__main__ import build_parser

TINY = Plan(
    moves=2,
    render_repeat=1,
    stall_games=1,
    stall_moves=1,
    load_tables=2,
    load_seconds=0.2,
    growth_repeat=1,
    growth_longest=40,
    growth_games=(2, 4),
    commit_actions=10,
    engine_seconds=0.02,
    strength=False,
    postgres_seconds=0.3,
    discord_moves=3,
    discord_tables=4,
    discord_seconds=3.0,
    web_watchers=3,
    web_moves=1,
)
GAME_FIGURES = {"move_p50_ms", "move_p99_ms", "hand_pictures_per_move", "table_png_bytes", "hand_png_bytes"}


def test_the_bench_takes_a_game_quick_and_a_json_file() -> None:
    args = build_parser().parse_args(["bench", "--game", "njet", "--quick", "--json", "out.json"])
    assert (args.game, args.quick, args.json) == ("njet", True, Path("out.json"))
    args = build_parser().parse_args(["bench"])
    assert (args.game, args.quick, args.json) == (None, False, None)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["bench", "--game", "chess"])


async def test_the_bench_writes_its_figures_in_the_agreed_shape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TABLEE_DATABASE", str(tmp_path / "tablee.db"))  # the commit line measures beside it
    out = tmp_path / "bench.json"
    assert await run_bench(("nain_jaune",), json_path=out, plan=TINY) in (0, 1)
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert set(figures) == {
        "games",
        "moves_per_s_500_tables",
        "stall_ms_500_tables",
        "chat_vert_vs_rlcard",
        "chat_vert_vs_rlcard_20_rules",
        "chat_vert_boundary_vs_rlcard",
        "chat_vert_boundary_vs_rlcard_20_rules",
        "chat_vert_ceiling_vs_rlcard",
        "chat_vert_ceiling_vs_rlcard_20_rules",
        "postgres",
        "discord",
        "web",
    }
    web = figures["web"]  # the pages: a few watchers of one table, and each page's weight
    assert web["watchers"] == 3 and 0 < web["delay_p50_ms"] <= web["delay_max_ms"]
    assert set(web["page_bytes"]) == {"live", "replay_nain_jaune", "replay_chat_vert", "replay_njet", "server"}
    assert set(figures["games"]) == {"nain_jaune"}
    game = figures["games"]["nain_jaune"]
    assert set(game) == GAME_FIGURES
    assert 0 < game["move_p50_ms"] <= game["move_p99_ms"]
    # A move changes at least the mover's hand, and at most every one of the eight hands.
    assert 1 <= game["hand_pictures_per_move"] <= 8
    assert isinstance(game["table_png_bytes"], int) and game["table_png_bytes"] > 0
    assert isinstance(game["hand_png_bytes"], int) and game["hand_png_bytes"] > 0
    assert isinstance(figures["moves_per_s_500_tables"], float) and figures["moves_per_s_500_tables"] >= 0
    assert isinstance(figures["stall_ms_500_tables"], float) and figures["stall_ms_500_tables"] >= 0
    # Le Chat vert was not measured: its comparisons are null rather than made-up figures.
    assert all(figures[name] is None for name in figures if name.startswith("chat_vert_"))
    # Discord: what a person's move costs, all people and one person; the tables a token serves at human pace.
    discord = figures["discord"]
    assert set(discord) == {"games", "tables_per_token_at_human_pace", "move_shown_p95_s_at_capacity", "responses_429"}
    assert set(discord["games"]) == {"nain_jaune"}
    costs = discord["games"]["nain_jaune"]
    assert set(costs) == {
        "global_requests_per_move_all_humans",
        "global_requests_per_move_one_human",
        "kb_uploaded_per_move",
    }
    # A publication edits the table message (several forced moves may share one) and never costs more than its
    # table's eight panels and the table.
    assert all(0 < costs[name] <= 9 for name in costs if name.startswith("global_"))
    assert costs["kb_uploaded_per_move"] > 0
    # The largest number of tables served with every goal met (none met: 0, and no delay to give), and the 429s
    # Discord's limits answered, which the pacer keeps at none.
    capacity, p95 = discord["tables_per_token_at_human_pace"], discord["move_shown_p95_s_at_capacity"]
    assert isinstance(capacity, int) and 0 <= capacity <= 2 * TINY.discord_tables
    assert (p95 is None) == (capacity == 0)
    assert p95 is None or 0 <= p95 <= 1.0
    assert discord["responses_429"] == 0
    # PostgreSQL: 1, 2 and 4 processes, and SQLite's one beside them; null (with the reason) where it cannot run.
    postgres = figures["postgres"]
    if postgres is None:
        assert os.environ.get("CI", "").lower() != "true", "PostgreSQL is needed in CI"
        assert "no PostgreSQL server can run here" in capsys.readouterr().out
        return
    assert set(postgres) == {"processes", "sqlite_moves_per_s"}
    assert set(postgres["processes"]) == {"1", "2", "4"}
    for size in postgres["processes"].values():
        assert set(size) == {"moves_per_s", "move_p99_ms"}
        assert size["moves_per_s"] > 0 and size["move_p99_ms"] > 0
    assert isinstance(postgres["sqlite_moves_per_s"], float) and postgres["sqlite_moves_per_s"] > 0
    printed = capsys.readouterr().out
    assert "tables a bot token serves at human pace" in printed
    assert "1 process(es): " in printed and "SQLite, one process: " in printed
    assert "hand pictures per move" in printed and "live tables" in printed and "growth of nain_jaune" in printed
