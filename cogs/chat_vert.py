"""Le Chat vert on Discord: ``/chatvert ...``, the private panel, the public "J'ai la même !" button.

The private panel shows every card of the hand (pairs too) as a button, not only the ones the base rules allow:
secret rules may allow more, and a player learns them by trying. One click plays a card; a major asks its colour
(the second click). "Chat vert !" is a toggle: the next card is played saying it (remembering to is the player's
job). "With words…" turns the cards into "play and say…" buttons (a modal for a secret rule's phrase), and
"Say…" speaks between moves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.games.base import Action
from bot.games.chat_vert.rules import CHAT_VERT
from bot.games.chat_vert.views import ChatVertSeatView
from bot.games.chat_vert.views import ChatVertTable
from bot.i18n import plural
from bot.i18n import t
from bot.service.chat_vert_table import reset_rules
from bot.service.chat_vert_table import table_rules
from bot.service.tables import Snapshot
from bot.service.tables import TableError
from bot.store import GameRow
from bot.texts.chat_vert import COLOURS
from bot.texts.chat_vert import MAJORS
from bot.texts.chat_vert import a_card
from bot.texts.chat_vert import card_name
from bot.texts.chat_vert import colour_name
from bot.texts.chat_vert import describe_action
from bot.texts.chat_vert import describe_rule
from bot.texts.chat_vert import hand_slots
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
from cogs.components import SayButton
from cogs.game_commands import command_group
from cogs.ui import FocusPanel
from cogs.ui import GameUI
from renders.chat_vert import PICTURES

KIND = "chat_vert"
RULE_ID_MAX = 1_000_000
"""Far above any rule id a table reaches (20 rules at a time): a larger number names no rule."""
SUGGEST_WAIT_S = 1.5
"""How long the rules suggested while typing may wait for the store, well within Discord's 3 seconds."""

View = ChatVertSeatView


CARDS_PER_PAGE = 15
"""Card buttons on one page of the panel (3 rows of 5): the fourth row turns pages, the fifth holds the moves
that are not a card (draw, "Chat vert !", words)."""


@dataclass(frozen=True)
class Focus:
    """What the player chose on the panel so far: a major waiting for its colour, "Chat vert !" armed for the
    next card, or the cards turned into "play and say…" buttons."""

    card: str = ""
    n: int = 1
    chat_vert: bool = False
    words: bool = False

    def dumps(self) -> str:
        return f"c:{self.card}:{self.n}::{'v' if self.chat_vert else ''}{'w' if self.words else ''}"

    @classmethod
    def loads(cls, focus: str | None) -> Focus:
        if not focus or not focus.startswith("c:"):
            return cls()
        parts = [*focus.split(":"), "", "", "", ""]
        n = 2 if parts[2] == "2" else 1
        return cls(parts[1], n, "v" in parts[4], "w" in parts[4])


def _entries(view: View, lang: str) -> list[tuple[str, int, str]]:
    """Every card of the hand (each pair too) with its label: playable ones by the base rules ticked; the
    number is the card's number on the hand picture, where equal cards lie under one number."""
    playable = set(view.own.playable)
    out: list[tuple[str, int, str]] = []
    for number, (card, _copies) in enumerate(hand_slots(view.own.hand), start=1):
        mark = " ✓" if card in playable else ""
        out.append((card, 1, f"{number} · {card_name(card, lang)}{mark}"))
        if card in view.own.pairs:
            out.append((card, 2, f"{number} · {t(lang, 'cv.panel.pair', card=card_name(card, lang))}{mark}"))
    return out


def _play(card: str, n: int, colour: str | None, focus: Focus) -> Action:
    """A play, saying "Chat vert" when the player armed it."""
    if focus.chat_vert:
        return Action.of("play", card=card, n=n, colour=colour, say=CHAT_VERT)
    return Action.of("play", card=card, n=n, colour=colour)


def _card_button(snapshot: Snapshot, card: str, n: int, label: str, focus: Focus, page: int) -> discord.ui.Item[Any]:
    """One click plays a coloured card; a major first asks its colour (same panel, second click)."""
    game = snapshot.game
    if card in MAJORS:
        ask = replace(focus, card=card, n=1)
        return FocusButton(game.id, snapshot.stage, ask.dumps(), page, label)
    action = _play(card, n, None, focus)
    style = discord.ButtonStyle.success if "✓" in label else discord.ButtonStyle.secondary
    if focus.words:
        return SayButton(game.id, snapshot.n, action, label, style)
    return ActButton(game.id, snapshot.n, action, label, style)


def _colour_buttons(snapshot: Snapshot, lang: str, card: str, focus: Focus) -> list[discord.ui.Item[Any]]:
    out: list[discord.ui.Item[Any]] = []
    for colour in COLOURS:
        action = _play(card, 1, colour, focus)
        kind = SayButton if focus.words else ActButton
        out.append(kind(snapshot.game.id, snapshot.n, action, colour_name(colour, lang), discord.ButtonStyle.primary))
    return out


def _place(controls: discord.ui.View, items: list[discord.ui.Item[Any]], first_row: int) -> None:
    for i, item in enumerate(items):
        item.item.row = first_row + i // 5  # type: ignore[attr-defined]
        controls.add_item(item)


