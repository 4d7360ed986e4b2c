"""Le Chat vert at the table level: rules frozen into each game, the winner's rule, the last winner deals,
computer winners, "seen" rules, the turn-timer penalty, a free rule's penalty, replays after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import GameError
from bot.games.chat_vert.rules import MAX_RULES
from bot.players.chat_vert import PLAYER
from bot.service.chat_vert_table import add_rule
from bot.service.chat_vert_table import last_winner
from bot.service.chat_vert_table import reset_rules
from bot.service.chat_vert_table import set_rules
from bot.service.chat_vert_table import table_rules
from bot.service.tables import TableService
from tests.service_support import Clock
from tests.service_support import open_store

KIND = "chat_vert"
CHANNEL = 77


async def _service(path: Path, clock: Clock | None = None) -> TableService:
    return TableService(await open_store(path), clock=clock or Clock())


async def _open(service: TableService, users: list[int], bots: int = 0, timer: int = 0) -> int:
    row = await service.open_table(
        guild_id=1,
        channel_id=CHANNEL,
        kind=KIND,
        options={"timer": timer},
        host_id=users[0],
        host_name="U1",
        locale="fr",
    )
    for user in users[1:]:
        await service.join(row.id, user, f"U{user}")
    for _ in range(bots):
        await service.add_bot(row.id, users[0])
    await service.start(row.id, users[0])
    return row.id


async def _finish(service: TableService, game_id: int) -> None:
    """Play the game to its end with the computer player's choices for every seat."""
    import random

    rng = random.Random(game_id)
    for _ in range(5000):
        live = await service.load(game_id)
        if live.row.status != "running":
            return
        (seat,) = live.engine.to_act(live.state)
        user = live.row.seats[seat].user_id
        assert user is not None
        await service.act(game_id, user, PLAYER.act(live.state, seat, rng))
    raise AssertionError("the game did not end")


SAY_8: dict[str, Any] = {
    "template": "say",
    "cond": {"colour": None, "number": 8, "kind": None},
    "phrase": "Vélocyclette",
}


async def test_the_winner_writes_one_rule_and_it_is_frozen_into_the_next_game(db_path: Path) -> None:
    service = await _service(db_path)
    game = await _open(service, [1, 2, 3])
    await _finish(service, game)
    winner = await last_winner(service.store, CHANNEL)
    assert winner is not None and winner["pending"] and winner["game"] == game
    loser = next(u for u in (1, 2, 3) if u != winner["user"])
    with pytest.raises(GameError) as refused:
        await add_rule(service.store, CHANNEL, loser, SAY_8)
    assert refused.value.code == "winner_only"
    rule = await add_rule(service.store, CHANNEL, winner["user"], SAY_8)
    assert rule["id"] == 1 and rule["author"] == winner["user"] and rule["seen"] is False
    with pytest.raises(GameError) as twice:
        await add_rule(service.store, CHANNEL, winner["user"], SAY_8)
    assert twice.value.code == "no_rule_owed"

    # A restart: a new service on the same file. The next game starts with the rule and the winner deals.
    service = await _service(db_path)
    second = await _open(service, [1, 2, 3])
    live = await service.load(second)
    assert [r["phrase"] for r in live.row.options["rules"]] == ["Vélocyclette"]
    assert live.engine.public_view(live.state).table.dealer == live.row.seat_of(winner["user"])
    assert live.engine.public_view(live.state).table.rules == 1
    # The rule's words appear in no view of anyone.
    for seat in range(3):
        assert "Vélocyclette" not in repr(live.engine.view(live.state, seat))
    # Rules written after a game started do not change it (its options are frozen; a replay agrees).
    await set_rules(service.store, CHANNEL, [])
    service.forget(second)
    again = await service.load(second)
    assert [r["phrase"] for r in again.row.options["rules"]] == ["Vélocyclette"]


async def test_limits_and_contradictions_are_refused_with_their_reason(db_path: Path) -> None:
    service = await _service(db_path)
    store = service.store
    colours = ["Y", "R", "B", "G"]
    rules: list[dict[str, Any]] = []
    for i in range(MAX_RULES):
        cond = {"colour": colours[i % 4], "number": i % 10, "kind": None}
        rules.append(
            {**SAY_8, "cond": cond, "phrase": f"Mot {i}", "id": i + 1, "author": 5, "author_name": "E", "seen": False}
        )
    await set_rules(store, CHANNEL, rules[:1])
    await store.set_table_data(CHANNEL, KIND, "winner", {"user": 9, "name": "W", "game": 1, "pending": True})
    with pytest.raises(GameError) as contradiction:
        await add_rule(store, CHANNEL, 9, {**SAY_8, "cond": rules[0]["cond"], "phrase": "Autre chose"})
    assert contradiction.value.code == "contradiction"
    with pytest.raises(GameError) as long_phrase:
        await add_rule(store, CHANNEL, 9, {**SAY_8, "phrase": "x" * 81})
    assert long_phrase.value.code == "phrase_length"
    with pytest.raises(GameError) as draws:
        await add_rule(store, CHANNEL, 9, {"template": "draw", "cond": SAY_8["cond"], "who": "all", "count": 3})
    assert draws.value.code == "draw_count"
    await set_rules(store, CHANNEL, rules)
    with pytest.raises(GameError) as full:
        await add_rule(store, CHANNEL, 9, {"template": "transfer"})
    assert full.value.code == "too_many_rules"
    # Refusals changed nothing; the winner still owes the rule.
    assert len(await table_rules(store, CHANNEL)) == MAX_RULES
    assert (await last_winner(store, CHANNEL) or {})["pending"] is True
    revealed = await reset_rules(store, CHANNEL)
    assert len(revealed) == MAX_RULES and await table_rules(store, CHANNEL) == []


