"""The lobby's option selects on a simulated Discord: the host changes an option from the lobby message itself."""

from __future__ import annotations

from typing import Any

import discord

from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import text_of

TIMERS_LINE = "Reminder after 2 min, the computer plays after 10 min (0: never)"


class Lobby(SimTable):
    """A server, a channel, a host (alice) and another member (bob); a table waits in its lobby."""

    def __init__(self, env: Any) -> None:
        super().__init__(env, ("alice", "bob"), "jeux")
        self.alice, self.bob = self.members

    async def open(self, command: str) -> None:
        await self.alice.slash(self.channel, f"{command} new")
        self.game_id = int(custom_ids(self.channel.last_message, "tb:l:")[0].split(":")[2])

    async def message(self) -> Any:
        """The lobby message as it is now (after every pending edit)."""
        await self.bot.publisher.wait_idle()
        row = await self.bot.store.get_game(self.game_id)
        assert row is not None and row.lobby_message_id is not None
        return next(m for m in self.channel.history() if m.id == row.lobby_message_id)

    async def selects(self) -> dict[str, Any]:
        """The option selects of the lobby message, by option name."""
        prefix = f"tb:o:{self.game_id}:"
        found = [c for c in components(await self.message()) if (c.custom_id or "").startswith(prefix)]
        return {c.custom_id.removeprefix(prefix): c for c in found}

    async def options_field(self) -> str:
        """The lobby's block of options, below its "Options" heading (the table's settings line excluded)."""
        text = text_of(await self.message())
        block = text.split("**Options**\n", 1)[1]
        return "\n".join(line for line in block.split("\n") if not line.startswith("Table:"))


async def test_the_host_sets_the_deals_from_the_lobby(simcord_env: Any) -> None:
    lobby = Lobby(simcord_env)
    await lobby.open("nainjaune")
    selects = await lobby.selects()
    assert list(selects) == ["deals", "tokens", "announce"]
    assert [o.value for o in selects["deals"].options] == ["1", "2", "3", "4", "5", "6", "8", "10", "12", "15", "20",
                                                           "25", "30", "40", "50"]  # fmt: skip
    assert [o.label for o in selects["deals"].options if o.default] == ["Deals: 10"]
    assert [o.label for o in selects["announce"].options] == ["Announce “qui prend”: yes", "Announce “qui prend”: no"]

    result = await lobby.alice.select(await lobby.message(), ["3"], custom_id=selects["deals"].custom_id)
    assert panel_of(result).ephemeral and panel_of(result).content == "Option changed: Deals = 3."
    assert await lobby.options_field() == "\n".join(
        ["Deals: 3", "Starting tokens: 120", "Announce “qui prend”: no", TIMERS_LINE]
    )
    assert [o.value for o in (await lobby.selects())["deals"].options if o.default] == ["3"]
    row = await lobby.bot.store.get_game(lobby.game_id)
    assert row is not None and row.options == {"deals": 3, "tokens": 120, "announce": False}

    result = await lobby.alice.select(await lobby.message(), ["yes"], custom_id=selects["announce"].custom_id)
    assert panel_of(result).content == "Option changed: Announce “qui prend” = yes."
    assert "Announce “qui prend”: yes" in await lobby.options_field()


async def test_another_member_is_refused_privately_and_nothing_changes(simcord_env: Any) -> None:
    lobby = Lobby(simcord_env)
    await lobby.open("nainjaune")
    await lobby.bob.click(await lobby.message(), custom_id=f"tb:l:{lobby.game_id}:join")
    before = await lobby.options_field()
    deals = (await lobby.selects())["deals"]
    result = await lobby.bob.select(await lobby.message(), ["3"], custom_id=deals.custom_id)
    assert panel_of(result).ephemeral
    assert panel_of(result).content == "Only the table's host can do that."
    assert await lobby.options_field() == before
    assert before.startswith("Deals: 10\n")
    row = await lobby.bot.store.get_game(lobby.game_id)
    assert row is not None and row.options["deals"] == 10


async def test_triominos_has_four_selects_within_five_rows(simcord_env: Any) -> None:
    lobby = Lobby(simcord_env)
    await lobby.open("triominos")
    selects = await lobby.selects()
    assert list(selects) == ["target", "rounds", "classic_start", "kids_scoring"]
    message = await lobby.message()
    (container,) = message.components
    rows = [c for c in container.children if isinstance(c, discord.ActionRow)]
    assert [len(row.children) for row in rows] == [5, 1, 1, 1, 1, 1]  # buttons, four options, the table settings
    assert [o.value for o in selects["rounds"].options] == [str(n) for n in range(21)]
    assert [o.value for o in selects["target"].options] == ["50", "60", "80", "100", "120", "150", "200", "250", "300",
                                                            "400", "500", "600", "800", "1000", "1200", "1500",
                                                            "2000"]  # fmt: skip
    result = await lobby.alice.select(message, ["250"], custom_id=selects["target"].custom_id)
    assert panel_of(result).content == "Option changed: Target = 250."
    assert (await lobby.options_field()).startswith("Target: 250\n")


async def test_once_started_the_lobby_has_no_selects_left(simcord_env: Any) -> None:
    lobby = Lobby(simcord_env)
    await lobby.open("nainjaune")
    message = await lobby.message()
    await lobby.alice.select(message, ["2"], custom_id=f"tb:o:{lobby.game_id}:deals")
    await lobby.bob.click(message, custom_id=f"tb:l:{lobby.game_id}:join")
    await lobby.alice.click(message, custom_id=f"tb:l:{lobby.game_id}:bot")
    await lobby.alice.click(message, custom_id=f"tb:l:{lobby.game_id}:start")
    assert await lobby.selects() == {} and components(await lobby.message()) == []
    assert (await lobby.options_field()).startswith("Deals: 2\n")
    live = await lobby.bot.tables.load(lobby.game_id)
    assert live.state.deals == 2


async def test_the_host_ticks_the_table_settings_in_the_lobby(simcord_env: Any) -> None:
    lobby = Lobby(simcord_env)
    await lobby.open("nainjaune")
    message = await lobby.message()
    (menu,) = [c for c in components(message) if c.custom_id == f"tb:u:{lobby.game_id}"]
    assert [o.value for o in menu.options if o.default] == ["autoplay", "undo", "takeover", "calls"]  # all on
    assert (
        "Table: Forced moves play themselves, Undo allowed, Computer seats can be taken, Call players who take their"
        " time" in text_of(message)
    )

    await lobby.bob.click(message, custom_id=f"tb:l:{lobby.game_id}:join")
    result = await lobby.bob.select(await lobby.message(), ["undo"], custom_id=menu.custom_id)
    assert panel_of(result).ephemeral and panel_of(result).content == "Only the table's host can do that."

    result = await lobby.alice.select(await lobby.message(), ["takeover"], custom_id=menu.custom_id)
    assert panel_of(result).content == "Table settings saved."
    row = await lobby.bot.store.get_game(lobby.game_id)
    assert row is not None and row.settings == {
        "autoplay": False,
        "undo": False,
        "takeover": True,
        "hints": False,
        "calls": False,
    }
    assert "Table: Computer seats can be taken" in text_of(await lobby.message())
