"""A channel where the bot lacks a permission: no table is opened there, the user is told which permission and who
can grant it; a table whose message Discord refuses goes on, its channel told once which permission is missing.

The bot's permissions come from its role (every permission but administrator in simcord) and the channel's
overwrites, which Discord resolves into each interaction (``app_permissions``) and the bot's cache keeps.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import set_locales
from tests.e2e.simhelpers import text_of

ATTACH = discord.PermissionOverwrite(attach_files=False)
SEND = discord.PermissionOverwrite(send_messages=False)
NAMES = {
    "en": {"attach_files": "“Attach Files”", "send_messages": "“Send Messages”"},
    "fr": {"attach_files": "« Joindre des fichiers »", "send_messages": "« Envoyer des messages »"},
}
"""The permissions as Discord's client names them in each language, quoted as the texts of that language quote."""
WHO = {"en": "server admin", "fr": "administrateur du serveur"}


class Table(SimTable):
    """Alice and Bob, with a computer player, in a channel of a server of ``lang``."""

    def __init__(self, env: Any, lang: str = "en") -> None:
        super().__init__(env, ("alice", "bob"), "jeux", guild_locale="fr" if lang == "fr" else "en-US")
        self.alice, self.bob = self.members
        self.publisher.retry_delays = (0.0, 0.0, 0.0)
        set_locales(env, {m.id: "fr" if lang == "fr" else "en-US" for m in self.members})

    @property
    def bot_role(self) -> Any:
        return self.guild.roles[self.env.backend.bot_user.name]

    def deny_to_bot(self, overwrite: discord.PermissionOverwrite) -> None:
        """A channel where the bot's role is denied ``overwrite``: the table's channel from then on."""
        self.channel = self.guild.create_text_channel("privé", overwrites={self.bot_role: overwrite})

    def take_attach_files(self) -> None:
        """A server admin takes Attach Files from the bot's role in the table's channel, once a table is opened."""
        self.env.backend.set_overwrite(
            self.channel.id,
            Overwrite(self.bot_role.id, OverwriteType.ROLE, deny=discord.Permissions(attach_files=True).value),
        )

    async def refused_without_attach_files(self, command: str) -> None:
        """Attach Files taken, Alice's ``/command`` is refused in a private answer naming that permission, and
        nothing is posted in the channel."""
        self.take_attach_files()
        posts = len(self.channel_posts())
        refused = await self.alice.slash(self.channel, command)
        await self.publisher.wait_idle()
        assert panel_of(refused).ephemeral and NAMES["en"]["attach_files"] in text_of(panel_of(refused))
        assert len(self.channel_posts()) == posts

    def channel_posts(self) -> list[Any]:
        """The bot's every attempt at a message in the table's channel (a POST, accepted or not)."""
        path = f"/channels/{self.channel.id}/messages"
        return [r for r in self.env.http_requests if r.method == "POST" and r.path == path]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("overwrite", "lacking"), [(ATTACH, "attach_files"), (SEND, "send_messages")])
async def test_no_table_where_the_bot_lacks_a_permission(
    simcord_env: Any, lang: str, overwrite: discord.PermissionOverwrite, lacking: str
) -> None:
    table = Table(simcord_env, lang)
    table.deny_to_bot(overwrite)

    refused = await table.alice.slash(table.channel, "nainjaune new")

    said = panel_of(refused)
    assert said.ephemeral
    assert NAMES[lang][lacking] in text_of(said) and WHO[lang] in text_of(said)
    others = set(NAMES[lang].values()) - {NAMES[lang][lacking]}
    assert not any(name in text_of(said) for name in others)  # only what is missing is named
    assert await table.bot.store.active_game(table.channel.id) is None
    assert table.channel_posts() == []
    assert table.channel.history() == []
    assert not simcord_env.errors


async def test_a_table_opens_where_the_bot_has_what_it_needs(simcord_env: Any) -> None:
    """The same command in a channel that denies the bot a permission a table does not use."""
    table = Table(simcord_env)
    table.deny_to_bot(discord.PermissionOverwrite(embed_links=False, use_external_emojis=False))

    await table.alice.slash(table.channel, "nainjaune new")

    assert await table.bot.store.active_game(table.channel.id) is not None
    assert len(table.channel_posts()) == 1  # the lobby


