\\ tools/opf/opf_curves.gp -- deterministic generation of the non-standard OPF curves
\\ opf160, opf192, opf224, opf256:  y^2 = x^3 - 3x + b over GF(p), p = u*2^k + 1 (OPF prime,
\\ tools/opf/opf_primes.gp), of prime order n (cofactor h = 1).
\\
\\ Usage (tools/opf/regen.sh wraps this):
\\   printf 'OPF_OUT="params.txt";\nread("tools/opf/opf_curves.gp");\n' | gp -q -D parisizemax=1000000000 > transcript.txt
\\   (parisizemax is set on the command line: a default() inside a read() file aborts the read)
\\ Optional inputs, set before read():
\\   OPF_OUT     file the parameter sections are written to (default: no file)
\\   OPF_SIZES   vector of sizes to do, default [160, 192, 224, 256]
\\   OPF_KNOWN   [[bits, counter, n], ...]: orders logged as composite in a committed transcript;
\\               those counters are confirmed cheaply instead of point-counted (regen.sh --check;
\\               see opf_known below). The output is the same as the full search's.
\\
\\ Derivation rule (docs/opf/README.md; tests/opf_params_test.py re-checks it with hashlib):
\\   S = the ASCII seed string "seacurve opf<bits>"; c32 = a counter as 4 bytes big-endian;
\\   H(tag, c) = int( SHA256(S || tag || c32 || 0x00) || SHA256(S || tag || c32 || 0x01) ) mod p
\\     (the two 32-byte digests concatenated, read as a 512-bit big-endian integer; tag is one
\\     ASCII byte).
\\   b = H("b", counter) for counter = 0, 1, 2, ...: the first counter whose curve passes every
\\     check below (nonsingular, prime order n, n != p, embedding degree > 10^4, |D_K| > 2^100).
\\   Gx = H("G", g_counter) for g_counter = 0, 1, ...: the first x with x^3 - 3x + b a nonzero
\\     square mod p; Gy = its square root with even least significant bit (Gy in [0, p)).
\\ Point counting: ellsea (SEA), first with early abort on a small prime factor (ellsea(E, 1)).
OPF_CURVES_VERSION = "opf_curves.gp v1";
read("tools/opf/sha256.gp");
if(type(OPF_OUT) == "t_POL", OPF_OUT = "");
if(type(OPF_SIZES) == "t_POL", OPF_SIZES = [160, 192, 224, 256]);
if(type(OPF_KNOWN) == "t_POL", OPF_KNOWN = []);

\\ the chosen primes, rule in tools/opf/opf_primes.gp (re-asserted below)
opf_u(bits) = if(bits == 160, 52542, bits == 192, 65428, bits == 224, 65520, bits == 256, 65497, error("no OPF size ", bits));
opf_be32(c) = Vecsmall([(c >> 24) % 256, (c >> 16) % 256, (c >> 8) % 256, c % 256]);
opf_H(S, tag, c, p) =
{
  my(m = concat([Vecsmall(S), Vecsmall(tag), opf_be32(c)]));
  fromdigits(concat(Vec(sha256(concat(m, Vecsmall([0])))), Vec(sha256(concat(m, Vecsmall([1]))))), 256) % p;
}
hex(x) = Strprintf("%x", x);
rho_bits(q) = log(sqrt(Pi * q / 4)) / log(2);

