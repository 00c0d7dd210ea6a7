"""The history of finished games: kept across launches, checked when read, merged between
windows, capped, and never a crash for a damaged file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.core import Player
from game.profile.choices import DiscColour, Mode
from game.profile.history import MAX_GAMES, FinishedGame, HistoryStore, merged
from game.profile.settings import SettingsStore
from game.ui.saver import Saver

WON = "4455667"  # the first player wins
DRAWN = "617315721371413543521632362446574577645622"


def game(
    moves: str = WON, *, date: str = "2026-01-02T10:00:00+00:00", **others: object
) -> FinishedGame:
    values: dict[str, object] = {
        "moves": moves,
        "mode": Mode.VS_COMPUTER,
        "levels": ("Hard", "Hard"),
        "human": 0,
        "date": date,
    }
    values.update(others)
    return FinishedGame(**values)  # type: ignore[arg-type]


def store(folder: Path) -> HistoryStore:
    return HistoryStore(folder / "history.json")


def test_a_game_is_kept_with_its_result(tmp_path: Path) -> None:
    first = game(coached=True)
    assert store(tmp_path).add([first]) is None
    report = store(tmp_path).load()
    assert report.games == [first] and report.warnings == []
    kept = report.games[0]
    assert kept.result == "first" and kept.result_for_human() == "win" and kept.coached
    assert game(DRAWN, human=1).result_for_human() == "draw"
    assert game(human=1).result_for_human() == "loss" and game(human=1).computer_level == "Hard"
    yellow_second = game(human=1, colour=DiscColour.YELLOW)
    assert store(tmp_path).add([yellow_second]) is None
    assert store(tmp_path).load().games[-1].colour_of(Player.FIRST) is DiscColour.RED
    assert yellow_second.colour_of(Player.SECOND) is DiscColour.YELLOW
    two = game(mode=Mode.TWO_PLAYERS, human=None)
    assert two.colour_of(Player.FIRST) is DiscColour.RED and two.result_for_human() is None


@pytest.mark.parametrize(
    "values",
    [
        {"moves": "4455"},  # not finished
        {"moves": "44556678"},  # a move after the win
        {"start": 7},  # begins after its last move
        {"mode": Mode.WATCH, "human": None},
        {"mode": Mode.TWO_PLAYERS},  # a human side in a two-player game
        {"levels": ("Hard", "Godlike")},
        {"date": "yesterday"},
        {"moves": "4455", "forfeit": 1},  # left by the computer's side, not the human's
        {"moves": "4455", "forfeit": 0, "mode": Mode.TWO_PLAYERS, "human": None},
        {"forfeit": 0},  # a forfeit ends a game not over on the board
    ],
)
def test_what_is_not_a_finished_game_is_refused(values: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        game(**values)  # type: ignore[arg-type]


def test_a_game_left_for_a_new_one_is_kept_as_lost_by_leaving(tmp_path: Path) -> None:
    left = game("4455", human=1, forfeit=1)
    assert left.result_for_human() == "loss" and left.result == "first"
    assert store(tmp_path).add([left]) is None
    assert store(tmp_path).load().games == [left]


def test_a_bad_game_in_the_file_is_dropped_and_the_rest_kept(tmp_path: Path) -> None:
    good = game()
    entries = [good.to_json(), {**game(DRAWN).to_json(), "result": "first"}, {"moves": 7}, "x"]
    (tmp_path / "history.json").write_text(json.dumps({"version": 1, "games": entries}))
    assert store(tmp_path).load().games == [good]


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"\xff\xfe", b'{"games": 3}'])
def test_a_damaged_file_is_set_aside_with_a_notice(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "history.json"
    path.write_bytes(content)
    report = store(tmp_path).load()
    assert report.games == []
    assert len(report.warnings) == 1 and "history.json.bad-" in report.warnings[0]
    kept = list(tmp_path.glob("history.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not path.exists()


def test_a_file_damaged_while_running_is_set_aside_when_saving(tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    path.write_bytes(b"garbage")
    notice = store(tmp_path).add([game()])
    assert notice is not None and "damaged" in notice
    assert [g.moves for g in store(tmp_path).load().games] == [WON]


def test_two_windows_lose_none_of_each_others_games(tmp_path: Path) -> None:
    one, two = store(tmp_path), store(tmp_path)
    mine = [game(date=f"2026-01-0{day}T10:00:00+00:00") for day in (1, 3, 5)]
    theirs = [game(DRAWN, date=f"2026-01-0{day}T10:00:00+00:00") for day in (2, 4)]
    for a, b in zip(mine, [*theirs, None], strict=True):
        one.add([a])
        if b is not None:
            two.add([b])
    assert store(tmp_path).load().games == sorted([*mine, *theirs], key=lambda g: g.date)


def test_the_latest_games_are_kept(tmp_path: Path) -> None:
    games = [
        game(date=f"2026-01-01T{n // 60:02d}:{n % 60:02d}:00+00:00") for n in range(MAX_GAMES + 5)
    ]
    history = store(tmp_path)
    history.add(games[:100])
    history.add(games[100:])
    assert history.load().games == games[5:]
    assert merged(games, games) == games[5:]


def test_a_write_that_fails_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = store(tmp_path)
    history.add([game()])
    before = (tmp_path / "history.json").read_bytes()

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    problem = history.add([game(DRAWN)])
    assert problem is not None and "the disk is full" in problem
    assert (tmp_path / "history.json").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_the_saver_keeps_games_beside_the_settings(tmp_path: Path) -> None:
    saver = Saver(SettingsStore(tmp_path / "settings.json"))
    finished = game()
    saver.record_game(finished)
    assert saver.flush() == []
    other = Saver(SettingsStore(tmp_path / "settings.json"))
    assert other.games == [finished]
    other.record_game(game(DRAWN, date="2026-02-01T10:00:00+00:00"))
    other.flush()
    assert [g.moves for g in saver.all_games()] == [WON, DRAWN]
    saver.close()
    other.close()


def test_the_mistakes_replayed_and_fixed_are_kept_with_the_game_and_add_up(
    tmp_path: Path,
) -> None:
    first = game(DRAWN)
    replayed = first.replayed([3, 9], [9])
    assert (replayed.mistakes, replayed.fixed, replayed.id) == ((3, 9), (9,), first.id)
    history = store(tmp_path)
    assert history.add([replayed]) is None
    assert history.load().games == [replayed]
    # Another window fixed move 3 and replayed move 17: both windows' work adds up.
    other = first.replayed([3, 17], [3])
    assert history.add([other]) is None
    kept = history.load().games[0]
    assert (kept.mistakes, kept.fixed) == ((3, 9, 17), (3, 9))
    assert merged([replayed], [other]) == [kept]
    old_file = {k: v for k, v in first.to_json().items() if k not in ("mistakes", "fixed")}
    assert FinishedGame.from_json(old_file).mistakes == ()  # files from before: none


@pytest.mark.parametrize(("mistakes", "fixed"), [((0,), ()), ((43,), ()), ((3,), (4,))])
def test_mistakes_must_be_moves_of_the_game_and_fixed_among_them(
    mistakes: tuple[int, ...], fixed: tuple[int, ...]
) -> None:
    with pytest.raises(ValueError, match=r"mistakes|fixed"):
        game(DRAWN, mistakes=mistakes, fixed=fixed)


def test_the_saver_keeps_a_replay_with_the_game_by_id_or_by_its_moves(tmp_path: Path) -> None:
    saver = Saver(SettingsStore(tmp_path / "settings.json"))
    kept = game(DRAWN)
    saver.record_game(kept)
    assert saver.keep_replay(kept.id, DRAWN, [5], [5])
    assert saver.keep_replay(None, DRAWN, [7], [])  # the game just played: by its moves
    assert not saver.keep_replay(None, "4455667", [1], [])  # not in the history
    assert saver.flush() == []
    again = Saver(SettingsStore(tmp_path / "settings.json")).all_games()
    assert [(g.mistakes, g.fixed) for g in again] == [((5, 7), (5,))]
    saver.close()


def test_two_different_games_with_one_id_are_both_kept(tmp_path: Path) -> None:
    """An edited or copied entry may repeat another game's id: both games are kept, the
    second under a new id that every window reading the file gives it alike; two copies
    of one game stay one game, their replayed mistakes added up."""
    first = game(id="same")
    other = game(DRAWN, id="same", date="2026-01-03T10:00:00+00:00")
    copy = game(id="same", mistakes=(1,))
    entries = [first.to_json(), other.to_json(), copy.to_json()]
    (tmp_path / "history.json").write_text(json.dumps({"version": 1, "games": entries}))
    loaded = store(tmp_path).load().games
    assert [(g.moves, g.id) for g in loaded] == [(WON, "same"), (DRAWN, "same-2")]
    assert loaded[0].mistakes == (1,)
    assert store(tmp_path).load().games == loaded  # the same ids at every load
