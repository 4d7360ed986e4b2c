"""``/table history`` on a simulated Discord: the server's finished games, newest first, privately and in the asker's
language, each with its replay and its log a click away; another server's games are neither listed nor reachable
by a forged button; ``/table replay`` finds the last finished game while a newer one runs in the channel; a full
page stays within Discord's limits and pages on to older games."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

from bot.store import GameRow
from bot.store import Seat
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import make_bot
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import repeated_labels
from tests.e2e.simhelpers import set_locales
from tests.e2e.simhelpers import text_of
from tests.e2e.test_clicks_e2e import SETUPS
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import fix_seed
from tests.e2e.test_replay_e2e import play_to_the_end
from tests.reliability.forge import emit_component


async def _row(table: SimTable, game_id: int) -> GameRow:
    row = await table.bot.store.get_game(game_id)
    assert row is not None
    return row


async def _abandoned(table: SimTable, member: Any, channel: Any, command: str) -> int:
    """A game opened by ``member`` in ``channel`` with one computer player, started, then abandoned by its host."""
    await member.slash(channel, f"{command} new")
    lobby = channel.last_message
    game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
    await member.click(lobby, custom_id=f"tb:l:{game_id}:bot")
    await member.click(lobby, custom_id=f"tb:l:{game_id}:start")
    await table.bot.publisher.wait_idle()
    answer = panel_of(await member.slash(channel, "table abandon"))
    assert answer.ephemeral
    assert (await _row(table, game_id)).status == "abandoned"
    return game_id


def _points(score: int) -> str:
    return f"{score} point" if score == 1 else f"{score} points"


def _component_count(components: list[dict[str, Any]]) -> int:
    """Every component of a layout, nested ones included, as Discord counts them against its limit of 40."""
    count = 0
    for component in components:
        count += 1
        count += _component_count(component.get("components") or [])
        if component.get("accessory"):
            count += 1
    return count


async def test_the_history_lists_the_servers_games_with_their_replay_and_log(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    fix_seed(monkeypatch)
    (setup,) = [s for s in SETUPS if s.kind == "njet"]
    table = OneSeatTable(simcord_env, replace(setup, moves=400))
    pat = table.person
    bruno = table.guild.add_member(simcord_env.create_user("bruno"))
    set_locales(simcord_env, {bruno.id: "fr"})

    empty = panel_of(await pat.slash(table.channel, "table history"))
    assert empty.ephemeral
    assert "No game has ended on this server yet." in text_of(empty)
    assert custom_ids(empty, "tb:hist:") == []

    # A game of Njet! played to its end here, a game of Triominos abandoned in another channel of the server.
    await table.begin()
    await play_to_the_end(table, "njet")
    njet_id = table.game_id
    other_channel = table.guild.create_text_channel("triominos")
    abandoned_id = await _abandoned(table, pat, other_channel, "triominos")
    # Another server's game, and a new game running in the first channel: neither is in the history.
    mallory_server = SimTable(simcord_env, ("mallory",), "ailleurs")
    mallory = mallory_server.members[0]
    foreign_id = await _abandoned(table, mallory, mallory_server.channel, "triominos")
    await table.begin()
    running_id = table.game_id
    assert running_id > foreign_id > abandoned_id > njet_id

    # /table replay without a number replays the finished game, not the one running now.
    before = len(table.channel.history())
    answer = panel_of(await pat.slash(table.channel, "table replay"))
    assert answer.content == "The replay is posted in the channel."
    (posted,) = [m for m in table.channel.history()[before:] if m.attachments]
    assert posted.content == f"🎞️ Njet! · game #{njet_id}, replayed"

    shown = panel_of(await pat.slash(table.channel, "table history"))
    assert shown.ephemeral
    text = text_of(shown)
    njet, triominos = await _row(table, njet_id), await _row(table, abandoned_id)
    assert njet.ended_at is not None and triominos.ended_at is not None
    # The ranking, worked out from the stored results: best first, the winners marked, scores in points.
    results = await table.bot.store.recent_games(table.guild.id)
    (njet_results,) = [lines for row, lines in results if row.id == njet_id]
    expected_players = " · ".join(
        f"🏆 **{name} ({_points(score)})**" if rank == 1 else f"{name} ({_points(score)})"
        for _seat, _user, name, rank, score in sorted(njet_results, key=lambda r: (r[3], r[0]))
    )
    assert "🏆" in expected_players and len(njet_results) == 3
    triominos_players = " · ".join(seat.name for seat in triominos.seats)
    assert text == (
        "### 📜 Recent games on this server\n"
        f"**Triominos** · game #{abandoned_id} · <t:{int(triominos.ended_at)}:d> · 🔁 abandoned\n"
        f"{triominos_players}\n\n"
        f"**Njet!** · game #{njet_id} · <t:{int(njet.ended_at)}:d>\n"
        f"{expected_players}"
    )
    assert custom_ids(shown, "tb:hist:") == [
        f"tb:hist:replay:{abandoned_id}",
        f"tb:hist:log:{abandoned_id}",
        f"tb:hist:replay:{njet_id}",
        f"tb:hist:log:{njet_id}",
    ]
    assert repeated_labels(shown) == []

    # The log and the replay come privately; the channel stays as it was.
    before = len(table.channel.history())
    log = panel_of(await pat.click(shown, custom_id=f"tb:hist:log:{njet_id}"))
    assert log.ephemeral and log.content == "Here is the game's log."
    (attachment,) = log.attachments
    assert attachment.filename == f"tablee-njet-{njet_id}.txt"
    lines = (await attachment.read()).decode("utf-8").splitlines()
    assert lines[0] == f"Tablée · Njet! · game #{njet_id}" and len(lines) > 20
    clicked = await pat.click(shown, custom_id=f"tb:hist:replay:{njet_id}")
    assert clicked.followups == []  # the progress message itself becomes the replay: one private message
    film = panel_of(clicked)
    assert film.ephemeral and film.content == f"🎞️ Njet! · game #{njet_id}, replayed"
    (attachment,) = film.attachments
    assert attachment.filename == f"tablee-njet-{njet_id}.gif"
    with Image.open(io.BytesIO(await attachment.read())) as picture:
        assert picture.format == "GIF" and getattr(picture, "n_frames", 1) > 10
    assert len(table.channel.history()) == before

    # In French for Bruno: the same games, his words.
    french = panel_of(await bruno.slash(table.channel, "table history"))
    words = text_of(french)
    assert words.startswith("### 📜 Dernières parties du serveur\n**Triominos** · partie n°")
    assert "🔁 abandonnée" in words and f"**Njet!** · partie n°{njet_id} ·" in words
    labels = [c["label"] for row in french.components[0]["components"] for c in row.get("components") or []]
    assert f"Revoir n°{njet_id}" in labels and f"Historique n°{njet_id}" in labels

    # Mallory's server has its own history; a button forged there for a game of this server is refused.
    theirs = panel_of(await mallory.slash(mallory_server.channel, "table history"))
    assert custom_ids(theirs, "tb:hist:") == [f"tb:hist:replay:{foreign_id}", f"tb:hist:log:{foreign_id}"]
    forged = emit_component(simcord_env, mallory.id, theirs, f"tb:hist:log:{njet_id}")
    await simcord_env.settle()
    refusal = panel_of(forged)
    assert refusal.ephemeral and refusal.content == f"Game #{njet_id} was not played on this server."
    assert refusal.attachments == []

    # The buttons are persistent: after a restart, the same message still answers.
    old_bot = simcord_env.bot
    await simcord_env.restart_bot(make_bot(db_path))
    await old_bot.close()
    again = panel_of(await pat.click(shown, custom_id=f"tb:hist:log:{abandoned_id}"))
    assert again.ephemeral and [a.filename for a in again.attachments] == [f"tablee-triominos-{abandoned_id}.txt"]


LONG_NAMES = [f"Joueuse au nom bien long n°{i:02d}"[:32] for i in range(10)]
"""Ten seats with names of 32 characters, Discord's longest display names: the widest history there is."""


