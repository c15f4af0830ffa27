"""The case format of every game, once: reading a scenario file with positions (reading.py,
shapes.py), the runner and its expectations (runner.py), worked examples (examples.py), FAQ
rulings (rulings.py) and the `scenario` command (cli.py). A game declares its keys; it does not
re-implement any of this."""
