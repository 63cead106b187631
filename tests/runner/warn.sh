# The kernel warns but the script claims success: the runner must see the WARNING.
insmod /mnt/host/runner/misbehave.ko action=warn
echo "ok - runner: nothing to see here"
