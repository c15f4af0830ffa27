"""A synthetic project N times the size of this one, to measure how each stage grows with the data.

    .venv/bin/python scripts/synthetic_project.py TARGET --scale 3

TARGET receives the parts of the project a build reads; every game folder of rules_data/ is
there `scale` times: the original and copies named `<folder>-copy<k>`, each a game of its own
(its order moved after the originals', its scenarios naming the copy as their edition). The copies
hold the same entities, texts and scenarios, so every stage has `scale` times the work of the
real project: the same pages per game, `scale` times the games. No game is named here: every
folder under rules_data/ is copied alike.
"""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT_FILES = ("mkdocs.yml", "content", "rules_data", "site_overrides", "build/docs/.gitignore")
ORDER_STEP = 100  # copy k of a game comes at the original's order + k * ORDER_STEP


def copy_project(target: Path) -> Path:
    for name in PROJECT_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def lay_out(target: Path, scale: int) -> Path:
    """Write a project of `scale` times the games into target (a new folder); return it."""
    copy_project(target)
    data = target / "rules_data"
    games = sorted(folder for folder in data.iterdir() if (folder / "game.yaml").is_file())
    for folder in games:
        for k in range(2, scale + 1):
            copy = data / f"{folder.name}-copy{k}"
            shutil.copytree(folder, copy)
            _renumber(copy / "game.yaml", k)
            for path in copy.rglob("*.yaml"):
                text = path.read_text(encoding="utf-8")
                moved = re.sub(rf"^(\s*edition: ){re.escape(folder.name)}\s*$", rf"\g<1>{copy.name}", text, flags=re.M)
                if moved != text:
                    path.write_text(moved, encoding="utf-8")
    return target


def _renumber(game_yaml: Path, k: int) -> None:
    text = game_yaml.read_text(encoding="utf-8")
    moved = re.sub(
        r"^(\s*order: )(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + k * ORDER_STEP}", text, count=1, flags=re.M
    )
    game_yaml.write_text(moved, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("target", type=Path)
    parser.add_argument("--scale", type=int, default=3)
    args = parser.parse_args()
    lay_out(args.target, args.scale)
    print(f"a project of {args.scale} x the games in {args.target}")


if __name__ == "__main__":
    main()
