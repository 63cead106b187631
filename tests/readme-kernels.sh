#!/bin/sh
# readme-kernels.sh - the README's "Supported kernels" table says what
# tests/kernels.list says: the same rows, in the same order, with the same
# pattern, suites, compiler, flavour and test set.  Its last column, the
# newest build tested, is the README's own.
set -eu
cd "$(dirname "$0")/.."
readme=$(mktemp)
trap 'rm -f "$readme"' EXIT
sed -n '/^<!-- kernels.list table -->$/,/^<!-- end of table -->$/p' README.md |
	grep '^|' | sed 's/|[^|]*|$/|/' > "$readme"
[ -s "$readme" ] || { echo "README.md has no table between the kernels.list markers"; exit 1; }
scripts/kernels.sh table | diff -u - "$readme"
