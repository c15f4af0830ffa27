"""What a worked example looks like to the shared templates: figures and narrated steps.

Each game's package fills these from its engine's trace; the templates render them the same way
for every game."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Figure:
    svg: str
    caption: str


@dataclass
class StepView:
    label: str
    narration: list[str]  # sentences, in the order of the trace
    before: Figure | None = None
    after: Figure | None = None


@dataclass
class ExampleView:
    id: str
    title: str
    setup: str
    level: int  # heading level inside the section it illustrates
    initial: Figure | None  # None: a game with no board to draw
    steps: list[StepView] = field(default_factory=list)
    resolver: str | None = None  # its starting state as the resolver page's link fragment (#s=...)