\\ Known orders (fast check mode, OPF_KNOWN): a counter whose order was logged as composite in
\\ the committed transcript is not point-counted again; instead the logged n is confirmed to be
\\ the group order with high probability (n in the Hasse interval and n*P = O for 4 pseudo-random
\\ points P) and composite. Every other counter runs exactly as in the full search.
opf_known(bits, ctr) =
{
  for(i = 1, #OPF_KNOWN, if(OPF_KNOWN[i][1] == bits && OPF_KNOWN[i][2] == ctr, return(OPF_KNOWN[i][3])));
  0;
}
opf_order_confirm(E, p, n) =
{
  my(P);
  if((p + 1 - n)^2 > 4 * p, error("logged order not in the Hasse interval"));
  setrand(1);
  for(i = 1, 4, P = random(E); if(ellmul(E, P, n) != [0], error("logged order does not annihilate a point")));
  n;
}

\\ why a counter's b is rejected: [reason], or [0, E, n, DK] when it is accepted
opf_try(p, b, bits, ctr) =
{
  my(E, s, n, t, D, DK, pk);
  if(b == 0, return(["b = 0"]));
  if((4 * (-3)^3 + 27 * b^2) % p == 0, return(["singular (4a^3 + 27b^2 = 0 mod p)"]));
  E = ellinit([-3, b], p);
  n = opf_known(bits, ctr);
  s = if(n, opf_order_confirm(E, p, n), ellsea(E, 1));
  if(s == 0, return(["order has a small prime factor (SEA early abort)"]));
  n = s;
  if(!ispseudoprime(n), return([Str("order composite (n = 0x", hex(n), ", no small factor)")]));
  if(!isprime(n), return([Str("order composite (n = 0x", hex(n), ", BPSW pseudoprime, not proven prime)")]));
  if(n == p, return(["anomalous (n = p)"]));
  pk = Mod(p, n);
  for(i = 1, 10^4, if(pk == 1, return([Str("embedding degree ", i, " <= 10^4")])); pk *= p);
  t = p + 1 - n; D = t^2 - 4 * p; DK = coredisc(D);
  if(abs(DK) <= 2^100, return([Str("CM discriminant too small (|D_K| = ", abs(DK), ")")]));
  [0, E, n, DK];
}

{
  print("# ", OPF_CURVES_VERSION, "; ", "tools/opf/sha256.gp self-test: ", sha256_selftest(), " vectors ok");
  print("# gp version: ", Strprintf("%d.%d.%d", version()[1], version()[2], version()[3]));
  print("# curves y^2 = x^3 - 3x + b over OPF primes; rule in the header of tools/opf/opf_curves.gp");
  if(OPF_OUT != "",
    write(OPF_OUT, "# Non-standard OPF curves (docs/opf.md), generated in-repo by tools/opf/opf_curves.gp (tools/opf/regen.sh).\n# Transcript: docs/opf/curves-transcript.txt. Rule: docs/opf/README.md. Not SEC 2 / NIST; no OID.\n# All values big-endian hex, no leading zero bytes, except u, k, counter, g_counter (decimal).\n# Weierstrass form y^2 = x^3 + a*x + b (mod p), a = -3, p = u*2^k + 1."));
  for(si = 1, #OPF_SIZES,
    my(bits = OPF_SIZES[si], u = opf_u(bits), k = bits - 16, p, S, ctr, r, E, n, DK, tall, nrej = 0);
    p = u * 2^k + 1;
    if(#binary(p) != bits || !isprime(p, 1), error("p check failed for ", bits));
    S = Str("seacurve opf", bits);
    print();
    print("==== opf", bits, ": p = ", u, "*2^", k, " + 1 = 0x", hex(p), ", seed string \"", S, "\"");
    tall = getabstime();
    ctr = 0;
    while(1,
      my(b = opf_H(S, "b", ctr, p));
      r = opf_try(p, b, bits, ctr);
      if(r[1] == 0, break);
      print("counter ", ctr, ": rejected: ", r[1]);
      nrej++; ctr++);
    E = r[2]; n = r[3]; DK = r[4];
    my(b = lift(E.a6), gc = 0, x, y, rhs, G, t, D, f, nt, fa, q, emb, fn);
    print("counter ", ctr, ": accepted");
    \\ generator
    while(1,
      x = opf_H(S, "G", gc, p);
      rhs = (x^3 - 3 * x + b) % p;
      if(rhs != 0 && issquare(Mod(rhs, p)), break);
      print("g_counter ", gc, ": rejected: x^3 - 3x + b is ", if(rhs == 0, "zero", "not a square"), " mod p");
      gc++);
    y = lift(sqrt(Mod(rhs, p)));
    if(y % 2, y = p - y);
    G = [x, y];
    print("g_counter ", gc, ": accepted");
    if(!ellisoncurve(E, G), error("G not on curve"));
    if(ellmul(E, G, n) != [0], error("n*G != O"));
    t = p + 1 - n;
    print("checks for opf", bits, ":");
    print("  b counter = ", ctr, " (", nrej, " rejected before), g_counter = ", gc);
    print("  n = 0x", hex(n), " (", #binary(n), " bits), isprime(n) = 1 (proven; ECPP/APRCL in isprime)");
    print("  cofactor h = #E / n = 1; n*G = O checked with ellmul; G on curve");
    print("  trace t = p + 1 - n = ", t, "; |t| <= 2 sqrt(p): ", t^2 <= 4 * p);
    print("  not anomalous: n != p: ", n != p, "; n != p + 1 (not supersingular): ", t != 0);
    fn = factor(n - 1);
    emb = znorder(Mod(p, n), [n - 1, fn]);
    print("  n - 1 = ", fn);
    print("  embedding degree = ord(p mod n) = (n-1)/", (n - 1) / emb, " (", #binary(emb), " bits); no MOV/FR reduction");
    nt = 2 * p + 2 - n;
    fa = factor(nt);
    q = fa[#fa~, 1];
    print("  twist order 2p + 2 - n = 0x", hex(nt), " = ", fa);
    print("  twist: largest prime factor ", #binary(q), " bits; twist security (rho) ~ ",
          Strprintf("%.1f", rho_bits(q)), " bits");
    print("  curve security (rho on n) ~ ", Strprintf("%.1f", rho_bits(n)), " bits");
    D = t^2 - 4 * p; f = sqrtint(D / DK);
    if(f^2 * DK != D, error("conductor check"));
    print("  CM: D = t^2 - 4p = ", D);
    print("      fundamental discriminant D_K = ", DK, " (", #binary(abs(DK)), " bits; required > 2^100: ",
          abs(DK) > 2^100, "), conductor f = ", f);
    print("  G = (0x", hex(x), ", 0x", hex(y), ")");
    print("# time: opf", bits, " ", getabstime() - tall, " ms");
    if(OPF_OUT != "",
      write(OPF_OUT, "");
      write(OPF_OUT, "[opf", bits, "]");
      write(OPF_OUT, "name = opf", bits);
      write(OPF_OUT, "field = prime");
      write(OPF_OUT, "bits = ", bits);
      write(OPF_OUT, "p = ", hex(p));
      write(OPF_OUT, "a = ", hex(p - 3));
      write(OPF_OUT, "b = ", hex(b));
      write(OPF_OUT, "Gx = ", hex(x));
      write(OPF_OUT, "Gy = ", hex(y));
      write(OPF_OUT, "n = ", hex(n));
      write(OPF_OUT, "n_bits = ", #binary(n));
      write(OPF_OUT, "h = 1");
      write(OPF_OUT, "u = ", u);
      write(OPF_OUT, "k = ", k);
      write(OPF_OUT, "seed_string = ", S);
      write(OPF_OUT, "counter = ", ctr);
      write(OPF_OUT, "g_counter = ", gc)));
}
quit;
