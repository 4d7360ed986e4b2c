"""A move made of several choices in one form: a button opens a modal of selects, its submission is the move.

A Neurotrio bid is three choices (a base carton, a domain card, a personal carton); as three menus and a confirm
button it cost four interactions, as a form it costs two. Ids: ``tb:x:<game>:<version>:<kind>`` the button,
``tb:z:<game>:<version>:<kind>`` its modal. Each option's value is a small JSON object of the move's fields
(``{"r": 1, "c": 2}``): the submission merges the chosen ones into ``kind(**fields)``, and the pipeline checks
it like any move. The form's menus come from the game's UI (``GameUI.choice_form``) at the moment of the click,
applied to the game as this process holds it in memory (``TableService.peek``): a modal must be Discord's first
answer, so it never waits for the game's lock or the store. A game's focus panel shows the same choices as menus for
the focus ``<kind>:``, the way out when the game is not in memory.
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord

from bot.games.base import Action
from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.service.tables import Snapshot
from bot.service.tables import TableError
from cogs.common import bot_of
from cogs.common import check_origin
from cogs.common import label_of
from cogs.common import rebuilt
from cogs.common import report_error
from cogs.common import user_lang
from cogs.components import build_panel
from cogs.components import modal_nodes
from cogs.components import refresh_clicked_panel
from cogs.components import run_move
from cogs.components import seat_snapshot
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
        """The form from the game as this process holds it, sent at once: a modal must be the first answer, within
        Discord's 3 seconds, so it never waits for the game's lock or the store (the submission is checked under
        the lock like any move). A game not in memory, or older here than the button, shows the same choices as
        menus instead, once the game is loaded."""
        snapshot = bot_of(interaction).tables.peek(self.game_id)
        if snapshot is None or snapshot.n < self.version:
            await show_as_menus(interaction, self.game_id, self.version, self.kind)
            return
        try:
            form = _form_now(interaction, snapshot, self.version, self.kind)
        except GameError as error:
            await report_error(interaction, error)
            return
        await interaction.response.send_modal(build_modal(form, self.game_id, self.version, self.kind))


def _form_now(interaction: discord.Interaction[Any], snapshot: Snapshot, version: int, kind: str) -> ChoiceForm:
    """The form of ``kind`` for the clicker's seat in ``snapshot``, or a refusal (the same checks as a move's)."""
    row = snapshot.game
    check_origin(interaction, row, private=True)
    seat = row.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("not_seated")
    if row.status != "running" or snapshot.over:
        raise TableError("game_over")
    ui = ui_for(row.kind)
    form = ui.choice_form(snapshot, seat, user_lang(interaction), kind) if ui.choice_form else None
    if snapshot.n != version or form is None:
        raise TableError("stale_button")
    return form


async def show_as_menus(interaction: discord.Interaction[Any], game_id: int, version: int, kind: str) -> None:
    """The form's choices as menus in the clicked panel (the game's focus ``<kind>:``), acknowledged before the
    game is loaded; a button from an earlier moment is refused and its panel shown as it is now."""
    await interaction.response.defer()
    try:
        snapshot, seat = await seat_snapshot(interaction, game_id)
        if snapshot.n != version:
            raise TableError("stale_button")
    except GameError as error:
        await report_error(interaction, error)
        if isinstance(error, TableError) and error.code == "stale_button":
            await refresh_clicked_panel(interaction, game_id, stale=True)
        return
    panel = await build_panel(snapshot, seat, user_lang(interaction), focus=f"{kind}:")
    await interaction.edit_original_response(content=None, attachments=[panel.file()], view=panel.layout())


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
