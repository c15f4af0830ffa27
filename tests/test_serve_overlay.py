"""The live preview's error list, as the script every preview page carries (no server, no browser:
tests/test_serve.py shows it over real pages)."""
from __future__ import annotations

import json
import re

from generator import serve
from generator.load import LANGUAGES, interface_labels


def labels_in(script: str) -> dict:
    return json.loads(re.search(r"var LABELS = (.*);\n", script).group(1))


def test_the_list_is_worded_in_every_language_and_nothing_else_is_sent():
    labels = interface_labels()
    carried = labels_in(serve.overlay_script("/", labels))
    assert set(carried) == {"preview-data-errors", "preview-rebuild-failed"}
    for label, texts in carried.items():
        assert set(texts) == set(LANGUAGES) and all("{n}" in text for text in texts.values()), label
        assert texts == labels[label]


def test_no_label_can_close_the_script_it_stands_in():
    hostile = {"preview-data-errors": {"ja": "</script><script>window.__pwned=1</script>", "ko": "<!--", "uk": "x"}}
    script = serve.overlay_script("/rulebook/", hostile)
    assert script.count("</script>") == 1 and script.endswith("</script>")
    assert "<!--" not in script
    assert labels_in(script) == hostile  # the strings themselves arrive intact
    assert '"/rulebook/rulebook-build-status.json"' in script
