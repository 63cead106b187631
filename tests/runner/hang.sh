# The script never ends: the runner must time out and report failure.
echo "ok - runner: about to hang"
while :; do sleep 1; done
