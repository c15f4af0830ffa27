"""Rulebook generator: YAML rules data -> checked model -> trilingual MkDocs site.

Public entry points: `generator.load.load_project` (parse and validate the data),
`generator.build.build_site` (the whole site into a folder), `generator.scenarios.run_case`
(the rules model on one scenario).
"""
