# SPDX-License-Identifier: GPL-2.0
"""Exit codes, errors and file helpers shared by the subcommands."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Exit codes (afalg-migrate(1), EXIT STATUS).
EXIT_OK = 0
EXIT_ERROR = 1          # bad input or environment: one-line message
EXIT_USAGE = 2          # bad command line
EXIT_UNREWRITABLE = 3   # rewrite: libkcapi calls left (listed with lines)
EXIT_RAW_AFALG = 4      # rewrite: raw AF_ALG socket code, not rewritten
EXIT_VERIFY = 5         # rewrite: result does not build or still imports libkcapi


class Error(Exception):
    """A problem with the input or the environment, reported in one line."""


def warn(msg):
    print('afalg-migrate: warning: ' + msg, file=sys.stderr)


def read_text(path, what='file'):
    if os.path.isdir(path):
        raise Error('%s: is a directory (expected: %s)' % (path, what))
    try:
        with open(path, encoding='utf-8', errors='surrogateescape') as f:
            return f.read()
    except OSError as e:
        raise Error('%s: %s' % (path, e.strerror)) from None


def read_json(path, what='JSON file'):
    text = read_text(path, what)
    try:
        return json.loads(text)
    except ValueError as e:
        raise Error('%s: not valid JSON (%s)' % (path, e)) from None


def load_data(name):
    with open(os.path.join(HERE, name), encoding='utf-8') as f:
        return json.load(f)


def write_out(text, path):
    if path and path != '-':
        try:
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
        except OSError as e:
            raise Error('%s: %s' % (path, e.strerror)) from None
    else:
        sys.stdout.write(text)
