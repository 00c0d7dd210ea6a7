"""The analysis in words: exact results, proven bounds and estimates."""

from __future__ import annotations

import pytest

from game.ai.score import Score
from game.ui.scenes.play import texts
from game.ui.worth import ESTIMATES, Worth, worth, worth_lines, worth_sentence


@pytest.mark.parametrize(
    ("score", "ply", "words"),
    [
        (18, 0, "Win in 4 moves"),  # 22 - 18 = the mover's 4th stone wins
        (-18, 1, "Loss in 3 moves"),  # the first player has one stone already
        (1, 41, "Win in 1 move"),
        (0, 10, "Draw"),
    ],
)
def test_exact_scores_are_win_draw_or_loss_in_so_many_moves(
    score: int, ply: int, words: str
) -> None:
    said = worth(Score.exact(score), ply=ply)
    assert said.exact
    assert worth_sentence(said, 3) == f"{said.symbol} Column 4: {words}"
    # The same count as the engine's own description.
    assert Score.exact(score).describe(ply).split()[-1] in words or score == 0


def test_a_win_a_shorter_search_proved_is_at_most_so_many_moves() -> None:
    said = worth(Score.bound(3), ply=10)
    assert (said.kind, said.moves, said.at_most, said.exact) == ("win", 14, True, True)
    assert worth_lines(said) == ["\u2713 Win", "in \u226414"]
    assert worth_sentence(said, 0).endswith("Column 1: Win in at most 14 moves")
    loss = worth(Score.bound(-3), ply=10)
    assert (loss.kind, loss.symbol) == ("loss", "\u00d7")


def test_estimates_are_a_five_step_scale_that_never_reads_like_a_number() -> None:
    steps = [worth(Score.estimate(v), ply=8) for v in (999, 150, 149, 40, 39, 0, -39)]
    words = [worth_lines(s)[1] for s in steps]
    assert words == ["Strong", "Strong", "Good", "Good", "Even", "Even", "Even"]
    worse = [worth(Score.estimate(v), ply=8) for v in (-40, -149, -150, -999)]
    assert [worth_lines(s)[1] for s in worse] == ["Weak", "Weak", "Bad", "Bad"]
    for said in steps + worse:
        assert not said.exact and said.moves is None
        sentence = worth_sentence(said, 0)
        value = sentence.split(": ", 1)[1]
        assert not any(ch.isdigit() for ch in " ".join(worth_lines(said)) + value)
        assert sentence.endswith("(an estimate)")
    assert len({s.symbol for s in steps + worse}) == len(ESTIMATES)


def test_every_verdict_has_a_symbol_as_well_as_a_colour() -> None:
    kinds: dict[str, Worth] = {}
    exact = [Score.exact(value) for value in (5, 0, -5)]
    for score in exact + [Score.estimate(value) for value in (300, 0, -300)]:
        said = worth(score, ply=6)
        kinds[said.kind] = said
    assert set(kinds) == {"win", "draw", "loss", "better", "even", "worse"}
    assert len({said.symbol for said in kinds.values()}) == 6


@pytest.mark.parametrize(
    ("score", "word"), [(Score.of_result(1), "Win"), (Score.of_result(-1), "Loss")]
)
def test_a_result_known_without_its_length_is_said_in_plain_words(score: Score, word: str) -> None:
    # The opening book's first plies keep results alone, as the weakest proven bound: a
    # win (or loss) with the last stone at the latest.  That says nothing about how many
    # moves, so no "in at most 18" (issue 26, item 4).
    said = worth(score, ply=4)
    assert said.exact and said.moves is None
    assert worth_lines(said) == [f"{said.symbol} {word}"]
    assert worth_sentence(said, 2) == f"{said.symbol} Column 3: {word}"
    assert not any(ch.isdigit() for ch in texts.hint(2, said).replace("column 3", ""))


def test_the_readme_and_how_to_play_show_the_marks_the_game_draws() -> None:
    # Issue 26, item 6: the bundled font (Inter) draws U+2717 as a plain x, so README's
    # "\u2717" was not what a player saw: the loss mark is the multiplication sign.
    from pathlib import Path  # noqa: PLC0415

    from game.ui.scenes import howto  # noqa: PLC0415
    from game.ui.worth import DRAW, LOSS, WIN  # noqa: PLC0415

    assert LOSS == "\u00d7"
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    marks = f"**{WIN} Win**, **{DRAW} Draw** or **{LOSS} Loss**"
    assert marks in readme and "\u2717" not in readme
    assert f"{WIN} Win, {DRAW} Draw or {LOSS} Loss" in howto.ANALYSIS
