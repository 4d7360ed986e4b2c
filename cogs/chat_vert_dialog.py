"""The winner's private dialogue that creates a Chat vert rule: template, its parameters, the phrase, confirm.

The draft lives in the store (per table and author), so the dialogue survives a restart; its components carry
only the table's channel and the field they set. Modals (the phrase, a free rule's text) are sent stopped and
handled from their id, like the moves' modals.

Every step acknowledges Discord before it touches the store (a busy database must not outlast the 3 seconds
Discord allows); a modal is itself that first answer, so it opens without reading the draft. The channel in a
component's id is only trusted from that channel or from a direct message, and only its pending winner gets on.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

import discord

from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.games.chat_vert.rules import FREE_MESSAGE_MAX
from bot.games.chat_vert.rules import FREE_TEXT_MAX
from bot.games.chat_vert.rules import PHRASE_MAX
from bot.games.chat_vert.rules import TEMPLATES
from bot.i18n import plural
from bot.i18n import t
from bot.service.chat_vert_table import KIND
from bot.service.chat_vert_table import add_rule
from bot.service.chat_vert_table import last_winner
from bot.service.chat_vert_table import table_rules
from bot.service.tables import TableError
from cogs.common import bot_of
from cogs.common import guild_lang
from cogs.common import menu
from cogs.common import picked
from cogs.common import rebuilt
from cogs.common import remember_locale
from cogs.common import report_error
from cogs.common import user_lang
from cogs.components import modal_values

NEEDS: dict[str, tuple[str, ...]] = {
    "say": ("cond", "phrase"),
    "greater": ("phrase",),
    "name": ("cond",),
    "last_phrase": ("phrase",),
    "final": ("phrase",),
    "draw": ("cond", "who"),
    "transfer": (),
    "reverse": ("phrase",),
    "die": ("cond",),
    "ficelle": ("phrase",),
    "free": ("free",),
}
SYMBOLS = ("any", "number", *(str(n) for n in range(10)), "skip", "reverse", "plus2", "wild", "plus4")
COLOUR_CHOICES = ("any", "Y", "R", "B", "G")
WHO_CHOICES = tuple(f"{who}:{n}" for who in ("all", "player", "previous", "next") for n in (1, 2))
MODAL = re.compile(r"tb:z:(?P<ch>[0-9]+):(?P<op>[a-z]+)")
SNOWFLAKE_MAX = 2**63 - 1
"""Discord ids fit in a signed 64-bit integer (and so does SQLite's): anything larger is forged."""


class RuleError(GameError):
    code = "rule"


def channel_of(value: int | str) -> int:
    """The table's channel named by a component or modal id, refused when it cannot be a Discord id."""
    channel_id = int(value)
    if not 0 < channel_id <= SNOWFLAKE_MAX:
        raise RuleError("expired")
    return channel_id


def check_place(interaction: discord.Interaction[Any], channel_id: int) -> None:
    """The dialogue of a table is used from that table's channel, or privately from a direct message."""
    if interaction.guild_id is not None and interaction.channel_id != channel_id:
        raise TableError("elsewhere")


def _draft_key(user_id: int) -> str:
    return f"draft:{user_id}"


async def _draft(interaction: discord.Interaction[Any], channel_id: int) -> dict[str, Any]:
    value = await bot_of(interaction).store.table_data(channel_id, KIND, _draft_key(interaction.user.id))
    return dict(value) if value else {"template": "say", "colour": "any", "symbol": "any", "who": "all:1"}


async def _save(interaction: discord.Interaction[Any], channel_id: int, draft: dict[str, Any]) -> None:
    await bot_of(interaction).store.set_table_data(channel_id, KIND, _draft_key(interaction.user.id), draft)


def rule_of(draft: dict[str, Any]) -> dict[str, JSONValue]:
    """The rule the draft describes, in the form ``chat_vert_rules.validate_rule`` checks."""
    template = str(draft.get("template") or "say")
    needs = NEEDS.get(template, ())
    rule: dict[str, JSONValue] = {"template": template}
    if "cond" in needs:
        symbol = str(draft.get("symbol") or "any")
        colour = draft.get("colour")
        rule["cond"] = {
            "colour": colour if colour in ("Y", "R", "B", "G") else None,
            "number": int(symbol) if symbol.isdigit() else None,
            "kind": symbol if symbol not in ("any",) and not symbol.isdigit() else None,
        }
    if "phrase" in needs:
        rule["phrase"] = str(draft.get("phrase") or "")
    if "who" in needs:
        who, count = str(draft.get("who") or "all:1").split(":")
        rule["who"] = who
        rule["count"] = int(count)
    if "free" in needs:
        rule["text"] = str(draft.get("text") or "")
        rule["message"] = str(draft.get("message") or "")
    return rule


def _choices(
    field: str, values: Sequence[str], label: Callable[[str], str], chosen: object, placeholder: str
) -> tuple[str, list[discord.SelectOption], str]:
    """One select of the dialog, as ``build_dialog`` lays them out: its field, an option a value (``chosen``
    selected) and its placeholder."""
    return field, [discord.SelectOption(label=label(v), value=v, default=v == chosen) for v in values], placeholder


def build_dialog(channel_id: int, draft: dict[str, Any], lang: str) -> tuple[str, discord.ui.View]:
    from bot.texts.chat_vert import colour_name
    from bot.texts.chat_vert import describe_rule

    template = str(draft.get("template") or "say")
    needs = NEEDS.get(template, ())
    view = discord.ui.View(timeout=None)
    rows = [
        _choices(
            "tpl", TEMPLATES, lambda name: t(lang, f"cv.tpl.{name}")[:100], template, t(lang, "cv.dialog.template")
        )
    ]
    if "cond" in needs:
        rows.append(
            _choices(
                "col",
                COLOUR_CHOICES,
                lambda c: t(lang, "cv.dialog.any_colour") if c == "any" else colour_name(c, lang),
                draft.get("colour", "any"),
                t(lang, "cv.dialog.colour"),
            )
        )
        rows.append(
            _choices(
                "sym",
                SYMBOLS,
                lambda s: s if s.isdigit() else t(lang, f"cv.dialog.symbol.{s}"),
                draft.get("symbol", "any"),
                t(lang, "cv.dialog.symbol"),
            )
        )
    if "who" in needs:
        rows.append(
            _choices(
                "who",
                WHO_CHOICES,
                lambda w: plural(lang, f"cv.dialog.who.{w.split(':')[0]}", int(w.split(":")[1])),
                draft.get("who", "all:1"),
                t(lang, "cv.dialog.who"),
            )
        )
    for row, (field, options, placeholder) in enumerate(rows):
        select = RuleSelect(channel_id, field, options, placeholder)
        select.item.row = row
        view.add_item(select)
    buttons: list[RuleButton] = []
    if "phrase" in needs:
        buttons.append(RuleButton(channel_id, "phrase", t(lang, "cv.dialog.phrase_button")))
    if "free" in needs:
        buttons.append(RuleButton(channel_id, "free", t(lang, "cv.dialog.free_button")))
    buttons.append(RuleButton(channel_id, "ok", t(lang, "cv.dialog.confirm"), discord.ButtonStyle.success))
    for button in buttons:
        button.item.row = len(rows)
        view.add_item(button)
    lines = [t(lang, "cv.dialog.intro")]
    rule = rule_of(draft)
    missing = ("phrase" in needs and not draft.get("phrase")) or (
        "free" in needs and not (draft.get("text") and draft.get("message"))
    )
    lines.append(
        t(lang, "cv.dialog.missing") if missing else t(lang, "cv.dialog.preview", rule=describe_rule(rule, lang))
    )
    return "\n".join(lines)[:2000], view


class RuleSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tb:r:(?P<ch>[0-9]+):(?P<field>[a-z]+)"):
    """One parameter of the rule being created (template, colour, symbol, who draws)."""

    def __init__(
        self,
        channel_id: int,
        field: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ):
        super().__init__(menu(f"tb:r:{channel_id}:{field}", options, placeholder))
        self.channel_id = channel_id
        self.field = field

    # The channel is checked by ``channel_of`` in the callback.
    from_custom_id = rebuilt(lambda match, item: (int(match["ch"]), match["field"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = picked(interaction)
        value = values[0] if values else ""
        allowed = {"tpl": TEMPLATES, "col": COLOUR_CHOICES, "sym": SYMBOLS, "who": WHO_CHOICES}.get(self.field, ())
        await interaction.response.defer()
        try:
            channel_id = channel_of(self.channel_id)
            check_place(interaction, channel_id)
            if value not in allowed:
                raise RuleError("expired")
            await _owed(interaction, channel_id)
        except GameError as error:
            await report_error(interaction, error, KIND)
            return
        draft = await _draft(interaction, channel_id)
        draft[{"tpl": "template", "col": "colour", "sym": "symbol", "who": "who"}[self.field]] = value
        await _save(interaction, channel_id, draft)
        content, view = build_dialog(channel_id, draft, user_lang(interaction))
        await interaction.edit_original_response(content=content, view=view)


class RuleButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:q:(?P<ch>[0-9]+):(?P<op>[a-z]+)"):
    """Open the dialogue, type the phrase or the free rule, confirm."""

    def __init__(
        self, channel_id: int, op: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary
    ):
        super().__init__(discord.ui.Button(label=(label or op)[:80], style=style, custom_id=f"tb:q:{channel_id}:{op}"))
        self.channel_id = channel_id
        self.op = op

    # The channel is checked by ``channel_of`` in the callback.
    from_custom_id = rebuilt(lambda match, item: (int(match["ch"]), match["op"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        try:
            channel_id = channel_of(self.channel_id)
            check_place(interaction, channel_id)
            if self.op == "open":
                await open_dialog(interaction, channel_id)
            elif self.op == "phrase":
                # A modal must be the first answer: it opens at once, and the submit checks who sent it.
                modal = _modal(channel_id, "phrase", t(lang, "cv.dialog.phrase_title"))
                modal.add_item(_input("phrase", t(lang, "cv.dialog.phrase_label"), PHRASE_MAX))
                await interaction.response.send_modal(modal)
            elif self.op == "free":
                modal = _modal(channel_id, "free", t(lang, "cv.dialog.free_title"))
                modal.add_item(_input("text", t(lang, "cv.dialog.free_text"), FREE_TEXT_MAX))
                modal.add_item(_input("message", t(lang, "cv.dialog.free_message"), FREE_MESSAGE_MAX))
                await interaction.response.send_modal(modal)
            elif self.op == "ok":
                await interaction.response.defer()
                await _owed(interaction, channel_id)
                await _confirm(interaction, channel_id, await _draft(interaction, channel_id))
            else:
                raise RuleError("expired")
        except GameError as error:
            await report_error(interaction, error, KIND)


def _modal(channel_id: int, op: str, title: str) -> discord.ui.Modal:
    modal = discord.ui.Modal(title=title[:45], custom_id=f"tb:z:{channel_id}:{op}")
    modal.stop()
    return modal


def _input(field: str, label: str, limit: int) -> discord.ui.TextInput[Any]:
    return discord.ui.TextInput(
        label=label[:45],
        custom_id=field,
        max_length=limit,
        style=discord.TextStyle.paragraph if limit > 100 else discord.TextStyle.short,
    )


async def _owed(interaction: discord.Interaction[Any], channel_id: int) -> dict[str, Any]:
    winner = await last_winner(bot_of(interaction).store, channel_id)
    if winner is None or not winner.get("pending"):
        raise RuleError("no_rule_owed")
    if winner.get("user") != interaction.user.id:
        raise RuleError("winner_only", name=winner.get("name", "?"))
    return winner


async def open_dialog(interaction: discord.Interaction[Any], channel_id: int) -> None:
    """``/chatvert rule`` or the winner's button: the dialogue, privately (acknowledged before the store is read)."""
    await interaction.response.defer(ephemeral=interaction.guild_id is not None, thinking=True)
    await remember_locale(interaction)
    await _owed(interaction, channel_id)
    draft = await _draft(interaction, channel_id)
    content, view = build_dialog(channel_id, draft, user_lang(interaction))
    await interaction.followup.send(content, view=view, ephemeral=interaction.guild_id is not None)


async def _confirm(interaction: discord.Interaction[Any], channel_id: int, draft: dict[str, Any]) -> None:
    from bot.texts.chat_vert import describe_rule

    bot = bot_of(interaction)
    lang = user_lang(interaction)
    rule = await add_rule(bot.store, channel_id, interaction.user.id, rule_of(draft))
    await bot.store.set_table_data(channel_id, KIND, _draft_key(interaction.user.id), None)
    count = len(await table_rules(bot.store, channel_id))
    await interaction.edit_original_response(
        content=t(lang, "cv.dialog.created", rule=describe_rule(rule, lang)), view=None
    )
    row = await bot.store.last_game(channel_id)
    table_lang = row.locale if row is not None else guild_lang(interaction)
    with contextlib.suppress(discord.HTTPException):
        await bot.get_partial_messageable(channel_id).send(
            plural(table_lang, "cv.rule.created_public", count, name=str(rule.get("author_name") or "?")),
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def on_dialog_modal(interaction: discord.Interaction[Any]) -> bool:
    """The phrase or the free rule typed in a modal: saved in the draft, the dialogue redrawn."""
    data: Any = interaction.data or {}
    match = MODAL.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return False
    if interaction.message is not None:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=interaction.guild_id is not None, thinking=True)
    try:
        channel_id = channel_of(match["ch"])
        check_place(interaction, channel_id)
        await _owed(interaction, channel_id)
    except GameError as error:
        await report_error(interaction, error, KIND)
        return True
    values = modal_values(data)
    draft = await _draft(interaction, channel_id)
    for field in ("phrase", "text", "message"):
        if field in values:
            draft[field] = values[field].strip()
    await _save(interaction, channel_id, draft)
    content, view = build_dialog(channel_id, draft, user_lang(interaction))
    if interaction.message is not None:
        await interaction.edit_original_response(content=content, view=view)
    else:
        await interaction.followup.send(content, view=view, ephemeral=interaction.guild_id is not None)
    return True
