"""Interactions sent as a hostile or hurried client sends them: at once, many at a time, with any custom_id.

simcord's own ``click`` waits for the bot to settle and refuses what a real client could not send; these build
the same INTERACTION_CREATE payloads and emit them without waiting, so that clicks race like a real double click,
and so that a forged custom_id, guild or channel reaches the bot as it would reach it from a modified client.
"""

from __future__ import annotations

from typing import Any

from simcord import InteractionResult
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType
from simcord.enums import InteractionType


def emit_component(
    env: Any,
    user_id: int,
    message: Any,
    custom_id: str,
    *,
    values: list[str] | None = None,
    guild_id: int | None = None,
    channel_id: int | None = None,
) -> InteractionResult:
    """One component interaction on ``message`` (a simcord message), unsettled; the ids default to the message's."""
    source = getattr(message, "channel_id", None) or message.channel.id
    stored = env.backend.get_message(source, message.id)
    channel = channel_id if channel_id is not None else stored.channel_id
    if guild_id is None and channel_id is None:
        guild_id = getattr(env.backend.get_channel(stored.channel_id), "guild_id", None)
    kind = ComponentType.BUTTON if values is None else ComponentType.STRING_SELECT
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if values is not None:
        data["values"] = list(values)
    record, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=channel,
        guild_id=guild_id,
        user_id=user_id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(env.backend, stored))
    if custom_id not in str(payload["message"].get("components")):
        # A forged component: the message the client says was clicked carries it (discord.py looks there).
        if values is None:
            forged: dict[str, Any] = {"type": 2, "style": 1, "label": "?", "custom_id": custom_id}
        else:
            forged = {"type": 3, "custom_id": custom_id, "options": [{"label": v, "value": v} for v in values]}
        payload["message"]["components"] = [{"type": 1, "components": [forged]}]
        payload["message"]["flags"] = 0
    record.source_message_id = stored.id
    env.backend.emit("INTERACTION_CREATE", payload)
    return InteractionResult(env, record)


def emit_modal(env: Any, user_id: int, channel_id: int, custom_id: str, fields: dict[str, str]) -> InteractionResult:
    """One modal submission (as the client sends it when the dialog's Submit is pressed), unsettled."""
    rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]
    channel = env.backend.get_channel(channel_id)
    record, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.MODAL_SUBMIT,
        channel_id=channel_id,
        guild_id=getattr(channel, "guild_id", None),
        user_id=user_id,
        data={"custom_id": custom_id, "components": rows},
    )
    env.backend.emit("INTERACTION_CREATE", payload)
    return InteractionResult(env, record)
