"""Le Chat vert on a simulated Discord: three people play, the winner writes a secret rule through the private
dialogue, the bot restarts, and the next game at the table penalises the first player who breaks the rule, in the
seed's own words, without the rule's text ever reaching the channel.

Moves that matter are made through the real components (the card buttons, "Chat vert !", "With words…" and
the card's modal, the public "J'ai la même !" button); the rest of the first game goes through the table service
directly, so that the test does not spend minutes on ordinary plays.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import GameError
from bot.players.chat_vert import PLAYER
from bot.texts.chat_vert import describe_rule
from cogs.common import error_text
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import errors_of
from tests.e2e.simhelpers import make_bot
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import set_locales


class CatTable(SimTable):
    def __init__(self, env: Any) -> None:
        super().__init__(env, ("alix", "bao", "chloe"), "chat-vert", guild_locale="fr")
        set_locales(env, {}, default="fr")

    async def start(self) -> None:
        await super().open_and_start("chatvert", players=3, timer=0)

    async def seat_to_act(self) -> tuple[int, Any]:
        await self.bot.publisher.wait_idle()
        live = await self.live()
        (seat,) = live.engine.to_act(live.state)
        return seat, self.by_id[live.row.seats[seat].user_id]

    def channel_texts(self) -> list[str]:
        texts = []
        for message in self.channel.history():
            texts.append(message.content or "")
            for embed in message.embeds:
                texts.append(f"{embed.title or ''} {embed.description or ''}")
            texts += displayed_texts(message.components)
        return texts


def displayed_texts(items: Any) -> list[str]:
    """The texts a message shows in its components (a layout's text displays, at any depth)."""
    out: list[str] = []
    for item in items or []:
        if isinstance(getattr(item, "content", None), str):
            out.append(item.content)
        out += displayed_texts(getattr(item, "children", None) or getattr(item, "components", None))
    return out


def _move_ids(message: Any, prefix: str) -> dict[str, str]:
    """The moves a panel's ``prefix`` components carry (action JSON -> custom_id)."""
    return {i.split(":", 4)[4]: i for i in custom_ids(message, prefix)}


async def play_from_panel(
    table: CatTable, member: Any, card: str, n: int = 1, colour: str | None = None, say: str | None = None
) -> Any:
    """Click the card in the DM panel (its colour next for a major); "Chat vert !" is armed first, other words go
    through "With words…" and the card's modal."""
    await table.bot.publisher.wait_idle()
    dm = member.user.dm_channel
    toggle = ":v" if say == "Chat vert" else ":w" if say is not None else None
    if toggle is not None:
        armed = next(i for i in custom_ids(dm.last_message, "tb:g:") if i.endswith(toggle))
        await member.user.click(dm.last_message, custom_id=armed)
    prefix = "tb:k:" if toggle == ":w" else "tb:a:"
    words = {"say": say} if toggle == ":v" else {}
    plain = Action.of("play", card=card, n=n, colour=colour, **words).dumps()
    major = f":c:{card}:1:"
    for _ in range(5):  # a long hand is paged: turn pages until the card shows
        if plain in _move_ids(dm.last_message, prefix) or (
            colour is not None and any(major in i for i in custom_ids(dm.last_message, "tb:g:"))
        ):
            break
        nxt = [c for c in components(dm.last_message) if (c.custom_id or "").startswith("tb:g:") and not c.disabled]
        await member.user.click(dm.last_message, custom_id=nxt[-1].custom_id)
    if colour is not None:
        await member.user.click(
            dm.last_message, custom_id=next(i for i in custom_ids(dm.last_message, "tb:g:") if major in i)
        )
    button = _move_ids(dm.last_message, prefix)[plain]
    shown = await member.user.click(dm.last_message, custom_id=button)
    if toggle != ":w":
        return shown
    assert shown.modal is not None
    return await member.user.submit_modal(shown, {"say": say})


async def test_a_rule_is_born_survives_a_restart_and_bites(simcord_env: Any, db_path: Path) -> None:
    table = CatTable(simcord_env)
    await table.start()
    rng = random.Random(3)

    # Game 1: the dealer picks who starts from the DM panel, then the first play is made through the panel.
    seat, member = await table.seat_to_act()
    dm = member.user.dm_channel
    first = custom_ids(dm.last_message, "tb:a:")
    assert len(first) == 2  # left or right neighbour
    await member.user.click(dm.last_message, custom_id=first[0])
    live = await table.live()
    assert live.engine.public_view(live.state).phase == "play"

    through_panel = 0
    steps = 0
    while await table.status() == "running":
        steps += 1
        assert steps < 2000
        live = await table.live()
        seat, member = await table.seat_to_act()
        choice = PLAYER.act(live.state, seat, rng)
        if choice.kind == "play" and through_panel < 3 and not live.engine.view(live.state, seat).own.drawn:
            colour, say = choice.text("colour") or None, choice.text("say") or None
            await play_from_panel(table, member, choice.text("card"), choice.number("n", 1), colour, say)
            through_panel += 1
        else:
            await table.bot.tables.act(table.game_id, member.id, choice)
    assert through_panel == 3
    await table.bot.publisher.wait_idle()

    live_row = await table.bot.store.get_game(table.game_id)
    assert live_row is not None
    results = await table.bot.store.stats(table.guild.id, "chat_vert")
    winner_line = next(line for line in results if line.wins == 1)
    winner = table.by_id[winner_line.user_id]
    loser = next(m for m in table.members if m.id != winner.id)

    # Somebody else cannot write the rule.
    refused = await loser.slash(table.channel, "chatvert addrule")
    assert panel_of(refused).ephemeral
    assert "La règle revient à alix, qui a gagné la dernière partie." in panel_of(refused).content
    assert errors_of(simcord_env)

    # The winner's DM panel offers the dialogue; the rule: "say Tortue when a number card is played".
    dm = winner.user.dm_channel
    open_button = next(i for i in custom_ids(dm.last_message, "tb:q:") if i.endswith(":open"))
    dialog = panel_of(await winner.user.click(dm.last_message, custom_id=open_button))
    sym = next(c for c in components(dialog) if (c.custom_id or "").endswith(":sym"))
    dialog = panel_of(await winner.user.select(dialog, ["number"], custom_id=sym.custom_id))
    phrase = next(i for i in custom_ids(dialog, "tb:q:") if i.endswith(":phrase"))
    shown = await winner.user.click(dialog, custom_id=phrase)
    assert shown.modal is not None
    dialog = panel_of(await winner.user.submit_modal(shown, {"phrase": "Tortue"}))
    ok = next(i for i in custom_ids(dialog, "tb:q:") if i.endswith(":ok"))
    await winner.user.click(dialog, custom_id=ok)
    rules = await table.bot.store.chat_vert_rules(table.channel.id)
    assert [(r["template"], r["phrase"], r["cond"]["kind"]) for r in rules] == [("say", "Tortue", "number")]
    assert any("nouvelle règle secrète" in text for text in table.channel_texts())

    # The bot restarts: the rule lives in the file.
    old_bot = table.bot
    await simcord_env.restart_bot(make_bot(db_path))
    await old_bot.close()
    assert table.bot is not old_bot

    # Game 2: the winner deals; the first number card played without "Tortue" costs a card.
    await table.start()
    seat, dealer = await table.seat_to_act()
    assert dealer.id == winner.id
    await dealer.user.click(
        dealer.user.dm_channel.last_message, custom_id=custom_ids(dealer.user.dm_channel.last_message, "tb:a:")[0]
    )
    steps = 0
    while True:
        steps += 1
        assert steps < 500
        live = await table.live()
        seat, member = await table.seat_to_act()
        view = live.engine.view(live.state, seat)
        numbers = [
            a
            for a in live.engine.legal_actions(live.state, seat)
            if a.kind == "play" and str(a["card"])[-1].isdigit() and not view.own.drawn and len(view.own.hand) > 2
        ]
        if numbers:
            before = len(view.own.hand)
            await play_from_panel(table, member, numbers[0]["card"])
            break
        choice = PLAYER.act(live.state, seat, rng)
        await table.bot.tables.act(table.game_id, member.id, silent(choice))
    await table.bot.publisher.wait_idle()
    live = await table.live()
    assert len(live.engine.view(live.state, seat).own.hand) == before - 1 + 1  # the card played, the penalty drawn
    texts = table.channel_texts()
    assert any("Pour ne pas avoir dit « Tortue », voici ta carte." in text for text in texts)
    sentence = describe_rule(rules[0], "fr")
    assert not any(sentence in text for text in texts)


def silent(action: Action) -> Action:
    """The same move without words (so that only the panel's play can break the new rule)."""
    args = {k: v for k, v in action.to_json().items() if k not in ("kind", "say")}
    return Action.of(action.kind, **args)


async def test_the_public_claim_button_and_words_between_moves(simcord_env: Any) -> None:
    table = CatTable(simcord_env)
    await table.start()
    rng = random.Random(8)
    claimed = false_claim = stale = False
    steps = 0
    while await table.status() == "running" and not (claimed and false_claim and stale):
        steps += 1
        assert steps < 400
        await table.bot.publisher.wait_idle()
        live = await table.live()
        engine = live.engine
        public = engine.public_view(live.state)
        holders = [s for s in range(3) if any(a.kind == "same" for a in engine.legal_actions(live.state, s))]
        if public.phase == "play" and not public.table.first and str(public.table.top) not in ("W", "F"):
            message = await table.table_message()
            (button,) = custom_ids(message, "tb:a:")
            if holders and not claimed:
                member = table.by_id[live.row.seats[holders[0]].user_id]
                hand = len(engine.view(live.state, holders[0]).own.hand)
                await member.click(message, custom_id=button)
                assert len(engine.view(live.state, holders[0]).own.hand) == hand - 1
                assert engine.public_view(live.state).table.at == public.table.at + 1
                claimed = True
                # The same claim a moment later (the button of a message not yet redrawn): "too late", nothing lost.
                other = next(m for m in table.members if m.id != member.id)
                before = live.n
                with pytest.raises(GameError) as late:
                    await table.bot.tables.act(table.game_id, other.id, Action.loads(button.split(":", 4)[4]))
                assert late.value.code == "too_late"
                assert error_text(late.value, "fr", "chat_vert").startswith("Trop tard")
                assert live.n == before
                stale = True
                continue
            if not false_claim:
                liar_seat = next((s for s in range(3) if s not in holders), None)
                if liar_seat is not None:
                    liar = table.by_id[live.row.seats[liar_seat].user_id]
                    hand = len(engine.view(live.state, liar_seat).own.hand)
                    await liar.click(message, custom_id=button)
                    await table.bot.publisher.wait_idle()
                    assert len(engine.view(live.state, liar_seat).own.hand) == hand + 1
                    assert any(
                        "Pour avoir dit « J'ai la même » alors qu'il ne le fallait pas, voici ta carte." in text
                        for text in table.channel_texts()
                    )
                    false_claim = True
                    # Words between moves, from the DM panel's "Say..." modal: nonsense costs a card too.
                    dm = liar.user.dm_channel
                    say = next(i for i in custom_ids(dm.last_message, "tb:k:") if '"kind":"say"' in i)
                    shown = await liar.user.click(dm.last_message, custom_id=say)
                    await liar.user.submit_modal(shown, {"say": "Miaou"})
                    await table.bot.publisher.wait_idle()
                    assert len(engine.view(live.state, liar_seat).own.hand) == hand + 2
                    assert any("Pour avoir dit n'importe quoi, voici ta carte." in t for t in table.channel_texts())
                    continue
        (seat,) = engine.to_act(live.state)
        member = table.by_id[live.row.seats[seat].user_id]
        await table.bot.tables.act(table.game_id, member.id, PLAYER.act(live.state, seat, rng))
    assert claimed and false_claim and stale
