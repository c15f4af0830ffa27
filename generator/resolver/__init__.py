"""The resolver page ("what happens if"): the rules model in the reader's browser.

    session.py   Resolver: a game's feed in one language -> its controls, and a situation -> the
                 outcome (events told with their rules sections, diagrams, odds) or its problems,
                 each at its place and in the reader's language; what the page's script calls
    browser.py   the entry the page's Web Worker runs in Pyodide
    links.py     a situation as a short link (and a worked example's starting state as one)
    page.py      the page in each language, and the files it reads (the form, the words)
    bundle.py    the engine for the browser: Pyodide's files (pinned, from npm) and this
                 generator's model code as one zip

The same runner, engine and narration as the build play a situation; no rule is written twice.
"""
