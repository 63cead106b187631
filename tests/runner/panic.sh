# The kernel panics mid-script: the runner must report failure.
echo "ok - runner: about to crash"
echo c > /proc/sysrq-trigger
echo "ok - runner: still here"
