# A guest whose script fails: the runner must report failure.
echo "not ok - runner: a failing script"
exit 1
