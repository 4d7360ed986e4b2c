"""Which of Discord's refusals are final, and how many times a delivery is tried for each."""

from __future__ import annotations

from types import SimpleNamespace

import aiohttp
import discord
import pytest

from cogs.delivery import deliver
from cogs.delivery import final

DELAYS = (0.0, 0.0, 0.0)
"""Three retries without a wall-clock wait: four attempts at most."""


def refusal(status: int, code: int, kind: type[discord.HTTPException] = discord.HTTPException) -> discord.HTTPException:
    """Discord's answer ``status`` with its JSON error ``code``, as discord.py raises it."""
    response = SimpleNamespace(status=status, reason="refused")
    return kind(response, {"code": code, "message": "refused"})


MISSING_PERMISSIONS = refusal(403, 50013, discord.Forbidden)
MISSING_ACCESS = refusal(403, 50001, discord.Forbidden)
CANNOT_DM = refusal(403, 50007, discord.Forbidden)
NO_MUTUAL_SERVER = refusal(403, 50278, discord.Forbidden)
UNKNOWN_MESSAGE = refusal(404, 10008, discord.NotFound)
SERVER_ERROR = refusal(503, 0, discord.DiscordServerError)
OTHER_REFUSAL = refusal(403, 20001, discord.Forbidden)
"""A 403 that names no setting of the channel or the user (here: "bots cannot use this endpoint")."""


@pytest.mark.parametrize(
    "error", [MISSING_PERMISSIONS, MISSING_ACCESS, CANNOT_DM, NO_MUTUAL_SERVER, UNKNOWN_MESSAGE], ids=str
)
def test_refusals_that_only_a_setting_can_lift_are_final(error: discord.HTTPException) -> None:
    assert final(error)


@pytest.mark.parametrize("error", [SERVER_ERROR, OTHER_REFUSAL, aiohttp.ClientConnectionError(), OSError()], ids=repr)
def test_failures_that_may_pass_are_not_final(error: BaseException) -> None:
    assert not final(error)


class Attempts:
    """An attempt that fails with ``errors`` in turn, then succeeds; it counts its calls."""

    def __init__(self, *errors: BaseException) -> None:
        self.errors = list(errors)
        self.count = 0

    async def __call__(self) -> str:
        self.count += 1
        if self.errors:
            raise self.errors.pop(0)
        return "sent"


@pytest.mark.parametrize("error", [MISSING_PERMISSIONS, MISSING_ACCESS, NO_MUTUAL_SERVER, CANNOT_DM], ids=str)
async def test_a_final_refusal_is_tried_once(error: discord.HTTPException) -> None:
    attempt = Attempts(*[error] * 4)
    with pytest.raises(discord.Forbidden) as raised:
        await deliver("a message", attempt, DELAYS)
    assert raised.value is error
    assert attempt.count == 1


async def test_a_server_error_is_tried_four_times_then_raised() -> None:
    attempt = Attempts(*[SERVER_ERROR] * 4)
    with pytest.raises(discord.DiscordServerError):
        await deliver("a message", attempt, DELAYS)
    assert attempt.count == 4


async def test_a_passing_failure_then_success_delivers() -> None:
    attempt = Attempts(SERVER_ERROR, OTHER_REFUSAL)
    assert await deliver("a message", attempt, DELAYS) == "sent"
    assert attempt.count == 3


async def test_a_final_refusal_after_a_retry_stops_there() -> None:
    attempt = Attempts(SERVER_ERROR, MISSING_PERMISSIONS, SERVER_ERROR)
    with pytest.raises(discord.Forbidden):
        await deliver("a message", attempt, DELAYS)
    assert attempt.count == 2
