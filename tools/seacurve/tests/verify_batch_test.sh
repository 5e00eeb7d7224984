#!/usr/bin/env bash
# End-to-end test of `seacurve verify-batch` on records signed by the openssl program.
#   verify_batch_test.sh SEACURVE [OPENSSL]
# Keys and signatures come from openssl (ecparam, dgst -sign); every valid record must come
# back valid, every altered one invalid, every broken one malformed, in JSON lines and CSV,
# from a file and from stdin, on 1 and 3 threads, with and without the cache; with
# --randomized the verdicts are the same, with right, wrong and no recovery ids; the exit status
# is 0 only when every record is valid.  Prints "verify_batch: N passed, M failed".
set -u

SC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OSSL=${2:-openssl}
T=$(mktemp -d "${TMPDIR:-/tmp}/sc-vb-test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2

pass=0
fail=0
good() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
hex() { od -An -v -tx1 | tr -d ' \n'; }

# name in seacurve, name in openssl, point bytes (1 + 2 * field bytes)
set_curves="secp160r1:secp160r1:41 secp256r1:prime256v1:65 secp256k1:secp256k1:65 sect163k1:sect163k1:43"
: >all.jsonl
: >valid.jsonl
echo "id,curve,pub,msg,sig,hash" >all.csv
n=0
for spec in $set_curves; do
    IFS=: read -r C O PL <<<"$spec"
    for k in 1 2; do
        "$OSSL" ecparam -name "$O" -genkey -noout -out k.pem 2>/dev/null || { bad "openssl genkey $O"; continue; }
        pub=$("$OSSL" ec -in k.pem -pubout -outform DER -conv_form uncompressed 2>/dev/null | tail -c "$PL" | hex)
        for m in 1 2 3; do
            n=$((n + 1))
            head -c $((n * 7)) /dev/urandom >msg.bin
            for alg in sha256 sha1; do
                "$OSSL" dgst -"$alg" -sign k.pem -out sig.der msg.bin
                line="{\"id\": \"$C-$k-$m-$alg\", \"curve\": \"$C\", \"pub\": \"$pub\", \"msg\": \"$(hex <msg.bin)\", \"hash\": \"$alg\", \"sig\": \"$(hex <sig.der)\"}"
                echo "$line" >>valid.jsonl
                echo "$line" >>all.jsonl
                echo "$C-$k-$m-$alg,$C,$pub,$(hex <msg.bin),$(hex <sig.der),$alg" >>all.csv
                # the recovery id by `seacurve verify --recid` (prime curves)
                case $C in secp*)
                    "$SC" verify --pub k.pem --in msg.bin --sig sig.der --hash "$alg" --recid >v.out 2>&1
                    echo "$C-$k-$m-$alg $(sed -n 's/^recid: //p' v.out)" >>verify.ids ;;
                esac
            done
            # the message altered: invalid
            alt=$(printf 'x' | cat - msg.bin | hex)
            echo "{\"id\": \"alt-$n\", \"curve\": \"$C\", \"pub\": \"$pub\", \"msg\": \"$alt\", \"hash\": \"sha1\", \"sig\": \"$(hex <sig.der)\"}" >>all.jsonl
            echo "alt-$n,$C,$pub,$alt,$(hex <sig.der),sha1" >>all.csv
        done
    done
done
# broken records: malformed, each with its reason
cat >>all.jsonl <<'EOB'
not json at all
{"id": "nocurve", "pub": "04", "sig": "00", "msg": ""}
{"id": "badcurve", "curve": "secp999", "pub": "04", "sig": "00", "msg": ""}
{"id": "badhex", "curve": "secp256r1", "pub": "0g", "sig": "00", "msg": ""}
{"id": "offcurve", "curve": "secp256r1", "pub": "040000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000001", "sig": "0000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000001", "msg": ""}
{"id": 17, "curve": "secp256r1", "pub": "04", "sig": "00", "msg": "", "digest": "00"}
{"id": abc, "curve": "secp256r1", "pub": "04", "sig": "00", "msg": ""}

EOB
nvalid=$(wc -l <valid.jsonl)
nall=$(grep -c . all.jsonl)
nalt=$(grep -c '"alt-' all.jsonl)

# verdicts DESC FILE VALID INVALID MALFORMED: counts in a JSON-lines output
verdicts() {
    local v i m
    v=$(grep -c '"verdict":"valid"' "$2"); i=$(grep -c '"verdict":"invalid"' "$2"); m=$(grep -c '"verdict":"malformed"' "$2")
    if [ "$v" -eq "$3" ] && [ "$i" -eq "$4" ] && [ "$m" -eq "$5" ]; then good
    else bad "$1: valid $v invalid $i malformed $m, expected $3 $4 $5"; fi
}

"$SC" verify-batch --in valid.jsonl >out1 2>err1
rc=$?
[ $rc -eq 0 ] && good || bad "all valid: exit $rc ($(cat err1))"
verdicts "all valid" out1 "$nvalid" 0 0
grep -q "^seacurve verify-batch: $nvalid records: $nvalid valid, 0 invalid, 0 malformed" err1 && good ||
    bad "summary: $(cat err1)"
