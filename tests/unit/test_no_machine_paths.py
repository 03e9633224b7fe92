#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""No file of the tree names a path of one particular machine.

A checkout must work wherever it is cloned: test data lives in
tests/vectors, caches under ${XDG_CACHE_HOME:-~/.cache}/afalg-exit.  This
reads every tracked file (git ls-files; without git, a walk of the source
tree that leaves out .git and meson build directories) and fails, naming
file and line, on an absolute path into a development machine's work or
home directories (root's, a user's under the home or macOS Users
directory) and on a relative path to the shared directory beside the
checkout, where the vectors used to be read from.  Binary files (the
gzipped vectors) are not read.

    KC_SOURCE_ROOT=DIR tests/unit/test_no_machine_paths.py

checks DIR instead of the tree this file is in (meson passes its source
root).
"""
import os
import re
import subprocess

from kctest import run_tests

# A path starts at the beginning of a line or after a character that cannot
# end a directory name or a variable ($W/... is relative to W, not absolute).
# The names are in groups (?:...) so that this file does not match itself.
START = r'(?<![\w.$}~/-])'
PATTERNS = [
    ('work directory', START + r'/(?:work)/'),
    ("root's home", START + r'/(?:root)/'),
    ("a user's home", START + r'/(?:home)/[^/\s]+/'),
    ('a macOS home', START + r'/(?:Users)/[^/\s]+/'),
    ('the directory beside the checkout', r'\.\./(?:shared)\b'),
]
MACHINE_PATH = re.compile('|'.join('(%s)' % p for _, p in PATTERNS))

# (file, text): a path in test data that names no directory of any machine.
ALLOWED = {
    # The executable of an unprivileged user's program in a made-up
    # inventory: afalg-harden must name it as the blocker in its output.
    ('tests/lib/hardencases.py', '/home' '/u/bin/enc'),
}


def source_root():
    return os.path.abspath(os.environ.get('KC_SOURCE_ROOT') or
                           os.path.join(os.path.dirname(__file__), '..', '..'))


def tree_files(root):
    """The tracked files under @root, relative to it, and how they were
    listed."""
    try:
        r = subprocess.run(['git', '-C', root, 'ls-files', '-z'],
                           capture_output=True, check=True)
        return [f for f in r.stdout.decode().split('\0') if f], 'git ls-files'
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for d, dirs, names in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in ('.git', '__pycache__') and
                         not os.path.isdir(os.path.join(d, x, 'meson-private')))
        files += [os.path.relpath(os.path.join(d, n), root) for n in sorted(names)]
    return files, 'a walk of the tree'


def machine_paths(root, rel):
    """(line number, what, text) for each machine path in one file."""
    try:
        with open(os.path.join(root, rel), 'rb') as f:
            data = f.read()
    except OSError:
        return []          # deleted in the work tree, or a dangling link
    if b'\0' in data[:8192]:
        return []
    found = []
    text = data.decode('utf-8', 'replace')
    for n, line in enumerate(text.splitlines(), 1):
        for m in MACHINE_PATH.finditer(line):
            what = PATTERNS[m.lastindex - 1][0]
            if any(f == rel and a in line for f, a in ALLOWED):
                continue
            found.append((n, what, line.strip()[:120]))
    return found


def test_tree(tap):
    root = source_root()
    files, how = tree_files(root)
    tap.ok(len(files) > 100, '%d files to read (%s of %s)' % (len(files), how, root))
    bad = []
    for rel in files:
        bad += ['%s:%d: %s: %s' % (rel, n, what, text)
                for n, what, text in machine_paths(root, rel)]
    tap.ok(not bad, 'no tracked file names a path of a particular machine '
           '(%d found)' % len(bad), diag='\n'.join(bad[:50]))


def test_patterns(tap):
    """The patterns find what they are for, and not what is relative."""
    hits = ['/' + 'work/shared/vectors', 'x = "/' + 'root/.cache"',
            'cd /' + 'home/alice/src', '(/' + 'Users/bob/x)', '..' + '/shared/vectors']
    misses = ['$W/' + 'work/log', '~/.cache/afalg-exit', '/home', '/usr/share/doc',
              'https://example.org/' + 'work/x', 'tests/vectors/acvp']
    bad = [h for h in hits if not MACHINE_PATH.search(h)]
    bad += [m for m in misses if MACHINE_PATH.search(m)]
    tap.ok(not bad, 'the patterns match machine paths and nothing relative', diag=bad)


if __name__ == '__main__':
    run_tests(test_patterns, test_tree)
