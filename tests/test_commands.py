"""The application commands as ``tree.sync()`` would send them respect Discord's own limits.

discord.py does not check these; Discord refuses the whole sync when one is broken.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cogs.client import TableeBot

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
"""Discord allows more; the house scheme is lowercase ASCII in every language (typed the same on any keyboard)."""
VALID_LOCALES = {
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
}  # fmt: skip


async def _payloads(tmp_path: Path) -> list[dict[str, Any]]:
    bot = TableeBot(tmp_path / "c.db", sync_commands=False, timer_tick=0)
    try:
        await bot.setup_hook()
        translator = bot.tree.translator
        assert translator is not None
        return [await cmd.get_translated_payload(bot.tree, translator) for cmd in bot.tree.get_commands()]
    finally:
        await bot.close()


def _check_name(name: str, where: str) -> None:
    assert NAME.match(name), f"{where}: invalid name {name!r} (lowercase ASCII, digits, - or _)"


def _check_localizations(node: dict[str, Any], where: str) -> None:
    for locale, name in (node.get("name_localizations") or {}).items():
        assert locale in VALID_LOCALES, f"{where}: unknown locale {locale}"
        _check_name(name, f"{where} [{locale}]")
    for locale, text in (node.get("description_localizations") or {}).items():
        assert locale in VALID_LOCALES, f"{where}: unknown locale {locale}"
        assert 1 <= len(text) <= 100, f"{where} [{locale}]: description of {len(text)} characters"


def _check_options(options: list[dict[str, Any]], where: str) -> None:
    assert len(options) <= 25, f"{where}: {len(options)} options"
    names = [o["name"] for o in options]
    assert len(names) == len(set(names)), f"{where}: duplicate option names"
    seen_optional = False
    for option in options:
        here = f"{where} {option['name']}"
        _check_name(option["name"], here)
        assert 1 <= len(option["description"]) <= 100, f"{here}: description length"
        _check_localizations(option, here)
        if option["type"] in (1, 2):  # subcommand, subcommand group
            _check_options(option.get("options", []), here)
            continue
        if option.get("required"):
            assert not seen_optional, f"{here}: a required option after an optional one"
        else:
            seen_optional = True
        choices = option.get("choices") or []
        assert len(choices) <= 25, f"{here}: {len(choices)} choices"
        for choice in choices:
            assert 1 <= len(choice["name"]) <= 100
            assert len(str(choice["value"])) <= 100
            for name in (choice.get("name_localizations") or {}).values():
                assert 1 <= len(name) <= 100


def _characters(node: dict[str, Any]) -> int:
    """Discord's count: names, descriptions, choice names and values, across all localizations."""
    total = len(node.get("name", "")) + len(node.get("description", ""))
    total += max((len(v) for v in (node.get("name_localizations") or {}).values()), default=0)
    total += max((len(v) for v in (node.get("description_localizations") or {}).values()), default=0)
    for choice in node.get("choices") or []:
        total += len(choice["name"]) + len(str(choice["value"]))
    return total + sum(_characters(o) for o in node.get("options") or [])


async def test_every_command_respects_discord_limits(tmp_path: Path) -> None:
    payloads = await _payloads(tmp_path)
    names = {p["name"] for p in payloads}
    assert {"help", "table", "nainjaune", "njet", "triominos", "neurotrio", "chatvert"} <= names
    assert len(payloads) <= 100
    for payload in payloads:
        where = f"/{payload['name']}"
        _check_name(payload["name"], where)
        assert 1 <= len(payload["description"]) <= 100, where
        _check_localizations(payload, where)
        _check_options(payload.get("options", []), where)
        assert _characters(payload) <= 4000, f"{where}: over 4000 characters"
        json.dumps(payload)  # serialisable as sent


