"""A move made of several choices in one form: a button opens a modal of selects, its submission is the move.

A Neurotrio bid is three choices (a base carton, a domain card, a personal carton); as three menus and a confirm
button it cost four interactions, as a form it costs two. Ids: ``tb:x:<game>:<version>:<kind>`` the button,
``tb:z:<game>:<version>:<kind>`` its modal. Each option's value is a small JSON object of the move's fields
(``{"r": 1, "c": 2}``): the submission merges the chosen ones into ``kind(**fields)``, and the pipeline checks
it like any move. The form's menus come from the game's UI (``GameUI.choice_form``) at the moment of the click.
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord

from bot.games.base import Action
from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.tables import TableError
from cogs.common import bot_of
from cogs.common import check_origin
from cogs.common import label_of
from cogs.common import rebuilt
from cogs.common import report_error
from cogs.common import user_lang
from cogs.components import modal_nodes
from cogs.components import run_move
from cogs.ui import ChoiceForm
from cogs.ui import ui_for

FIELDS_MAX = 5
"""A modal holds at most five components."""


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tb:x:(?P<gid>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<kind>[a-z_]{1,20})",
):
    """Opens the form of a move (answered with the modal itself: nothing is deferred)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        kind: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.success,
    ) -> None:
        custom_id = f"tb:x:{game_id}:{version}:{kind}"
        super().__init__(discord.ui.Button(label=label or kind, style=style, custom_id=custom_id))
        self.game_id = game_id
        self.version = version
        self.kind = kind

    from_custom_id = rebuilt(
        lambda match, item: (int(match["gid"]), int(match["version"]), match["kind"], label_of(item))
    )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        try:
            tables = bot_of(interaction).tables
            row = await tables.game_row(self.game_id)
            check_origin(interaction, row, private=True)
            seat = row.seat_of(interaction.user.id)
            if seat is None:
                raise TableError("not_seated")
            snapshot = await tables.snapshot(self.game_id)
            ui = ui_for(row.kind)
            form = ui.choice_form(snapshot, seat, lang, self.kind) if ui.choice_form else None
            if snapshot.n != self.version or form is None:
                raise TableError("stale_button")
        except GameError as error:
            await report_error(interaction, error)
            return
        await interaction.response.send_modal(build_modal(form, self.game_id, self.version, self.kind))


def build_modal(form: ChoiceForm, game_id: int, version: int, kind: str) -> discord.ui.Modal:
    """The form as a modal, sent stopped: its submission is read from its id alone, restart or not."""
    modal = discord.ui.Modal(title=form.title[:45], custom_id=f"tb:z:{game_id}:{version}:{kind}")
    for index, choice in enumerate(form.choices[:FIELDS_MAX]):
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"c{index}",
            options=[
                discord.SelectOption(label=label[:100], value=json.dumps(dict(fields), separators=(",", ":")))
                for label, fields in choice.options[:25]
            ],
        )
        modal.add_item(discord.ui.Label(text=choice.label[:45], component=select))
    modal.stop()
    return modal


MODAL = re.compile(r"tb:z:(?P<gid>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<kind>[a-z_]{1,20})")


def chosen_fields(data: Any) -> dict[str, JSONValue]:
    """The fields of every option chosen in a submitted form, merged (a forged value adds nothing)."""
    merged: dict[str, JSONValue] = {}
    for node in modal_nodes(data):
        for value in node.get("values") or []:
            try:
                fields = json.loads(str(value))
            except ValueError:
                continue
            if isinstance(fields, dict):
                merged.update({str(k): v for k, v in fields.items() if k != "kind"})
    return merged


async def on_choice_submit(interaction: discord.Interaction[Any]) -> bool:
    """A submitted form becomes its move. False when the modal is not one of ours."""
    data: Any = interaction.data or {}
    match = MODAL.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return False
    action = Action.of(match["kind"], **chosen_fields(data))
    await run_move(interaction, int(match["gid"]), int(match["version"]), action)
    return True