async def test_a_full_page_keeps_within_discords_limits_and_pages_on(simcord_env: Any) -> None:
    set_locales(simcord_env, {})
    server = SimTable(simcord_env, ("pat",), "jeux")
    store = server.bot.store
    ids = []
    for n in range(11):
        row = await store.create_game(
            guild_id=server.guild.id,
            channel_id=server.channel.id,
            kind="chat_vert",
            options={},
            seats=[Seat(name) for name in LONG_NAMES],
            seed=n,
            host_id=server.members[0].id,
            locale="en",
            now=1_700_000_000.0 + n,
        )
        await store.update_game(row.id, status="running", started_at=1_700_000_100.0 + n)
        ranking = [(seat, None, name, seat + 1, 100 * seat + n) for seat, name in enumerate(LONG_NAMES)]
        await store.finish_game(row.id, "over", ranking, 1_700_000_200.0 + n)
        ids.append(row.id)

    shown = panel_of(await server.members[0].slash(server.channel, "table history"))
    text = text_of(shown)
    assert len(text) <= 4000 and _component_count(shown.components) <= 40
    listed = [cid.split(":")[3] for cid in custom_ids(shown, "tb:hist:replay:")]
    assert listed == [str(i) for i in reversed(ids[1:])]
    assert f"**Le Chat vert** · game #{ids[-1]} · <t:1700000210:d>\n🏆 **{LONG_NAMES[0]} (10 cards)** ·" in text
    assert text.count("…") == 10  # each game's players cut to its share of the page, whole players only
    assert all(line.count("**") % 2 == 0 for line in text.splitlines())
    assert custom_ids(shown, "tb:hist:older:") == [f"tb:hist:older:{ids[1]}"]

    # "Older games" turns the page in the same private message.
    await server.members[0].click(shown, custom_id=f"tb:hist:older:{ids[1]}")
    page = text_of(shown)
    assert f"game #{ids[0]} · <t:1700000200:d>" in page and f"game #{ids[1]} " not in page
    assert custom_ids(shown, "tb:hist:") == [f"tb:hist:replay:{ids[0]}", f"tb:hist:log:{ids[0]}"]


