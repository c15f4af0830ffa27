"""Every sentence is our own: no run of text copied from the source documents."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COPYCHECK = ROOT.parent / "shared" / "tools" / "copycheck.py"


@pytest.mark.slow
@pytest.mark.skipif(not COPYCHECK.exists(), reason="the source documents are not beside this checkout")
def test_no_text_is_copied_from_the_sources():
    result = subprocess.run([sys.executable, str(COPYCHECK)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
