"""Nothing private ever reaches a page: a whole seeded game of every kind is played through the table service with a
live page watching it, then replayed and listed, and everything the pages sent (the live stream's every event, the
live page and its state after each move, the replay's every step in both languages, the server page) is checked
against what each seat alone knows at that moment:

- its secret values (``Engine.secrets``: the codes of its cards and tiles, its hidden mentions), as whole words;
- those cards and tiles in the game's own words (``card_name``), when the table never showed them before;
- the description of its hand (``describe_hand``, the private panel's alt text);
- the words of every private event (a card drawn, a discard, a hidden bid), in French and English;
- and the pictures sent are the public table's, byte for byte.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import Event
from bot.pictures.cache import table_picture
from bot.registry import engine_of
from bot.registry import texts_of
from bot.service.live import UNDO
from bot.service.live import rebuild
from bot.service.live import undone_numbers
from bot.texts import chat_vert as chat_vert_texts
from bot.texts import nain_jaune as nain_jaune_texts
from bot.texts import narrate
from bot.texts import neurotrio as neurotrio_texts
from bot.texts import njet as njet_texts
from tests.games.test_conformance import strings
from tests.service_support import started_with_computers
from tests.web.sse import Event as Sent
from tests.web.sse import next_event
from tests.web.support import HOST
from tests.web.support import SHORT
from tests.web.support import host_moves
from tests.web.support import live_link
from tests.web.support import pages
from tests.web.support import server_link

LANGS = ("fr", "en")
NAMES: dict[str, Callable[[str, str], str]] = {
    "nain_jaune": nain_jaune_texts.card_name,
    "njet": njet_texts.card_name,
    "neurotrio": neurotrio_texts.card_name,
    "chat_vert": chat_vert_texts.card_name,
}
"""Each game's words for one of its cards (Triominos names a tile by its code)."""
PICTURE_EVERY = 5
"""Every fifth picture of the live stream, fetched as a browser does, is compared with the public table's."""


@dataclass
class Known:
    """What the seats alone know at one version of the game."""

    codes: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    hands: set[str] = field(default_factory=set)


@dataclass
class Secrets:
    """A stored game replayed: what is secret at each version, and the words of its private events."""

    at: dict[int, Known]
    private_lines: set[str]


def secrets_of(kind: str, row: Any, rows: list[Any]) -> Secrets:
    engine, texts = engine_of(kind), texts_of(kind)
    names = [seat.name for seat in row.seats]
    undone = undone_numbers(rows)
    applied = [r for r in rows if r.n not in undone and Action.loads(r.action).kind != UNDO]
    shown: set[str] = set()
    public_lines: set[str] = set()
    private_lines: set[str] = set()
    at: dict[int, Known] = {}

    def observe(state: Any, events: list[Event]) -> None:
        version = engine.public_view(state).version
        number = applied[version - 1].n if version else 0
        shown.update(strings(engine.public_view(state)))
        for event in events:
            for lang in LANGS:
                line = narrate(kind, event, names, lang)
                if line:
                    (public_lines if event.private_to is None else private_lines).add(line)
            if event.private_to is None:
                shown.update(strings(event.data))
        known = Known()
        for seat in range(len(names)):
            secret = engine.secrets(state, seat)
            known.codes |= secret
            namer = NAMES.get(kind)
            for code in secret - shown:
                known.names |= {namer(code, lang) for lang in LANGS} if namer else set()
            view = engine.view(state, seat)
            known.hands |= {texts.describe_hand(view, names, lang) for lang in LANGS}
        at[number] = known

    rebuild(engine, row, rows, observe)
    return Secrets(at, private_lines - public_lines)


def words(text: str) -> set[str]:
    return set(re.findall(r"[\w:-]+", text))


def check(text: str, known: Known, private_lines: set[str], where: str) -> None:
    leaked = known.codes & words(text)
    assert not leaked, f"{where}: secret codes {sorted(leaked)[:5]}"
    for name in known.names:
        assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text), f"{where}: a secret card named, {name!r}"
    for hand in known.hands:
        assert hand not in text, f"{where}: a hand's description"
    for line in private_lines:
        assert line not in text, f"{where}: a private event's words, {line!r}"


def flat(data: Any) -> str:
    """Every text of a JSON answer, decoded, one a line."""
    return "\n".join(strings(data))


def version_of(sent: Sent) -> int:
    return int(sent.json()["n"])


@pytest.mark.parametrize("kind", list(SHORT))
async def test_no_page_and_no_event_tells_a_seats_secret(db_path: Path, kind: str) -> None:
    players, options = SHORT[kind]
    service, game_id = await started_with_computers(db_path, kind, players, dict(options), HOST)
    sent: list[Sent] = []
    states: list[tuple[int, str]] = []
    pictures: list[tuple[int, bytes]] = []
    async with pages(service) as client:
        stream = await client.get(live_link(game_id) + "events")
        sent.append(await next_event(stream))
        while (await service.game_row(game_id)).status == "running":
            await host_moves(service, game_id, 1)
            event = await next_event(stream, timeout=2.0)
            while event.kind != "state":
                event = await next_event(stream, timeout=2.0)
            sent.append(event)
            if len(sent) % PICTURE_EVERY == 2:
                picture = await client.get(live_link(game_id) + event.json()["picture"])
                pictures.append((version_of(event), await picture.read()))
            state = await client.get(live_link(game_id) + "state.json?lang=en")
            data = await state.json()
            states.append((int(data["n"]), flat(data)))
        stream.close()
        page = html.unescape(await (await client.get(live_link(game_id))).text())
        replays = {
            lang: await (await client.get(live_link(game_id) + f"steps.json?lang={lang}")).json() for lang in LANGS
        }
        server = html.unescape(await (await client.get(server_link())).text())
    row = await service.store.get_game(game_id)
    assert row is not None and row.status == "over"
    rows = await service.store.actions(game_id)
    secrets = secrets_of(kind, row, rows)
    final = secrets.at[rows[-1].n]

    assert len(sent) > 3 and states[-1][0] == rows[-1].n
    for event in sent:
        check(flat(event.json()), secrets.at[version_of(event)], secrets.private_lines, f"event {event.id}")
    for n, text in states:
        check(text, secrets.at[n], secrets.private_lines, f"state {n}")
    for lang, data in replays.items():
        assert data["steps"] and data["steps"][-1]["n"] == rows[-1].n
        for step in data["steps"]:
            check(flat(step), secrets.at[step["n"]], secrets.private_lines, f"step {step['n']} ({lang})")
    check(page, final, secrets.private_lines, "the live page")
    check(server, final, secrets.private_lines, "the server page")
    checked_names = sum(len(known.names) for known in secrets.at.values())
    assert checked_names > 0 or kind == "triominos"  # the check had something to look for

    # the pictures are the public table's (a seat's view would draw its hand): replayed to each version sent
    engine = engine_of(kind)
    names = [seat.name for seat in row.seats]
    wanted = {n for n, _ in pictures}
    public: dict[int, Any] = {}

    def keep(state: Any, events: list[Event]) -> None:
        version = engine.public_view(state).version
        undone = undone_numbers(rows)
        applied = [r for r in rows if r.n not in undone and Action.loads(r.action).kind != UNDO]
        number = applied[version - 1].n if version else 0
        if number in wanted:
            public[number] = engine.public_view(state)

    rebuild(engine, row, rows, keep)
    for n, png in pictures:
        assert png == await table_picture(kind, public[n], names, "fr"), f"the picture of version {n}"