grep -q $'\r' err1 && bad "a progress bar on a stderr that is not a terminal" || good

for th in 1 3; do
    for cache in 0 64; do
        "$SC" verify-batch --in all.jsonl --threads $th --cache-mb $cache >out.$th.$cache 2>err
        rc=$?
        [ $rc -eq 1 ] && good || bad "mixed, $th threads, cache $cache: exit $rc ($(cat err))"
        verdicts "mixed, $th threads, cache $cache" out.$th.$cache "$nvalid" "$nalt" 7
    done
done
cmp -s out.1.0 out.3.64 && good || bad "1 thread without cache and 3 with differ"
# each altered record invalid, each valid one valid, by id; the broken ones with their reasons
grep '"id":"alt-' out1 >/dev/null && bad "alt records in the all-valid output" || good
[ "$(grep '"id":"alt-' out.3.64 | grep -vc '"verdict":"invalid"')" -eq 0 ] && good || bad "an altered record not invalid"
grep -q '"id":"secp160r1-1-1-sha256","verdict":"valid"' out.3.64 && good || bad "id echo / verdict"
grep -q '"record":1,' out.3.64 && good || bad "record numbers"
grep -q '"verdict":"malformed","reason":"not a JSON object"' out.3.64 && good || bad "reason: not JSON"
grep -q '"id":"nocurve","verdict":"malformed","reason":"no curve field"' out.3.64 && good || bad "reason: no curve"
grep -q '"id":"badcurve","verdict":"malformed","reason":"unknown curve secp999"' out.3.64 && good || bad "reason: curve"
grep -q '"id":"badhex","verdict":"malformed","reason":"pub: not hex' out.3.64 && good || bad "reason: hex"
grep -q '"id":"offcurve","verdict":"malformed"' out.3.64 && good || bad "off-curve key not malformed"
grep -q '"id":17,"verdict":"malformed","reason":"both msg and digest"' out.3.64 && good || bad "numeric id / both"
grep -q '"record":[0-9]*,"verdict":"malformed","reason":"JSON: values are strings' out.3.64 && good || bad "bare word"
# every output line is JSON (python3's parser)
python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' out.3.64 && good || bad "output not JSON lines"

# the same records as CSV, from stdin
"$SC" verify-batch --format csv --threads 2 <all.csv >outc 2>errc
rc=$?
[ $rc -eq 1 ] && good || bad "csv: exit $rc ($(cat errc))"
head -1 outc | grep -qx 'record,id,verdict,reason' && good || bad "csv header: $(head -1 outc)"
[ "$(grep -c ',valid,$' outc)" -eq "$nvalid" ] && good || bad "csv valid count $(grep -c ',valid,$' outc)"
[ "$(grep -c ',invalid,' outc)" -eq "$nalt" ] && good || bad "csv invalid count"
grep -q '^[0-9]*,alt-1,invalid,"signature does not verify' outc && good || bad "csv reason quoting"
# format detected from the first record
"$SC" verify-batch --in all.csv --quiet >outd 2>/dev/null
cmp -s outc outd && good || bad "csv detection differs from --format csv"

# --randomized (sc_batch_verify_rbv): the same verdicts and reasons, byte for byte, on 1 and 3
# threads; the summary adds the equations' counts
for th in 1 3; do
    "$SC" verify-batch --in all.jsonl --threads $th --randomized >outr.$th 2>errr
    rc=$?
    [ $rc -eq 1 ] && good || bad "randomized, $th threads: exit $rc ($(cat errr))"
    cmp -s out.1.0 outr.$th && good || bad "randomized, $th threads: verdicts differ ($(diff out.1.0 outr.$th | head -3))"
    grep -q "; randomized: [0-9]* equations, [0-9]* failed, [0-9]* candidates, [0-9]* single calls$" errr && good ||
        bad "randomized summary: $(cat errr)"
done
"$SC" verify-batch --format csv --randomized <all.csv >outrc 2>/dev/null
cmp -s outc outrc && good || bad "randomized csv verdicts differ"

# recid (0 .. 3): a record's recovery id.  The ids of each valid record of a prime curve:
# exactly one of 0 and 1 lets its equation hold (y(R) odd or even; x(R) = r + n has
# probability 2^-96 at most here), so that one run of the pair reports no failed equation.
# Every id, right or wrong, and none, gives the verdicts of the run without --randomized.
sed -n 's/^{"id": "\([^"]*\)", "curve": "\(sec[p][^"]*\)".*/\1/p' valid.jsonl >prime.ids
: >right.jsonl
: >wrong.jsonl
: >ids.jsonl
while read -r id; do
    rec=$(grep "\"id\": \"$id\"" valid.jsonl)
    held=""
    for r in 0 1; do
        echo "${rec%\}}, \"recid\": $r}" | "$SC" verify-batch --randomized >/dev/null 2>e1
        grep -q "; randomized: 1 equations, 0 failed" e1 && held="$held$r"
    done
    case $held in
    0|1) good ;;
    *) bad "$id: ids 0 and 1: the equation held for '$held'"; continue ;;
    esac
    grep -qx "$id $held" verify.ids && good || bad "$id: the equation held for $held, verify --recid: $(grep "^$id " verify.ids)"
    echo "${rec%\}}, \"recid\": $held}" >>right.jsonl
    echo "${rec%\}}, \"recid\": \"$((held ^ 1))\"}" >>wrong.jsonl
    for r in 0 1 2 3; do echo "${rec%\}}, \"recid\": $r}" >>ids.jsonl; done
