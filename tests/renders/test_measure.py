"""The measure follows what the kit draws: texts, card faces pasted from the cache, scaled pieces."""

from __future__ import annotations

from PIL import Image

from renders import kit
from renders import measure


def test_a_cached_card_face_hands_its_rank_to_the_picture_it_is_pasted_on() -> None:
    """The queen of spades 100 px wide has a bold "D" 28 px tall (0.28 of the width) in its corner, and a big "D"
    on its medal."""
    kit.card_face("QS", 100, "fr")  # drawn once, outside any recording: the cache keeps its marks
    canvas = kit.new_canvas(400, 300)
    with measure.recording() as marks:
        kit.paste_card(canvas, kit.card_face("QS", 100, "fr"), (40, 50))
    ranks = [mark for mark in marks if mark.text == "D"]
    assert [mark.height for mark in ranks if not mark.symbol] == [28]
    assert [mark.symbol for mark in ranks] == [False, True]
    assert ranks[0].box[0] >= 40 and ranks[0].box[1] >= 50
    assert any(mark.symbol and mark.text == "♠" for mark in marks)


def test_a_piece_shrunk_or_placed_at_a_scale_shrinks_its_marks() -> None:
    big = Image.new("RGBA", (200, 100))
    with measure.piece() as drawn:
        measure.note("7", 40, (0, 0, 20, 40))
    measure.attach(big, drawn)
    small = measure.resized(big, (100, 50), Image.Resampling.BOX)
    canvas = kit.new_canvas(300, 200)
    with measure.recording() as marks:
        kit.paste(canvas, small, (10, 20))
        with measure.placed(0.5, (100, 100)):
            measure.note("8", 30, (0, 0, 10, 30))
    assert [(mark.text, mark.height, mark.box) for mark in marks] == [
        ("7", 20.0, (10.0, 20.0, 20.0, 40.0)),
        ("8", 15.0, (100.0, 100.0, 105.0, 115.0)),
    ]


def test_nothing_is_noted_outside_a_recording() -> None:
    with measure.recording() as marks:
        pass
    measure.note("lost", 30, (0, 0, 1, 1))
    assert marks == []