async def test_show_is_refused_where_the_bot_can_no_longer_attach_files(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.open_and_start("nainjaune", players=2, computers=1)

    await table.refused_without_attach_files("table show")


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_refused_table_edit_is_tried_once_told_once_and_the_game_goes_on(simcord_env: Any, lang: str) -> None:
    table = Table(simcord_env, lang)
    await table.open_and_start("nainjaune", players=2, computers=1)
    table.take_attach_files()  # Discord refuses every table edit from then on
    path = await table.table_path()
    simcord_env.inject_error("PATCH", path, status=403, code=50013, message="Missing Permissions", times=None)

    def edits() -> int:
        return sum(1 for r in simcord_env.http_requests if r.method == "PATCH" and r.path == path)

    def notices() -> list[str]:
        return [m.content for m in table.channel.history() if NAMES[lang]["attach_files"] in (m.content or "")]

    before, stored = edits(), len(await table.bot.store.actions(table.game_id))
    await table.play()
    assert edits() - before == 1
    assert len(await table.bot.store.actions(table.game_id)) > stored
    assert len(notices()) == 1 and WHO[lang] in notices()[0]

    stored = len(await table.bot.store.actions(table.game_id))
    await table.play()  # the game goes on; its channel was told already
    assert len(await table.bot.store.actions(table.game_id)) > stored
    assert edits() - before == 2
    assert len(notices()) == 1
    assert not simcord_env.errors


async def test_a_user_sharing_no_server_any_more_is_told_in_the_channel_at_once(simcord_env: Any) -> None:
    """Discord refuses a DM with 50278 when the user left every server the bot is on: their DMs are closed for us,
    at the first attempt."""
    table = Table(simcord_env)
    dm = table.bob.user.dm_channel
    path = f"/channels/{dm.id}/messages"
    simcord_env.inject_error(
        "POST", path, status=403, code=50278, message="Cannot send messages to this user", times=None
    )

    await table.open_and_start("nainjaune", players=2, computers=1)

    assert sum(1 for r in simcord_env.http_requests if r.method == "POST" and r.path == path) == 1
    told = [m for m in table.channel.history() if table.bob.mention in (m.content or "")]
    assert len(told) == 1 and "/table hand" in told[0].content


async def test_replay_and_play_again_are_refused_where_the_bot_can_no_longer_attach_files(simcord_env: Any) -> None:
    table = Table(simcord_env)
    tables = table.bot.tables
    row = await table.lobby_through_service("chat_vert")
    table.game_id = row.id
    await tables.join(row.id, table.bob.id, "bob")
    await tables.add_bot(row.id, table.alice.id)
    await tables.start(row.id, table.alice.id)
    for member in (table.alice, table.bob):
        await tables.leave(row.id, member.id)  # computer players take the seats and play the game out
    await table.publisher.wait_idle()
    assert await table.status() == "over"
    final = await table.table_message()
    table.take_attach_files()
    posts = len(table.channel_posts())

    replay = await table.alice.slash(table.channel, "table replay")
    again = await table.alice.click(final, custom_id=f"tb:n:{row.id}:ask")
    await table.publisher.wait_idle()

    for refused in (replay, again):
        assert panel_of(refused).ephemeral and NAMES["en"]["attach_files"] in text_of(panel_of(refused))
    assert await table.bot.store.active_game(table.channel.id) is None
    assert len(table.channel_posts()) == posts


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_in_a_thread_the_bot_needs_to_send_messages_in_threads(simcord_env: Any, lang: str) -> None:
    """A channel that lets the bot talk in its threads only, and one that lets it talk everywhere but there."""
    table = Table(simcord_env, lang)
    in_threads = {"en": "“Send Messages in Threads”", "fr": "« Envoyer des messages dans les fils »"}[lang]
    for denied, opens in ((SEND, True), (discord.PermissionOverwrite(send_messages_in_threads=False), False)):
        table.deny_to_bot(denied)
        simcord_env.backend.create_thread(table.channel.id, "partie", table.alice.id)
        (thread,) = table.channel.threads

        answer = panel_of(await table.alice.slash(thread, "nainjaune new"))

        assert answer.ephemeral
        assert (await table.bot.store.active_game(thread.id) is not None) == opens
        assert (in_threads in text_of(answer)) != opens
        assert NAMES[lang]["send_messages"] not in text_of(answer)


async def test_table_start_is_refused_where_the_bot_can_no_longer_attach_files(simcord_env: Any) -> None:
    """The lobby was opened while the bot could post its pictures; a server admin took that away since."""
    table = Table(simcord_env)
    await table.alice.slash(table.channel, "nainjaune new")
    await table.bob.slash(table.channel, "table join")

    await table.refused_without_attach_files("table start")

    row = await table.bot.store.active_game(table.channel.id)
    assert row is not None and row.status == "lobby"
