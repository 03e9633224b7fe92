#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""One list of test suites: README.md's, which the rest agrees with.

README.md's "Tests" section says how many meson suites there are and names
each in backquotes; this fails when

- the number written there is not the number of names it gives;
- docs/development.md's "Suites:" item names another set;
- a suite meson registers (the build's meson-info/intro-tests.json) is not
  in the list, or, in a native x86_64 build (which registers every suite:
  meson sets KC_ALL_SUITES=1), a suite of the list is not registered;
- a name scripts/run-tests tests for is not a suite;
- a folder tests/NAME/ with a meson.build is not a suite's folder (a suite
  distro-X lives in tests/distro/).

    KC_SOURCE_ROOT=DIR KC_BUILD_ROOT=BUILD tests/unit/test_suites.py
"""
import json
import os
import re

from kctest import run_tests

SRC = os.environ.get('KC_SOURCE_ROOT') or os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get('KC_BUILD_ROOT', '')
NUMBERS = {w: i for i, w in enumerate(
    'zero one two three four five six seven eight nine ten eleven twelve '
    'thirteen fourteen fifteen sixteen'.split())}


def read(rel):
    with open(os.path.join(SRC, rel)) as f:
        return f.read()


def readme_suites():
    """The number README.md writes and the names it lists after it."""
    text = read('README.md')
    m = re.search(r'runs one meson suite; there are (\w+):(.*?)\nSee ',
                  text, re.S)
    if not m:
        return None, []
    # only the names at the top level of the sentence: a backquoted path
    # (tests/vectors/, kernel-patches/...) or option is not a suite
    names = re.findall(r'`([a-z][a-z0-9.-]*)`', m.group(2))
    return NUMBERS.get(m.group(1)), names


def development_suites():
    text = read('docs/development.md')
    m = re.search(r'^- Suites: (.*?)(?:\.  |\n- )', text, re.S | re.M)
    if not m:
        return []
    # the names at the head of each item, not what the parentheses quote
    depth, top = 0, ''
    for c in m.group(1):
        depth += c == '('
        if depth == 0:
            top += c
        depth -= c == ')'
    return re.findall(r'`([a-z][a-z0-9.-]*)`', top)


def registered_suites():
    """The suites of the build's tests; None without a build directory."""
    path = os.path.join(BUILD, 'meson-info', 'intro-tests.json')
    if not BUILD or not os.path.exists(path):
        return None
    with open(path) as f:
        tests = json.load(f)
    suites = set()
    for t in tests:
        for s in t['suite']:
            # meson names a suite "project:suite"
            suites.add(s.split(':', 1)[-1])
    return suites


def check_readme(tap):
    n, names = readme_suites()
    tap.ok(names and n == len(names) and len(set(names)) == len(names),
           'README.md: "there are %s" suites, and it names %d different ones'
           % (n, len(set(names))), names)


def check_development(tap):
    _, names = readme_suites()
    dev = development_suites()
    tap.ok(dev and sorted(dev) == sorted(names),
           'docs/development.md "Suites:" names the suites README.md lists',
           'only in docs/development.md: %s\nonly in README.md: %s' %
           (sorted(set(dev) - set(names)), sorted(set(names) - set(dev))))


def check_meson(tap):
    _, names = readme_suites()
    got = registered_suites()
    if got is None:
        tap.skip('meson registers the suites README.md lists',
                 'no build directory (KC_BUILD_ROOT)')
        return
    tap.ok(got <= set(names), 'every suite meson registers is in README.md',
           'not listed: %s' % sorted(got - set(names)))
    # meson says whether this build registers every suite (tests/meson.build)
    if os.environ.get('KC_ALL_SUITES') == '1':
        tap.ok(set(names) <= got, 'a native x86_64 build registers every '
               'suite README.md lists', 'not registered: %s' %
               sorted(set(names) - got))
    else:
        tap.skip('a native x86_64 build registers every suite',
                 'this build is not one (it registers fewer)')


def check_run_tests(tap):
    _, names = readme_suites()
    text = read('scripts/run-tests')
    used = set()
    for alt in re.findall(r"grep -qxE '([^']*)'", text):
        used.update(alt.split('|'))
    for m in re.findall(r'"(\w[\w-]*)"\s+-D|run_config \w+ [\w-]+ "([^"]*)"',
                        text):
        used.update(x for x in ' '.join(m).split() if x)
    used.discard('all')
    tap.ok(used and used <= set(names),
           'scripts/run-tests names only suites README.md lists (%s)' %
           ', '.join(sorted(used)), 'unknown: %s' % sorted(used - set(names)))


def check_folders(tap):
    _, names = readme_suites()
    folders = sorted(d for d in os.listdir(os.path.join(SRC, 'tests'))
                     if os.path.exists(os.path.join(SRC, 'tests', d,
                                                    'meson.build'))
                     and d != 'lib')
    stray = [d for d in folders
             if d not in names and not any(n.startswith(d + '-')
                                           for n in names)]
    tap.ok(folders and not stray, 'every tests/ folder with a meson.build '
           'is a suite\'s (%d folders)' % len(folders), stray)


if __name__ == '__main__':
    run_tests(check_readme, check_development, check_meson, check_run_tests,
              check_folders)
