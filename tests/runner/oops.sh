# The kernel oopses but the script claims success: the runner must see the oops.
insmod /mnt/host/runner/misbehave.ko action=oops
echo "ok - runner: nothing to see here"
