"""Le Chat vert on Discord: ``/chatvert ...``, the private panel, the public "J'ai la même !" button.

The private panel lists every card of the hand (pairs too), not only the ones the base rules allow: secret
rules may allow more, and a player learns them by trying. Choosing a card shows "Play" and "Play and say..."
(a modal for the words); a major asks for its colour first. "Say..." speaks between moves.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.chat_vert_table import reset_rules
from bot.chat_vert_table import table_rules
from bot.games.base import Action
from bot.games.chat_vert_views import ChatVertSeatView
from bot.games.chat_vert_views import ChatVertTable
from bot.i18n import plural
from bot.i18n import t
from bot.store import GameRow
from bot.tables import Snapshot
from bot.tables import TableError
from bot.texts.chat_vert import COLOURS
from bot.texts.chat_vert import MAJORS
from bot.texts.chat_vert import card_name
from bot.texts.chat_vert import colour_name
from bot.texts.chat_vert import describe_action
from bot.texts.chat_vert import describe_rule
from cogs.chat_vert_dialog import RuleButton
from cogs.chat_vert_dialog import open_dialog
from cogs.common import bot_of
from cogs.common import can_manage
from cogs.common import check_origin
from cogs.common import display_name
from cogs.common import guild_lang
from cogs.common import remember_locale
from cogs.common import user_lang
from cogs.components import ActButton
from cogs.components import FocusButton
from cogs.components import FocusSelect
from cogs.components import SayButton
from cogs.ui import FocusPanel
from cogs.ui import GameUI
from renders.chat_vert import PICTURES

PAGE = 25
KIND = "chat_vert"
RULE_ID_MAX = 1_000_000
"""Far above any rule id a table reaches (20 rules at a time): a larger number names no rule."""

View = ChatVertSeatView


def _focus(card: str, n: int, colour: str | None = None) -> str:
    return f"c:{card}:{n}:{colour or ''}"


def _parse_focus(focus: str | None) -> tuple[str, int, str | None] | None:
    if not focus or not focus.startswith("c:"):
        return None
    parts = [*focus.split(":"), "", "", ""]
    try:
        return parts[1], max(1, min(2, int(parts[2] or 1))), parts[3] or None
    except ValueError:
        return None


def _card_options(view: View, lang: str, chosen: str | None, page: int) -> tuple[list[discord.SelectOption], int, int]:
    """Every card of the hand (and each pair), the playable ones ticked, one page of ``PAGE`` at a time."""
    cards = list(view.own.hand)
    playable = set(view.own.playable)
    pairs = set(view.own.pairs)
    entries: list[tuple[str, str]] = []
    for card in dict.fromkeys(cards):
        # The number is the card's number on the hand picture.
        number, mark = cards.index(card) + 1, " ✓" if card in playable else ""
        entries.append((_focus(card, 1), f"{number} · {card_name(card, lang)}{mark}"))
        if card in pairs:
            entries.append((_focus(card, 2), f"{number} · {t(lang, 'cv.pair', card=card_name(card, lang))}{mark}"))
    pages = max(1, (len(entries) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    options = [
        discord.SelectOption(label=label[:100], value=value, default=value == chosen)
        for value, label in entries[page * PAGE : (page + 1) * PAGE]
    ]
    return options, page, pages


def _play_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel:
    game = snapshot.game
    view: View = snapshot.views[seat]
    stage = snapshot.stage
    version = snapshot.n
    controls = discord.ui.View(timeout=None)
    lines: list[str] = []
    names = [s.name for s in game.seats]
    chosen = _parse_focus(focus)
    drawn = view.own.drawn
    if drawn:
        lines.append(t(lang, "cv.panel.drawn", card=card_name(drawn, lang)))
        chosen = chosen if chosen and chosen[0] == drawn else (drawn, 1, None)
    options, page, pages = _card_options(view, lang, _focus(*chosen) if chosen else None, page)
    if options and not drawn:
        select = FocusSelect(game.id, stage, options, t(lang, "cv.panel.choose", page=page + 1, pages=pages))
        select.item.row = 0
        controls.add_item(select)
    pending = view.table.pending
    if pending is not None:
        lines.append(plural(lang, "cv.panel.pending", pending.count))
    if chosen is not None:
        card, n, colour = chosen
        if card in MAJORS and colour is None:
            lines.append(t(lang, "cv.panel.pick_colour", card=card_name(card, lang)))
            for c in COLOURS:
                button = FocusButton(game.id, stage, _focus(card, 1, c), page, colour_name(c, lang))
                button.item.row = 1
                controls.add_item(button)
        else:
            action = Action.of("play", card=card, n=n, colour=colour if card in MAJORS else None)
            label = describe_action(action, names, lang, view.table)
            lines.append(t(lang, "cv.panel.chosen", cards=label))
            play = ActButton(game.id, version, action, t(lang, "cv.action.play"), discord.ButtonStyle.success)
            say = SayButton(game.id, version, action, t(lang, "cv.action.play_say"), discord.ButtonStyle.primary)
            play.item.row = say.item.row = 1
            controls.add_item(play)
            controls.add_item(say)
    if drawn:
        keep = ActButton(game.id, version, Action.of("keep"), t(lang, "cv.action.keep"), discord.ButtonStyle.secondary)
        keep.item.row = 2
        controls.add_item(keep)
    else:
        label = plural(lang, "cv.action.draw_pending", pending.count) if pending else t(lang, "cv.action.draw")
        draw = ActButton(game.id, version, Action.of("draw"), label, discord.ButtonStyle.danger)
        draw_say = SayButton(game.id, version, Action.of("draw"), t(lang, "cv.action.draw_say"))
        draw.item.row = draw_say.item.row = 2
        controls.add_item(draw)
        controls.add_item(draw_say)
    _speech_buttons(controls, snapshot, seat, lang, row=2)
    if pages > 1 and not drawn:
        for key, target, off in (("panel.prev", page - 1, page == 0), ("panel.next", page + 1, page >= pages - 1)):
            button = FocusButton(game.id, stage, focus or "", max(0, min(target, pages - 1)), t(lang, key), off)
            button.item.row = 3
            controls.add_item(button)
    return FocusPanel(lines, lambda: PICTURES.hand(view, lang), controls)


def _speech_buttons(controls: discord.ui.View, snapshot: Snapshot, seat: int, lang: str, row: int) -> None:
    """ "J'ai la même !" (when this seat holds the top card) and "Say..."."""
    game = snapshot.game
    for action in snapshot.legal.get(seat, []):
        if action.kind == "same" and seat not in snapshot.to_act:
            same = ActButton(game.id, snapshot.n, action, t(lang, "cv.action.same"), discord.ButtonStyle.success)
            same_say = SayButton(game.id, snapshot.n, action, t(lang, "cv.action.same_say"))
            same.item.row = same_say.item.row = row
            controls.add_item(same)
            controls.add_item(same_say)
    say = SayButton(game.id, snapshot.n, Action.of("say"), t(lang, "cv.action.say"))
    say.item.row = row
    controls.add_item(say)


def _focus_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel | None:
    game = snapshot.game
    view: View = snapshot.views[seat]
    names = [s.name for s in game.seats]
    if snapshot.over:
        controls = None
        lines: list[str] = []
        if view.table.winner == seat:
            lines.append(t(lang, "cv.panel.won"))
            controls = discord.ui.View(timeout=None)
            controls.add_item(RuleButton(game.channel_id, "open", t(lang, "cv.rule.open")))
        return FocusPanel(lines, lambda: PICTURES.hand(view, lang), controls)
    if seat in snapshot.to_act and view.table.phase == "play":
        return _play_panel(snapshot, seat, lang, focus, page)
    controls = discord.ui.View(timeout=None)
    lines = []
    if seat in snapshot.to_act:
        lines.append(t(lang, "cv.panel.direction"))
        for action in snapshot.legal.get(seat, []):
            button = ActButton(game.id, snapshot.n, action, describe_action(action, names, lang, view.table))
            button.item.row = 0
            controls.add_item(button)
    _speech_buttons(controls, snapshot, seat, lang, row=1)
    return FocusPanel(lines, lambda: PICTURES.hand(view, lang), controls)


def _table_actions(snapshot: Snapshot) -> list[list[Action]]:
    """The public "J'ai la même !" button: anyone may press it (a false claim costs a card)."""
    table: ChatVertTable = snapshot.public.table
    if not table.claim_open:
        return []
    return [[Action.of("same", card=table.top, at=table.at)]]


def _panel_key(view: View) -> Hashable:
    """A DM panel is edited when the hand, the drawn card or the moves change, not at every card anyone plays
    (Discord's rate limits); the table message shows the pile."""
    return (view.own.hand, view.own.drawn, tuple(a.dumps() for a in view.legal))


def _action_style(action: Action) -> discord.ButtonStyle:
    return discord.ButtonStyle.success if action.kind == "same" else discord.ButtonStyle.primary


UI = GameUI(
    kind=KIND,
    action_style=_action_style,
    panel_key=_panel_key,
    table_actions=_table_actions,
    focus_panel=_focus_panel,
)


class ChatVertCog(commands.Cog):
    chatvert = app_commands.Group(
        name=_("chatvert", key="cmd.chatvert.name"),
        description=_("Le Chat vert: shedding game with secret rules", key="cmd.chatvert.description"),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        from cogs.chat_vert_dialog import on_dialog_modal

        if interaction.type == discord.InteractionType.modal_submit:
            await on_dialog_modal(interaction)

    @chatvert.command(
        name=_("say", key="cmd.chatvert.say.name"),
        description=_("Say something at the table (between moves)", key="cmd.chatvert.say.description"),
    )
    @app_commands.describe(text=_("What you say", key="cmd.chatvert.say.text"))
    @app_commands.rename(text=_("text", key="cmd.chatvert.say.text.name"))
    async def say(self, interaction: discord.Interaction[Any], text: app_commands.Range[str, 1, 200]) -> None:
        await interaction.response.defer(ephemeral=True)
        await remember_locale(interaction)
        row = await self._running(interaction)
        await bot_of(interaction).tables.act(row.id, interaction.user.id, Action.of("say", text=text))
        await interaction.followup.send(t(user_lang(interaction), "cv.said_ok"), ephemeral=True)

    @chatvert.command(
        name=_("rule", key="cmd.chatvert.rule.name"),
        description=_("Winner: create your new secret rule", key="cmd.chatvert.rule.description"),
    )
    async def rule(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.channel_id is None:
            raise TableError("guild_only")
        await open_dialog(interaction, interaction.channel_id)

    @chatvert.command(
        name=_("rules", key="cmd.chatvert.rules.name"),
        description=_("How many secret rules are in force here (and yours)", key="cmd.chatvert.rules.description"),
    )
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        if interaction.channel_id is None:
            raise TableError("guild_only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        rules = await table_rules(bot_of(interaction).store, interaction.channel_id)
        lines = [plural(lang, "cv.rules.count", len(rules))]
        mine = [r for r in rules if r.get("author") == interaction.user.id]
        if mine:
            lines.append(t(lang, "cv.rules.mine"))
            lines += [f"• {describe_rule(r, lang)}" for r in mine]
        await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True)

    @chatvert.command(
        name=_("reveal", key="cmd.chatvert.reveal.name"),
        description=_(
            "End of session: reveal every rule and its author, then reset", key="cmd.chatvert.reveal.description"
        ),
    )
    async def reveal(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledged privately first (a refusal stays private); the revealed rules are posted in the channel."""
        bot = bot_of(interaction)
        if interaction.channel_id is None or interaction.guild_id is None:
            raise TableError("guild_only")
        channel_id = interaction.channel_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        active = await bot.store.active_game(channel_id)
        if active is not None and active.kind == KIND:
            raise TableError("chat_vert_running")
        last = await bot.store.last_game(channel_id)
        if last is not None:
            check_origin(interaction, last)
        if (last is None or interaction.user.id != last.host_id) and not can_manage(interaction, last):
            raise TableError("host_or_manager_only")
        rules = await reset_rules(bot.store, channel_id)
        lang = last.locale if last is not None else guild_lang(interaction)
        lines = [f"🐱 **{plural(lang, 'cv.reveal.title', len(rules))}**"]
        lines += [
            t(lang, "cv.reveal.line", n=i + 1, rule=describe_rule(r, lang), name=r.get("author_name") or "?")
            for i, r in enumerate(rules)
        ]
        if not rules:
            lines.append(t(lang, "cv.reveal.none"))
        await bot.get_partial_messageable(channel_id).send(
            "\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none()
        )
        await interaction.followup.send(t(user_lang(interaction), "cv.reveal.done"), ephemeral=True)

    @chatvert.command(
        name=_("penalty", key="cmd.chatvert.penalty.name"),
        description=_("Author of a free rule: give a penalty card for it", key="cmd.chatvert.penalty.description"),
    )
    @app_commands.describe(
        player=_("Who broke your rule", key="cmd.chatvert.penalty.player"),
        rule=_("Which of your free rules", key="cmd.chatvert.penalty.rule"),
    )
    @app_commands.rename(
        player=_("player", key="cmd.chatvert.penalty.player.name"),
        rule=_("rule", key="cmd.chatvert.penalty.rule.name"),
    )
    async def penalty(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member,
        rule: app_commands.Range[int, 1, RULE_ID_MAX],
    ) -> None:
        bot = bot_of(interaction)
        await interaction.response.defer(ephemeral=True)
        if isinstance(rule, bool) or not isinstance(rule, int) or not 1 <= rule <= RULE_ID_MAX:
            raise TableError("not_your_free_rule")
        row = await self._running(interaction)
        own = [r for r in row.options.get("rules") or [] if r.get("author") == interaction.user.id]
        chosen = next((r for r in own if r.get("id") == rule), None)
        if chosen is None or chosen.get("template") != "free":
            raise TableError("not_your_free_rule")
        target = row.seat_of(player.id)
        if target is None:
            raise TableError("player_not_seated", name=display_name(player))
        await bot.tables.table_act(row.id, Action.of("judge", rule=rule, target=target))
        await interaction.followup.send(
            t(user_lang(interaction), "cv.judged", name=display_name(player)), ephemeral=True
        )

    @penalty.autocomplete("rule")
    async def _penalty_rules(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        bot = bot_of(interaction)
        if interaction.channel_id is None:
            return []
        row = await bot.store.active_game(interaction.channel_id)
        rules = (row.options.get("rules") or []) if row is not None and row.kind == KIND else []
        lang = user_lang(interaction)
        return [
            app_commands.Choice(name=describe_rule(r, lang)[:100], value=int(r["id"]))
            for r in rules
            if r.get("author") == interaction.user.id and r.get("template") == "free"
        ][:25]

    async def _running(self, interaction: discord.Interaction[Any]) -> GameRow:
        """The Chat vert game running in this channel (checked to be this server's and this channel's)."""
        if interaction.channel_id is None:
            raise TableError("no_table")
        row = await bot_of(interaction).tables.table_in(interaction.channel_id)
        check_origin(interaction, row)
        if row.kind != KIND:
            raise TableError("not_chat_vert")
        if row.status != "running":
            raise TableError("not_started")
        return row


async def setup(bot: commands.Bot) -> None:
    from cogs.chat_vert_dialog import RuleSelect

    bot.add_dynamic_items(RuleSelect, RuleButton)
    await bot.add_cog(ChatVertCog(bot))
