# shellcheck shell=sh
# by-debian.sh - the DKMS and system tests' kernels, by the Debian that
# builds them.  Sourced after tests/tap.sh; R is the results folder.

# by_debian SERIES...: fetch the newest kernel of each series (names of
# tests/kernels.list); BW gets those Debian 12 builds (gcc-12), TX those
# of Debian 13 (gcc-14); any other is said and left out.
by_debian() {
	BW="" TX=""
	for _s in "$@"; do
		if ! _k=$(scripts/kernels.sh fetch "$_s" 2>"$R/fetch-$_s.log"); then
			tap "not ok" "fetch the newest $_s kernel # see $R/fetch-$_s.log"
			continue
		fi
		case $(cat "$PCDROP_CACHE/kernels/$_k/compiler") in
		gcc-12) BW="$BW $_k" ;;
		gcc-14) TX="$TX $_k" ;;
		*) echo "# $_k: neither Debian 12 (gcc-12) nor 13 (gcc-14) builds it: left out" ;;
		esac
	done
}