async def test_commands_are_translated_to_french(tmp_path: Path) -> None:
    payloads = {p["name"]: p for p in await _payloads(tmp_path)}
    table = payloads["table"]
    subs = {o["name"]: o for o in table["options"]}
    assert subs["join"]["name_localizations"]["fr"] == "rejoindre"
    assert subs["hand"]["name_localizations"]["fr"] == "main"
    assert "fr" in table["description_localizations"]
    new = {o["name"]: o for o in payloads["nainjaune"]["options"]}["new"]
    assert new["name_localizations"]["fr"] == "nouvelle"
    options = {o["name"]: o for o in new["options"]}
    assert options["deals"]["name_localizations"]["fr"] == "donnes"
    assert (options["deals"]["min_value"], options["deals"]["max_value"]) == (1, 50)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_catalog_command_texts_fit(lang: str) -> None:
    from bot.i18n import catalog

    for key, text in catalog(lang).items():
        if key.startswith("cmd.") and key.endswith(".name"):
            _check_name(text, key)
        elif key.startswith("cmd."):
            assert 1 <= len(text) <= 100, key


def _subcommands(payloads: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """Group name -> subcommand name -> its payload."""
    return {
        p["name"]: {o["name"]: o for o in p.get("options", []) if o["type"] == 1}
        for p in payloads
        if any(o["type"] == 1 for o in p.get("options", []))
    }


async def test_one_naming_scheme_across_groups(tmp_path: Path) -> None:
    groups = _subcommands(await _payloads(tmp_path))
    # A subcommand name means one thing: the same French name wherever it appears, and no French name for two.
    french: dict[str, set[str]] = {}
    english: dict[str, set[str]] = {}
    for subs in groups.values():
        for name, sub in subs.items():
            fr = sub["name_localizations"]["fr"]
            french.setdefault(name, set()).add(fr)
            english.setdefault(fr, set()).add(name)
    assert {name: frs for name, frs in french.items() if len(frs) > 1} == {}
    assert {fr: names for fr, names in english.items() if len(names) > 1} == {}
    for command in ("nainjaune", "njet", "triominos", "neurotrio", "chatvert"):
        assert groups[command]["new"]["name_localizations"]["fr"] == "nouvelle", command
    table = groups["table"]
    assert list(table) == [
        "join",
        "leave",
        "start",
        "addbot",
        "hand",
        "show",
        "log",
        "replay",
        "abandon",
        "rules",
        "stats",
        "history",
        "notify",
        "web",
    ]
    assert table["rules"]["name_localizations"]["fr"] == "regles"
    assert "Repost" in table["show"]["description"] and "status" not in table
    # Le Chat vert's own commands cannot be taken for /table rules: adding one rule, listing one's own.
    assert set(groups["chatvert"]) == {"new", "say", "addrule", "myrules", "reveal", "penalty"}
    assert groups["chatvert"]["addrule"]["name_localizations"]["fr"] == "ajouter-regle"


async def test_every_duration_is_a_choice_in_seconds(tmp_path: Path) -> None:
    groups = _subcommands(await _payloads(tmp_path))
    unit = re.compile(r"^[1-9][0-9]* (s|min|h)$")
    seen = []
    for command, subs in groups.items():
        for option in subs["new"]["options"] if "new" in subs else []:
            if option["name"] not in ("reminder", "timeout", "timer"):
                continue
            seen.append((command, option["name"]))
            labels = {c["value"]: c["name"] for c in option["choices"]}
            assert labels[0] == "off" and option["choices"][0]["name_localizations"]["fr"] == "désactivé"
            for seconds, label in labels.items():
                number, _, suffix = label.partition(" ")
                if seconds:
                    assert unit.match(label), label
                    assert seconds == int(number) * {"s": 1, "min": 60, "h": 3600}[suffix], label
    assert len(seen) == 2 * 5 + 1  # every game's turn timers, and Le Chat vert's penalty timer
    chatvert = {o["name"]: o for o in groups["chatvert"]["new"]["options"]}
    assert {c["value"] for c in chatvert["timer"]["choices"]} >= {0, 30, 60, 600}
    timeout = {o["name"]: o for o in groups["njet"]["new"]["options"]}["timeout"]
    assert timeout["name_localizations"]["fr"] == "delai"
    assert [c["name"] for c in timeout["choices"]][-1] == "24 h"


async def test_stats_are_private_unless_shared(tmp_path: Path) -> None:
    stats = _subcommands(await _payloads(tmp_path))["table"]["stats"]
    share = {o["name"]: o for o in stats["options"]}["share"]
    assert share["type"] == 5 and not share.get("required")  # a boolean, false when left out
    assert share["name_localizations"]["fr"] == "partager"
