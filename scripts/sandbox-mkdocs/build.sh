#!/bin/sh
# Builds the sandbox's MkDocs project (`mk-demo`, sources in test/fixtures/mkdocs-demo) with a real
# `mkdocs build`, as Read the Docs runs it, and writes what the sandbox serves from it:
# test/sandbox/seed/pages/mkDemo.ts (the pages, trimmed to their article, and objects.inv) and
# test/sandbox/logs/mkDemoOutputs.ts (the build's output, colour codes included, and the --strict one).
# Needs the Debian packages mkdocs mkdocstrings mkdocstrings-python-handlers mkdocs-autorefs
# mkdocs-material (bookworm: mkdocs 1.4.2, mkdocstrings 0.20.0, mkdocstrings-python 0.8.3,
# mkdocs-autorefs 0.4.1, griffe 0.25.5, mkdocs-material 8.2.5). No network: no inventory is imported.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$repo/test/fixtures/mkdocs-demo" "$work/src"
cd "$work/src"
build() {
  dir=$1
  shift
  NO_COLOR=1 /usr/bin/python3 -m mkdocs build --clean --site-dir "$work/$dir" --config-file mkdocs.yml "$@" 2>&1 | sed "s#$work/$dir#/home/docs/checkouts/readthedocs.org/user_builds/mk-demo/checkouts/latest/_readthedocs/html#"
}
build html > "$work/build.log" || true
build strict --strict > "$work/strict.log" || true
sed -i 's/^\(Documentation built in\|INFO     -  Documentation built in\) [0-9.]* seconds$/\1 1.10 seconds/' "$work/build.log" "$work/strict.log"
node "$here/capture.mjs" "$work" "$repo"
