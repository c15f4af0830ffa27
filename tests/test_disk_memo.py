"""The cache folders' pruning: the newest files are kept, and a folder only a little over its
count is left as it is (reading the time of each of thousands of files costs a run that adds one)."""

from __future__ import annotations

import os

from generator.runtime.disk_memo import forget_the_oldest


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
