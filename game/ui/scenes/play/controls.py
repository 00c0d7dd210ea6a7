"""The play screen's side panel buttons: :func:`buttons` lists those that fit the
moment.  What each key and button asks for is the input layer's
(:mod:`game.ui.input`); the scene carries the orders out (:mod:`.dispatch`).
"""

from __future__ import annotations

from collections.abc import Callable

from game.ui.input import Order
from game.ui.options import Mode
from game.ui.scenes.play import texts
from game.ui.scenes.play.round import Round
from game.ui.scenes.play.watching import Watching
from game.ui.widgets import Item, ItemList


def buttons(
    round_: Round, watching: Watching, *, offer: bool = False, stuck: bool = False
) -> list[Item]:
    """The side panel's buttons for the moment, enabled or not (``offer``: the coach
    offers to take a move back; ``stuck``: the move of the side to move will not
    come)."""
    paused, speed = watching.paused, texts.speed_name(watching.speed)
    two_computers = round_.config.mode is Mode.WATCH

    def item(key: str, *, enabled: bool = True, primary: bool = False) -> Item:
        label = texts.button_label(key, paused=paused, speed=speed)
        return Item(key, label, enabled=enabled, primary=primary)

    if offer:
        return [item("takeback", primary=True), item("keep"), item("menu")]
    if stuck and not round_.over:
        keys = [item("retry", primary=True)]
        if not two_computers:
            keys.append(item("undo", enabled=round_.can_undo))
        return [*keys, item("menu")]
    if round_.over:
        keys = [item("again", primary=True), item("review")]
        if not two_computers:
            keys.append(item("undo", enabled=round_.can_undo))
        return [*keys, item("menu")]
    if two_computers:
        return [item("pause"), item("step"), item("speed"), item("menu")]
    return [
        item("undo", enabled=round_.can_undo),
        item("redo", enabled=round_.can_redo),
        item("hint", enabled=not round_.board_locked),
        item("menu"),
    ]


def refreshed(current: ItemList, items: list[Item]) -> ItemList:
    """``current`` if it shows ``items`` already (keys, labels, enabled), else a list of
    ``items`` that keeps the focus on the same key where it can."""
    if [(i.key, i.label, i.enabled) for i in items] == [
        (i.key, i.label, i.enabled) for i in current.items
    ]:
        return current
    fresh = ItemList(items)
    if current.focused is not None:
        fresh.focus_on(current.focused.key)
    return fresh


def ignoring_order(action: Callable[[], object]) -> Callable[[Order], None]:
    """A command's handler that needs nothing of its order (no column)."""

    def run(order: Order) -> None:
        action()

    return run
