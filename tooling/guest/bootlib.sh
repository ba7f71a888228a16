# SPDX-License-Identifier: GPL-2.0
# Sourced by every tooling/guest/boot-*.sh (in the guest as
# /harness/bootlib.sh; its name does not start with "boot-", so
# tooling/check.sh does not boot it as a script of its own).
#   result NAME STATUS   report one check as "@@RESULT boot NAME STATUS"
#   check NAME CMD...    run CMD; PASS when it succeeds, else FAIL
result() { echo "@@RESULT boot $1 $2"; }
check() {
	name=$1
	shift
	if "$@"; then
		result "$name" PASS
	else
		result "$name" FAIL
	fi
}
