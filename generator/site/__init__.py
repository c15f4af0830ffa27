"""The ProperDocs side: the plugin that runs the pipeline inside `properdocs build` and `properdocs
serve`, the build that swaps a finished site in, the live preview, the language split, the theme's
environment and the reader-side files. Every reach into ProperDocs' or mkdocs-static-i18n's
internals is listed in patches.py.

ProperDocs is MkDocs 1.6 continued under a new name: the comments here say MkDocs for the engine,
its plugin API and its behaviour, which the two share."""
