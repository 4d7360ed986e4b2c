"""Persistent components: every button and select carries its game id (and state version) in its custom_id.

They are ``DynamicItem``s registered at start, so a message posted before a restart still works.
Ids: ``tb:l:<game>:<op>`` lobby, ``tb:h:<game>`` my hand, ``tb:p:<game>:<page>`` panel page, ``tb:i:<game>:<version>``
the hint of a private panel,
``tb:a:<game>:<version>:<action json>`` a move, ``tb:s:<game>:<version>:<page>`` a move chosen in a select,
``tb:k:<game>:<version>:<action json>`` a move with words (opens a modal whose id is ``tb:y:...``, same tail).
The version is the number of actions the game had when the component was drawn: a double click, or a button
from an earlier moment, is refused instead of applied twice. Focus components (``tb:f``, ``tb:g``) make no move
and carry the deal (stage) instead. Numbers in ids are bounded, so a forged id never reaches the store as a
number it cannot hold; every handler checks that the interaction comes from the game's own channel (or, for
private controls, a player's DM) before anything else.

Modals are sent already stopped, so discord.py keeps no copy of them: their submission is handled from its
custom_id alone (``on_modal_submit``), which also works after a restart.

Private panels live here too: a player's hand picture and the controls for exactly their legal moves, sent as a
DM (edited in place as the hand changes) or, when DMs are closed, as an ephemeral message from the "My hand"
button or ``/table hand``. A panel holds these components and their callbacks draw the panel again, so both
belong to one module.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from typing import Any

import discord

from bot.games.base import Action
from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.i18n import t
from bot.pictures.cache import hand_picture
from bot.pictures.workers import off_loop
from bot.registry import spec_of
from bot.registry import texts_of
from bot.service.hinting import seat_hint
from bot.service.live import UNDO
from bot.service.table_settings import setting
from bot.service.tables import Snapshot
from bot.service.tables import TableError
from cogs.alt_text import fit
from cogs.common import bot_of
from cogs.common import can_manage
from cogs.common import check_origin
from cogs.common import display_name
from cogs.common import error_text
from cogs.common import label_of
from cogs.common import menu
from cogs.common import picked
from cogs.common import rebuilt
from cogs.common import remember_locale
from cogs.common import report_error
from cogs.common import style_of
from cogs.common import user_lang
from cogs.help import RulesButton
from cogs.layouts import Shown
from cogs.layouts import action_rows
from cogs.layouts import layout
from cogs.lobby_options import OptionSelect
from cogs.table_buttons import AgainButton
from cogs.table_buttons import SettingsSelect
from cogs.table_buttons import TakeSeatButton
from cogs.ui import ui_for

log = logging.getLogger(__name__)

LOBBY_OPS = ("join", "leave", "bot", "start", "cancel")


def _action(token: str) -> Action:
    """The move a custom_id carries; a damaged one becomes a move every engine refuses."""
    try:
        return Action.loads(token)
    except (ValueError, KeyError, TypeError):
        return Action.of("invalid")


async def _kind_of(interaction: discord.Interaction[Any], game_id: int) -> str | None:
    try:
        return (await bot_of(interaction).tables.game_row(game_id)).kind
    except GameError:
        return None


async def run_move(interaction: discord.Interaction[Any], game_id: int, version: int, action: Action) -> None:
    """A move from a panel or the table: acknowledge at once, go through the pipeline, refresh the panel.

    Any failure becomes a sentence for the user (discord.py would otherwise swallow it silently); a stale click
    also redraws the panel it came from as it is now.
    """

    try:
        await interaction.response.defer()
        bot = bot_of(interaction)
        check_origin(interaction, await bot.tables.game_row(game_id), private=True)
        await remember_locale(interaction)
        bot.publisher.answer_through(interaction, game_id)
        await bot.tables.act(game_id, interaction.user.id, action, version)
        await refresh_clicked_panel(interaction, game_id)
    except GameError as error:
        kind = await _kind_of(interaction, game_id)
        if interaction.guild_id is None:
            text = error_text(error, user_lang(interaction), kind)
            if await refresh_clicked_panel(interaction, game_id, stale=True, notice=text):
                return
        await report_error(interaction, error, kind)
        if isinstance(error, TableError) and error.code == "stale_button":
            await refresh_clicked_panel(interaction, game_id, stale=True)
    except Exception as error:
        await report_error(interaction, error)


LOBBY_STEPS = {"join": "lobby.joined", "leave": "lobby.left", "bot": "lobby.bot_added", "start": "lobby.started"}
"""The steps of a lobby, from its buttons or ``/table``, and the private sentence that confirms each."""


async def lobby_step(interaction: discord.Interaction[Any], game_id: int, op: str) -> str:
    """Take a seat, leave, add a computer player or start; the confirmation in the user's language."""
    tables, user = bot_of(interaction).tables, interaction.user
    if op == "join":
        await tables.join(game_id, user.id, display_name(user))
    elif op == "leave":
        await tables.leave(game_id, user.id)
    elif op == "bot":
        await tables.add_bot(game_id, user.id)
    elif op == "start":
        await tables.start(game_id, user.id)
    else:
        raise TableError("expired")
    return t(user_lang(interaction), LOBBY_STEPS[op])


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:l:(?P<gid>[0-9]{1,18}):(?P<op>[a-z]+)"):
    def __init__(
        self, game_id: int, op: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ):
        super().__init__(discord.ui.Button(label=label or op, style=style, custom_id=f"tb:l:{game_id}:{op}"))
        self.game_id = game_id
        self.op = op

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), match["op"], label_of(item), style_of(item)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:

        await interaction.response.defer()
        bot = bot_of(interaction)
        user = interaction.user
        lang = user_lang(interaction)
        try:
            row = await bot.tables.game_row(self.game_id)
            check_origin(interaction, row)
            await remember_locale(interaction)
            if self.op == "cancel":
                await bot.tables.close(self.game_id, user.id, can_manage=can_manage(interaction, row), lobby_only=True)
                done = t(lang, "lobby.cancelled")
            else:
                done = await lobby_step(interaction, self.game_id, self.op)
        except GameError as error:
            await report_error(interaction, error)
            return
        await interaction.followup.send(done, ephemeral=True)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:h:(?P<gid>[0-9]{1,18})"):
    def __init__(self, game_id: int, label: str = "🂠"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=f"tb:h:{game_id}"))
        self.game_id = game_id

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), label_of(item)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:

        await send_ephemeral_panel(interaction, self.game_id)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:p:(?P<gid>[0-9]{1,18}):(?P<page>[0-9]{1,4})"
):
    def __init__(self, game_id: int, page: int, label: str, disabled: bool = False):
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"tb:p:{game_id}:{page}", disabled=disabled
            )
        )
        self.game_id = game_id
        self.page = page

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), int(match["page"]), label_of(item)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:

        await show_page(interaction, self.game_id, self.page)


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tb:a:(?P<gid>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<tok>\{.*\})",
):
    """A move in one click: the action itself and the state's version ride in the button's id."""

    prefix = "tb:a"
    default_style = discord.ButtonStyle.primary

    def __init__(
        self, game_id: int, version: int, action: Action, label: str = "", style: discord.ButtonStyle | None = None
    ):
        custom_id = action_id(game_id, version, action, self.prefix)
        button = discord.ui.Button[Any](
            label=label[:80] or action.kind, style=style or self.default_style, custom_id=custom_id
        )
        super().__init__(button)
        self.game_id = game_id
        self.version = version
        self.action = action

    from_custom_id = rebuilt(
        lambda match, item: (
            int(match["gid"]),
            int(match["version"]),
            _action(match["tok"]),
            label_of(item),
            style_of(item),
        )
    )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_move(interaction, self.game_id, self.version, self.action)


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"tb:s:(?P<gid>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<page>[0-9]{1,4})",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ):
        super().__init__(menu(f"tb:s:{game_id}:{version}:{page}", options, placeholder))
        self.game_id = game_id
        self.version = version

    from_custom_id = rebuilt(
        lambda match, item: (
            int(match["gid"]),
            int(match["version"]),
            int(match["page"]),
            list(getattr(item, "options", [])),
            getattr(item, "placeholder", None),
        )
    )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = picked(interaction)
        try:
            action = Action.loads(values[0]) if values else Action.of("invalid")
        except (ValueError, KeyError, TypeError):
            action = Action.of("invalid")
        await run_move(interaction, self.game_id, self.version, action)


class ActMultiSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"tb:m:(?P<gid>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<kind>[a-z_]+):(?P<field>[a-z_]+)",
):
    """Choose several things at once (e.g. the cards of a discard): the move is ``kind(field=[values])``.

    Option values may carry a ``#n`` suffix so that identical cards stay distinct options.
    """

    def __init__(
        self,
        game_id: int,
        version: int,
        kind: str,
        field: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        count: int = 1,
    ):
        super().__init__(menu(f"tb:m:{game_id}:{version}:{kind}:{field}", options, placeholder, count))
        self.game_id = game_id
        self.version = version
        self.kind = kind
        self.field = field

    from_custom_id = rebuilt(
        lambda match, item: (int(match["gid"]), int(match["version"]), match["kind"], match["field"])
    )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values: list[JSONValue] = [*sorted(v.split("#", 1)[0] for v in picked(interaction))]
        action = Action.of(self.kind, **{self.field: values})
        await run_move(interaction, self.game_id, self.version, action)


class FocusSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"tb:f:(?P<gid>[0-9]{1,18}):(?P<stage>[0-9]{1,9})(?::(?P<slot>[0-9]{1,2}))?",
):
    """Look closer at one thing in a private panel (e.g. one tile and where it fits); no move is made.

    ``slot`` tells apart several such selects in one message (a Neurotrio bid has three).
    """

    def __init__(
        self,
        game_id: int,
        stage: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        slot: int = 0,
    ):
        super().__init__(
            menu(f"tb:f:{game_id}:{stage}:{slot}" if slot else f"tb:f:{game_id}:{stage}", options, placeholder)
        )
        self.game_id = game_id
        self.stage = stage

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), int(match["stage"])))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:

        values = picked(interaction)
        await show_focus(interaction, self.game_id, self.stage, values[0] if values else None, 0)


class FocusButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tb:g:(?P<gid>[0-9]{1,18}):(?P<stage>[0-9]{1,9}):(?P<page>[0-9]{1,4}):(?P<focus>.*)",
):
    """Change the focus or the page of a private panel (back, all moves, next page)."""

    def __init__(
        self, game_id: int, stage: int, focus: str, page: int, label: str = "", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "…",
                style=discord.ButtonStyle.secondary,
                custom_id=f"tb:g:{game_id}:{stage}:{page}:{focus}"[:100],
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.stage = stage
        self.focus = focus
        self.page = page

    from_custom_id = rebuilt(
        lambda match, item: (int(match["gid"]), int(match["stage"]), match["focus"], int(match["page"]), label_of(item))
    )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:

        await show_focus(interaction, self.game_id, self.stage, self.focus or None, self.page)


SAY_MAX = 200
"""The longest thing a player may say with a move (the engine refuses longer)."""


class SayButton(
    ActButton,
    template=r"tb:k:(?P<gid>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<tok>\{.*\})",
):
    """ "Play and say...", "Say...": opens a modal for the words; the move is made when it is submitted."""

    prefix = "tb:k"
    default_style = discord.ButtonStyle.secondary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:

        lang = user_lang(interaction)
        modal = discord.ui.Modal(
            title=t(lang, "say.title")[:45], custom_id=f"tb:y:{self.game_id}:{self.version}:{self.action.dumps()}"
        )
        modal.add_item(
            discord.ui.TextInput(
                label=t(lang, "say.label")[:45],
                custom_id="say",
                max_length=SAY_MAX,
                placeholder=t(lang, "say.placeholder")[:100],
            )
        )
        modal.stop()
        await interaction.response.send_modal(modal)


MODAL_SAY = re.compile(r"tb:y:(?P<gid>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<tok>\{.*\})")


def modal_nodes(data: Any) -> Iterator[dict[str, Any]]:
    """Every component of a modal submission, rows and labels walked through."""
    todo = list((data or {}).get("components") or [])
    while todo:
        node = todo.pop()
        if not isinstance(node, dict):
            continue
        yield node
        todo.extend(node.get("components") or [])
        if isinstance(node.get("component"), dict):
            todo.append(node["component"])


def modal_values(data: Any) -> dict[str, str]:
    """The text fields of a modal submission, by custom_id."""
    return {str(n["custom_id"]): str(n["value"]) for n in modal_nodes(data) if "value" in n and "custom_id" in n}


async def on_modal_submit(interaction: discord.Interaction[Any]) -> bool:
    """A move with words: the action in the modal's id plus what was typed. False when not ours."""
    data: Any = interaction.data or {}
    match = MODAL_SAY.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return False
    text = modal_values(data).get("say", "")
    args = dict(_action(match["tok"]).to_json())
    kind = str(args.pop("kind"))
    args["text" if kind == "say" else "say"] = text
    await run_move(interaction, int(match["gid"]), int(match["version"]), Action.of(kind, **args))
    return True


def action_id(game_id: int, version: int, action: Action, prefix: str = "tb:a") -> str:
    """A move's component id; refused when Discord would not take it (100 characters at most)."""
    custom_id = f"{prefix}:{game_id}:{version}:{action.dumps()}"
    if len(custom_id) > 100:
        raise ValueError(f"custom_id too long for {action!r}")
    return custom_id


class HintButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:i:(?P<gid>[0-9]{1,18}):(?P<version>[0-9]{1,9})"
):
    """ "Hint" on a private panel (when the table allows it): the computer player's choice for the clicker's seat
    now, with its reason, said to the clicker alone. The game is marked as hinted, so it is not rated."""

    def __init__(self, game_id: int, version: int, label: str = "") -> None:
        button = discord.ui.Button[Any](
            label=label or None, emoji="💡", style=discord.ButtonStyle.secondary, custom_id=f"tb:i:{game_id}:{version}"
        )
        super().__init__(button)
        self.game_id = game_id
        self.version = version

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), int(match["version"]), label_of(item)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            text = await hint_for(interaction, self.game_id, self.version)
        except GameError as error:
            await report_error(interaction, error, await _kind_of(interaction, self.game_id))
            return
        await interaction.followup.send(text, ephemeral=True)


