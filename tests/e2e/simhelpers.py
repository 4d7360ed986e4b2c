"""Helpers for driving the bot through simcord like people do."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bot.games.base import Action
from bot.registry import player_of
from bot.store import GameRow
from cogs.client import TableeBot
from cogs.publish import DiscordPublisher

BOTS: list[TableeBot] = []

UNPACED = 1_000_000.0
"""A rate of requests no test reaches."""

SETTLE_GUARD_S = 60.0
"""How long simcord lets the bot's work run before an operation fails, in seconds of the wall clock.

simcord's default (5 s) is a budget that a click rendering several pictures can miss on a busy machine; this
is only a guard against a bot that never settles. A sleep in the bot shorter than this (a delivery retry) is
waited out in real time, as it was under 5 s.
"""


def make_bot(db_path: Path, timer_tick: float = 0) -> TableeBot:
    """The production bot; the timer loop is off unless ``timer_tick`` is set (then simcord's clock drives it). Its
    requests go through its pacer, which never has to hold one: simcord has no rate limit, tests play far faster than
    people, and a pacer's wait would move simcord's clock (``tests/test_pacing.py`` and the capacity test pace)."""
    bot = TableeBot(db_path, sync_commands=True, timer_tick=timer_tick, rest_rate=UNPACED, channel_window=0)
    BOTS.append(bot)
    return bot


def set_locales(env: Any, users: dict[int, str], default: str = "en-US") -> None:
    """Give users a Discord language (simcord sends en-US by default) and pass the server's on."""

    def patch(event: str, payload: dict[str, Any]) -> None:
        if event != "INTERACTION_CREATE":
            return
        member = payload.get("member") or {}
        uid = int(member.get("user", payload.get("user", {})).get("id", 0))
        payload["locale"] = users.get(uid, default)
        if "guild_id" in payload:
            payload["guild_locale"] = env.backend.get_guild(int(payload["guild_id"])).preferred_locale

    env.backend.subscribers.insert(0, patch)


def block_dms(env: Any, user: Any) -> None:
    """Discord refuses every DM to this user, as when they closed their DMs (error 50007)."""
    env.inject_error(
        "POST",
        f"/channels/{user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
    )


def _walk(items: Any) -> list[Any]:
    """Every component below ``items``, depth first: rows, containers, sections and their accessories."""
    out: list[Any] = []
    for item in items:
        out.append(item)
        out.extend(_walk(getattr(item, "children", None) or getattr(item, "components", None) or []))
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            out.extend(_walk([accessory]))
    return out


def components(message: Any) -> list[Any]:
    """The interactive components of a message (a ``discord.Message``, or simcord's response wrapper), whether
    it is a classic message (rows of buttons) or a Components V2 layout (containers, sections, rows)."""
    message = getattr(message, "message", message)
    return [c for c in _walk(message.components) if getattr(c, "custom_id", None) is not None]


def repeated_labels(message: Any) -> list[str]:
    """The labels that two of a message's controls share: two buttons, or two options of one menu (with the
    emoji a person sees beside them), which a person could not tell apart."""
    seen: list[str] = []
    repeated: list[str] = []
    for c in components(message):
        if getattr(c, "options", None):
            names = [f"{o.emoji or ''}{o.label}" for o in c.options]
            repeated += sorted({name for name in names if names.count(name) > 1})
        elif getattr(c, "label", None) or getattr(c, "emoji", None):
            name = f"{c.emoji or ''}{c.label or ''}"
            if name in seen:
                repeated.append(name)
            seen.append(name)
    return repeated


def text_of(message: Any) -> str:
    """All the text a person reads in a message: its content, its embeds, and the text displays of a layout."""
    message = getattr(message, "message", message)
    parts = [message.content or ""]
    for embed in message.embeds:
        parts.extend([embed.title or "", embed.description or ""])
        parts.extend(f"{field.name}\n{field.value}" for field in embed.fields)
    parts.extend(str(c.content) for c in _walk(message.components) if getattr(c, "content", None))
    return "\n".join(p for p in parts if p)


def panel_of(result: Any) -> Any:
    """The message an interaction ended with (a deferred answer is completed by its first follow-up)."""
    return result.followups[-1] if result.followups else result.response


def custom_ids(message: Any, prefix: str) -> list[str]:
    return [c.custom_id for c in components(message) if (c.custom_id or "").startswith(prefix)]


def move_buttons(message: Any) -> dict[str, str]:
    """Action JSON -> custom_id for every move button of a panel."""
    out = {}
    for custom_id in custom_ids(message, "tb:a:"):
        action = Action.loads(custom_id.split(":", 4)[4])
        if action.kind != "undo":  # the panel's "Undo" is not one of the game's moves
            out[action.dumps()] = custom_id
    return out


def undo_button(message: Any) -> str | None:
    """The custom_id of a panel's "Undo" button, if it shows one."""
    found = [c for c in custom_ids(message, "tb:a:") if Action.loads(c.split(":", 4)[4]).kind == "undo"]
    return found[0] if found else None


def select_moves(message: Any) -> tuple[str | None, list[str]]:
    for c in components(message):
        if (c.custom_id or "").startswith("tb:s:"):
            return c.custom_id, [o.value for o in c.options]
    return None, []


async def play_placement(user: Any, choice: Action, focus_value: str) -> None:
    """Play Neurotrio's ``choice`` from ``user``'s DM panel: its button (the five best), else the menu of the next
    ones, else the card's menu (``focus_value``) then the card's paged placements."""
    panel = user.dm_channel.last_message
    buttons = move_buttons(panel)
    if choice.dumps() in buttons:
        await user.click(panel, custom_id=buttons[choice.dumps()])
        return
    more = select_of(panel, "tb:s:")
    if more is not None and choice.dumps() in [o.value for o in more.options]:
        await user.select(panel, [choice.dumps()], custom_id=more.custom_id)
        return
    cards = select_of(panel, "tb:f:")
    assert cards is not None, "a placement offered nowhere"
    await user.select(panel, [focus_value], custom_id=cards.custom_id)
    await pick_paged(user, "tb:s:", choice.dumps())


def errors_of(env: Any) -> list[BaseException]:
    """Errors the tree handler turned into sentences (reading them marks them as expected)."""
    return [getattr(e, "original", e) for e in env.errors]


class SimTable:
    """A server with one channel and some members, where one game is opened and started through the lobby."""

    def __init__(self, env: Any, names: tuple[str, ...], channel: str, guild_locale: str = "en-US") -> None:
        self.env = env
        self.guild = env.create_guild(preferred_locale=guild_locale)
        self.channel = self.guild.create_text_channel(channel)
        self.names = names
        self.members = [self.guild.add_member(env.create_user(name)) for name in names]
        self.by_id = {m.id: m for m in self.members}
        self.game_id = 0

    @property
    def bot(self) -> TableeBot:
        bot = self.env.bot
        assert isinstance(bot, TableeBot)
        return bot

    async def lobby_through_service(self, kind: str) -> GameRow:
        """A lobby of ``kind`` in English, without options, that the first member opens through the table service
        (not the command, whose answer a test does not need)."""
        return await self.bot.tables.open_table(
            guild_id=self.guild.id,
            channel_id=self.channel.id,
            kind=kind,
            options={},
            host_id=self.members[0].id,
            host_name=self.names[0],
            locale="en",
        )

    async def open_and_start(self, command: str, players: int, computers: int = 0, **options: Any) -> Any:
        """The first member opens ``/<command> new``, the next ``players - 1`` join, computers fill seats, Start.

        Returns the result of the Start click.
        """
        host, *others = self.members[:players]
        await host.slash(self.channel, f"{command} new", **options)
        lobby = self.channel.last_message  # the lobby is posted in the channel, the command's answer is private
        self.game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
        for member in others:
            await member.click(lobby, custom_id=f"tb:l:{self.game_id}:join")
        for _ in range(computers):
            await host.click(lobby, custom_id=f"tb:l:{self.game_id}:bot")
        started = await host.click(lobby, custom_id=f"tb:l:{self.game_id}:start")
        await self.bot.publisher.wait_idle()  # the table message and the first panels are out
        return started

    @property
    def publisher(self) -> DiscordPublisher:
        publisher = self.bot.publisher
        assert isinstance(publisher, DiscordPublisher)
        return publisher

    async def live(self) -> Any:
        return await self.bot.tables.load(self.game_id)

    async def human_to_act(self) -> int:
        """The user id of the first seat to act, a person's: a computer player plays at once."""
        live = await self.live()
        user = live.row.seats[min(live.engine.to_act(live.state))].user_id
        assert user is not None, "the computer player plays at once"
        return int(user)

    async def play(self, user_id: int | None = None) -> None:
        """The player ``user_id`` (by default the first to act) clicks, in their DM panel, the move the computer
        player would choose."""
        if user_id is None:
            user_id = await self.human_to_act()
        live = await self.live()
        seat = live.row.seat_of(user_id)
        assert seat is not None
        wanted = player_of(live.row.kind).act(live.state, seat, random.Random(seat)).dumps()
        user = self.by_id[user_id].user
        panel = user.dm_channel.last_message
        buttons = move_buttons(panel)
        if buttons:
            await user.click(panel, custom_id=buttons[wanted])
        else:
            select_id, _values = select_moves(panel)
            await user.select(panel, [wanted], custom_id=select_id)
        await self.publisher.wait_idle()

    async def status(self) -> str:
        row = await self.bot.store.get_game(self.game_id)
        assert row is not None
        return row.status

    async def table_message(self) -> Any:
        await self.bot.publisher.wait_idle()
        row = await self.bot.store.get_game(self.game_id)
        assert row is not None and row.table_message_id is not None
        return next(m for m in self.channel.history() if m.id == row.table_message_id)

    async def table_path(self) -> str:
        """The table message's path in Discord's API, which a test injects errors on or counts requests to."""
        row = await self.bot.store.get_game(self.game_id)
        assert row is not None and row.table_message_id is not None
        return f"/channels/{self.channel.id}/messages/{row.table_message_id}"


def select_of(message: Any, prefix: str, index: int = 0) -> Any | None:
    """The ``index``-th select (or button) whose custom id starts with ``prefix``, if there is one."""
    found = [c for c in components(message) if (c.custom_id or "").startswith(prefix)]
    return found[index] if len(found) > index else None


async def pick_paged(user: Any, prefix: str, value: str, pages: int = 10) -> Any:
    """Choose ``value`` in the DM panel's select ``prefix``, turning its pages until one offers it (at most
    ``pages``); returns the select that offered it."""
    dm = user.dm_channel
    for _ in range(pages):
        select = select_of(dm.last_message, prefix)
        assert select is not None
        if value in [o.value for o in select.options]:
            await user.select(dm.last_message, [value], custom_id=select.custom_id)
            return select
        turns = [c for c in components(dm.last_message) if (c.custom_id or "").startswith("tb:g:") and not c.disabled]
        await user.click(dm.last_message, custom_id=turns[-1].custom_id)
    raise AssertionError(f"{value} was not offered")  # pragma: no cover - the move must be on one of the pages


async def until_over(table: SimTable, steps: int) -> AsyncIterator[Any]:
    """The live game before each step of a test's loop, until the game is over, which it must be in fewer than
    ``steps`` steps."""
    for _ in range(steps - 1):
        live = await table.live()
        if live.engine.is_over(live.state):
            return
        yield live
    live = await table.live()
    assert live.engine.is_over(live.state), f"not over after {steps - 1} steps"


async def finished_texts(table: SimTable) -> list[str]:
    """The channel's messages once the game is over: it is stored as over, its ranking is posted, and each member
    got one DM panel, edited in place all game long."""
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.status == "over"
    texts = [m.content or "" for m in table.channel.history()]
    assert any("🏆" in text for text in texts)
    for member in table.members:
        assert len(member.user.dm_channel.history()) == 1
    return texts
