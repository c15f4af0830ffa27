"""What the resolver page's Web Worker calls in Pyodide (site_overrides/assets/resolver/engine.js):
`start` once with the feed, then `resolve` for each situation. Strings in, strings out: JSON
crosses between JavaScript and Python, nothing else."""

from __future__ import annotations

import json

from generator import registry
from generator.resolver.session import Resolver

_RESOLVER: list[Resolver] = []


def start(feed_json: str, extra_json: str, labels_json: str) -> None:
    feed = json.loads(feed_json)
    package = registry.engines()[feed["game"]["engine"]]
    _RESOLVER[:] = [Resolver(feed, package, json.loads(extra_json), json.loads(labels_json))]


def resolve(situation_json: str) -> str:
    try:
        situation = json.loads(situation_json)
    except ValueError:
        situation = None
    return json.dumps(_RESOLVER[0].resolve(situation), ensure_ascii=False)
