# shellcheck shell=sh
# boot.sh - the system tests' host side of one boot (tests/sysvm/*.sh).
# Sourced after tests/tap.sh; R is the results folder.

# sysvm_boot KVER DISK SCRIPT [WORD...]: boot KVER from DISK and run
# SCRIPT in it (scripts/sysvm.sh boot); its TAP lines, then one line for
# the boot itself (a clean kernel log, the script's exit status).
sysvm_boot() {
	_b_dir=$R/$1
	_b_name=$(basename "$3" .sh)
	_b_rc=0
	scripts/sysvm.sh boot "$1" "$2" "$3" "$_b_dir" ${4:+"$4"} \
		2>"$_b_dir.$_b_name.runner" || _b_rc=$?
	relay "$_b_dir/$_b_name.output" "$1: ${4:+($4) }"
	if [ "$_b_rc" = 0 ] && [ "$RELAYED" -gt 0 ]; then
		tap ok "$1: $_b_name${4:+ ($4)}: the boot finished with a clean kernel log"
	else
		tap "not ok" "$1: $_b_name${4:+ ($4)}: the boot finished with a clean kernel log # exit $_b_rc, $(tail -n 1 "$_b_dir.$_b_name.runner")"
	fi
}
