"""Tables of text: every column as wide as its widest cell, and when even the smallest size
does not fit, only the widest columns narrowed (never equal shares that cut every cell)."""

from __future__ import annotations

import pytest

from game.ui.table import _cap, lay_out
from game.ui.text import TextCache, smaller_sizes
from tests.test_text import _fonts  # noqa: F401 - pygame.font on for each test (autouse)

HEADINGS = (("Terminada",), ("Partida",), ("Resultado",), ("Jugadas",), ("",))
ROWS = (
    ("2026-11-27 11:21", "Tú contra Principiante", "Ganada", "19", "con entrenador, 1/1"),
    ("2026-11-27 11:40", "Tú contra Difícil", "Perdida", "17", ""),
)


def _widest(text: TextCache, column: int, size: int) -> int:
    cells = [HEADINGS[column][0], *(row[column] for row in ROWS)]
    return max(text.size_of(cell, size)[0] for cell in cells)


def test_a_table_with_room_gives_each_column_its_widest_cell_and_shares_the_rest() -> None:
    text = TextCache()
    table = lay_out(text, HEADINGS, ROWS, 20, 2000)
    assert table.size == 20
    extra = {width - _widest(text, i, 20) for i, width in enumerate(table.widths)}
    assert len(extra) == 1 and extra.pop() >= 0  # the same share of the room for each


def test_a_table_too_wide_narrows_only_its_widest_columns() -> None:
    text = TextCache()
    smallest = list(smaller_sizes(20))[-1]
    natural = [_widest(text, i, smallest) for i in range(len(HEADINGS))]
    gaps = max(6, text.font(smallest).get_height() // 3) * (len(natural) - 1)
    width = sum(natural) + gaps - 30  # 30 pixels short even at the smallest size
    table = lay_out(text, HEADINGS, ROWS, 20, width)
    assert table.size == smallest
    assert table.lefts[-1] + table.widths[-1] <= width
    kept = [w == n for w, n in zip(table.widths, natural, strict=True)]
    cut = [w for w, n in zip(table.widths, natural, strict=True) if w < n]
    # The numbers, the result and the date keep their width; the widest two share a cap.
    assert kept[2] and kept[3] and kept[0]
    assert cut and len(set(cut)) == 1 and max(natural) > cut[0] >= min(natural)


@pytest.mark.parametrize(
    ("natural", "room", "cap"),
    [((10, 20, 30), 60, 30), ((10, 20, 30), 50, 20), ((10, 20, 30), 40, 15), ((5, 5), 4, 2)],
)
def test_the_cap_is_the_widest_width_that_fits(
    natural: tuple[int, ...], room: int, cap: int
) -> None:
    assert _cap(natural, room) == cap
    assert sum(min(n, cap) for n in natural) <= max(room, len(natural))
