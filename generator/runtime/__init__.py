"""Process plumbing every command shares: forked work, stop signals, where the project is, the
cache of compiled templates. Imports nothing of the generator but its errors."""
