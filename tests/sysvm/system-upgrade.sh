# shellcheck shell=bash disable=SC2034,SC1091
# A package upgrade under load: pcdrop.service loaded this version at
# boot; another vendor's livepatch of an unrelated function
# (pcdrop_test_lp.ko) is loaded; while tmpfs files are written, truncated
# and punched with data checks (shmem_model), "apt-get install" of the
# next version's pcdrop-dkms runs its postinst, whose "pcdrop upgrade"
# relays to the new build.  The livepatch sysfs, polled throughout, shows
# a pcdrop patch fully enabled at every moment and the other livepatch
# untouched; pcdrop-stat sees no tmpfs folio removed one by one meanwhile;
# the end state is the new version, alone, active.  (system.sh had DKMS
# build the next version on the host, as a binaries-only DKMS tarball
# the postinst loads: removed at the end.)
. ./lib.sh
. ./sys.sh
SUITE=system-upgrade
KLP=/sys/kernel/livepatch
V1=$(cat version)
V2=$(cat next-version)
up
status_is 0 active
expect_eq "pcdrop.service loaded $V1" "$V1" "$(cat /sys/module/pcdrop/version)"
# Each transition under this load takes over a minute on 6.12 under TCG.
check "TIMEOUT=300 in pcdrop.conf" sed -i 's/^TIMEOUT=.*/TIMEOUT=300/' /etc/pcdrop/pcdrop.conf
check "another vendor's livepatch of version_proc_show() loads" insmod ./test_lp.ko
check "and finishes its transition" wait_for 120 grep -qx 0 $KLP/pcdrop_test_lp/transition
stat_fresh

mkdir -p /mnt/u
mount -t tmpfs -o huge=never,size=96M tmpfs /mnt/u
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
rm -f /tmp/done /tmp/poll-stop
./shmem_model -s "$seed" -T 900 -U /tmp/done -m 2 -f /mnt/u/model > /tmp/model.out 2>&1 &
model=$!
lp_poll /tmp/poll-stop pcdrop pcdrop_next pcdrop_test_lp > /tmp/poll.out &
poller=$!
sleep 1
pcdrop-stat reset > /dev/null
start=$SECONDS
apt-get install -y -q "./pcdrop-dkms_${V2}_all.deb" > /tmp/apt.raw 2>&1
rc=$?
# dpkg's progress ends some lines with a carriage return.
tr -d '\r' < /tmp/apt.raw > /tmp/apt.out
took=$((SECONDS - start))
single=$(tmpfs_sum removed_single)
batched=$(tmpfs_sum batched_folios)
check "the load ran through the whole upgrade" running $model
touch /tmp/poll-stop /tmp/done
wait $poller
wait $model
expect_eq "the model saw no lost data (seed $seed)" 0 $?
sed 's/^/# /' /tmp/apt.out
echo "# $(uname -r): apt-get install took $took s; the livepatches as polled:"
sed 's/^/#   /' /tmp/poll.out
expect_eq "apt-get install ./pcdrop-dkms_${V2}_all.deb exits 0" 0 $rc
check "its postinst ran pcdrop upgrade, which says what it did" \
	grep -qx "pcdrop: upgraded $V1 to $V2 on $(uname -r)" /tmp/apt.out
relay_seen /tmp/poll.out
echo "# during the upgrade: $batched folios removed in batches, $single one by one"
expect_eq "no tmpfs folio removed one by one during the upgrade (pcdrop-stat)" 0 "$single"
check "while the load's removals went on in batches" test "$batched" -gt 0
status_is 0 active
expect_eq "pcdrop.service stayed active through the upgrade" active \
	"$(systemctl is-active pcdrop.service)"
expect_eq "pcdrop is now $V2, the package's version" "$V2 $V2" \
	"$(cat /sys/module/pcdrop/version) $(dpkg-query -W -f '${Version}' pcdrop-dkms)"
check "no pcdrop_next is left" sh -c "[ ! -e /sys/module/pcdrop_next ] && [ ! -e $KLP/pcdrop_next ]"
check "DKMS installed the tarball's pre-built module, no build" sh -c \
	"grep -q '^Loading tarball for pcdrop[-/]$V2' /tmp/apt.out && ! grep -q 'Building initial module' /tmp/apt.out"
rm -f "/usr/share/pcdrop-dkms/pcdrop-$V2.dkms.tar.gz"
umount /mnt/u
check "pcdrop-stat stops" sh -c 'pcdrop-stat stop > /dev/null'
echo 0 > $KLP/pcdrop_test_lp/enabled
check "the other livepatch is removed" wait_for 120 test ! -e $KLP/pcdrop_test_lp
rmmod pcdrop_test_lp
finish
