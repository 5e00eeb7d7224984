\\ tools/opf/opf_primes.gp -- list the optimal prime field (OPF) primes p = u*2^k + 1
\\ with a 16-bit u (2^15 <= u < 2^16) and k = bits - 16, so that p has exactly `bits` bits,
\\ for bits in {160, 192, 224, 256}, and choose one prime per size.
\\ Run: gp -q -f tools/opf/opf_primes.gp > docs/opf/primes.txt   (tools/opf/regen.sh does this)
\\
\\ Primality: isprime(p, 1) -- a Pocklington-Lehmer proof; p - 1 = u*2^k is fully factored
\\ trivially, so the proof is cheap and complete (not a probable-prime test).
\\ Choice rule: 160 bits: u = 52542, the prime of [OPF] (Zhang & Grosschaedl,
\\ docs/references.md: p = 52542*2^144 + 1), asserted to be in the list; 192, 224 and 256 bits: the largest u.
\\ Shape (for the field code): with 16-bit u and bits a multiple of 32, only the top limb
\\ (u in its top 16 bits) and the low limb (= 1) of p are nonzero at limb widths 8/16/32/64
\\ (for 8-bit limbs: the top two bytes and the lowest byte).  p = 1 mod 2^k, so square roots
\\ mod p need Tonelli-Shanks (no (p+1)/4 or (p+3)/8 shortcut).
OPF_PRIMES_VERSION = "opf_primes.gp v1";
print("# ", OPF_PRIMES_VERSION);
print("# OPF primes p = u*2^k + 1, 2^15 <= u < 2^16, k = bits - 16 (p has exactly `bits` bits).");
print("# Primality proven with isprime(p, 1) (Pocklington-Lehmer, p - 1 = u*2^k).");
print("# Choice: 160 bits u = 52542 (the prime of [OPF]); other sizes the largest u.");
{
foreach([160, 192, 224, 256], bits,
  my(k = bits - 16, L = List(), u0, p);
  for(u = 2^15, 2^16 - 1,
    p = u * 2^k + 1;
    if(isprime(p, 1), listput(L, u)));
  if(bits == 160,
    u0 = 52542;
    if(!setsearch(Set(Vec(L)), u0), error("u = 52542 is not in the 160-bit list")),
    u0 = L[#L]);
  p = u0 * 2^k + 1;
  if(#binary(p) != bits || !isprime(p, 1), error("chosen prime check failed"));
  print();
  print("[opf", bits, "]");
  print("bits = ", bits);
  print("k = ", k);
  print("count = ", #L);
  print("chosen_u = ", u0);
  print("p = ", u0, "*2^", k, " + 1");
  print("p_hex = ", Strprintf("%x", p));
  print("v2(p-1) = ", valuation(p - 1, 2));
  my(s = "");
  for(i = 1, #L, s = concat(s, Str(L[i], if(i % 10 == 0 || i == #L, "\n", " "))));
  print("u_list =");
  print1(s));
}
quit;
