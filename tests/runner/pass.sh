# A guest whose script passes: the runner must report success.
echo "ok - runner: a passing script"
