"""Delivering one message to Discord, tried again a few times when Discord or the network fails.

Discord answers 5xx now and then, and a connection may drop: one such failure must cost one delivery
a short delay, not a player's refresh. 429s never get here (discord.py waits them out itself). A
deleted message, a closed DM and a missing permission are answers, not failures: they go back to the
caller at once, who posts again, uses another door or says what is missing. Asking again would change
nothing, and Discord counts every refused request (403) against the bot.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from typing import TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)

T = TypeVar("T")

RETRY_DELAYS: tuple[float, ...] = (0.5, 1.0, 2.0)
"""Seconds to wait before each new attempt: four attempts in all, about 3.5 s at worst."""

CANNOT_DM = 50007
"""Discord's code for "Cannot send messages to this user" (DMs closed)."""
NO_MUTUAL_SERVER = 50278
"""Discord's code for "Cannot send messages to this user" when they share no server with the bot any more: for us,
their DMs are closed too."""
MISSING_ACCESS = 50001
"""Discord's code for "Missing Access": the bot cannot see the channel."""
MISSING_PERMISSIONS = 50013
"""Discord's code for "Missing Permissions": a role or an overwrite keeps the bot from doing this there."""
DMS_CLOSED = frozenset({CANNOT_DM, NO_MUTUAL_SERVER})
FINAL_REFUSALS = DMS_CLOSED | {MISSING_ACCESS, MISSING_PERMISSIONS}
"""The 403 codes that only someone changing a setting can lift: retrying them is pointless."""

FAILURES: tuple[type[BaseException], ...] = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)
"""What a delivery may fail with: an HTTP error from Discord or a broken connection."""


def final(error: BaseException) -> bool:
    """A refusal that no retry can change: the message is gone, the user takes no DM from us, or the bot lacks a
    permission in the channel."""
    return isinstance(error, discord.NotFound) or (
        isinstance(error, discord.Forbidden) and error.code in FINAL_REFUSALS
    )


def mentioning(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Ping exactly these users: never everyone, here or a role, whatever a name or a text contains."""
    users = [discord.Object(id=user_id) for user_id in dict.fromkeys(user_ids)]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


NO_MENTIONS = discord.AllowedMentions.none()


async def deliver(what: str, attempt: Callable[[], Awaitable[T]], delays: Sequence[float], *, tried: int = 0) -> T:
    """``attempt()``, again after each of ``delays`` while it fails; ``tried`` attempts were already made.

    ``attempt`` must build its payload afresh (a ``discord.File`` is spent by a request). The last failure,
    or a final one (``final``), is raised to the caller.
    """
    for number in range(tried, len(delays) + 1):
        if number:
            await asyncio.sleep(delays[number - 1])
        try:
            return await attempt()
        except FAILURES as error:
            if final(error) or number >= len(delays):
                raise
            log.warning("%s failed (%s), attempt %d of %d", what, describe(error), number + 1, len(delays) + 1)
    raise RuntimeError(f"{what}: no attempt left")  # only when ``tried`` was already past the last attempt


def describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status}, code {error.code}"
    return type(error).__name__
