"""The shared core every game's engine is built on. It names no game.

dice.py       typed dice (named faces; odds known or not), scripted by face or by roll / seeded /
              exactly enumerated rolls
decks.py      decks with an empty-deck policy (reshuffle, lose, never)
phases.py     a declared phase sequence and the turn (round, phase, player)
choices.py    the players' decisions, scripted by a scenario, defaults otherwise
events.py     events with reasons; NotAllowed, a refusal with a stable reason id
geometry.py   the board interface and the zone-graph implementation (grid.py: squares)
scenarios.py  the scenario runner: load cases, run steps through a game's hooks, trace
"""