async def hint_for(interaction: discord.Interaction[Any], game_id: int, version: int) -> str:
    """The hint for the clicker's seat at ``version``, in their language; the game is marked hinted (once).

    Refused, changing nothing, when the table does not allow hints, the button is from an earlier moment, or the
    seat has no move to make now.
    """
    bot = bot_of(interaction)
    row = await bot.tables.game_row(game_id)
    check_origin(interaction, row, private=True)
    await remember_locale(interaction)
    lang = user_lang(interaction)
    label, reason = await seat_hint(bot.tables, game_id, interaction.user.id, version, lang)
    return t(lang, "hint.answer", move=label, reason=reason)


DYNAMIC_ITEMS = (
    LobbyButton,
    HintButton,
    HandButton,
    PageButton,
    ActButton,
    ActSelect,
    ActMultiSelect,
    FocusSelect,
    FocusButton,
    SayButton,
    OptionSelect,
    RulesButton,
    TakeSeatButton,
    AgainButton,
    SettingsSelect,
)


async def answer_unknown_component(interaction: discord.Interaction[Any]) -> None:
    """A component of ours that no template takes (a forged id, numbers too large for a game) gets a sentence,
    not Discord's silent "interaction failed"; nothing is looked up."""
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if not custom_id.startswith("tb:") or any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in bot_of(interaction).dynamic_items
    ):
        return
    await report_error(interaction, TableError("expired"))


# --- private panels ---------------------------------------------------------------------------------

BUTTONS_MAX = 20
"""Up to this many moves show as buttons (4 rows of 5); more go to a paged select."""
SELECT_PAGE = 25


@dataclass
class Panel:
    """A private panel: its words, its picture and its controls (rows of a classic view, plus "Undo")."""

    text: str
    png: bytes
    view: discord.ui.View | None
    extra: list[discord.ui.Item[Any]] = field(default_factory=list)
    notice: str = ""
    """A refusal said on the panel itself (in a DM nothing is private: a new message each time would pile up)."""
    description: str = ""
    """The picture in words (its alt text)."""

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename="hand.png")

    def layout(self) -> discord.ui.LayoutView:
        items = [*(self.view.children if self.view is not None else []), *self.extra]
        footer = f"-# ⚠️ {self.notice}" if self.notice else ""
        picture = Shown("hand.png", self.description)
        return layout([self.text], picture=picture, rows=action_rows(items), footer=footer)


