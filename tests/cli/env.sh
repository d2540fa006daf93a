# env.sh — what every test of the command starts with, sourced by tests/cli/test_cli*.sh with
# the script's arguments (`. "$(dirname "$0")/env.sh"`): G the command ($1, default
# build/golcl), SRC the repository, D its test data, T a scratch folder removed on exit (a
# script that needs more at exit sets its own trap after this), the device
# ($GOLCL_TEST_DEVICE, else cpu: pocl), Golly's patterns P and bgolly BG (empty where not
# installed), and the check harness (tests/util/check.sh).
G=$(realpath "${1:-build/golcl}")
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
D=$SRC/tests/data
export GOLCL_DEVICE=${GOLCL_TEST_DEVICE:-cpu}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
P=${GOLCL_GOLLY_PATTERNS:-/usr/share/golly/Patterns}
BG=${GOLCL_BGOLLY:-$(command -v bgolly)}
. "$SRC/tests/util/check.sh"
