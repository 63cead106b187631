# 56-fadvise-release.sh - folios whose private data cannot be released
# fail eviction, and no drain helps them.  A mounted ext4 holds the buffer
# heads of its superblock and group descriptors for as long as it is
# mounted, and try_to_free_buffers() refuses busy buffers: DONTNEED on the
# block device under it fails on those folios, clean, unmapped and with no
# extra folio reference.  Stock drains once per call for them, pcdrop
# does not, fadvise_lru_refs=0 does; the same pages stay in every mode.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-release
T=/sys/kernel/tracing
EV=$T/events/kprobes/pcdrop_relfail

# release_fails CMD...: run CMD; prints how often filemap_release_folio()
# returned false meanwhile.
release_fails() {
	echo > $T/trace && echo 1 > $EV/enable || return 1
	"$@" > /dev/null || return 1
	echo 0 > $EV/enable
	grep -c ' pcdrop_relfail:' $T/trace
}

check "an ext4 file system on a loop device" ext4_mount /mnt/e 64
check "a kretprobe on failed filemap_release_folio() calls" sh -c "
	echo 'r:pcdrop_relfail filemap_release_folio ret=\$retval:u8' > $T/kprobe_events &&
	echo 'ret == 0' > $EV/filter"
check "pcdrop-stat starts" sh -c "$STAT start > /dev/null"
for mode in stock on off; do
	check "mode $mode" fadvise_mode $mode
	check "$mode: the whole device read into the page cache" sh -c \
		"sync && dd if=$dev of=/dev/null bs=1M 2> /dev/null"
	fails=$(release_fails with_drains $FADV dontneed "$dev")
	drains=$(drains /tmp/fadv.snap FADVISE)
	res=$(field "$($FADV resident "$dev")" resident)
	echo "# $mode: release failures $fails, drains $drains, resident $res"
	check "$mode: releasing the held folios failed ($fails)" test "$fails" -ge 1
	case $mode in
	on) want=0 ;;
	*) want=1 ;;
	esac
	expect_eq "$mode: drains by fadvise" $want "$drains"
	if [ $mode = stock ]; then
		stock_res=$res
		check "stock: the held folios stay ($res pages)" test "$res" -ge 1
	else
		expect_eq "$mode: the same pages stay as on stock" "$stock_res" "$res"
	fi
done
check "pcdrop-stat stops" $STAT stop
echo 0 > $EV/enable
echo > $T/kprobe_events
umount /mnt/e
finish
