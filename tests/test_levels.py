"""The difficulty levels, asked through :meth:`game.ai.Engine.think`.

Every check here is about behaviour: which move, whether the search says it
stopped, what error a bad request gets.  None asserts a wall-clock time.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from game.ai import LEVELS, Engine, Level, SearchRequest, SearchResult, custom_level, level_by_name
from game.ai.backend import IS_COMPILED
from game.ai.control import CHECK_INTERVAL
from game.ai.kernel import winning_cells
from game.ai.levels import CUSTOM_LEVEL, level_of
from game.ai.perfect import UNKNOWN_OPENING_PLIES
from game.ai.score import Score
from game.ai.solver import Solver
from game.core import CELLS, Board, IllegalMoveError
from game.core.bitboard import BOARD, BOTTOM, cells_of
from game.profile import saved_game
from tests.conftest import read_testset

pytestmark = pytest.mark.engine

LEVEL_IDS = [level.name for level in LEVELS]
PERFECT = LEVELS[-1]
MASTER = LEVELS[-2]
LOW_LEVELS = LEVELS[:3]  # Beginner, Easy, Medium


OWN_BUDGET = -1.0
"""``think``'s default time limit: the level's own budget."""


def ask(
    level: Level,
    moves: str,
    *,
    time_limit: float | None = OWN_BUDGET,
    node_limit: int | None = None,
    seed: int | None = 1,
) -> SearchRequest:
    """The request ``level`` gets for ``moves``: the time limit is the level's own
    budget unless one is given (None: no limit).  Perfect searches without its opening
    book here (tests/test_book.py tests the book), so that its limits and stop flags are
    exercised from any position."""
    return SearchRequest(
        moves=moves,
        depth=level.depth,
        time_limit=level.time_budget if time_limit == OWN_BUDGET else time_limit,
        node_limit=node_limit,
        seed=seed,
        use_book=False,
    )


def think(
    level: Level,
    moves: str,
    *,
    time_limit: float | None = OWN_BUDGET,
    seed: int | None = 1,
    engine: Engine | None = None,
) -> SearchResult:
    """Ask ``level`` (a fresh engine unless given) for a move, as ``ask`` words it."""
    return (engine or Engine()).think(ask(level, moves, time_limit=time_limit, seed=seed))


def assert_legal(moves: str, result: SearchResult) -> None:
    board = Board.from_moves(moves)
    assert result.column is not None
    assert board.can_play(result.column), (moves, result)


def test_the_levels_are_the_documented_ones() -> None:
    assert [(level.name, level.depth) for level in LEVELS] == [
        ("Beginner", 1),
        ("Easy", 3),
        ("Medium", 6),
        ("Hard", 9),
        ("Expert", 15),
        ("Master", 21),
        ("Perfect", None),
    ]
    assert level_by_name(" hard ").depth == 9
    assert level_by_name("PERFECT").is_perfect
    assert LEVELS[3].label == "Hard (depth 9)"
    assert PERFECT.label == "Perfect (exact)"
    assert PERFECT.time_budget == 3.0
    assert custom_level(9) is LEVELS[3]
    custom = custom_level(10)
    assert (custom.depth, custom.label) == (10, "Custom 10 (depth 10)")
    assert custom.blurb == "Looks 10 moves ahead (a move is one disc), then judges the board."


# Late and middle positions, where even the deep levels answer at once.
POSITIONS = [
    "5554224333234511764415115",  # Test_L2_R1 line 1: the mover wins (4)
    "1233722555341451114725221333",  # Test_L2_R1 line 3: the mover loses (-1)
    "7422341735647741166133573473242566",  # Test_L3_R1 line 2: columns 3, 4, 7 full
]


@pytest.mark.parametrize("level", LEVELS, ids=LEVEL_IDS)
@pytest.mark.parametrize("moves", POSITIONS)
def test_each_level_returns_a_legal_move(level: Level, moves: str) -> None:
    result = think(level, moves)
    assert_legal(moves, result)
    assert not result.stopped
    assert result.depth >= 1


def test_perfect_gives_the_exact_score_of_the_test_set() -> None:
    for moves, expected in read_testset("Test_L2_R1", 8):
        result = think(PERFECT, moves)
        assert result.score == Score.exact(expected), moves
        # The quick depth-limited pass may already prove it: then depth is its iteration.
        assert 1 <= result.depth <= CELLS - Board.from_moves(moves).ply


# Test_L2_R1 lines 58, 61 and 149: the depth-limited pass proves a win or a loss
# at a shallow depth, and that proof is only a bound (a win at least this fast, a
# loss at least this fast), not the exact score.
BOUND_NOT_EXACT = [
    ("7717464322265274226441151", 3),
    ("65452257612667655615271112", -4),
    ("1462571636416267177611", 4),
]


@pytest.mark.parametrize(("moves", "expected"), BOUND_NOT_EXACT)
def test_a_result_marked_exact_has_the_exact_score(moves: str, expected: int) -> None:
    result = think(PERFECT, moves)
    assert result.score == Score.exact(expected)


def winning_columns(moves: str) -> set[int]:
    board = Board.from_moves(moves)
    return {col for col in board.legal_moves() if board.is_winning_move(col)}


def threat_columns(moves: str) -> set[int]:
    """The columns where the opponent of the player to move could win at once."""
    board = Board.from_moves(moves)
    threats = winning_cells(board.current ^ board.mask, board.mask) & (board.mask + BOTTOM) & BOARD
    return {col for col, _row in cells_of(threats)}


# (moves, the mover's only winning column): in each, the opponent threatens
# elsewhere too, and the win is off the centre column, so neither "block" nor
# "play the centre" finds it.
WINS = [
    ("171717", 0),
    ("2233676773175364", 5),
    ("51476545152", 4),
    ("67377123166153543126145", 1),
    ("5435311435726456", 2),
]

# (moves, the column of the opponent's only playable threat); the mover cannot win.
BLOCKS = [
    ("171727", 6),
    ("222431775731356377524453", 1),
    ("13142377335142421112736737", 1),
    ("545231175", 4),
    ("6717266454644271", 4),
]


def test_the_win_and_block_positions_are_what_they_claim() -> None:
    for moves, col in WINS:
        assert winning_columns(moves) == {col}, moves
        assert threat_columns(moves) - {col}, moves
        assert col != 3
    for moves, col in BLOCKS:
        assert winning_columns(moves) == set(), moves
        assert threat_columns(moves) == {col}, moves
        assert col != 3


@pytest.mark.parametrize("level", LEVELS, ids=LEVEL_IDS)
def test_each_level_takes_an_immediate_win(level: Level) -> None:
    for moves, col in WINS:
        result = think(level, moves)
        assert result.column == col, moves
        assert result.score.is_exact and result.score.result == 1, moves


@pytest.mark.parametrize("level", LEVELS, ids=LEVEL_IDS)
def test_each_level_blocks_an_immediate_loss(level: Level) -> None:
    if level is PERFECT and not IS_COMPILED:
        pytest.skip("Perfect proves each block past its budget: 30 s on the pure-Python kernel")
    for moves, col in BLOCKS:
        # Perfect would spend its whole budget on the early ones: a short one suffices.
        result = think(level, moves, time_limit=0.5 if level is PERFECT else OWN_BUDGET)
        assert result.column == col, moves


# Red has 3, 4 and 5 on the bottom row, yellow two stones in column 1: yellow to move
# cannot stop both 2 and 6 (0-based 1 and 5).  Once early (the book's and the opening's
# plies), once past them (column 7 filled first).
DOUBLE_THREATS = ("31415", "77777731415")


@pytest.mark.parametrize("level", LEVELS, ids=LEVEL_IDS)
def test_each_level_blocks_one_of_two_threats_though_both_lose(level: Level) -> None:
    """Every move loses at once: the computer still blocks one four, as a player would,
    rather than play anywhere (and Perfect says the loss)."""
    for moves in DOUBLE_THREATS:
        for seed in range(6):
            result = think(level, moves, seed=seed)
            assert result.column in (1, 5), (moves, seed, result)
            if level is PERFECT:
                assert result.score.is_exact and result.score.result == -1, moves
        analysed = Engine().think(dataclasses.replace(ask(level, moves), analyze=True))
        assert analysed.column in (1, 5), (moves, analysed)  # with the analysis shown too


# Red has stones in columns 1, 4 and 6 of the bottom row, yellow in 2 and twice in 4;
# yellow to move.  Red's 5 would make two threats at once (3 and 7) unless yellow
# plays 3, 5 or 7 now.
TWO_WAY_TRAP = "44621"
TRAP_SPRINGS = 4  # column 5 (0-based): red's move that makes the two threats


def test_beginner_falls_for_a_simple_two_way_trap_and_easy_does_not() -> None:
    """The lowest level must stay beatable by a new player: it sees one move ahead."""
    solver = Solver()
    for seed in range(6):
        beginner = think(LEVELS[0], TWO_WAY_TRAP, seed=seed)
        assert beginner.column is not None and beginner.column not in (2, 4, 6)
        board = Board.from_moves(TWO_WAY_TRAP)
        board.play(beginner.column)
        board.play(TRAP_SPRINGS)
        # Two winning cells for red now: yellow can block only one.
        assert len(threat_columns(board.moves)) == 2, board.moves
        solution = solver.solve(board.current, board.mask, board.ply)
        assert solution.score < 0  # yellow, to move, has lost
        easy = think(LEVELS[1], TWO_WAY_TRAP, seed=seed)
        assert easy.column in (2, 4, 6)


# An early position: no level finishes it within the limits below (but Master, compiled,
# reaches its depth within a time budget).
OPEN = "4453"


@pytest.mark.parametrize("level", [MASTER, PERFECT], ids=["Master", "Perfect"])
def test_a_stop_flag_stops_the_search(level: Level) -> None:
    calls = itertools.count(1)
    # The flag goes up at the third check, so the search had started for real.
    result = Engine().think(ask(level, OPEN, time_limit=None), lambda: next(calls) >= 3)
    assert result.stopped
    assert not result.score.is_exact
    assert_legal(OPEN, result)


def test_a_stop_flag_raised_before_the_start_still_gives_a_move() -> None:
    for level in (MASTER, PERFECT):
        result = Engine().think(ask(level, "", time_limit=None), lambda: True)
        assert result.stopped
        assert_legal("", result)


# The compiled kernel finishes a depth of 12 here in milliseconds: a depth of 30 it
# cannot finish in the budget.
def test_a_time_budget_stops_the_search() -> None:
    result = think(custom_level(30), OPEN, time_limit=0.05)
    assert result.stopped
    assert not result.score.is_exact
    assert_legal(OPEN, result)


def test_a_time_budget_stops_perfects_analysis() -> None:
    # An analysis's values are shown as what they are (estimates here): only a move must
    # keep the result.
    request = SearchRequest(moves=OPEN, analyze=True, time_limit=0.05, use_book=False)
    result = Engine().think(request)
    assert result.stopped and not result.overtime
    assert result.analysis is not None and len(result.analysis) == 7
    assert_legal(OPEN, result)


@pytest.mark.parametrize("level", [LEVELS[4], MASTER, PERFECT], ids=["Expert", "Master", "Perfect"])
def test_a_node_budget_stops_the_search(level: Level) -> None:
    limit = 3000
    result = Engine().think(ask(level, OPEN, time_limit=None, node_limit=limit))
    assert result.stopped
    assert_legal(OPEN, result)
    # The budget is checked every CHECK_INTERVAL nodes (in each of Perfect's two searches).
    assert limit <= result.nodes <= limit + 2 * CHECK_INTERVAL


def test_perfect_with_a_tiny_node_budget_is_not_exact_but_plays() -> None:
    result = Engine().think(ask(PERFECT, "", time_limit=None, node_limit=1000))
    assert not result.score.is_exact
    assert result.stopped
    assert_legal("", result)


# (position, the columns that keep its result): the player to move wins (the first) or
# draws (the second, issue 26: ``bestmove 34444463 --level Perfect`` on a busy machine
# played column 6, a loss).  With a budget too small for any proof, Perfect used to
# play the deepest search's guess: column 3 (a loss) in the first, 6 in the second.
KEEPS_THE_RESULT = [("21743245725", {1, 3, 4}, 1), ("34444463", {1, 3}, 0)]


@pytest.mark.parametrize(("moves", "keeping", "result"), KEEPS_THE_RESULT)
def test_perfect_proves_its_move_past_a_budget_too_small(
    moves: str, keeping: set[int], result: int
) -> None:
    if moves == "34444463" and not IS_COMPILED:
        pytest.skip("the proof takes the pure-Python kernel about 20 s")
    found = think(PERFECT, moves, time_limit=0.001)
    assert found.column in keeping
    assert found.score == Score.of_result(result)
    assert found.overtime and not found.stopped
    board = Board.from_moves(moves)
    for col in range(7):
        if board.can_play(col) and col not in keeping:
            child = board.copy()
            child.play(col)
            loses = Solver().solve(child.current, child.mask, child.ply, weak=True).score
            assert -loses < result, col


def test_perfect_solves_within_its_default_budget_when_it_can() -> None:
    moves = "1233722555341451114725221333"
    result = think(PERFECT, moves)
    assert (result.score, result.stopped) == (Score.exact(-1), False)


# Openings of plies 5-7 (before UNKNOWN_OPENING_PLIES) whose result a weak solve finds in
# well under a second, won, drawn and lost for the player to move (-1 / 0 / 1).
UNKNOWN_OPENINGS = [
    ("456467", 1),
    ("467542", 1),
    ("4145315", 0),
    ("4762552", 0),
    ("4767346", -1),
    ("3436357", -1),
]


SLOW_WITHOUT_THE_COMPILED_KERNEL = {
    "4762552": "the weak solve of this opening takes the pure-Python kernel 90 s",
    # A won, a drawn and a lost opening stay for the pure kernel's run.
    "456467": "another won opening (467542) is enough for the pure-Python kernel's run",
    "4767346": "another lost opening (3436357) is enough for the pure-Python kernel's run",
}


@pytest.mark.parametrize(("moves", "result"), UNKNOWN_OPENINGS)
def test_perfect_keeps_the_result_of_an_opening_it_has_no_book_for(moves: str, result: int) -> None:
    if moves in SLOW_WITHOUT_THE_COMPILED_KERNEL and not IS_COMPILED:
        pytest.skip(SLOW_WITHOUT_THE_COMPILED_KERNEL[moves])
    board = Board.from_moves(moves)
    assert board.ply < UNKNOWN_OPENING_PLIES
    # No book here.  A won or drawn opening gets no time limit: the pure-Python kernel
    # (README's second test run) needs far more than the budget; a lost one would then
    # search without end, so it keeps the level's budget.
    found = think(PERFECT, moves, time_limit=None if result >= 0 else OWN_BUDGET)
    assert found.column is not None and board.can_play(found.column)
    child = board.copy()
    child.play(found.column)
    kept = -Solver().solve(child.current, child.mask, child.ply, weak=True).score
    if result >= 0:
        # The weak solve's move keeps the win or the draw, and says which it is.
        assert kept == result
        assert not found.stopped
        assert found.score == Score.of_result(result)
    else:
        # Every move loses: the search chooses one, and the answer says it was cut short.
        assert kept == -1
        assert found.stopped


@pytest.mark.parametrize("level", LEVELS[:5], ids=LEVEL_IDS[:5])
def test_the_same_seed_gives_the_same_move(level: Level) -> None:
    if level.name == "Expert" and not IS_COMPILED:
        pytest.skip("Expert's ten searches take the pure-Python kernel over two minutes")
    for moves in ("", "4", "44", "4453", "3344"):
        first = think(level, moves, seed=7, time_limit=None)
        again = think(level, moves, seed=7, time_limit=None)
        assert (first.column, first.score, first.depth) == (again.column, again.score, again.depth)


def self_play(level: Level, seed: int, plies: int) -> str:
    """The first ``plies`` moves of ``level`` playing itself from the empty board."""
    board = Board()
    engine = Engine()
    while board.ply < plies and not board.is_over:
        result = think(level, board.moves, seed=seed * 100 + board.ply, engine=engine)
        assert result.column is not None
        board.play(result.column)
    return board.moves


@pytest.mark.parametrize("level", LOW_LEVELS, ids=LEVEL_IDS[:3])
def test_different_seeds_give_different_games(level: Level) -> None:
    # Ties are rarer the deeper the search (Medium gives 2 openings of 16 moves in 8
    # seeds); what matters is that the same level does not play one line every game.
    games = {self_play(level, seed, 16) for seed in range(8)}
    assert len(games) >= 2, games


def test_equal_moves_are_chosen_at_random() -> None:
    # After 4444 columns 3 and 5 are mirror images, so they tie at every depth: each
    # seed picks one of them.  (Every level opens in the centre: no tie there.)
    for level in LOW_LEVELS:
        replies = {think(level, "4444", seed=seed).column for seed in range(12)}
        assert replies == {2, 4}, level.name


@pytest.mark.parametrize("depth", [0, -1, 43, 100])
def test_a_depth_out_of_range_is_refused(depth: int) -> None:
    with pytest.raises(ValueError, match="depth must be from 1 to 42"):
        Engine().think(SearchRequest(moves="44", depth=depth))
    with pytest.raises(ValueError, match="depth must be a whole number from 1 to 42"):
        custom_level(depth)


@pytest.mark.parametrize("depth", [True, 2.5, "4"])
def test_a_depth_of_the_wrong_type_is_refused(depth: object) -> None:
    with pytest.raises(ValueError, match="depth"):
        Engine().think(SearchRequest(moves="44", depth=depth))  # type: ignore[arg-type]


@pytest.mark.parametrize("moves", ["1212121", "547125662261271266215743771576315353334444"])
def test_a_finished_game_is_refused(moves: str) -> None:
    for depth in (4, None):
        with pytest.raises(ValueError, match="over"):
            Engine().think(SearchRequest(moves=moves, depth=depth))


@pytest.mark.parametrize(
    ("moves", "index", "text"),
    [
        ("44x", 2, "not a column"),
        ("448", 2, "off the board"),
        ("1111111", 6, "full"),
        ("121212134", 7, "over"),
        ("4" * 43, 6, "full"),
    ],
)
def test_an_illegal_position_is_refused(moves: str, index: int, text: str) -> None:
    with pytest.raises(IllegalMoveError, match=text) as info:
        Engine().think(SearchRequest(moves=moves, depth=2))
    assert info.value.index == index


@pytest.mark.parametrize("name", ["Grandmaster", "Custom \u00b2", "Custom \u0664", "Custom"])
def test_an_unknown_level_name_lists_the_levels(name: str) -> None:
    with pytest.raises(ValueError, match="Beginner, Easy, Medium, Hard, Expert, Master, Perfect"):
        level_by_name(name)


def test_analysis_through_the_engine() -> None:
    # Test_L3_R1 line 2: columns 3, 4 and 7 are full, the mover wins (score 1).
    moves = "7422341735647741166133573473242566"
    for depth in (4, None):
        result = Engine().think(SearchRequest(moves=moves, depth=depth, analyze=True))
        assert result.analysis is not None
        assert list(result.analysis) == [0, 1, 4, 5]
        assert result.column in (0, 1, 4, 5)
    # Perfect scores every playable column exactly; the best is the position's score.
    assert result.analysis is not None
    assert all(score.is_exact for score in result.analysis.values())
    assert result.analysis.best == result.score == Score.exact(1)
    assert result.column is not None and result.analysis[result.column] == Score.exact(1)


def test_level_of_reads_a_saved_choice() -> None:
    assert level_of("hard", 9) == level_by_name("Hard")
    assert level_of(CUSTOM_LEVEL, 10) == custom_level(10)
    assert level_of(CUSTOM_LEVEL, 9) == level_by_name("Hard")  # a named level's depth
    with pytest.raises(ValueError, match="unknown level"):
        level_of("Godlike", 9)
    # The settings file stores the same name for a custom depth.
    assert saved_game.LEVEL_CHOICES[-1] == CUSTOM_LEVEL
