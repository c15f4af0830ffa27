"""ProperDocs (MkDocs 1.6 continued) as the project runs it: `build` (generator/site/build.py) and
`serve` (scripts/site serve).

Both read mkdocs.yml with the safe YAML loader (patches.read_config_safely): ProperDocs' own would
run a Python tag written into the file. Both name mkdocs.yml: ProperDocs looks for properdocs.yml
first, and when it falls back to mkdocs.yml by itself it asks for the file to be renamed.

`build` is a one-off process, so no garbage collector and no tear-down. The build allocates the
whole site's pages, trees and templates, which Python's cyclic garbage collector walks again and
again (5-10 % of the build's CPU) although nearly all of it lives until the end; and tearing that
heap down at exit took about half a second. Without the collector the build peaks at about
200 MB instead of 140; at the end the output is flushed and the process leaves, releasing
everything at once. `serve` keeps the collector and exits normally: it runs for hours.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys


def main(argv: list[str]) -> int:
    one_off = argv[:1] == ["build"]
    if one_off:
        gc.disable()
        _stop_everything_on_sigterm()
    # Imported with the collector off: ProperDocs, Material and the plugins allocate much as they load.
    from properdocs.__main__ import cli

    from generator.load import yamlpos
    from generator.load.site_config import CONFIG_FILE
    from generator.site import patches

    yamlpos.keep_parses()  # each data file composed once, not in every build
    patches.read_config_safely()
    try:
        cli.main(args=_naming_the_config_file(argv, CONFIG_FILE), prog_name="properdocs")
    except SystemExit as exit:  # click always leaves this way
        code = exit.code
    else:
        code = 0
    return code if isinstance(code, int) else (0 if code is None else 1)


def _stop_everything_on_sigterm() -> None:
    """A build that `python -m generator build` started (its own session, see generator/site/build.py)
    ends with everything it started: its languages' forked builds. The
    builder stops the whole group itself when it is interrupted; but killed outright (SIGKILL), it
    can only have the kernel send this process SIGTERM (PR_SET_PDEATHSIG), and the forked builds
    would write on for half a minute into a folder nobody will publish."""
    if os.getsid(0) != os.getpid():
        return  # run from a terminal: its process group is the terminal's job, not ours to end

    def stop_the_group(signum, _frame):
        os.killpg(os.getpgrp(), signal.SIGKILL)

    signal.signal(signal.SIGTERM, stop_the_group)


def _naming_the_config_file(argv: list[str], config_file: str) -> list[str]:
    """`build` and `serve` read `config_file` unless the arguments name one."""
    named = any(arg.startswith(("-f", "--config-file")) for arg in argv)
    if argv[:1] in (["build"], ["serve"]) and not named:
        return [*argv, "--config-file", config_file]
    return argv


if __name__ == "__main__":
    status = main(sys.argv[1:])
    if sys.argv[1:2] != ["build"]:
        sys.exit(status)
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
