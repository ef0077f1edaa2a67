"""The composer's scene commands (docs/window/scenes.md): ``/as`` names a member by name or id, any case, a name of
several words too; ``/next`` ignores the portrait picked; plain text goes to the one picked."""

from __future__ import annotations

from relay_studio.domain.scenes import SceneRecord
from relay_studio.ui.chat.scene_turns import SceneCommand, parse
from relay_studio.ui.operations.scenes import Member, SceneState

STATE = SceneState(SceneRecord(chat_id="c", name="Harbour", cast=["mira", "old-tom"], present=["mira", "old-tom"]),
                   [Member("mira", "Mira", True, False, "default connection"),
                    Member("old-tom", "Old Tom", True, False, "local / gemma")])


def test_as_names_a_member_by_name_or_id_and_keeps_the_rest_as_the_direction() -> None:
    assert parse("/as old tom The bell rings.", STATE, None) == SceneCommand("old-tom", "The bell rings.")
    assert parse("/AS Mira", STATE, "old-tom") == SceneCommand("mira", None)
    assert parse("/as old-tom  Once more. ", STATE, None) == SceneCommand("old-tom", "Once more.")
    assert parse("/as Nobody hi", STATE, None) == SceneCommand(None, None, unknown="Nobody")
    assert parse("/as", STATE, None) == SceneCommand(None, None, unknown="")


def test_next_ignores_the_pick_and_plain_text_goes_to_it() -> None:
    assert parse("/next Fog rolls in.", STATE, "mira") == SceneCommand(None, "Fog rolls in.")
    assert parse("  Fog rolls in. ", STATE, "mira") == SceneCommand("mira", "Fog rolls in.")
    assert parse("", STATE, None) == SceneCommand(None, None)
