"""The addresses of the pages, as the bot gives them out: a game's live table and replay, a server's page, each
with its signed token, from the address the pages are reached at.

The pages a process serves are registered here (``serving``): the Discord side reads them from this module, which
is imported once, where a discord.py extension's own module is loaded afresh by the bot.
"""

from __future__ import annotations

from dataclasses import dataclass

from web.tokens import Signer


@dataclass(frozen=True)
class Links:
    """Where the pages of a game or a server are, from ``base`` (the public address, or the address served)."""

    signer: Signer
    base: str
    public: bool
    """Whether ``base`` is the public address (``TABLEE_PUBLIC_URL``): only then do channel messages link to it."""

    def live(self, game_id: int) -> str:
        return f"{self.base}/g/{self.signer.game(game_id)}/"

    def replay(self, game_id: int) -> str:
        return f"{self.live(game_id)}replay"

    def server(self, guild_id: int) -> str:
        return f"{self.base}/s/{self.signer.guild(guild_id)}/"


_serving: list[tuple[object, Links]] = []
"""The pages this process serves, by whom (the bot), with their links."""


def serving(owner: object, links: Links) -> None:
    _serving.append((owner, links))


def stopped(owner: object) -> None:
    _serving[:] = [entry for entry in _serving if entry[0] is not owner]


def current() -> Links | None:
    """The links of the pages served here (the latest started), None when none are."""
    return _serving[-1][1] if _serving else None
