# The C types of game/ai/kernel.py, compiled by Cython as the module game.ai._ckernel.
#
# Cython reads this file beside kernel.py (it is named after the compiled module) and
# gives every name declared here a C type; names not declared stay Python objects.
# Every name the search touches per node must be declared: one untyped name makes the
# compiled code go through Python objects.  tests/test_kernel.py reads the generated C
# (game/ai/kernel.c) for Python calls in the hot functions.
#
# The recursions return -1000000000, never a score, to say "an exception was raised"
# (the stop check's): "except? -1000000000" below.

cimport cython

ctypedef unsigned long long u64
ctypedef unsigned int u32
ctypedef long long i64

# Compiler builtins; uncompiled, kernel.py defines the same two functions in Python.
# (7 is COLUMN_BITS.)
cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int c4_popcount(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    static __inline int c4_low_column(unsigned long long x) {
        unsigned long index;
        _BitScanForward64(&index, x);
        return (int)index / 7;
    }
    #if defined(_M_X64) || defined(_M_IX86)
    #include <xmmintrin.h>
    #define c4_prefetch(address) _mm_prefetch((const char*)(address), _MM_HINT_T0)
    #else
    #define c4_prefetch(address) ((void)(address))
    #endif
    #else
    #define c4_prefetch(address) __builtin_prefetch(address)
    #if defined(__POPCNT__)
    static inline int c4_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    #else
    /* Without -mpopcnt the builtin is a call into libgcc; this is a few instructions. */
    static inline int c4_popcount(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #endif
    static inline int c4_low_column(unsigned long long x) { return __builtin_ctzll(x) / 7; }
    #endif
    """
    int popcount "c4_popcount" (unsigned long long x) noexcept nogil
    void prefetch "c4_prefetch" (const void* address) noexcept nogil
    int low_column "c4_low_column" (unsigned long long x) noexcept nogil

cdef int WIDTH, HEIGHT, CELLS, COLUMN_BITS, NO_MOVE, THREATS_SHIFT, ORDER_SLOTS, ETC_PLY_LIMIT
cdef int CELL_SHIFT, WEIGHT_PLIES, MAX_CELL_FOURS
cdef u64 COLUMN_MASK, BOARD, BOTTOM, SPARE_ROW, ODD_ROWS, EVEN_ROWS
cdef long long NEVER
cdef int CENTRE_ORDER[7]
cdef u64 MIRROR_COLUMN[7]
cdef int MIRROR_SHIFT[3]
cdef int MIRROR_PLY_LIMIT, NO_BOUND, FOLLOW_UP_BEST
cdef u64 LOW_ROWS[7]
cdef int COLUMN_KEY[7]
cdef int CELL_FOUR_COUNT[49]
cdef u64 CELL_FOURS[637]
cdef int LOSS_NEXT[43]
cdef int LOSS_LATER[43]
cdef int WIN_LATER[43]
cdef int ONLY_QUICK_WIN[43]
cdef int WIN_NOW[43]
cdef int FAR_PROBES, NEAR_PROBES, CLOSE_PLIES, DEEP_PLY

cdef int KEY_BITS
@cython.locals(one=u64)
cpdef u64 low_bits(int count) noexcept
cdef u64 KEY_SPACE, HASH_MULTIPLIER
cdef int INDEX_SHIFT

cdef int GOOD_THREAT, OTHER_THREAT, STACKED_THREAT, CENTRE_WEIGHT, OPEN_TWO, PARITY_FILL
cdef int EVAL_LIMIT, CENTRE_PLANES, LINE_DIRECTIONS
cdef u64 CENTRE_BITS[4]
cdef int CENTRE_VALUE[4]
cdef int LINE_SHIFT[4]
cdef u64 LINE_START[4]

cdef int SCORE_OFFSET, LOWER_BOUND, SOLVER_MOVE_SHIFT, SOLVER_SCORE_BITS, CUT_FIELDS
cdef int FAIL_LOW_FIELDS

cdef int HEURISTIC_UNIT, INFINITY, SEARCH_SCORE_OFFSET, SEARCH_SCORE_MASK
cdef int EXACT, LOWER, UPPER, BOUND_SHIFT, SEARCH_MOVE_SHIFT, DEPTH_SHIFT, PROVEN_DEPTH


cpdef u64 column_cells(int col) noexcept

@cython.locals(found=u64, pairs=u64)
cpdef u64 winning_cells(u64 stones, u64 mask) noexcept

@cython.locals(pairs=u64)
cpdef bint has_four(u64 stones) noexcept

@cython.locals(index=int, live=int, j=int, line=u64)
cpdef int live_fours(u64 cell, u64 first, u64 second) noexcept

cpdef u64 mirror_key(u64 key) noexcept

cpdef u64 canonical_key(u64 key, bint mirror) noexcept

@cython.locals(col=int, other=int, left=u64, right=u64, both=u64, mine_left=u64,
               mine_right=u64)
cpdef bint can_become_symmetric(u64 current, u64 mask) noexcept

@cython.locals(pairs=u64)
cpdef bint race_lost(u64 mine, u64 theirs) noexcept

@cython.locals(pairs=u64, mine_fours=u64, starts=u64)
cpdef bint fours_below(u64 mine, u64 theirs, int shift) noexcept

@cython.locals(theirs=u64, mine=u64)
cpdef int follow_up_bound(u64 first, u64 second, u64 empty, u64 free) noexcept

@cython.locals(possible=u64, forced=u64)
cpdef u64 safe_moves(u64 mask, u64 opponent_wins) noexcept

@cython.locals(i=int, col=int)
cpdef int central_column(u64 cells) noexcept

cpdef int half_toward_zero(int value) noexcept

@cython.locals(middle=int)
cpdef int next_probe(int low, int high, int probes, int ply) noexcept

@cython.locals(i=int, col=int, move=u64, threats=int)
cpdef list order_moves(u64 current, u64 mask, u64 candidates)


@cython.final
cdef class Table:
    cdef readonly int slot_bits
    cdef readonly u64 slots
    cdef int check_bits, check_shift
    cdef u64 check_mask
    cdef readonly int entry_bits
    cdef u64 entry_mask
    cdef u64 max_generation
    cdef u64[::1] words
    cdef readonly u64 generation
    cdef u64 generation_tag

    @cython.locals(spread=u64)
    cdef void prefetch(self, u64 key) noexcept

    @cython.locals(spread=u64, word=u64, tag=u64)
    cpdef int get(self, u64 key) noexcept

    @cython.locals(spread=u64, tag=u64)
    cpdef void put(self, u64 key, int entry) noexcept

    cpdef void clear(self)

    @cython.locals(live=i64, slot=u64, generation_mask=u64)
    cpdef i64 count(self)


@cython.final
cdef class MoveLists:
    cdef int order[301]
    cdef u64 child_wins[301]

    @cython.locals(count=int, i=int, col=int, move=u64, wins=u64, sort_key=int, slot=int,
                   child_key=u64)
    cdef int sort(self, u64 current, u64 mask, u64 possible, int base, Table table,
                  bint solver) noexcept


@cython.locals(mask=u64, balance=int, i=int, shift=int, second=u64, third=u64, fourth=u64,
               low_one=u64, high_one=u64, low_two=u64, high_two=u64, two=u64, near=u64)
cpdef int open_two_balance(u64 mine, u64 theirs) noexcept

@cython.locals(total=int, i=int)
cpdef int centre_score(u64 stones) noexcept

@cython.locals(good=int, other=int, stacked=int)
cpdef int threat_score(u64 wins, u64 own_rows) noexcept

@cython.locals(outlook=int)
cpdef int parity_outlook(u64 first, u64 second, u64 empty) noexcept

@cython.locals(above=u64, step=u64, _i=int)
cpdef u64 cells_above(u64 cells) noexcept

@cython.locals(odd=u64, even=u64)
cpdef int zugzwang_outlook(u64 first_wins, u64 second_wins) noexcept

@cython.locals(opponent=u64, mover_rows=u64, opponent_rows=u64, live_own=u64,
               live_opponent=u64, value=int, empty=u64, outlook=int)
cpdef int evaluate(u64 current, u64 mask, int ply, u64 own_wins, u64 opponent_wins) noexcept


@cython.final
cdef class SolverKernel:
    cdef readonly Table table
    cdef readonly Table deep
    cdef object control
    cdef readonly long long nodes
    cdef long long next_check
    cdef int root_ply
    cdef int mirror_limit
    cdef readonly int cut_column
    cdef readonly int best_column
    cdef MoveLists moves

    cpdef void start(self, object control)

    @cython.locals(playable=u64, mover_wins=u64, opponent_wins=u64, safe=u64, low=int,
                   high=int, best=int, probes=int, middle=int, result=int, floor=int)
    cpdef int solve(self, u64 current, u64 mask, int ply, bint weak, int known_low=*,
                    int known_high=*, int guess=*) except? -1000000000

    cpdef int probe(self, u64 current, u64 mask, int ply, int alpha, u64 opponent_wins) except? -1000000000
    cdef void _check(self) except *

    # The recursion's steps, each called from one place: inline, so that the C compiler
    # makes one function of them again (a method's address sits in the class's table, so a
    # large one would stay a call).
    cdef inline void _prefetch(self, u64 key, int ply) noexcept
    cdef inline int _entry(self, u64 key, int ply) noexcept
    cdef inline void _store(self, u64 key, int ply, int entry) noexcept
    @cython.locals(stored=int)
    cdef int _cut(self, u64 key, int ply, int score, int col, int flip) noexcept
    @cython.locals(empty=u64, odd_columns=u64, rest=u64, cell=u64, score=int)
    cdef inline (int, int) _static_bounds(self, u64 current, u64 mask, int ply,
                                          int alpha) noexcept
    @cython.locals(entry=int, score=int, move=int)
    cdef inline (int, int, int) _probe(self, u64 key, int ply, int flip, int high) noexcept
    @cython.locals(child_key=u64, refuted=int, mirror_children=bint, child_table=Table,
                   rest=u64, move=u64, child=int, score=int)
    cdef inline (u64, int, int) _probe_children(self, u64 current, u64 mask, int ply,
                                                int alpha, u64 possible) noexcept
    @cython.locals(rest=u64, move=u64)
    cdef inline int _quick_win(self, u64 current, u64 mask, u64 possible) noexcept
    @cython.locals(child_table=Table, score=int, col=int, moves=MoveLists, base=int,
                   count=int, slot=int)
    cdef inline int _search_children(self, u64 current, u64 mask, int ply, int alpha,
                                     u64 possible, u64 key, int flip) except? -1000000000

    @cython.locals(possible=u64, key=u64, after=u64, move=u64, low=int, high=int, flip=int,
                   table_move=int, score=int, col=int)
    cdef int negamax(self, u64 current, u64 mask, int ply, int alpha, u64 opponent_wins) except? -1000000000


@cython.final
cdef class SearchKernel:
    cdef readonly Table table
    cdef object control
    cdef readonly long long nodes
    cdef long long next_check
    cdef MoveLists moves

    cdef void _check(self) except *

    @cython.locals(possible=u64, key=u64, opponent=u64, move=u64, after=u64, moves=MoveLists,
                   low=int, high=int, entry=int, table_move=int, score=int, bound=int,
                   original_alpha=int, best=int, best_move=int, base=int, col=int, slot=int,
                   stored_depth=int, count=int)
    cpdef int negamax(self, u64 current, u64 mask, int ply, int depth, int alpha, int beta,
                      u64 opponent_wins) except? -1000000000
