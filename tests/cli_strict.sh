#!/bin/bash
# The command-line tool's one-line reasons for key files that the strict
# decoders refuse (docs/encoding.md): malformed DER at any level says
# "malformed DER" (never "not an EC key"), a PEM marker that is not a line of
# its own says so, and a random source that gives only zeros makes keygen say
# that the random source gave unusable output.  The valid key comes from
# openssl; the malformed ones are made from it here.
# Usage: cli_strict.sh SEACURVE OPENSSL
set -u
SC=$1
OSSL=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2
fails=0
pass=0

# expect NAME PATTERN -- seacurve ARGS: exit status 2 and PATTERN in the one stderr line
expect() {
    local name=$1 pat=$2 msg rc
    shift 3
    msg=$("$SC" "$@" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 2 ] && printf '%s' "$msg" | grep -Eq -- "$pat" && ! printf '%s' "$msg" | grep -q "not an EC key"; then
        pass=$((pass + 1))
    else
        echo "FAIL $name: rc $rc, message: $msg (want /$pat/)"
        fails=$((fails + 1))
    fi
}

"$OSSL" ecparam -name prime256v1 -genkey -noout -out k.pem 2>/dev/null || exit 2
"$OSSL" ec -in k.pem -outform DER -out k.der 2>/dev/null || exit 2
"$OSSL" pkcs8 -topk8 -nocrypt -in k.pem -outform DER -out p8.der 2>/dev/null || exit 2

python3 - <<'PY' || exit 2
d = open('k.der', 'rb').read()      # 30 77 02 01 01 04 20 ...: SEC1, short outer length
p8 = open('p8.der', 'rb').read()    # 30 81 87 ...: PKCS#8, long outer length
assert d[0] == 0x30 and d[1] < 0x80 and p8[1] == 0x81
body = d[2:]
w = lambda n, b: open(n, 'wb').write(b)
w('nonmin3.der', b'\x30\x83\x00\x00' + bytes([d[1]]) + body)        # 30 83 00 00 79 ...
w('nonmin1.der', b'\x30\x81' + bytes([d[1]]) + body)                # 30 81 <short>
w('indef.der', b'\x30\x80' + body + b'\x00\x00')
w('p8nonmin.der', b'\x30\x82\x00' + p8[2:])                         # 30 82 00 87
inner = b'\x02\x81\x01\x01' + body[3:]                              # version INTEGER, 02 81 01 01
w('inner.der', b'\x30' + bytes([len(inner)]) + inner)
inner = b'\x02\x02\x00\x01' + body[3:]                              # version 00 01
w('int.der', b'\x30' + bytes([len(inner)]) + inner)
w('trail.der', d + b'\x00')
w('cut.der', d[:-1])
PY
pem=$(cat k.pem)
printf 'junk %s\n' "$pem" >mid_begin.pem
printf '%s junk\n' "$pem" >mid_end.pem
awk 'NR==2 { printf "%s", $0; next } { print }' k.pem | sed '1{N;s/\n//}' >data_on_begin.pem
awk '/END/ { print ""; } { print }' k.pem >blank.pem

expect "30 83 00 00 79" "malformed DER: non-minimal length" -- pubkey --key nonmin3.der
expect "30 81 <short>" "malformed DER: non-minimal length" -- pubkey --key nonmin1.der
expect "30 80" "malformed DER: indefinite length" -- pubkey --key indef.der
expect "PKCS#8 30 82 00 87" "malformed DER: non-minimal length" -- pubkey --key p8nonmin.der
expect "inner 02 81 01" "malformed DER: non-minimal length" -- pubkey --key inner.der
expect "INTEGER 00 01" "malformed DER: INTEGER" -- pubkey --key int.der
expect "trailing byte" "trailing data" -- pubkey --key trail.der
expect "truncated" "truncated DER" -- pubkey --key cut.der
expect "text before BEGIN" "BEGIN EC PRIVATE KEY----- marker is not on a line of its own" -- pubkey --key mid_begin.pem
expect "text after END" "END EC PRIVATE KEY----- marker is not on a line of its own" -- pubkey --key mid_end.pem
expect "data on the BEGIN line" "marker is not on a line of its own" -- pubkey --key data_on_begin.pem
expect "blank line" "blank line inside" -- pubkey --key blank.pem

# a random source of zeros (getrandom and getentropy replaced by LD_PRELOAD)
if command -v cc >/dev/null; then
    cat >zero.c <<'C'
#include <string.h>
#include <sys/types.h>
ssize_t getrandom(void *b, size_t n, unsigned f) { (void)f; memset(b, 0, n); return (ssize_t)n; }
int getentropy(void *b, size_t n) { memset(b, 0, n); return 0; }
C
    if cc -shared -fPIC -o zero.so zero.c 2>/dev/null; then
        LD_PRELOAD=$T/zero.so expect "keygen, source of zeros" "random source .*unusable output" -- keygen --curve P-256 --out z.pem
        [ ! -e z.pem ] || { echo "FAIL keygen wrote z.pem"; fails=$((fails + 1)); }
    fi
fi

echo "cli_strict: $pass passed, $fails failed"
[ $fails -eq 0 ] && [ $pass -gt 0 ]
