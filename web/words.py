"""The pages' own words in the reader's language (the games' words come from their texts), from the ``web``
catalogs: given to the templates as one table, and to the script through the page's ``data-`` attributes."""

from __future__ import annotations

from functools import cache

from bot.i18n import t


@cache
def page_words(lang: str) -> dict[str, str]:
    return {
        "site": t(lang, "web.site"),
        "state": t(lang, "web.live.state"),
        "scores": t(lang, "web.live.scores"),
        "player": t(lang, "web.live.player"),
        "score": t(lang, "web.live.score"),
        "turn_mark": t(lang, "web.live.turn_mark"),
        "moves": t(lang, "web.live.moves"),
        "no_moves": t(lang, "web.live.no_moves"),
        "waiting": t(lang, "web.live.waiting"),
        "to_replay": t(lang, "web.live.to_replay"),
        "lost": t(lang, "web.live.lost"),
        "picture": t(lang, "web.live.picture"),
        "replay": t(lang, "web.replay.heading"),
        "first": t(lang, "web.replay.first"),
        "previous": t(lang, "web.replay.previous"),
        "play": t(lang, "web.replay.play"),
        "pause": t(lang, "web.replay.pause"),
        "next": t(lang, "web.replay.next"),
        "last": t(lang, "web.replay.last"),
        "slider": t(lang, "web.replay.slider"),
        "position": t(lang, "web.replay.position"),
        "jump": t(lang, "web.replay.jump"),
        "shortcuts": t(lang, "web.replay.keys"),
        "unfinished": t(lang, "web.replay.unfinished"),
        "to_live": t(lang, "web.replay.to_live"),
        "loading": t(lang, "web.replay.loading"),
        "server_title": t(lang, "web.server.title"),
        "ladders": t(lang, "web.server.ladders"),
        "no_ladder": t(lang, "web.server.no_ladder"),
        "place": t(lang, "web.server.place"),
        "name": t(lang, "web.server.name"),
        "rating": t(lang, "web.server.rating"),
        "games": t(lang, "web.server.games"),
        "wins": t(lang, "web.server.wins"),
        "history": t(lang, "web.server.history"),
        "no_history": t(lang, "web.server.no_history"),
        "abandoned": t(lang, "web.server.abandoned"),
        "older": t(lang, "web.server.older"),
        "newest": t(lang, "web.server.newest"),
    }
