"""The Activity's settings and its Discord side: set up by the application's id and secret with the pages' port and
public address (else nothing of it shows), the table message's launch button answered with LAUNCH_ACTIVITY, and the
commands replaced without dropping Discord's Entry Point."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot import config
from bot.config import ActivitySettings
from bot.config import WebSettings
from bot.games.base import GameError
from bot.i18n import t
from cogs import activity
from cogs import activity_launch
from tests.service_support import game_row

ACTIVITY_ENV = ("DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET", "TABLEE_WEB_PORT", "TABLEE_PUBLIC_URL", "DISCORD_TOKEN")


def test_the_activity_is_set_up_by_its_application_s_id_and_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ACTIVITY_ENV:
        monkeypatch.delenv(name, raising=False)
    assert config.load(env_file=None).web.activity is None
    monkeypatch.setenv("DISCORD_TOKEN", "the-bot-token")
    monkeypatch.setenv("TABLEE_WEB_PORT", "8080")
    monkeypatch.setenv("TABLEE_PUBLIC_URL", "https://tablee.example.org")
    assert config.load(env_file=None).web.activity is None  # the pages alone
    monkeypatch.setenv("DISCORD_CLIENT_ID", "123456789012345678")
    monkeypatch.setenv("DISCORD_CLIENT_SECRET", "s3cret")
    web = config.load(env_file=None).web
    assert web.activity == ActivitySettings("123456789012345678", "s3cret", "the-bot-token")
    assert "s3cret" not in repr(web) and "the-bot-token" not in repr(web)
    assert activity_launch.activity_on(web)
    for name, value in (("DISCORD_CLIENT_SECRET", ""), ("DISCORD_CLIENT_ID", "my-app")):
        with monkeypatch.context() as changed:
            changed.setenv(name, value)
            with pytest.raises(config.ConfigError, match="DISCORD_CLIENT_ID"):
                config.load(env_file=None)
    for name in ("TABLEE_WEB_PORT", "TABLEE_PUBLIC_URL"):
        with monkeypatch.context() as changed:
            changed.delenv(name)
            with pytest.raises(config.ConfigError, match=name):
                config.load(env_file=None)


def test_the_launch_button_shows_only_with_the_activity() -> None:
    row = game_row(7, "njet", [], channel_id=9, seed=1, status="running", host_id=1)
    assert activity_launch.launch_buttons(row, "fr", ended=False) == []
    activity_launch._enabled.append(SimpleNamespace())  # type: ignore[arg-type]
    try:
        [button] = activity_launch.launch_buttons(row, "en", ended=False)
        assert isinstance(button, activity_launch.LaunchButton)
        assert button.item.custom_id == "tb:v:7" and button.item.label == t("en", "activity.launch")
        assert activity_launch.launch_buttons(row, "en", ended=True) == []
    finally:
        activity_launch._enabled.clear()
    assert not activity_launch.activity_on(WebSettings(port=8080, public_url="https://x.org"))


class Response:
    def __init__(self, fails: bool = False) -> None:
        self.fails = fails
        self.launched = 0
        self.said: list[str] = []
        self.done = False

    async def launch_activity(self) -> None:
        if self.fails:
            raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"), "Activities are off")
        self.launched += 1
        self.done = True

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, text: str, ephemeral: bool = False) -> None:
        self.said.append(text)
        self.done = True


def clicked(channel_id: int, response: Response) -> Any:
    """A click of the launch button in ``channel_id``, on the bot whose table service knows game 7 (channel 9)."""
    row = game_row(7, "njet", [], channel_id=9, seed=1, status="running", host_id=1)

    async def game_row_of(game_id: int) -> Any:
        if game_id != 7:
            raise GameError("no_such_game")
        return row

    tables = SimpleNamespace(game_row=game_row_of)
    return SimpleNamespace(
        client=SimpleNamespace(tables=tables), guild_id=1, channel_id=channel_id, response=response, locale="en-US",
        user=SimpleNamespace(id=5), followup=None,
    )  # fmt: skip


async def test_the_launch_button_answers_with_launch_activity(monkeypatch: pytest.MonkeyPatch) -> None:
    reported: list[GameError] = []

    async def report(_interaction: Any, error: BaseException, kind: str | None = None) -> None:
        assert isinstance(error, GameError)
        reported.append(error)

    monkeypatch.setattr(activity_launch, "report_error", report)
    monkeypatch.setattr(activity_launch, "bot_of", lambda interaction: interaction.client)
    here = Response()
    await activity_launch.LaunchButton(7).callback(clicked(9, here))
    assert here.launched == 1 and here.said == []
    elsewhere = Response()
    await activity_launch.LaunchButton(7).callback(clicked(10, elsewhere))
    assert elsewhere.launched == 0 and [e.code for e in reported] == ["elsewhere"]
    refused = Response(fails=True)
    await activity_launch.LaunchButton(7).callback(clicked(9, refused))
    assert refused.said == [t("en", "activity.launch_failed")]


async def test_the_commands_are_replaced_with_the_entry_point_kept() -> None:
    client = discord.Client(intents=discord.Intents.none())
    client._connection.application_id = 42
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)

    @tree.command(name="ping", description="Answers")
    async def ping(interaction: discord.Interaction[Any]) -> None:  # pragma: no cover - never run
        return None

    launch = {"id": "9", "application_id": "42", "version": "3", "name": "launch", "description": "", "type": 4,
              "handler": 2, "integration_types": [0, 1], "contexts": [0, 1, 2]}  # fmt: skip
    sent: list[list[dict[str, Any]]] = []

    async def get_global_commands(application_id: int) -> list[dict[str, Any]]:
        assert application_id == 42
        return [launch, {"id": "8", "name": "old", "description": "gone", "type": 1}]

    async def bulk_upsert_global_commands(application_id: int, payload: list[dict[str, Any]]) -> list[Any]:
        sent.append(payload)
        return []

    client.http.get_global_commands = get_global_commands  # type: ignore[method-assign]
    client.http.bulk_upsert_global_commands = bulk_upsert_global_commands  # type: ignore[method-assign]
    await activity.sync_keeping_entry_point(tree)
    [payload] = sent
    assert [c["name"] for c in payload] == ["ping", "launch"]
    assert payload[1] == {k: v for k, v in launch.items() if k not in ("id", "application_id", "version")}
