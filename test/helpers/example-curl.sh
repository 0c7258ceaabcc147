# Sourced by test/integration/docs-examples.test.ts before each example of the docs it runs: the
# examples' curl. Every answer must be a success: curl runs with --fail-with-body (the body of an
# error is still shown), unless the example asks for --fail (-f) itself. A command whose comment
# names the status it answers (`curl … # 401: …`) runs with EXPECT_STATUS set to it, and must
# answer exactly that.
curl() {
  if [ -n "${EXPECT_STATUS:-}" ]; then
    local answer status
    answer=$(command curl "$@" -w '\n%{http_code}') || {
      echo "[docs example] curl failed: curl $*" >&2
      return 1
    }
    status=${answer##*$'\n'}
    printf '%s\n' "${answer%$'\n'*}"
    if [ "$status" != "$EXPECT_STATUS" ]; then
      echo "[docs example] expected HTTP $EXPECT_STATUS, got $status: curl $*" >&2
      return 1
    fi
    return 0
  fi
  local fail=--fail-with-body arg
  for arg in "$@"; do
    case "$arg" in
      --fail | --fail-with-body) fail= ;;
      --*) ;;
      -*f*) fail= ;;
    esac
  done
  command curl ${fail:+"$fail"} "$@" || {
    local code=$?
    # On a line of its own: an error's body (printed above) may not end with one.
    printf '\n[docs example] curl answered an error (exit %s): curl %s\n' "$code" "$*" >&2
    return "$code"
  }
}
