"""mkdocs.yml read with YAML's safe loader.

MkDocs reads its configuration with PyYAML's full loader, which makes any Python object a tag
names: `!!python/object/apply:os.system ["..."]` runs a command while the file is being read,
before any plugin could look at it. mkdocs.yml holds translators' words (each language's names
and labels, generator/load/site_config.py), so it is read here with the safe loader and MkDocs'
own two tags (`!ENV`, `!relative`); a Python tag then stops MkDocs with the tag's line and
column, and `check` names it too. The project's configuration needs no Python tag.

install() runs before MkDocs reads the file (generator/site/run_mkdocs.py, which `scripts/site` and
`build` use) and again when the plugin starts, for a plain `mkdocs serve` reading it again.
"""

from __future__ import annotations

import yaml
from mkdocs.config import defaults
from mkdocs.utils import yaml as mkdocs_yaml

_MKDOCS_LOADER = mkdocs_yaml.get_yaml_loader


def safe_yaml_loader(loader=None, config=None):
    """MkDocs' loader class (its `!ENV` and `!relative` tags) on the safe loader, whatever is asked."""
    return _MKDOCS_LOADER(yaml.SafeLoader, config)


def install() -> None:
    mkdocs_yaml.get_yaml_loader = safe_yaml_loader  # yaml_load()'s default
    defaults.get_yaml_loader = safe_yaml_loader  # MkDocsConfig.load_file(), which reads mkdocs.yml