async def test_a_game_of_a_private_channel_is_only_in_the_history_of_who_can_see_it(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("alice", "bob"), "jeux")
    alice, bob = table.members
    hidden = discord.PermissionOverwrite(view_channel=False)
    shown = discord.PermissionOverwrite(view_channel=True)
    secret = table.guild.create_text_channel(
        "secret", overwrites={table.guild.default_role: hidden, alice: shown, simcord_env.bot.user: shown}
    )
    secret_id = await _abandoned(table, alice, secret, "nainjaune")
    public_id = await _abandoned(table, alice, table.channel, "triominos")

    mine = panel_of(await alice.slash(table.channel, "table history"))
    assert custom_ids(mine, "tb:hist:replay:") == [f"tb:hist:replay:{public_id}", f"tb:hist:replay:{secret_id}"]
    theirs = panel_of(await bob.slash(table.channel, "table history"))
    assert custom_ids(theirs, "tb:hist:replay:") == [f"tb:hist:replay:{public_id}"]
    assert f"n°{secret_id}" not in text_of(theirs) and f"#{secret_id}" not in text_of(theirs)

    forged = emit_component(simcord_env, bob.id, theirs, f"tb:hist:log:{secret_id}")
    await simcord_env.settle()
    refusal = panel_of(forged)
    assert refusal.ephemeral and refusal.content == f"Game #{secret_id} was played in a channel you cannot see."
    assert refusal.attachments == []
