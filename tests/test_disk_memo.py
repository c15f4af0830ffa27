"""The cache folders: the newest files are kept, and a folder only a little over its count is
left as it is (reading the time of each of thousands of files costs a run that adds one); a value is
pickled as its reducers say, and one that cannot be pickled leaves no file behind."""

from __future__ import annotations

import os

from generator.runtime.disk_memo import forget_the_oldest, read_pickle, write_pickle


def _files(folder, count: int) -> None:
    folder.mkdir(exist_ok=True)
    for i in range(count):
        (folder / f"f-{i:03}.pickle").write_bytes(b"x")
        os.utime(folder / f"f-{i:03}.pickle", (1000 + i, 1000 + i))  # f-000 the oldest


def test_a_folder_a_tenth_over_its_count_is_left_alone_and_one_further_over_keeps_its_newest(tmp_path):
    folder = tmp_path / "memo"
    _files(folder, 22)
    forget_the_oldest(folder, 20)
    assert len(list(folder.iterdir())) == 22
    _files(folder, 23)
    (folder / "inner").mkdir()  # a folder inside is not counted nor removed
    forget_the_oldest(folder, 20)
    assert sorted(p.name for p in folder.iterdir()) == [*(f"f-{i:03}.pickle" for i in range(3, 23)), "inner"]


def test_a_missing_folder_is_no_error(tmp_path):
    forget_the_oldest(tmp_path / "gone", 20)


class Placed(int):
    """An int with a place that its own pickling drops, as the data's numbers do."""

    def __new__(cls, value: int, where: str) -> "Placed":
        number = super().__new__(cls, value)
        number.where = where
        return number

    def __reduce__(self):
        return int, (int(self),)


def _placed(number: Placed) -> tuple:
    return Placed, (int(number), number.where)


def test_reducers_pickle_a_type_otherwise_and_a_value_that_cannot_be_pickled_leaves_no_file(tmp_path):
    write_pickle(tmp_path / "plain.pickle", [Placed(3, "a.yaml:1:1")])
    assert type(read_pickle(tmp_path / "plain.pickle", [])[0]) is int
    write_pickle(tmp_path / "placed.pickle", [Placed(3, "a.yaml:1:1")], {Placed: _placed})
    (back,) = read_pickle(tmp_path / "placed.pickle", [])
    assert isinstance(back, Placed) and back == 3 and back.where == "a.yaml:1:1"
    write_pickle(tmp_path / "lambda.pickle", [lambda: 1])
    assert sorted(path.name for path in tmp_path.iterdir()) == ["placed.pickle", "plain.pickle"]