done <prime.ids
nprime=$(wc -l <right.jsonl)
"$SC" verify-batch --in right.jsonl --threads 1 --randomized >o 2>e; rc=$?
[ $rc -eq 0 ] && grep -q "$nprime records: $nprime valid.*; randomized: [1-9][0-9]* equations, 0 failed, [0-9]* candidates, 0 single calls" e &&
    good || bad "right ids: exit $rc, $(cat e)"
"$SC" verify-batch --in wrong.jsonl --threads 1 --randomized >o 2>e; rc=$?
[ $rc -eq 0 ] && grep -q "$nprime records: $nprime valid.*; randomized: [1-9][0-9]* equations, [1-9][0-9]* failed, [0-9]* candidates, $nprime single calls" e &&
    good || bad "wrong ids: exit $rc, $(cat e)"
# every id, and the altered and broken records, mixed; CSV with a recid column
cat ids.jsonl all.jsonl >mixed.jsonl
"$SC" verify-batch --in mixed.jsonl --threads 3 >o1 2>/dev/null
"$SC" verify-batch --in mixed.jsonl --threads 3 --randomized >o2 2>/dev/null
cmp -s o1 o2 && good || bad "recids: verdicts differ with --randomized"
verdicts "recids" o2 $((nvalid + 4 * nprime)) "$nalt" 7
awk -F, 'NR == 1 { print $0 ",recid"; next } { print $0 "," (NR % 4) }' all.csv >rid.csv
"$SC" verify-batch --in rid.csv --randomized >o3 2>/dev/null
cmp -s outc o3 && good || bad "csv recids: verdicts differ"
# a bad recid: malformed, with its reason, with and without --randomized
for r in 4 '"x"' -1 '"01"'; do
    echo "{\"id\": \"r\", \"curve\": \"secp256r1\", \"pub\": \"04\", \"sig\": \"00\", \"msg\": \"\", \"recid\": $r}" >rb.jsonl
    "$SC" verify-batch --in rb.jsonl >o1 2>/dev/null
    "$SC" verify-batch --in rb.jsonl --randomized >o2 2>/dev/null
    grep -q '"verdict":"malformed","reason":"recid .*: not 0, 1, 2 or 3"' o1 && cmp -s o1 o2 && good ||
        bad "recid $r: $(cat o1) / $(cat o2)"
done

# verify --recid: on a binary curve an error; on a forged signature no id
"$OSSL" ecparam -name sect163k1 -genkey -noout -out kb.pem 2>/dev/null
"$OSSL" dgst -sha256 -sign kb.pem -out sb.der msg.bin
"$SC" verify --pub kb.pem --in msg.bin --sig sb.der --recid >o 2>e; rc=$?
[ $rc -eq 2 ] && grep -q "recovery ids are for prime curves" e && good || bad "verify --recid, binary: exit $rc $(cat e)"
"$OSSL" ecparam -name prime256v1 -genkey -noout -out kp.pem 2>/dev/null
"$OSSL" dgst -sha256 -sign kp.pem -out sp.der msg.bin
"$SC" verify --pub kp.pem --in msg.bin --sig sp.der --recid >o 2>e; rc=$?
[ $rc -eq 0 ] && grep -qx "recid: [01]" o && good || bad "verify --recid: exit $rc $(cat o e)"
printf x >>msg.bin
"$SC" verify --pub kp.pem --in msg.bin --sig sp.der --recid >o 2>e; rc=$?
[ $rc -eq 1 ] && ! grep -q recid o && good || bad "verify --recid, forged: exit $rc $(cat o e)"

# usage errors: exit 2, one line
"$SC" verify-batch --in nonexistent >/dev/null 2>e; [ $? -eq 2 ] && [ "$(wc -l <e)" -eq 1 ] && good || bad "missing file"
"$SC" verify-batch --format xml </dev/null >/dev/null 2>e; [ $? -eq 2 ] && good || bad "bad format"
"$SC" verify-batch --threads x </dev/null >/dev/null 2>e; [ $? -eq 2 ] && good || bad "bad threads"
# an empty input: no records, all (none) valid
"$SC" verify-batch </dev/null >o 2>e; [ $? -eq 0 ] && [ ! -s o ] && good || bad "empty input"

echo "verify_batch: $pass passed, $fail failed"
[ $fail -eq 0 ]
