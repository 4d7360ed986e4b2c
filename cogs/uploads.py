"""Never the same picture twice: what each of the bot's messages shows as attachments, so that an edit uploads only
the pictures that changed.

Discord keeps a message's attachments when an edit names none, and keeps those an edit lists by id; only a new
picture goes up as a file. Each picture is known by a digest of its PNG bytes, per message, for as long as its game
is live (a restart forgets it: the first edit then uploads the pictures once more).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping
from typing import Any

import discord


def _digest(png: bytes) -> bytes:
    return hashlib.blake2b(png, digest_size=16).digest()


class Uploads:
    """Per game, per message: each attachment's file name, the digest of its picture and Discord's attachment."""

    def __init__(self) -> None:
        self._shown: dict[int, dict[int, dict[str, tuple[bytes, discord.Attachment]]]] = {}

    def edit_fields(self, game_id: int, message_id: int, pngs: Mapping[str, bytes]) -> dict[str, Any]:
        """The ``attachments`` of an edit of ``message_id`` showing ``pngs`` (file name -> PNG): none when every
        picture is already there, else the unchanged ones by id and the new ones as files (made afresh each call: a
        file is spent by a request)."""
        shown = self._shown.get(game_id, {}).get(message_id, {})
        kept = {name: shown[name][1] for name, png in pngs.items() if name in shown and shown[name][0] == _digest(png)}
        if len(kept) == len(pngs) == len(shown):
            return {}
        return {
            "attachments": [
                kept[name] if name in kept else discord.File(io.BytesIO(png), filename=name)
                for name, png in pngs.items()
            ]
        }

    def remember(self, game_id: int, message: discord.Message, pngs: Mapping[str, bytes]) -> None:
        """What a message delivered (an edit's or a post's answer) shows now."""
        attachments = {a.filename: a for a in message.attachments}
        self._shown.setdefault(game_id, {})[message.id] = {
            name: (_digest(png), attachments[name]) for name, png in pngs.items() if name in attachments
        }

    def forget(self, game_id: int, message_id: int | None = None) -> None:
        """A message gone (or, without ``message_id``, a game ended): its pictures are uploaded again if shown."""
        if message_id is None:
            self._shown.pop(game_id, None)
        else:
            self._shown.get(game_id, {}).pop(message_id, None)
