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
    outcome: str = ""  # the state the last step leaves, in words (the cases page)


@dataclass
class OtherEdition:
    """A ruling's case as the other edition's rules model plays it: the same outcome, another
    one (told as that model played it), or no verdict (the ruling says why it does not apply)."""

    game: str  # the other edition's game id
    verdict: str  # "same", "different" or "not-applicable"
    view: ExampleView | None = None  # the other edition's run, when it differs