async def test_a_computer_winner_makes_its_rule_at_once(db_path: Path) -> None:
    service = await _service(db_path)
    game = await _open(service, [1], bots=1)
    for _ in range(5000):  # the human only draws (or keeps what they drew): the computer player wins
        live = await service.load(game)
        if live.row.status != "running":
            break
        view = live.engine.view(live.state, 0)
        if view.phase == "direction":
            await service.act(game, 1, Action.of("first", dir=1))
        else:
            await service.act(game, 1, Action.of("keep" if view.own.drawn else "draw"))
    winner = await last_winner(service.store, CHANNEL)
    assert winner is not None and winner["user"] is None and winner["pending"] is False
    (rule,) = await table_rules(service.store, CHANNEL)
    assert rule["author"] is None and rule["author_name"] == winner["name"] and rule["id"] == 1
    # The computer dealt the last game's winner seat: it deals the next one too.
    second = await _open(service, [1], bots=1)
    live = await service.load(second)
    assert live.engine.public_view(live.state).table.dealer == 1


async def test_penalties_mark_rules_seen_for_the_computer_players(db_path: Path) -> None:
    service = await _service(db_path)
    rule = {
        **SAY_8,
        "cond": {"colour": None, "number": None, "kind": "number"},
        "phrase": "Tortue",
        "id": 1,
        "author": 5,
        "author_name": "E",
        "seen": False,
    }
    await set_rules(service.store, CHANNEL, [rule])
    game = await _open(service, [1], bots=2)
    live = await service.load(game)
    if live.row.status == "running":
        await _finish(service, game)
    rules = await table_rules(service.store, CHANNEL)
    _, log = await service.full_log(game)
    penalised = any(e.kind == "penalty" and e.data.get("rule") == 1 for _, e in log)
    assert rules[0]["seen"] is penalised


async def test_the_turn_timer_gives_a_card_per_period_and_replays(db_path: Path) -> None:
    clock = Clock()
    service = await _service(db_path, clock)
    game = await _open(service, [1, 2], timer=60)
    live = await service.load(game)
    (seat,) = live.engine.to_act(live.state)
    hand = len(live.engine.view(live.state, seat).own.hand)
    clock.now += 59
    await service.run_timers()
    assert len(live.engine.view(live.state, seat).own.hand) == hand
    clock.now += 2
    await service.run_timers()
    assert len(live.engine.view(live.state, seat).own.hand) == hand + 1
    await service.run_timers()  # the same period: no second card
    assert len(live.engine.view(live.state, seat).own.hand) == hand + 1
    clock.now += 60
    await service.run_timers()
    assert len(live.engine.view(live.state, seat).own.hand) == hand + 2
    _, log = await service.full_log(game)
    reasons = [e.data.get("reason") for _, e in log if e.kind == "penalty"]
    assert reasons == ["timeout", "timeout"]
    actions = await service.store.actions(game)
    assert [a.seat for a in actions[-2:]] == [None, None]  # moves of the table itself
    service.forget(game)
    replayed = await service.load(game)
    assert replayed.engine.view(replayed.state, seat) == live.engine.view(live.state, seat)


async def test_a_free_rule_is_judged_by_its_author_with_their_message(db_path: Path) -> None:
    service = await _service(db_path)
    free = {
        "template": "free",
        "text": "Toucher son nez avant de jouer un 0",
        "message": "Pour ne pas avoir touché ton nez, voici ta carte.",
        "id": 1,
        "author": 1,
        "author_name": "U1",
        "seen": False,
    }
    await set_rules(service.store, CHANNEL, [free])
    game = await _open(service, [1, 2])
    live = await service.load(game)
    hand = len(live.engine.view(live.state, 1).own.hand)
    events = await service.table_act(game, Action.of("judge", rule=1, target=1))
    penalty = next(e for e in events if e.kind == "penalty")
    assert penalty.seat == 1 and penalty.data["message"] == free["message"]
    assert len(live.engine.view(live.state, 1).own.hand) == hand + 1
    with pytest.raises(GameError):
        await service.table_act(game, Action.of("judge", rule=2, target=1))
    assert len(live.engine.view(live.state, 1).own.hand) == hand + 1
