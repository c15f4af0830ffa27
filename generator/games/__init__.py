"""The game packages: one per engine, each a folder with a `GAME` (generator/contract.py's
GamePackage). generator/registry.py finds them; README.md here says how to add one."""