def _status_line(snapshot: Snapshot, seat: int, lang: str) -> str:
    names = [s.name for s in snapshot.game.seats]
    if snapshot.over:
        return t(lang, "panel.over")
    if seat in snapshot.to_act:
        return t(lang, "panel.your_turn")
    waiting = ", ".join(names[s] for s in sorted(snapshot.to_act)) or "—"
    return t(lang, "panel.waiting", names=waiting)


def build_controls(snapshot: Snapshot, seat: int, lang: str, page: int = 0) -> discord.ui.View | None:
    """Buttons for a handful of moves; a select, paged by 25, for more."""
    legal = [] if snapshot.over else list(dict.fromkeys(snapshot.legal.get(seat, [])))
    if not legal:
        return None
    game = snapshot.game
    ui = ui_for(game.kind)
    texts = texts_of(game.kind)
    names = [s.name for s in game.seats]
    view_data = snapshot.views[seat]
    view = discord.ui.View(timeout=None)
    if len(legal) <= BUTTONS_MAX:
        for i, action in enumerate(legal):
            label = texts.action_label(action, view_data, lang, names)
            button = ActButton(game.id, snapshot.n, action, label, ui.action_style(action))
            button.item.row = i // 5
            view.add_item(button)
        return view
    pages = (len(legal) + SELECT_PAGE - 1) // SELECT_PAGE
    page = max(0, min(page, pages - 1))
    chunk = legal[page * SELECT_PAGE : (page + 1) * SELECT_PAGE]
    options = [
        discord.SelectOption(label=texts.action_label(a, view_data, lang, names)[:100], value=a.dumps()) for a in chunk
    ]
    select = ActSelect(game.id, snapshot.n, page, options, t(lang, "panel.choose", page=page + 1, pages=pages))
    select.item.row = 0
    view.add_item(select)
    if pages > 1:
        prev = PageButton(game.id, max(page - 1, 0), t(lang, "panel.prev"), disabled=page == 0)
        nxt = PageButton(game.id, min(page + 1, pages - 1), t(lang, "panel.next"), disabled=page >= pages - 1)
        prev.item.row = nxt.item.row = 1
        view.add_item(prev)
        view.add_item(nxt)
    return view


def focused_choice(
    snapshot: Snapshot,
    focus: str,
    page: int,
    pages: int,
    options: list[discord.SelectOption],
    placeholder: str,
    back: str,
    lang: str,
) -> discord.ui.View:
    """A panel focused on one thing (a tile, a card): a select of its moves on this page, then Back to the whole
    hand and the page turns."""
    game = snapshot.game
    view = discord.ui.View(timeout=None)
    if options:
        select = ActSelect(game.id, snapshot.n, page, options, placeholder)
        select.item.row = 0
        view.add_item(select)
    turns = [FocusButton(game.id, snapshot.stage, "", 0, back)]
    if pages > 1:
        for label, target, off in (("panel.prev", page - 1, page == 0), ("panel.next", page + 1, page >= pages - 1)):
            turns.append(
                FocusButton(game.id, snapshot.stage, focus, max(0, min(target, pages - 1)), t(lang, label), off)
            )
    for button in turns:
        button.item.row = 1
        view.add_item(button)
    return view


async def build_panel(
    snapshot: Snapshot, seat: int, lang: str, page: int = 0, focus: str | None = None, notice: str = ""
) -> Panel:
    game = snapshot.game
    ui = ui_for(game.kind)
    names = [s.name for s in game.seats]
    lines = [
        t(lang, "panel.header", game=t(lang, spec_of(game.kind).title_key), channel=f"<#{game.channel_id}>"),
        *texts_of(game.kind).summary(snapshot.public, names, lang),
        f"**{_status_line(snapshot, seat, lang)}**",
    ]
    extra: list[discord.ui.Item[Any]] = []
    if snapshot.undo_seat == seat:
        undo = ActButton(game.id, snapshot.n, Action.of(UNDO), t(lang, "flow.undo"), discord.ButtonStyle.secondary)
        extra.append(undo)
    if setting(game, "hints") and not snapshot.over and seat in snapshot.to_act and snapshot.legal.get(seat):
        extra.append(HintButton(game.id, snapshot.n, t(lang, "hint.button")))
    described = fit(texts_of(game.kind).describe_hand(snapshot.views[seat], names, lang))
    custom = ui.focus_panel(snapshot, seat, lang, focus, page) if ui.focus_panel is not None else None
    if custom is not None:
        png = await off_loop(custom.picture)
        text = "\n".join([*lines, *custom.lines])
        return Panel(text, png, custom.controls, extra, notice, fit(custom.description) or described)
    png = await hand_picture(game.kind, snapshot.views[seat], lang)
    return Panel("\n".join(lines), png, build_controls(snapshot, seat, lang, page), extra, notice, described)


