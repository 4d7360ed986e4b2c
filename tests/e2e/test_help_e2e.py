"""``/help`` and ``/table stats`` on a simulated Discord: private answers, in the asker's language; the rules
buttons answer anyone, even after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import make_bot
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import set_locales

RULES_IDS = ["tb:rules:nain_jaune", "tb:rules:triominos", "tb:rules:neurotrio", "tb:rules:njet", "tb:rules:chat_vert"]


class Server:
    """A server speaking English, with Alice (English) and Bruno (French) in one channel."""

    def __init__(self, env: Any) -> None:
        self.env = env
        guild = env.create_guild(preferred_locale="en-US")
        self.channel = guild.create_text_channel("jeux")
        self.alice = guild.add_member(env.create_user("alice"))
        self.bruno = guild.add_member(env.create_user("bruno"))
        set_locales(env, {self.bruno.id: "fr"})

    def fields(self, shown: Any) -> dict[str, str]:
        (embed,) = shown.embeds
        return {field.name: field.value for field in embed.fields}


async def test_help_in_english_with_a_rules_button_that_survives_a_restart(simcord_env: Any, db_path: Path) -> None:
    server = Server(simcord_env)
    shown = panel_of(await server.alice.slash(server.channel, "help"))
    assert shown.ephemeral and server.channel.history() == []
    assert shown.embeds[0].title == "Tablée: the games"
    fields = server.fields(shown)
    # Player counts come from the engines: Nain Jaune 2-8, Triominos 2-6, Neurotrio 3-8, Njet! 3-4, Chat vert 2-10.
    assert list(fields)[:5] == [
        "Nain Jaune · 2 to 8 players",
        "Triominos · 2 to 6 players",
        "Neurotrio · 3 to 8 players",
        "Njet! · 3 or 4 players",
        "Le Chat vert · 2 to 10 players",
    ]
    assert fields["Njet! · 3 or 4 players"].endswith("`/njet new`")
    assert "`/chatvert new` · `/chatvert say` · `/chatvert addrule`" in fields["Le Chat vert · 2 to 10 players"]
    table = fields["At the table"].splitlines()
    assert len(table) == 14 and table[0] == "`/table join`: Take a seat at the table"
    assert table[-3] == "`/table history`: The server's last finished games, with their replays and logs"
    assert table[-1] == "`/table web`: This channel's live table on the web: its link"
    assert "`/table notify`: How you are called when your turn comes (all tables)" in table
    assert "`/table show`: Repost the table at the bottom of the channel" in table
    assert custom_ids(shown, "tb:rules:") == RULES_IDS

    rules = panel_of(await server.alice.click(shown, custom_id="tb:rules:njet"))
    assert rules.ephemeral and rules.content.startswith("**Njet!** (3 or 4 players, 40 cards")

    # A message posted before a restart still answers: the button is persistent.
    old_bot = simcord_env.bot
    await simcord_env.restart_bot(make_bot(db_path))
    await old_bot.close()
    again = panel_of(await server.alice.click(shown, custom_id="tb:rules:triominos"))
    assert again.ephemeral and again.content.startswith("**Triominos** (2 to 6 players")
    assert server.channel.history() == []


async def test_help_in_french(simcord_env: Any) -> None:
    server = Server(simcord_env)
    shown = panel_of(await server.bruno.slash(server.channel, "help"))
    assert shown.ephemeral and shown.embeds[0].title == "Tablée : les jeux"
    fields = server.fields(shown)
    assert fields["Njet! · 3 ou 4 joueurs"].endswith("`/njet nouvelle`")
    assert "`/chatvert ajouter-regle` · `/chatvert mes-regles`" in fields["Le Chat vert · 2 à 10 joueurs"]
    assert "`/table afficher` : Afficher à nouveau la table en bas du salon" in fields["À la table"].splitlines()
    assert (
        "`/table parties` : Les dernières parties terminées du serveur, à revoir ou à relire"
        in fields["À la table"].splitlines()
    )
    labels = [c.label for c in components(shown)]
    assert labels == ["Nain Jaune", "Triominos", "Neurotrio", "Njet!", "Le Chat vert"]

    rules = panel_of(await server.bruno.click(shown, custom_id="tb:rules:nain_jaune"))
    assert rules.ephemeral and rules.content.startswith("**Nain Jaune** (2 à 8 joueurs, 52 cartes")


async def test_stats_are_private_unless_shared(simcord_env: Any) -> None:
    server = Server(simcord_env)
    private = panel_of(await server.bruno.slash(server.channel, "table stats"))
    assert private.ephemeral and server.channel.history() == []
    assert private.embeds[0].title == "Statistiques du serveur"  # privately, in Bruno's language

    shared = panel_of(await server.bruno.slash(server.channel, "table stats", share=True))
    assert not shared.ephemeral
    (posted,) = server.channel.history()
    assert posted.embeds[0].title == "Server statistics"  # in the channel, in the server's language
    assert posted.embeds[0].description == "No finished game on this server yet."
