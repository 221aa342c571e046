#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# apt-private.sh DIR SUITE TYPES -- APT-GET-ARGS...
#
# Runs apt-get against a private copy of the machine's Debian sources kept in
# DIR, so that fetching a source package (deb-src) or a package from another
# suite (e.g. bookworm-backports) never changes /etc/apt.  apt still checks
# every download against the archive keyring named in the machine's sources.
#
#   SUITE         "" to use the machine's suite, "-backports" (a suffix)
#                 for <codename>-backports, or a suite by name, e.g.
#                 "trixie-backports"
#   TYPES         "deb", "deb-src" or "deb deb-src"

set -eu

dir=$1 suffix=$2 types=$3
shift 3
[ "$1" = "--" ] && shift

mkdir -p "$dir/sources.list.d" "$dir/lists/partial" "$dir/archives/partial"
: >"$dir/sources.list"

# Take the first Debian archive stanza (deb822 or one-line format) and restate
# it with our types and suites.
src=/etc/apt/sources.list.d/debian.sources
if [ -f "$src" ]; then
	uri=$(awk '/^URIs:/ && /debian\/?$/ { print $2; exit }' "$src")
	suite=$(awk '/^Suites:/ { print $2; exit }' "$src")
	keyring=$(awk '/^Signed-By:/ { print $2; exit }' "$src")
else
	set -- $(awk '$1 == "deb" && $0 !~ /security/ { print $2, $3; exit }' \
		/etc/apt/sources.list) "$@"
	uri=$1 suite=$2
	shift 2
	keyring=/usr/share/keyrings/debian-archive-keyring.gpg
fi
if [ -z "${uri:-}" ] || [ -z "${suite:-}" ]; then
	echo "apt-private: no Debian archive found in /etc/apt" >&2
	exit 1
fi
case "$suffix" in
""|-*) suites=$suite$suffix ;;
*) suites=$suffix ;;
esac
cat >"$dir/sources.list.d/fioring.sources" <<EOF
Types: $types
URIs: $uri
Suites: $suites
Components: main
Signed-By: ${keyring:-/usr/share/keyrings/debian-archive-keyring.gpg}
EOF

opts="-o Dir::Etc::SourceList=$dir/sources.list
-o Dir::Etc::SourceParts=$dir/sources.list.d
-o Dir::State::Lists=$dir/lists
-o Dir::Cache::Archives=$dir/archives
-o APT::Sandbox::User=root"

# The index is refreshed once a day at most: a second build needs no network.
stamp=$dir/lists/.updated
if [ -z "$(find "$stamp" -mmin -1440 2>/dev/null)" ]; then
	apt-get $opts update >&2
	touch "$stamp"
fi
exec apt-get $opts "$@"
