"""The permissions a table needs in a channel, as Discord resolves them for the bot, and how they are named."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from cogs.permissions import listed
from cogs.permissions import missing

TEXT = SimpleNamespace(type=discord.ChannelType.text)
THREAD = SimpleNamespace(type=discord.ChannelType.public_thread)
ALL_BUT_ADMIN = discord.Permissions(discord.Permissions.all().value & ~discord.Permissions(administrator=True).value)


def without(**names: bool) -> discord.Permissions:
    return discord.Permissions(ALL_BUT_ADMIN.value & ~discord.Permissions(**names).value)


def test_a_bot_with_every_permission_lacks_nothing() -> None:
    assert missing(ALL_BUT_ADMIN, TEXT) == []
    assert missing(ALL_BUT_ADMIN, THREAD) == []


@pytest.mark.parametrize(
    "name", ["view_channel", "send_messages", "attach_files", "read_message_history"], ids=lambda name: name
)
def test_each_permission_a_table_needs_is_named_when_missing(name: str) -> None:
    assert missing(without(**{name: True}), TEXT) == [name]


def test_several_missing_come_in_the_order_of_discords_settings() -> None:
    lacking = without(attach_files=True, view_channel=True, read_message_history=True)
    assert missing(lacking, TEXT) == ["view_channel", "attach_files", "read_message_history"]


def test_permissions_a_table_does_not_use_are_not_asked_for() -> None:
    lacking = without(embed_links=True, use_external_emojis=True, mention_everyone=True, manage_messages=True)
    assert missing(lacking, TEXT) == []


def test_in_a_thread_sending_there_is_what_counts() -> None:
    assert missing(without(send_messages=True), THREAD) == []
    assert missing(without(send_messages_in_threads=True), THREAD) == ["send_messages_in_threads"]
    assert missing(without(send_messages_in_threads=True), TEXT) == []


def test_an_administrator_lacks_nothing_whatever_else_it_shows() -> None:
    assert missing(discord.Permissions(administrator=True), TEXT) == []


def test_nothing_at_all_is_everything_missing() -> None:
    assert missing(discord.Permissions.none(), TEXT) == [
        "view_channel",
        "send_messages",
        "attach_files",
        "read_message_history",
    ]


@pytest.mark.parametrize(
    ("lang", "names", "said"),
    [
        ("fr", ["attach_files"], "« Joindre des fichiers »"),
        ("en", ["attach_files"], "“Attach Files”"),
        ("fr", ["view_channel", "send_messages"], "« Voir le salon » et « Envoyer des messages »"),
        (
            "fr",
            ["send_messages_in_threads", "attach_files", "read_message_history"],
            "« Envoyer des messages dans les fils », « Joindre des fichiers » et « Voir les anciens messages »",
        ),
        ("en", ["view_channel", "read_message_history"], "“View Channel” and “Read Message History”"),
        ("en", ["send_messages_in_threads"], "“Send Messages in Threads”"),
    ],
)
def test_permissions_are_named_as_discord_names_them(lang: str, names: list[str], said: str) -> None:
    assert listed(lang, names) == said


def thread(*, locked: bool) -> discord.Thread:
    """A public thread as discord.py keeps it, with only what the check reads: its type and whether it is locked."""
    made = object.__new__(discord.Thread)
    made._type = discord.ChannelType.public_thread
    made.locked = locked
    return made


def test_in_a_locked_thread_only_who_manages_threads_may_post() -> None:
    assert missing(without(manage_threads=True), thread(locked=False)) == []
    assert missing(without(manage_threads=True), thread(locked=True)) == ["manage_threads"]
    assert missing(ALL_BUT_ADMIN, thread(locked=True)) == []