async def seat_snapshot(
    interaction: discord.Interaction[Any], game_id: int, *, private: bool = True
) -> tuple[Snapshot, int]:
    """The snapshot and the clicker's seat, once the interaction is known to come from the game's own place."""
    bot = bot_of(interaction)
    row = await bot.tables.game_row(game_id)
    check_origin(interaction, row, private=private)
    if row.status == "lobby":
        raise TableError("not_started")
    seat = row.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("not_seated")
    if row.status != "running":
        raise TableError("game_over")
    return await bot.tables.snapshot(game_id), seat


async def send_ephemeral_panel(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The "My hand" button and ``/table hand``: the private panel as an ephemeral message."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        snapshot, seat = await seat_snapshot(interaction, game_id, private=False)
        await remember_locale(interaction)
    except GameError as error:
        await report_error(interaction, error)
        return
    panel = await build_panel(snapshot, seat, user_lang(interaction))
    await interaction.followup.send(view=panel.layout(), file=panel.file(), ephemeral=True)


async def refresh_clicked_panel(
    interaction: discord.Interaction[Any], game_id: int, *, stale: bool = False, notice: str = ""
) -> bool:
    """After a move from an ephemeral panel, show the new hand in that same message; True when it was redrawn.

    DM panels are refreshed by the publisher, which edits the player's one DM message; after a stale or refused
    click (``stale``) the clicked DM panel is redrawn at once too, with the reason as its ``notice``, so the
    player sees the game as it is now without a new message in their DMs.
    """
    message = interaction.message
    if message is None:
        return False
    in_dm = interaction.guild_id is None
    if not (message.flags.ephemeral or (stale and in_dm)):
        return False
    try:
        snapshot, seat = await seat_snapshot(interaction, game_id)
    except GameError:
        return False
    panel = await build_panel(snapshot, seat, user_lang(interaction), notice=notice)
    try:
        await interaction.edit_original_response(content=None, attachments=[panel.file()], view=panel.layout())
    except discord.HTTPException:
        log.warning("could not redraw the clicked panel of game %s", game_id, exc_info=True)
        return False
    return True


async def show_page(interaction: discord.Interaction[Any], game_id: int, page: int) -> None:
    """Turn a page of a long list of moves, in place (acknowledged before the game's lock is waited for)."""
    await interaction.response.defer()
    bot_of(interaction).publisher.answer_through(interaction, game_id)
    try:
        snapshot, seat = await seat_snapshot(interaction, game_id)
    except GameError as error:
        await report_error(interaction, error)
        return
    panel = await build_panel(snapshot, seat, user_lang(interaction), page)
    await interaction.edit_original_response(content=None, attachments=[panel.file()], view=panel.layout())


async def show_focus(
    interaction: discord.Interaction[Any], game_id: int, stage: int, focus: str | None, page: int
) -> None:
    """Redraw a private panel in place around what the player chose to look at (no move is made).

    Acknowledged first: the snapshot waits for the game's lock, which a busy game may hold for a while.
    """
    await interaction.response.defer()
    bot_of(interaction).publisher.answer_through(interaction, game_id)
    try:
        snapshot, seat = await seat_snapshot(interaction, game_id)
        if snapshot.stage != stage:
            raise TableError("stale_stage")
    except GameError as error:
        await report_error(interaction, error)
        return
    panel = await build_panel(snapshot, seat, user_lang(interaction), page, focus)
    await interaction.edit_original_response(content=None, attachments=[panel.file()], view=panel.layout())
