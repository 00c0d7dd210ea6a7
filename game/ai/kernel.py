"""The search kernel: the engine's hot path, in one source that runs compiled or as Python.

Everything a search does at every node lives here: the bit operations, the
transposition table, the move ordering, the evaluation, and the two negamax
recursions (the exact solver's and the depth-limited search's).  The callers
(:mod:`game.ai.solver`, :mod:`game.ai.search`) keep the root logic in plain
Python and call in here once per probe or root move.

**Two builds of this file.**  Cython compiles it, in pure-Python mode, into the
extension module ``game.ai._ckernel``; ``_ckernel.pxd`` beside it gives every
name of the hot path a C type (``unsigned long long`` bitboards, ``int`` scores
and plies, C arrays for the lookup tables and the per-ply move buffers).
Uncompiled, the same file is the module ``game.ai.kernel``, the pure-Python
fallback: same scores, same best moves, same node counts.
:mod:`game.ai.backend` picks one.  Rules for editing, so that both stay the
same program:

* type every new name of the hot path in ``_ckernel.pxd`` (an untyped name
  makes C code go through Python objects, several times slower);
* no ``//`` or ``%`` on a value that can be negative (C truncates toward zero,
  Python floors; the build uses C division), and no shift by 64 or more;
* bitboards stay below 2**64 (C wraps, Python grows): mask with ``BOARD``;
* ``int.bit_count`` and ``int.bit_length`` are Python calls once compiled:
  use :func:`popcount` and :func:`low_column`, which the build maps to compiler
  builtins (``_ckernel.pxd``).

Scores and entry formats are documented with each search below.
"""

from __future__ import annotations

import mmap

try:
    import cython
except ImportError:  # the pure path runs without Cython installed
    from game.ai import _cython_shim as cython

from game.ai.control import CHECK_INTERVAL
from game.ai.score import HEURISTIC_UNIT
from game.core import bitboard

# -- constants (C globals once compiled) ---------------------------------------

WIDTH = bitboard.WIDTH
HEIGHT = bitboard.HEIGHT
CELLS = bitboard.CELLS
COLUMN_BITS = bitboard.COLUMN_BITS
COLUMN_MASK = bitboard.COLUMN_MASK
BOARD = bitboard.BOARD
BOTTOM = bitboard.BOTTOM
SPARE_ROW = BOTTOM << HEIGHT
ODD_ROWS = bitboard.ODD_ROWS
EVEN_ROWS = bitboard.EVEN_ROWS
NO_MOVE = WIDTH
"""The column of "no move known" (columns are 0 to WIDTH - 1)."""

CENTRE_ORDER = list(bitboard.CENTRE_FIRST)
"""Columns from the centre outwards: the order of equally promising moves."""
COLUMN_KEY = [((WIDTH - 1 - bitboard.CENTRE_FIRST.index(col)) << 3) | col for col in range(WIDTH)]
"""``[column]``: a move's sort key without its threats: bits 0-2 the column, bits 3-5 its
centre priority (6 for the centre, 0 for the edges)."""
CELL_SHIFT = 6
THREATS_SHIFT = 10
"""A move's sort key is ``threats << THREATS_SHIFT | COLUMN_KEY[col]``: most threats first,
then centre first (no two columns share a priority, so the column bits never decide).  The
solver's early plies add ``live_fours(...) << CELL_SHIFT``: see :meth:`MoveLists.sort`."""
MAX_CELL_FOURS = 13
"""The most fours one cell lies in (the centre column's two middle cells)."""


def _fours_through_cells() -> list[int]:
    """``[bit index * MAX_CELL_FOURS + j]``: the ``j``-th four through that cell, then 0s."""
    fours = [0] * (WIDTH * COLUMN_BITS * MAX_CELL_FOURS)
    for index in range(WIDTH * COLUMN_BITS):
        through = [line for line in bitboard.FOURS if line >> index & 1]
        for j, line in enumerate(through):
            fours[index * MAX_CELL_FOURS + j] = line
    return fours


