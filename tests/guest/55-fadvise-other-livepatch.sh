# 55-fadvise-other-livepatch.sh - pcdrop refuses to replace the fadvise
# function (mapping_try_invalidate(), 6.1: invalidate_mapping_pagevec())
# when another livepatch already does: its replacement never runs the
# kernel's function, so it would silently undo that fix.  The other
# livepatch is a copy of pcdrop that replaces only that function.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-other-livepatch
case $(uname -r) in
6.1.*) FUNC=invalidate_mapping_pagevec ;;
*) FUNC=mapping_try_invalidate ;;
esac

refused_beside pcdrop_fadv $FUNC
check "an ext4 file system on a loop device" ext4_mount /mnt/e 32
$FADV write /mnt/e/f 2048
out=$($FADV seed /mnt/e/f 2048 unmapped)
expect_eq "and fadvise still drops an unmapped file through it" 0 "$(field "$out" resident)"
other_unload pcdrop_fadv
finish