def _play_panel(snapshot: Snapshot, seat: int, lang: str, focus_text: str | None, page: int) -> FocusPanel:
    """Cards as buttons; a major's colour as the second click; draw, "Chat vert !" and words on the last row."""
    game = snapshot.game
    view: View = snapshot.views[seat]
    focus = Focus.loads(focus_text)
    controls = discord.ui.View(timeout=None)
    lines: list[str] = []
    drawn = view.own.drawn
    pending = view.table.pending
    if pending is not None:
        lines.append(plural(lang, "cv.panel.pending", pending.count))
    if drawn:
        lines.append(t(lang, "cv.panel.drawn", card=a_card(drawn, lang)))
        focus = replace(focus, card=drawn if drawn in MAJORS else "", n=1)
    pages = 1
    if focus.card in MAJORS:
        lines.append(t(lang, "cv.panel.pick_colour", card=card_name(focus.card, lang)))
        _place(controls, _colour_buttons(snapshot, lang, focus.card, focus), 0)
        if not drawn:
            back = FocusButton(game.id, snapshot.stage, replace(focus, card="").dumps(), page, t(lang, "cv.panel.back"))
            _place(controls, [back], 1)
    elif drawn:
        label = f"{card_name(drawn, lang)} ✓"
        _place(controls, [_card_button(snapshot, drawn, 1, label, focus, page)], 0)
    else:
        entries = _entries(view, lang)
        pages = max(1, (len(entries) + CARDS_PER_PAGE - 1) // CARDS_PER_PAGE)
        page = max(0, min(page, pages - 1))
        chunk = entries[page * CARDS_PER_PAGE : (page + 1) * CARDS_PER_PAGE]
        _place(controls, [_card_button(snapshot, c, n, label, focus, page) for c, n, label in chunk], 0)
        lines.append(t(lang, "cv.panel.words" if focus.words else "cv.panel.cards"))
    if pages > 1:
        turns = [
            FocusButton(game.id, snapshot.stage, focus.dumps(), max(0, min(target, pages - 1)), t(lang, key), off)
            for key, target, off in (("panel.prev", page - 1, page == 0), ("panel.next", page + 1, page >= pages - 1))
        ]
        _place(controls, list(turns), 3)
    if focus.chat_vert:
        lines.append(t(lang, "cv.panel.armed"))
    _place(controls, _move_row(snapshot, seat, lang, focus, page, drawn is not None), 4)
    return FocusPanel(lines, lambda: PICTURES.hand(view, lang), controls)


def _move_row(
    snapshot: Snapshot, seat: int, lang: str, focus: Focus, page: int, drawn: bool
) -> list[discord.ui.Item[Any]]:
    """Draw (or keep the drawn card), "Chat vert !" (a toggle: the next card is played saying it), the words
    toggle (cards become "play and say…") and "Say…" on its own."""
    game, version, stage = snapshot.game, snapshot.n, snapshot.stage
    pending = snapshot.views[seat].table.pending
    if drawn:
        first: discord.ui.Item[Any] = ActButton(
            game.id, version, Action.of("keep"), t(lang, "cv.action.keep"), discord.ButtonStyle.secondary
        )
    else:
        label = plural(lang, "cv.action.draw_pending", pending.count) if pending else t(lang, "cv.action.draw")
        first = ActButton(game.id, version, Action.of("draw"), label, discord.ButtonStyle.primary)
    cv_label = t(lang, "cv.action.chat_vert_on" if focus.chat_vert else "cv.action.chat_vert")
    words_label = t(lang, "cv.action.words_off" if focus.words else "cv.action.words")
    chat_vert = FocusButton(game.id, stage, replace(focus, chat_vert=not focus.chat_vert).dumps(), page, cv_label)
    words = FocusButton(game.id, stage, replace(focus, words=not focus.words).dumps(), page, words_label)
    say = SayButton(game.id, version, Action.of("say"), t(lang, "cv.action.say"))
    return [first, chat_vert, words, say]


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
    (Discord's rate limits); the table message shows the pile. While the seat is to act, every action counts: its
    card buttons carry the state's version."""
    awaited = view.version if view.seat in view.to_act else None
    return (view.own.hand, view.own.drawn, tuple(a.dumps() for a in view.legal), awaited)


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
    chatvert = command_group("chatvert")

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
        name=_("addrule", key="cmd.chatvert.addrule.name"),
        description=_("Winner: create your new secret rule", key="cmd.chatvert.addrule.description"),
    )
    async def addrule(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.channel_id is None:
            raise TableError("guild_only")
        await open_dialog(interaction, interaction.channel_id)

    @chatvert.command(
        name=_("myrules", key="cmd.chatvert.myrules.name"),
        description=_("How many secret rules are in force here, and yours", key="cmd.chatvert.myrules.description"),
    )
    async def myrules(self, interaction: discord.Interaction[Any]) -> None:
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
        """The author's free rules at this table. An autocomplete cannot be deferred, and Discord drops it unanswered
        after 3 seconds: a store slower than ``SUGGEST_WAIT_S`` gets no suggestion (the command checks the number)."""
        bot = bot_of(interaction)
        if interaction.channel_id is None:
            return []
        lookup = asyncio.ensure_future(bot.store.active_game(interaction.channel_id))
        pause = asyncio.ensure_future(asyncio.sleep(SUGGEST_WAIT_S))
        await asyncio.wait((lookup, pause), return_when=asyncio.FIRST_COMPLETED)
        pause.cancel()
        if not lookup.done():
            lookup.add_done_callback(lambda late: late.cancelled() or late.exception())  # its end is read, not logged
            return []
        row = lookup.result()
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