CELL_FOURS = _fours_through_cells()
CELL_FOUR_COUNT = [
    bitboard.LINES_THROUGH_CELL[index // COLUMN_BITS][index % COLUMN_BITS]
    if index % COLUMN_BITS < HEIGHT
    else 0
    for index in range(WIDTH * COLUMN_BITS)
]
"""``[bit index]``: how many fours pass through the cell (3 in a corner to 13 in the
centre's middle rows); 0 for the spare bits."""
WEIGHT_PLIES = 20
"""The solver orders moves by the live fours through their cell before this ply."""
ORDER_SLOTS = (CELLS + 1) * WIDTH
"""Room for one move list per ply (see :class:`MoveLists`)."""


def _zeros(count: int) -> list[int]:
    """A list of ``count`` zeros (a C array's initial value, once compiled)."""
    return [0] * count


MIRROR_COLUMN = [((1 << COLUMN_BITS) - 1) << (col * COLUMN_BITS) for col in range(WIDTH)]
"""``[column]``: the bits of that column (with its spare bit), for :func:`mirror_key`."""
MIRROR_SHIFT = [(WIDTH - 1 - 2 * col) * COLUMN_BITS for col in range(WIDTH // 2)]
"""``[column]``: how far a column left of the centre moves in the mirror image."""
MIRROR_PLY_LIMIT = 28
"""The solver's table holds a position and its mirror image as one entry up to this ply,
when the root can still become symmetric (deeper, few mirror images are ever reached)."""

LOW_ROWS = [BOTTOM * ((1 << rows) - 1) for rows in range(HEIGHT + 1)]
"""``[n]``: every cell of the lowest ``n`` rows."""
NO_BOUND = 99
"""What :func:`follow_up_bound` answers where the follow-up bounds nothing."""
FOLLOW_UP_BEST = 3
"""The most a follow-up bound can say for the second player (a win by move 38)."""

NEVER = 1 << 62
"""A node count no search reaches (the next stop check of a search without limits)."""


def win_now_score(ply: int) -> int:
    """The score of the player to move winning with its next stone after ``ply`` moves."""
    return (CELLS + 1 - ply) // 2


def loss_next_score(ply: int) -> int:
    """The score of the player to move when the opponent wins with its next stone."""
    return -((CELLS - ply) // 2)


WIN_NOW = [win_now_score(ply) for ply in range(CELLS + 1)]
"""``[ply]``: the score of winning with the mover's next stone."""
LOSS_NEXT = [loss_next_score(ply) for ply in range(CELLS + 1)]
"""``[ply]``: the score of losing to the opponent's next stone."""
LOSS_LATER = [loss_next_score(min(ply + 2, CELLS)) for ply in range(CELLS + 1)]
"""``[ply]``: the lowest score once the opponent cannot win with its next stone."""
WIN_LATER = [win_now_score(min(ply + 2, CELLS)) for ply in range(CELLS + 1)]
"""``[ply]``: the highest score once the mover cannot win with its next stone.  Both are
0 from ply ``CELLS - 2`` on (two stones left, neither side can win with them), so those
nodes return a draw at the bound checks, without a test of their own."""
ONLY_QUICK_WIN = [score - 1 for score in WIN_LATER]
"""``[ply]``: from this alpha up, only a win with the mover's next stone beats alpha."""
ETC_PLY_LIMIT = CELLS - 14
"""Probe the children in the table (enhanced transposition cut-off) only before this ply:
deeper, a probe costs more than the small subtree it might save (the figures are in
build_scripts/evaluation_tuning.md, "The exact solver")."""


# -- bits ------------------------------------------------------------------------


if not cython.compiled:  # compiled, these are compiler builtins (_ckernel.pxd)

    def prefetch(address: object) -> None:
        """Compiled: ask the CPU to start loading ``address`` into its cache."""

    def popcount(bits: int) -> int:
        """The number of set bits."""
        return bits.bit_count()

    def low_column(bits: int) -> int:
        """The column of the lowest set bit of ``bits`` (which must not be 0)."""
        return ((bits & -bits).bit_length() - 1) // COLUMN_BITS


def column_cells(col: int) -> int:
    """Every playable cell of column ``col``."""
    return COLUMN_MASK << (col * COLUMN_BITS)


def winning_cells(stones: int, mask: int) -> int:
    """Empty cells (playable now or later) that would complete a four for ``stones``.

    ``mask`` is every stone on the board.  The result includes cells that float
    above empty cells: those are the threats.  The one definition of this formula:
    the rules, the ordering and both searches call it.
    """
    # Vertical: only the cell directly above three stones.
    found = (stones << 1) & (stones << 2) & (stones << 3)
    # Each other direction d (7 horizontal, 8 and 6 diagonal): with pairs = two
    # adjacent stones (at i and i + d), an empty cell completes a four when it sits
    # before a pair followed by a third stone, or after a pair preceded by one, or in
    # the gap of stone-gap-pair and pair-gap-stone.
    pairs = stones & (stones >> 7)
    found |= (pairs >> 7) & ((stones >> 21) | (stones << 7))
    found |= (pairs << 14) & ((stones << 21) | (stones >> 7))
    pairs = stones & (stones >> 8)
    found |= (pairs >> 8) & ((stones >> 24) | (stones << 8))
    found |= (pairs << 16) & ((stones << 24) | (stones >> 8))
    pairs = stones & (stones >> 6)
    found |= (pairs >> 6) & ((stones >> 18) | (stones << 6))
    found |= (pairs << 12) & ((stones << 18) | (stones >> 6))
    return found & (BOARD ^ mask)


def has_four(stones: int) -> bool:
    """Whether ``stones`` hold four in a row in any direction."""
    pairs = stones & (stones >> 1)
    if pairs & (pairs >> 2):
        return True
    pairs = stones & (stones >> 7)
    if pairs & (pairs >> 14):
        return True
    pairs = stones & (stones >> 8)
    if pairs & (pairs >> 16):
        return True
    pairs = stones & (stones >> 6)
    return bool(pairs & (pairs >> 12))


def live_fours(cell: int, first: int, second: int) -> int:
    """How many fours through ``cell`` (a single bit) are still live: hold no stones of
    ``first`` or none of ``second`` (a four holding both can never be completed)."""
    index = popcount(cell - 1)
    live = 0
    for j in range(index * MAX_CELL_FOURS, index * MAX_CELL_FOURS + CELL_FOUR_COUNT[index]):
        line = CELL_FOURS[j]
        if not line & first or not line & second:
            live += 1
    return live


def mirror_key(key: int) -> int:
    """``key`` (or any bitboard) with its columns in reverse order: the mirror image."""
    return (
        ((key & MIRROR_COLUMN[0]) << MIRROR_SHIFT[0])
        | ((key & MIRROR_COLUMN[1]) << MIRROR_SHIFT[1])
        | ((key & MIRROR_COLUMN[2]) << MIRROR_SHIFT[2])
        | (key & MIRROR_COLUMN[3])
        | ((key & MIRROR_COLUMN[4]) >> MIRROR_SHIFT[2])
        | ((key & MIRROR_COLUMN[5]) >> MIRROR_SHIFT[1])
        | ((key & MIRROR_COLUMN[6]) >> MIRROR_SHIFT[0])
    )


def can_become_symmetric(current: int, mask: int) -> bool:
    """Whether stones added to the position can make it its own mirror image: in every
    pair of mirrored columns the lower one's stones are those at the bottom of the other."""
    for col in range(WIDTH // 2):
        other = WIDTH - 1 - col
        left = (mask >> (col * COLUMN_BITS)) & COLUMN_MASK
        right = (mask >> (other * COLUMN_BITS)) & COLUMN_MASK
        both = left & right
        mine_left = (current >> (col * COLUMN_BITS)) & both
        mine_right = (current >> (other * COLUMN_BITS)) & both
        if mine_left != mine_right:
            return False
    return True


def canonical_key(key: int, mirror: bool) -> int:
    """``key``, or its mirror image's when ``mirror`` and that is smaller."""
    if mirror:
        mirrored = mirror_key(key)
        if mirrored < key:
            return mirrored
    return key


def race_lost(mine: int, theirs: int) -> bool:
    """Whether every four of ``mine`` has a four of ``theirs`` right below it: the same
    direction and columns, every cell lower (so filling the one fills the other first);
    a vertical four of ``mine`` never has."""
    pairs = mine & (mine >> 1)
    if pairs & (pairs >> 2):
        return False
    return (
        fours_below(mine, theirs, HEIGHT + 1)
        and fours_below(mine, theirs, HEIGHT)
        and fours_below(mine, theirs, HEIGHT + 2)
    )


def fours_below(mine: int, theirs: int, shift: int) -> bool:
    """Whether every four of ``mine`` in the direction ``shift`` has one of ``theirs`` in
    the same direction and columns, lower (compared by their first cells)."""
    pairs = mine & (mine >> shift)
    mine_fours = pairs & (pairs >> 2 * shift)
    if not mine_fours:
        return True
    if mine_fours & BOTTOM:
        return False  # nothing lies below the bottom row
    pairs = theirs & (theirs >> shift)
    # Each column's first cells of fours of theirs, over the spare bit: subtracting one
    # a column clears the lowest and sets the cells below it, never borrowing from the
    # next column, so the cells above the lowest are the ones this leaves alone.
    starts = (pairs & (pairs >> 2 * shift)) | SPARE_ROW
    return not mine_fours & (starts ^ (starts - BOTTOM))


def follow_up_bound(first: int, second: int, empty: int, free: int) -> int:
    """The most the first player, to move, can score against the second player's follow-up,
    or :data:`NO_BOUND` where it may make a four despite it.

    ``first`` and ``second`` are their stones, ``empty`` the empty cells, ``free`` the
    playable cells on even rows (one in each column of odd height; there is an even
    number of such columns).  The follow-up: the second player answers a move in a column
    of even height on top of it, and a move into a ``free`` cell with another ``free``
    cell, so that every column is of even height whenever the first player is to move.
    The first player then never gets an even-row cell outside ``free``: if its stones,
    the empty odd-row cells and ``free`` hold no four, it cannot win (a bound of 0); and
    if the second player's stones and the other empty even-row cells hold a four, the
    second player completes one at the latest when the cells above the last of its empty
    cells are all that is left: by move 38 if that four lies in the lowest two rows
    (-3 in the solver's scores), by move 40 in the lowest four (-2), else by move 42 (-1).

    The race: a four the first player could make still loses the race where a four of
    the second player's lies right below it (same direction, same columns, each cell
    lower, :func:`race_lost`): the first player's last stone there comes after every
    cell below it is filled, the second player's four with them.  So the bound holds
    when every four of the first player's has one below it.
    """
    theirs = empty & EVEN_ROWS & ~free
    mine = first | (empty & ODD_ROWS) | free
    if has_four(mine) and not race_lost(mine, second | theirs):
        return NO_BOUND
    if not has_four(second | theirs):
        return 0
    if has_four(second | (theirs & LOW_ROWS[2])):
        return -3
    if has_four(second | (theirs & LOW_ROWS[4])):
        return -2
    return -1


def safe_moves(mask: int, opponent_wins: int) -> int:
    """The moves that do not hand the opponent an immediate win.

    ``opponent_wins`` are the empty cells that would complete an opponent four.
    Returns a bitboard of playable cells, one per candidate column, or 0 when
    every move loses at once: either the opponent has two playable threats (no
    single stone blocks both), or every move plays right below an opponent
    threat.  With exactly one playable opponent threat the only candidate is the
    block.
    """
    possible = (mask + BOTTOM) & BOARD
    forced = possible & opponent_wins
    if forced:
        if forced & (forced - 1):
            return 0
        possible = forced
    # A stone right below an opponent threat lets the opponent play on it.
    return possible & ~(opponent_wins >> 1)


def central_column(cells: int) -> int:
    """The most central column holding one of ``cells`` (which must not be 0)."""
    for i in range(WIDTH):
        col = CENTRE_ORDER[i]
        if cells & column_cells(col):
            return col
    return NO_MOVE


def order_moves(current: int, mask: int, candidates: int) -> list[int]:
    """The columns of ``candidates`` (playable cells, at most one per column), best first:
    the moves leaving the mover the most winning cells, then centre first.  The root of
    the depth search orders with this; the recursions sort the same keys in place."""
    keys = []
    for i in range(WIDTH):
        col = CENTRE_ORDER[i]
        move = candidates & column_cells(col)
        if move:
            threats = popcount(winning_cells(current | move, mask | move))
            keys.append((threats << THREATS_SHIFT) | COLUMN_KEY[col])
    keys.sort(reverse=True)
    return [key & 7 for key in keys]


# -- the transposition table ---------------------------------------------------

KEY_BITS = bitboard.KEY_BITS
"""Position keys (``current + mask``) are below ``2**KEY_BITS``."""


def low_bits(count: int) -> int:
    """A word with its lowest ``count`` bits set (0 to 63; 64-bit arithmetic once compiled)."""
    one = 1
    return (one << count) - 1


KEY_SPACE = low_bits(KEY_BITS)
INDEX_SHIFT = KEY_BITS - 32
"""A key's slot is its spread's top 32 bits scaled to the table's size (any size: no
power of two needed), ``((spread >> INDEX_SHIFT) * slots) >> 32``."""
HASH_MULTIPLIER = 0x9E3779B97F4A7C15 & KEY_SPACE | 1
"""An odd multiplier (the golden ratio's bits), so that ``key * HASH_MULTIPLIER`` modulo
``2**KEY_BITS`` is a bijection of the key space that spreads neighbouring keys apart."""
MIN_SLOT_BITS = 17
MAX_SLOT_BITS = 30
DEFAULT_SLOT_BITS = 21
"""A table's size unless its owner says (game.ai.solver.DEFAULT_CAPACITY explains it)."""
SLOT_BYTES = 8
MAX_ENTRY_BITS = 27


def slots_for(capacity: int) -> int:
    """The number of slots of a table asked for ``capacity`` of them (at least 2**17)."""
    if capacity < 1:
        raise ValueError(f"capacity must be at least 1, not {capacity}")
    if capacity > 1 << MAX_SLOT_BITS:
        raise ValueError(f"capacity {capacity} exceeds the largest table, 2**{MAX_SLOT_BITS}")
    return max(capacity, 1 << MIN_SLOT_BITS)


MADV_POPULATE_WRITE = 23
"""Linux's madvise advice that maps a range in, writable, at once (Python names it from
3.14 on only)."""
PAGE_BYTES = 4096


def _zeroed_words(count: int) -> memoryview:
    """``count`` 64-bit words of zeros, in fresh pages of their own.

    The pages are mapped in at once: otherwise each first touch of a page during a
    search costs a page fault.  Where the system offers huge pages the table asks for
    them *before* the pages are mapped in (after, the kernel keeps the small pages it
    already gave): a 64 MiB table then needs 32 TLB entries instead of 16,384.  The
    mapping is private: a shared one is shared memory, which does not get huge pages.
    (What each was worth: build_scripts/evaluation_tuning.md.)
    """
    size = count * SLOT_BYTES
    private = getattr(mmap, "MAP_PRIVATE", 0) | getattr(mmap, "MAP_ANONYMOUS", 0)
    pages = mmap.mmap(-1, size, flags=private) if private else mmap.mmap(-1, size)
    if hasattr(mmap, "MADV_HUGEPAGE"):
        pages.madvise(mmap.MADV_HUGEPAGE)
    try:
        pages.madvise(MADV_POPULATE_WRITE)
    except (AttributeError, OSError, ValueError):
        # Not Linux 5.14 or later: touch every page instead.
        for offset in range(0, size, PAGE_BYTES):
            pages[offset] = 0
    return memoryview(pages).cast("Q")


class Table:
    """A fixed-size transposition table: one C array of 64-bit words, one slot per word.

    A position key goes through a bijection of the key space (multiplication by an odd
    constant modulo ``2**KEY_BITS``, :data:`HASH_MULTIPLIER`, the *spread*); the spread's
    top bits scaled to the number of slots choose the slot (:data:`INDEX_SHIFT`), so a
    table can have any size, and its low ``check_bits`` bits are kept in the word as its
    *check*: the spreads that share a slot form one run shorter than ``2**check_bits``,
    so the slot and the check together are the key and a hit is never a false one.
    No division, so a probe costs a few cycles and one memory access.  A word::

        bits 0 to entry_bits - 1      the entry: its meaning is the caller's, never 0
        then up to the check          the table's generation
        the top check_bits            the check (KEY_BITS - slot_bits + 1 bits, where
                                      slot_bits is the bit length of the slot count - 1)

    :meth:`clear` starts a new generation: old entries read as empty without touching
    the array, so a table reset before every position costs nothing; when the generation
    field is used up, the array is wiped.

    **Eviction**: always replace; a store overwrites whatever held its slot.
    **Memory**: exactly 8 bytes a slot (:attr:`max_bytes`), allocated up front.
    """

    def __init__(
        self, capacity: int = 1 << DEFAULT_SLOT_BITS, entry_bits: int = MAX_ENTRY_BITS
    ) -> None:
        if not 1 <= entry_bits <= MAX_ENTRY_BITS:
            raise ValueError(f"entry_bits must be from 1 to {MAX_ENTRY_BITS}, not {entry_bits}")
        self.slots = slots_for(capacity)
        self.slot_bits = self.slots.bit_length() - 1
        # The slots of one index hold keys of one run of spread values, at most
        # 2**(KEY_BITS - slot_bits + 1) long, which its low bits tell apart.
        self.check_bits = KEY_BITS - self.slot_bits + 1
        self.check_mask = low_bits(self.check_bits)
        self.check_shift = 64 - self.check_bits
        self.entry_bits = entry_bits
        self.entry_mask = low_bits(entry_bits)
        self.max_generation = low_bits(self.check_shift - entry_bits)
        self.words = _zeroed_words(self.slots)
        self.generation = 1
        self.generation_tag = self.generation << self.entry_bits

    def prefetch(self, key: int) -> None:
        """Start loading ``key``'s slot into the CPU cache, so that a :meth:`get` soon after
        finds it there (compiled only: a table larger than the cache costs a memory access
        per probe, and several started together overlap).  Changes nothing."""
        if cython.compiled:
            spread = (key * HASH_MULTIPLIER) & KEY_SPACE
            prefetch(cython.address(self.words[((spread >> INDEX_SHIFT) * self.slots) >> 32]))

    def get(self, key: int) -> int:
        """The entry stored for ``key`` in this generation, or 0."""
        spread = (key * HASH_MULTIPLIER) & KEY_SPACE
        word = self.words[((spread >> INDEX_SHIFT) * self.slots) >> 32]
        tag = ((spread & self.check_mask) << self.check_shift) | self.generation_tag
        if word & ~self.entry_mask == tag:
            return word & self.entry_mask
        return 0

    def put(self, key: int, entry: int) -> None:
        """Store ``entry`` (1 to ``2**entry_bits - 1``) for ``key``, replacing the slot's."""
        spread = (key * HASH_MULTIPLIER) & KEY_SPACE
        tag = ((spread & self.check_mask) << self.check_shift) | self.generation_tag
        self.words[((spread >> INDEX_SHIFT) * self.slots) >> 32] = tag | entry

    def clear(self) -> None:
        """Forget every entry."""
        self.generation += 1
        if self.generation > self.max_generation:
            self.words = _zeroed_words(self.slots)
            self.generation = 1
        self.generation_tag = self.generation << self.entry_bits

    def count(self) -> int:
        """How many slots hold an entry of this generation (a scan: for tests and reports)."""
        live = 0
        generation_mask = self.max_generation << self.entry_bits
        for slot in range(self.slots):
            if self.words[slot] & generation_mask == self.generation_tag:
                live += 1
        return live

    @property
    def capacity(self) -> int:
        """The number of slots."""
        return self.slots

    @property
    def max_bytes(self) -> int:
        """The table's memory, full or not."""
        return self.slots * SLOT_BYTES


class MoveLists:
    """Room for one sorted move list per ply, so that no node allocates one.

    A node at ply ``p`` sorts its moves into slots ``p * WIDTH`` to ``p * WIDTH + 6``:
    :attr:`order` holds each move's sort key (its column in the low 3 bits) and
    :attr:`child_wins` the mover's winning cells after it, which the child needs as its
    ``opponent_wins`` (so no position computes them twice).
    """

    def __init__(self) -> None:
        self.order = _zeros(ORDER_SLOTS)
        self.child_wins = _zeros(ORDER_SLOTS)

    def sort(
        self, current: int, mask: int, possible: int, base: int, table: Table, solver: bool
    ) -> int:
        """Sort the moves of ``possible`` best first (as :func:`order_moves` does) into the
        slots from ``base`` (``ply * WIDTH``) on, by insertion (at most seven); returns how
        many there are.  Each child's slot of ``table`` starts loading into the cache
        meanwhile.

        The exact solver (``solver``) sorts differently in two ways:

        * Before :data:`WEIGHT_PLIES`, among moves leaving the same number of winning
          cells, the move into the cell with more live fours through it (:func:`live_fours`)
          comes first, then the more central.  Early in a game the fours a stone can still
          take part in, for either side, say more about a move than its column; later
          they mislead (the figures: build_scripts/evaluation_tuning.md).
        * A move that leaves the opponent no reply that does not lose at once (two
          threats, or a threat under a threat) ends the sort: the answer is then
          ``~column`` (negative) for that move.  Such a move wins with the mover's next
          stone, the best score left, so it cuts off whatever the window, and finding it
          here saves the child's call and the sort of the moves after it."""
        count = 0
        child_key = (current ^ mask) + mask
        for i in range(WIDTH):
            col = CENTRE_ORDER[i]
            move = possible & column_cells(col)
            if move:
                table.prefetch(child_key + move)
                wins = winning_cells(current | move, mask | move)
                sort_key = (popcount(wins) << THREATS_SHIFT) | COLUMN_KEY[col]
                if solver:
                    if not safe_moves(mask | move, wins):
                        return ~col
                    if base < WEIGHT_PLIES * WIDTH:
                        sort_key |= live_fours(move, current, current ^ mask) << CELL_SHIFT
                slot = base + count
                while slot > base and self.order[slot - 1] < sort_key:
                    self.order[slot] = self.order[slot - 1]
                    self.child_wins[slot] = self.child_wins[slot - 1]
                    slot -= 1
                self.order[slot] = sort_key
                self.child_wins[slot] = wins
                count += 1
        return count


# -- the evaluation ------------------------------------------------------------
# The weights and what each term is for: game.ai.evaluation, which documents them.

GOOD_THREAT = 90
OTHER_THREAT = 35
STACKED_THREAT = 120
CENTRE_WEIGHT = 3
OPEN_TWO = 15
PARITY_FILL = 200
EVAL_LIMIT = 999


def _centre_planes() -> list[tuple[int, int]]:
    """The cells whose number of fours has bit ``k`` set, with ``2**k``."""
    planes: dict[int, int] = {}
    for col in range(WIDTH):
        for row in range(HEIGHT):
            weight = bitboard.LINES_THROUGH_CELL[col][row]
            for bit in range(weight.bit_length()):
                if weight >> bit & 1:
                    planes[1 << bit] = planes.get(1 << bit, 0) | bitboard.cell_bit(col, row)
    return sorted((bits, value) for value, bits in planes.items())


def _line_starts() -> list[tuple[int, int]]:
    """Each direction's shift with the cells where a four in that direction starts."""
    starts: dict[int, int] = {}
    for line in bitboard.FOURS:
        first = line & -line
        rest = line ^ first
        shift = (rest & -rest).bit_length() - first.bit_length()
        starts[shift] = starts.get(shift, 0) | first
    return sorted(starts.items())


CENTRE_PLANES = 4
_PLANES = _centre_planes()
CENTRE_BITS = [bits for bits, _ in _PLANES]
CENTRE_VALUE = [value for _, value in _PLANES]
LINE_DIRECTIONS = 4
_STARTS = _line_starts()
LINE_SHIFT = [shift for shift, _ in _STARTS]
LINE_START = [starts for _, starts in _STARTS]


def open_two_balance(mine: int, theirs: int) -> int:
    """The open twos of ``mine`` minus those of ``theirs``: fours holding exactly two
    stones of one side and none of the other.

    For each direction ``d`` the four starting at cell ``s`` is ``s, s+d, s+2d,
    s+3d``; shifting a board by ``d``, ``2d`` and ``3d`` lines those cells up at
    ``s``, so every four of a direction is handled at once.
    """
    mask = mine | theirs
    balance = 0
    for i in range(LINE_DIRECTIONS):
        shift = LINE_SHIFT[i]
        second = mask >> shift
        third = mask >> 2 * shift
        fourth = mask >> 3 * shift
        low_one = mask ^ second  # exactly one stone in the first two cells
        high_one = third ^ fourth  # exactly one in the last two
        low_two = mask & second
        high_two = third & fourth
        two = (
            (low_one & high_one & ~(low_two | high_two))
            | ((low_two ^ high_two) & ~(low_one | high_one))
        ) & LINE_START[i]
        if two:
            near = theirs | (theirs >> shift)
            balance += popcount(two & ~(near | (near >> 2 * shift)))
            near = mine | (mine >> shift)
            balance -= popcount(two & ~(near | (near >> 2 * shift)))
    return balance


def centre_score(stones: int) -> int:
    """The sum over ``stones`` of the number of fours through each stone's cell."""
    total = 0
    for i in range(CENTRE_PLANES):
        total += popcount(stones & CENTRE_BITS[i]) * CENTRE_VALUE[i]
    return total


def threat_score(wins: int, own_rows: int) -> int:
    """The value of a player's threats ``wins`` (empty winning cells), given the rows
    that favour that player."""
    good = popcount(wins & own_rows)
    other = popcount(wins) - good
    stacked = popcount(wins & (wins >> 1))
    return good * GOOD_THREAT + other * OTHER_THREAT + stacked * STACKED_THREAT


def parity_outlook(first: int, second: int, empty: int) -> int:
    """Who owns a four once the ``empty`` cells are shared by parity (odd rows to the
    ``first`` player's stones, even rows to the ``second``'s): 1 for the first player
    alone, -1 for the second alone, 0 for both or neither."""
    outlook = 0
    if has_four(first | (empty & ODD_ROWS)):
        outlook += 1
    if has_four(second | (empty & EVEN_ROWS)):
        outlook -= 1
    return outlook


def cells_above(cells: int) -> int:
    """Every cell above one of ``cells`` in its column."""
    above = 0
    step = cells
    for _i in range(HEIGHT - 1):
        step = (step << 1) & BOARD
        above |= step
    return above


def zugzwang_outlook(first_wins: int, second_wins: int) -> int:
    """Who controls the zugzwang by the parity rules of threats: 1 for the first player,
    -1 for the second, 0 when neither has a threat on its own parity.

    The first player's threats on odd rows and the second's on even rows are the ones
    that win when the board fills up.  In each column only the lowest of them counts
    (the one above is never reached).  A first player's odd threat lowest in its column
    wins, even against an even threat of the second player in another column: the
    cells around the two columns are shared out, and the second player runs out of
    other moves first.  Otherwise an even threat of the second player wins.
    """
    odd = first_wins & ODD_ROWS
    even = second_wins & EVEN_ROWS
    if odd & ~cells_above(even):
        return 1
    if even:
        return -1
    return 0


def evaluate(current: int, mask: int, ply: int, own_wins: int, opponent_wins: int) -> int:
    """The heuristic value of a position for the player to move, in [-999, 999].

    ``current`` holds the mover's stones, ``mask`` all stones, ``ply`` the moves
    played, ``own_wins`` and ``opponent_wins`` each side's winning cells.  Requires
    that the mover has no immediate win (the search returns a proven score then).
    """
    opponent = current ^ mask
    if ply & 1:
        mover_rows = EVEN_ROWS
        opponent_rows = ODD_ROWS
    else:
        mover_rows = ODD_ROWS
        opponent_rows = EVEN_ROWS
    # A threat right above an opponent threat is dead: the cell below wins for the opponent.
    live_own = own_wins & ~(opponent_wins << 1)
    live_opponent = opponent_wins & ~(own_wins << 1)
    value = threat_score(live_own, mover_rows) - threat_score(live_opponent, opponent_rows)
    value += OPEN_TWO * open_two_balance(current, opponent)
    empty = BOARD ^ mask
    if ply & 1:
        outlook = zugzwang_outlook(opponent_wins, own_wins)
        if outlook == 0:
            outlook = parity_outlook(opponent, current, empty)
        value -= PARITY_FILL * outlook
    else:
        outlook = zugzwang_outlook(own_wins, opponent_wins)
        if outlook == 0:
            outlook = parity_outlook(current, opponent, empty)
        value += PARITY_FILL * outlook
    value += CENTRE_WEIGHT * (centre_score(current) - centre_score(opponent))
    if value > EVAL_LIMIT:
        return EVAL_LIMIT
    if value < -EVAL_LIMIT:
        return -EVAL_LIMIT
    return value


# -- the exact solver -----------------------------------------------------------

FAR_PROBES = 3
"""How many probes of a solve may look beyond the midpoint (see :func:`next_probe`)."""
NEAR_PROBES = 3
"""Once the score lies within this of a known bound on the draw's side, the probes step
from that bound instead of bisecting (see :func:`next_probe`)."""
CLOSE_PLIES = 6
"""Before this ply every probe steps from a draw (see :func:`next_probe`)."""
NO_GUESS = -1000
"""``SolverKernel.solve``'s ``guess`` when the caller has none."""


def half_toward_zero(value: int) -> int:
    """``value / 2`` rounded toward zero."""
    if value < 0:
        return -((-value) >> 1)
    return value >> 1


def next_probe(low: int, high: int, probes: int, ply: int) -> int:
    """The alpha of the next null-window probe, for a score known to lie in ``[low, high]``
    (``low < high``) after ``probes`` probes of a position at ``ply``.

    Before :data:`CLOSE_PLIES` no side can win soon and the score lies near a draw: the
    probes ask about the draw first, then step out from it one score at a time.  Later,
    the first :data:`FAR_PROBES` probes go to half of a bound when that lies beyond the
    midpoint: a fast win or loss is cheap to prove, and these probes find one in a few
    steps.  After them the score is usually small, every probe close to it is costly,
    and plain bisection (the midpoint rounded toward zero) makes the fewest, until at most
    :data:`NEAR_PROBES` scores are left on one side of a draw: then the probes step from
    the bound nearest the draw.  (Measurements: build_scripts/evaluation_tuning.md.)
    """
    if ply < CLOSE_PLIES:
        if low < 0 < high:
            return 0
        return low if low >= 0 else high - 1
    middle = low + ((high - low) >> 1)
    if probes < FAR_PROBES:
        if middle <= 0 and half_toward_zero(low) < middle:
            return half_toward_zero(low)
        if middle >= 0 and half_toward_zero(high) > middle:
            return half_toward_zero(high)
    elif high - low <= NEAR_PROBES:
        # Few scores left: the score is most likely the one nearest a draw, and the probe
        # at the true score is the costly one either way, so ask about it first.
        if low >= 0:
            return low
        if high <= 0:
            return high - 1
    elif middle < 0 and (high - low) & 1 and middle + 1 < high:
        middle += 1  # rounded toward zero, not down
    return middle


DEEP_PLY = 24
"""Positions from this ply on go to the solver's small table (see :class:`SolverKernel`;
why this ply: build_scripts/evaluation_tuning.md)."""
DEEP_SLOTS = 1 << 18
"""The small table's size: 2 MiB, which stays in the CPU's cache."""
SCORE_OFFSET = 32
LOWER_BOUND = 1 << 6
SOLVER_MOVE_SHIFT = 7
SOLVER_SCORE_BITS = LOWER_BOUND - 1
SOLVER_ENTRY_BITS = 10
"""A solver table's entries: score, bound and move (see :class:`SolverKernel`)."""
CUT_FIELDS = SCORE_OFFSET | LOWER_BOUND
"""``score + CUT_FIELDS``: a lower-bound entry without its move."""
FAIL_LOW_FIELDS = SCORE_OFFSET | (NO_MOVE << SOLVER_MOVE_SHIFT)
"""``score + FAIL_LOW_FIELDS``: an upper-bound entry with no move known."""


class SolverKernel:
    """The exact solver's null-window negamax over one :class:`Table`.

    Scores follow :mod:`game.ai.score`: ``22 - k`` for a win with the winner's
    ``k``-th stone, negated for a loss, 0 for a draw, seen by the player to move.

    The contract of :meth:`probe` (and of the recursion behind it):

    * **Requires** the player to move cannot win with its next stone, and
      ``opponent_wins`` holds the empty cells that would complete an opponent four.
    * It is a null-window search: it answers "is the score above ``alpha``?" (the
      window ``alpha, alpha + 1``; a child gets ``~alpha == -(alpha + 1)``).
    * **Returns** a fail-soft score ``s``: if ``s <= alpha`` the true score is at
      most ``s``; otherwise it is at least ``s``.  :attr:`cut_column` is then the
      root move that proved it (or ``NO_MOVE``).
    * Every :data:`~game.ai.control.CHECK_INTERVAL` nodes it calls
      ``control.check(nodes)``, whose exception (a stop) it lets through.

    **The follow-up bounds** (L. V. Allis's claimeven, widened to columns of odd
    height; :func:`follow_up_bound` gives the proof).  With the first player to move,
    the second player can answer every move so that the first player only ever gets
    the empty cells on the odd rows (1, 3, 5 from the bottom) and the playable cells
    on even rows: if those and its stones hold no four (or only fours that each have
    one of the second player's right below them, which completes first: the race),
    the score is at most 0, and if the second player's stones and the other even-row
    cells hold a four, at most -1 to -3 by how low that four lies.  With the second
    player to move, the same holds after it takes one playable even-row cell: for its
    best such cell, the score is at least the negated bound.  A node where such a bound
    decides the null window returns at once; otherwise the first player's bound caps
    the score.

    **Other shortcuts**, each keeping the scores exact: a side that can no longer
    make a four anywhere cannot win (at most a draw); a node with a single move that
    does not lose at once plays it without a table entry (forced moves are cheap to
    replay and would crowd the table); a move that leaves the opponent no safe reply
    is found while the moves are sorted and cuts off at once (:meth:`MoveLists.sort`);
    and while the root can still become its own
    mirror image, positions up to :data:`MIRROR_PLY_LIMIT` are stored under the smaller
    of their key and their mirror image's key, with the best move mirrored to match.

    **Two tables.**  Positions from ply :data:`DEEP_PLY` on are many, cheap and soon
    forgotten: they go to a small table (``deep``, :data:`DEEP_SLOTS`) that stays in the
    CPU's cache, and the earlier ones to the large table, where they are not crowded out.
    Most look-ups then cost no trip to memory.

    **The recursion in steps.**  :meth:`negamax` runs the steps of a node in order and
    returns as soon as one decides the window; each step is a method with a contract of
    its own: :meth:`_static_bounds` (bounds from the stones alone), :meth:`_probe` (the
    node's table entry), :meth:`_probe_children` (the children's entries),
    :meth:`_quick_win` and :meth:`_search_children` (the child loop).  A step that
    bounds the score answers ``(low, high)``, the score lying in ``[low, high]``: the
    node fails high with ``low`` when ``low > alpha`` and low with ``high`` when ``high
    <= alpha``, and a bound that says nothing is ``LOSS_LATER[ply]`` below (at most
    alpha by then) or :data:`NO_BOUND` above.  The steps are ``inline`` in
    ``_ckernel.pxd``, each called from one place; the C compiler makes one function of
    the small ones again, and the two it leaves as calls run only at the nodes that get
    that far (the cost of the split is in build_scripts/evaluation_tuning.md).

    Table entries pack::

        bits 0-5   score + 32
        bit  6     1: the score is a lower bound (a cut-off); 0: an upper bound
        bits 7-9   the best move's column (7: none known)
    """

    def __init__(self, table: Table, deep: Table) -> None:
        self.table = table
        self.deep = deep
        self.control: object = None
        self.nodes = 0
        self.next_check = NEVER
        self.root_ply = 0
        self.cut_column = NO_MOVE
        self.best_column = NO_MOVE
        self.mirror_limit = 0
        self.moves = MoveLists()

    def start(self, control: object) -> None:
        """Count nodes from 0 again, under ``control`` (None: no limits)."""
        self.control = control
        self.nodes = 0
        self.next_check = CHECK_INTERVAL if control is not None else NEVER

    def solve(
        self,
        current: int,
        mask: int,
        ply: int,
        weak: bool,
        known_low: int = -CELLS,
        known_high: int = CELLS,
        guess: int = NO_GUESS,
    ) -> int:
        """The exact score of a position where the game is not over and a move is left
        (weak: only its sign), narrowed by null-window probes (:func:`next_probe`);
        :attr:`best_column` is then a move that achieves it.  ``known_low`` and
        ``known_high`` are bounds the caller knows the exact score to lie within (both
        included): the probes start from them.  ``guess`` is a score the caller expects
        (a sibling's, say): the first probes ask whether the score is at least it, then
        whether it is at most it, so a right guess costs the two probes every exact
        score needs and a wrong one a probe or two; the answer never depends on it."""
        playable = (mask + BOTTOM) & BOARD
        mover_wins = winning_cells(current, mask)
        if mover_wins & playable:
            self.nodes += 1
            self.best_column = central_column(mover_wins & playable)
            return 1 if weak else WIN_NOW[ply]
        opponent_wins = winning_cells(current ^ mask, mask)
        self.mirror_limit = MIRROR_PLY_LIMIT if can_become_symmetric(current, mask) else 0
        low = -1 if weak else LOSS_NEXT[ply]
        high = 1 if weak else WIN_NOW[ply]
        if known_low > low:
            low = known_low
            if weak and low > -1:
                low = 0 if low == 0 else 1
        if known_high < high:
            high = known_high
            if weak and high < 1:
                high = 0 if high == 0 else -1
        floor = low
        best = NO_MOVE
        probes = 0
        while low < high:
            middle = next_probe(low, high, probes, ply)
            if low < guess <= high:
                middle = guess - 1  # is the score at least the guess?
            elif guess == low < high:
                middle = guess  # it is: is it more?
            elif probes == 0 and known_low > LOSS_NEXT[ply]:
                # A bound the caller knows is often the score itself (a parent's value is
                # its best child's): ask first whether the score is above it.
                middle = low
            probes += 1
            result = self.probe(current, mask, ply, middle, opponent_wins)
            if result <= middle:
                high = result
            else:
                low = result
                best = self.cut_column
        if weak:
            low = max(-1, min(1, low))
        if best == NO_MOVE and low > LOSS_NEXT[ply] and low == floor:
            # The score is the bound the caller gave, and no probe showed a move that
            # reaches it: one more probe, just below it, does.
            self.probe(current, mask, ply, low - 1, opponent_wins)
            best = self.cut_column
        if best == NO_MOVE:
            # No move was ever proven better than losing as fast as possible: any move
            # that does not lose at once is as good as another.
            safe = safe_moves(mask, opponent_wins)
            best = central_column(safe if safe else playable)
        self.best_column = best
        return low

    def probe(self, current: int, mask: int, ply: int, alpha: int, opponent_wins: int) -> int:
        """One null-window search of the root (see the class docstring)."""
        self.root_ply = ply
        self.cut_column = NO_MOVE
        return self.negamax(current, mask, ply, alpha, opponent_wins)

    def _check(self) -> None:
        self.next_check = self.nodes + CHECK_INTERVAL
        self.control.check(self.nodes)  # type: ignore[attr-defined]

    def _prefetch(self, key: int, ply: int) -> None:
        """Start loading the slot of the position of ``key`` at ``ply`` into the CPU cache
        (in the position's table: see "Two tables" above)."""
        if ply < DEEP_PLY:
            self.table.prefetch(key)
        else:
            self.deep.prefetch(key)

    def _entry(self, key: int, ply: int) -> int:
        """The entry of the position of ``key`` at ``ply``, or 0."""
        if ply < DEEP_PLY:
            return self.table.get(key)
        return self.deep.get(key)

    def _store(self, key: int, ply: int, entry: int) -> None:
        """Store ``entry`` for the position of ``key`` at ``ply``."""
        if ply < DEEP_PLY:
            self.table.put(key, entry)
        else:
            self.deep.put(key, entry)

    def _cut(self, key: int, ply: int, score: int, col: int, flip: int) -> int:
        """Store a cut-off by ``col`` and return its score (``flip``: ``key`` is the mirror
        image's, and so is the column stored)."""
        stored = col
        if flip:
            stored = WIDTH - 1 - col
        self._store(key, ply, (score + CUT_FIELDS) | (stored << SOLVER_MOVE_SHIFT))
        if ply == self.root_ply:
            self.cut_column = col
        return score

    def _static_bounds(self, current: int, mask: int, ply: int, alpha: int) -> tuple[int, int]:
        """Bounds on the node's score from its stones alone, without a search or the table:
        ``(low, high)``, the score lies in ``[low, high]``.  ``(LOSS_LATER[ply], NO_BOUND)``
        where they say nothing; the first bound that decides the null window (``low >
        alpha`` or ``high <= alpha``) is returned at once, and then :attr:`cut_column` is
        the root move that proves it, where there is one.  Requires ``alpha >=
        LOSS_LATER[ply]``.

        A side with no four left to make cannot win: the score is at most (or at least) a
        draw.  Then the follow-up bounds (the class docstring): the columns of odd height
        are those whose next cell is on an even row (a full column's "next cell" is a
        spare bit)."""
        empty = BOARD ^ mask
        if alpha >= 0:
            if not has_four(current | empty):
                return LOSS_LATER[ply], 0
        elif not has_four((current ^ mask) | empty):
            return 0, NO_BOUND
        odd_columns = (mask + BOTTOM) & EVEN_ROWS
        if ply & 1:  # the second player to move: it takes an even cell first
            if alpha < FOLLOW_UP_BEST:
                rest = odd_columns
                while rest:
                    cell = rest & -rest
                    rest ^= cell
                    score = -follow_up_bound(
                        current ^ mask, current | cell, empty ^ cell, odd_columns ^ cell
                    )
                    if score > alpha:
                        if ply == self.root_ply:
                            self.cut_column = low_column(cell)  # the answer there
                        return score, NO_BOUND
        elif alpha >= -FOLLOW_UP_BEST:
            return LOSS_LATER[ply], follow_up_bound(current, current ^ mask, empty, odd_columns)
        return LOSS_LATER[ply], NO_BOUND

    def _probe(self, key: int, ply: int, flip: int, high: int) -> tuple[int, int, int]:
        """What the table knows of the node under ``key`` (``flip``: the mirror image's):
        ``(low, high, move)``, the score lies in ``[low, high]`` (``high`` as given,
        lowered by an upper-bound entry; ``low`` ``LOSS_LATER[ply]`` unless the entry is a
        lower bound) and ``move`` is the column of the entry's best move (``NO_MOVE``:
        none known), in the node's own orientation."""
        entry = self._entry(key, ply)
        if not entry:
            return LOSS_LATER[ply], high, NO_MOVE
        score = (entry & SOLVER_SCORE_BITS) - SCORE_OFFSET
        move = entry >> SOLVER_MOVE_SHIFT
        if flip and move != NO_MOVE:
            move = WIDTH - 1 - move
        if entry & LOWER_BOUND:
            return score, high, move
        return LOSS_LATER[ply], min(high, score), move

    def _probe_children(
        self, current: int, mask: int, ply: int, alpha: int, possible: int
    ) -> tuple[int, int, int]:
        """The enhanced transposition cut-off (before :data:`ETC_PLY_LIMIT`): ``(possible,
        score, col)``.  A child the table already knows to be bad enough for the opponent
        refutes the node without a search: ``score > alpha``, the cut by ``col``.  A child
        it knows to be good enough for the opponent (a lower bound of at least ``-alpha``)
        cannot raise alpha: it is left out of ``possible``, as its search would fail low
        at its own table look-up (alpha only grows, so it stays left out).  ``score`` is
        ``LOSS_LATER[ply]`` (at most alpha) when nothing cut."""
        child_key = (current ^ mask) + mask  # plus the move: the move's cell is empty
        refuted = SCORE_OFFSET - alpha  # a child's lower bound field at least this
        mirror_children = ply + 1 < self.mirror_limit
        child_table = self.table if ply + 1 < DEEP_PLY else self.deep
        rest = possible
        while rest:  # start every child's memory access before waiting for one
            move = rest & -rest
            rest ^= move
            child_table.prefetch(canonical_key(child_key + move, mirror_children))
        rest = possible
        while rest:
            move = rest & -rest
            rest ^= move
            child = child_table.get(canonical_key(child_key + move, mirror_children))
            if child:
                if child & LOWER_BOUND:
                    if child & SOLVER_SCORE_BITS >= refuted:
                        possible ^= move
                else:
                    score = SCORE_OFFSET - (child & SOLVER_SCORE_BITS)
                    if score > alpha:
                        return possible, score, low_column(move)
        return possible, LOSS_LATER[ply], NO_MOVE

    def _quick_win(self, current: int, mask: int, possible: int) -> int:
        """The column of a move of ``possible`` (two or more moves) that leaves the
        opponent no reply that does not lose at once, or ``NO_MOVE``; each child looked at
        counts as a node (a stop check that falls due on one is made at the next node)."""
        rest = possible
        while rest:
            move = rest & -rest
            rest ^= move
            self.nodes += 1
            if not safe_moves(mask | move, winning_cells(current | move, mask | move)):
                return low_column(move)
        return NO_MOVE

    def _search_children(
        self,
        current: int,
        mask: int,
        ply: int,
        alpha: int,
        possible: int,
        key: int,
        flip: int,
    ) -> int:
        """The child loop: search the moves of ``possible`` (two or more) best first
        (:meth:`MoveLists.sort`) until one beats ``alpha``, and store the node's bound:
        the cut's score, or ``alpha`` when every move fails low (an upper bound)."""
        moves = self.moves
        base = ply * WIDTH
        child_table = self.table if ply + 1 < DEEP_PLY else self.deep
        count = moves.sort(current, mask, possible, base, child_table, True)
        if count < 0:
            # A move leaves the opponent no reply that does not lose at once.
            self.nodes += 1
            return self._cut(key, ply, WIN_LATER[ply], ~count, flip)
        for slot in range(base, base + count):
            col = moves.order[slot] & 7
            score = -self.negamax(
                current ^ mask,
                mask | (possible & column_cells(col)),
                ply + 1,
                ~alpha,
                moves.child_wins[slot],
            )
            if score > alpha:
                return self._cut(key, ply, score, col, flip)
        self._store(key, ply, alpha + FAIL_LOW_FIELDS)
        return alpha

    def negamax(self, current: int, mask: int, ply: int, alpha: int, opponent_wins: int) -> int:
        """The null-window search of one node (the contract: the class docstring): is the
        score of the position (``current``: the mover's stones, ``mask``: all stones,
        ``ply`` moves played) above ``alpha``?  Fail-soft: ``s <= alpha`` says the score
        is at most ``s``, ``s > alpha`` at least ``s``.  Requires that the mover cannot
        win with its next stone; ``opponent_wins``: the opponent's winning cells.

        In order, each step returning as soon as it decides the window: a loss to the
        opponent's next stone; the bounds of the next-but-one stones; a forced move,
        played without a table entry; :meth:`_static_bounds`; the table
        (:meth:`_probe`); the children's table entries (:meth:`_probe_children`); the
        table's move; the other moves (:meth:`_search_children`)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()

        possible = safe_moves(mask, opponent_wins)
        if not possible:
            return LOSS_NEXT[ply]
        key = current + mask
        if possible & (possible - 1):
            # Start loading the table entry now: the checks below hide part of the wait.
            key = canonical_key(key, ply < self.mirror_limit)
            self._prefetch(key, ply)
        # We cannot lose before the opponent's second stone, nor win before our second.
        # (In a null window, a bound that raises alpha or lowers beta decides the node.)
        if alpha < LOSS_LATER[ply]:
            return LOSS_LATER[ply]
        if not possible & (possible - 1):
            # A single candidate: no table, no order, and no static bound either, as the
            # child makes its own checks (here they cost more than they save: the figures
            # are in build_scripts/evaluation_tuning.md).
            after = mask | possible
            return -self.negamax(
                current ^ mask, after, ply + 1, ~alpha, winning_cells(current | possible, after)
            )

        low, high = self._static_bounds(current, mask, ply, alpha)
        if low > alpha:
            return low
        if high <= alpha:
            return high
        flip = key != current + mask
        low, high, table_move = self._probe(key, ply, flip, min(high, WIN_LATER[ply]))
        if low > alpha:
            if ply == self.root_ply:
                self.cut_column = table_move
            return low
        if high <= alpha:
            return high

        if ply < ETC_PLY_LIMIT:
            possible, low, col = self._probe_children(current, mask, ply, alpha, possible)
            if low > alpha:
                return self._cut(key, ply, low, col, flip)
        if table_move != NO_MOVE:
            move = possible & column_cells(table_move)
            if move:
                possible ^= move  # searched now, so left out of the child loop
                after = mask | move
                score = -self.negamax(
                    current ^ mask, after, ply + 1, ~alpha, winning_cells(current | move, after)
                )
                if score > alpha:
                    return self._cut(key, ply, score, table_move, flip)
        if possible & (possible - 1):
            if alpha < ONLY_QUICK_WIN[ply]:
                return self._search_children(current, mask, ply, alpha, possible, key, flip)
            # Only a win with our next stone beats alpha: every other child would fail low
            # at its entry, so the children are checked here without a recursion.
            col = self._quick_win(current, mask, possible)
            if col != NO_MOVE:
                return self._cut(key, ply, WIN_LATER[ply], col, flip)
        elif possible:
            # A single candidate: no order.
            after = mask | possible
            score = -self.negamax(
                current ^ mask, after, ply + 1, ~alpha, winning_cells(current | possible, after)
            )
            if score > alpha:
                return self._cut(key, ply, score, low_column(possible), flip)
        self._store(key, ply, alpha + FAIL_LOW_FIELDS)
        return alpha


# -- the depth-limited search's recursion ----------------------------------------

# A proven score ``s`` is ``s * HEURISTIC_UNIT`` here (imported from game.ai.score, its home).
INFINITY = 1_000_000
"""Beyond every score of the depth search (the open ends of its window)."""
SEARCH_SCORE_OFFSET = 1 << 15
SEARCH_SCORE_MASK = (1 << 16) - 1
EXACT = 1
LOWER = 2
UPPER = 3
BOUND_SHIFT = 16
SEARCH_MOVE_SHIFT = 18
DEPTH_SHIFT = 21
PROVEN_DEPTH = 63


class SearchKernel:
    """The depth-limited negamax with alpha-beta and the evaluation at the horizon.

    Scores: a proven result with exact score ``s`` is ``s * HEURISTIC_UNIT``, so a
    faster win scores higher and a slower loss less badly, and every heuristic value
    (strictly inside one unit) sits between the proven losses and the proven wins.

    The contract of :meth:`negamax`:

    * **Requires** ``alpha < beta``; the player to move cannot win with its next
      stone; ``opponent_wins`` holds the opponent's winning cells.
    * **Returns** a fail-soft score ``s``: ``s <= alpha`` means the value at this
      depth is at most ``s``, ``s >= beta`` at least ``s``, otherwise exactly ``s``.
    * ``depth`` counts plies; at 0 the position is evaluated, except that a forced
      move (a single non-losing reply) is searched one ply further, so the horizon
      never falls in the middle of a forced sequence.
    * Stops through ``control.check(nodes)`` as :class:`SolverKernel` does.

    Table entries pack::

        bits 0-15   score + 32768
        bits 16-17  bound: 1 exact, 2 lower, 3 upper
        bits 18-20  best move's column (7: none)
        bits 21-26  depth searched (63 for a proven win stored as a lower bound or a
                    proven loss as an upper bound: valid at any depth)
    """

    def __init__(self, table: Table, control: object = None) -> None:
        self.table = table
        self.control = control
        self.nodes = 0
        self.next_check = CHECK_INTERVAL if control is not None else NEVER
        self.moves = MoveLists()

    def _check(self) -> None:
        self.next_check = self.nodes + CHECK_INTERVAL
        self.control.check(self.nodes)  # type: ignore[attr-defined]

    def negamax(
        self,
        current: int,
        mask: int,
        ply: int,
        depth: int,
        alpha: int,
        beta: int,
        opponent_wins: int,
    ) -> int:
        """The value of the position searched ``depth`` plies (see the class docstring)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()

        possible = safe_moves(mask, opponent_wins)
        if not possible:
            return LOSS_NEXT[ply] * HEURISTIC_UNIT
        if ply >= CELLS - 2:
            return 0
        if depth <= 0:
            if possible & (possible - 1):
                return evaluate(current, mask, ply, winning_cells(current, mask), opponent_wins)
            depth = 1  # a forced move: look one ply further instead of guessing

        # Neither side can win sooner than its next-but-one stone from here.
        low = LOSS_LATER[ply] * HEURISTIC_UNIT
        high = WIN_LATER[ply] * HEURISTIC_UNIT
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta

        key = current + mask
        entry = self.table.get(key)
        table_move = NO_MOVE
        if entry:
            table_move = (entry >> SEARCH_MOVE_SHIFT) & 7
            if entry >> DEPTH_SHIFT >= depth:
                score = (entry & SEARCH_SCORE_MASK) - SEARCH_SCORE_OFFSET
                bound = (entry >> BOUND_SHIFT) & 3
                if bound == EXACT:
                    return score
                if bound == LOWER:
                    if score >= beta:
                        return score
                elif score <= alpha:
                    return score

        original_alpha = alpha
        best = -INFINITY
        best_move = NO_MOVE
        opponent = current ^ mask
        if table_move != NO_MOVE:
            move = possible & column_cells(table_move)
            if move:
                possible ^= move  # searched now, so left out of the ordering below
                after = mask | move
                best = -self.negamax(
                    opponent,
                    after,
                    ply + 1,
                    depth - 1,
                    -beta,
                    -alpha,
                    winning_cells(current | move, after),
                )
                best_move = table_move
                alpha = max(alpha, best)

        if alpha < beta:
            moves = self.moves
            base = ply * WIDTH
            count = moves.sort(current, mask, possible, base, self.table, False)
            for slot in range(base, base + count):
                col = moves.order[slot] & 7
                score = -self.negamax(
                    opponent,
                    mask | (possible & column_cells(col)),
                    ply + 1,
                    depth - 1,
                    -beta,
                    -alpha,
                    moves.child_wins[slot],
                )
                if score > best:
                    best = score
                    best_move = col
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break

        if best <= original_alpha:
            bound = UPPER
        elif best >= beta:
            bound = LOWER
        else:
            bound = EXACT
        # A proven win is a lower bound at any depth and a proven loss an upper bound (a
        # deeper search can only find a faster win); the other side of such a score holds
        # at this depth only.
        stored_depth = depth
        if best >= HEURISTIC_UNIT:
            if bound != UPPER:
                bound = LOWER
                stored_depth = PROVEN_DEPTH
        elif best <= -HEURISTIC_UNIT and bound != LOWER:
            bound = UPPER
            stored_depth = PROVEN_DEPTH
        self.table.put(
            key,
            (best + SEARCH_SCORE_OFFSET)
            | (bound << BOUND_SHIFT)
            | (best_move << SEARCH_MOVE_SHIFT)
            | (stored_depth << DEPTH_SHIFT),
        )
        return best
