"""The MkDocs side: the plugin that runs the pipeline inside `mkdocs build` and `mkdocs serve`, the
build that swaps a finished site in, the live preview, the language split, the theme's
environment and the reader-side files. Every reach into MkDocs' or mkdocs-static-i18n's
internals is listed in patches.py."""
