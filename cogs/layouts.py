"""Components V2 layouts: the table message, the lobby and the private panel as one container each (the
picture in a media gallery, the words as text, the controls as action rows).

Games still describe their controls as rows of items (a classic ``discord.ui.View`` with each item's ``row``);
``action_rows`` moves them into a layout. A layout message holds no content or embed, so every edit replaces the
whole layout (an ended table keeps its picture and words, only its controls go).
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

COLOUR = discord.Colour(0xE8B931)
TEXT_MAX = 4000
"""A layout message's text, all displays together, is at most 4,000 characters."""
ROW_WIDTH = 5


@dataclass(frozen=True)
class Shown:
    """A picture of a layout: its attachment's file name and what it shows in words (its alt text)."""

    file: str
    description: str = ""

    def item(self) -> discord.MediaGalleryItem:
        return discord.MediaGalleryItem(f"attachment://{self.file}", description=self.description or None)


Pictures = str | Shown | Sequence[str | Shown] | None


def row_of(item: discord.ui.Item[Any]) -> int | None:
    """The row asked for: a dynamic item's is its inner item's (a select keeps its row where only its own ``row``
    reads it, not the ``_row`` a ``DynamicItem`` reads)."""
    return item.item.row if isinstance(item, discord.ui.DynamicItem) else item.row


def action_rows(items: Iterable[discord.ui.Item[Any]]) -> list[discord.ui.ActionRow[Any]]:
    """Items grouped by their ``row`` (in order; an item without one goes on the next row with room)."""
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    loose: list[discord.ui.Item[Any]] = []
    for item in items:
        asked = row_of(item)
        if asked is None:
            loose.append(item)
        else:
            rows.setdefault(asked, []).append(item)
    ordered = [rows[r] for r in sorted(rows)]
    for item in loose:
        home = next((row for row in ordered if sum(i.width for i in row) + item.width <= ROW_WIDTH), None)
        if home is None:
            ordered.append([item])
        else:
            home.append(item)
    out = []
    for row in ordered:
        for item in row:
            item.row = None  # a layout places items by their action row, not by number
        out.append(discord.ui.ActionRow(*row))
    return out


def layout(
    texts: Sequence[str],
    picture: Pictures = None,
    rows: Sequence[discord.ui.ActionRow[Any]] = (),
    footer: str = "",
) -> discord.ui.LayoutView:
    """One container: the first text, the picture (an attachment's file name, or a ``Shown`` with its description;
    several make one gallery), the other texts, the rows."""
    parts = [text for text in texts if text]
    budget = TEXT_MAX - len(footer)
    kept: list[str] = []
    for text in parts:
        room = budget - sum(len(k) for k in kept)
        if room <= 0:
            break
        kept.append(text[:room])
    children: list[discord.ui.Item[Any]] = []
    if kept:
        children.append(discord.ui.TextDisplay(kept[0]))
    listed = [picture] if isinstance(picture, str | Shown) else list(picture or ())
    pictures = [p if isinstance(p, Shown) else Shown(p) for p in listed]
    if pictures:
        children.append(discord.ui.MediaGallery(*(p.item() for p in pictures)))
    children.extend(discord.ui.TextDisplay(text) for text in kept[1:])
    children.extend(rows)
    if footer:
        children.append(discord.ui.TextDisplay(footer))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*children, accent_colour=COLOUR))
    return view
