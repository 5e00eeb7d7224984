\\ tools/opf/sha256.gp -- SHA-256 (FIPS 180-4) in GP, written for tools/opf/opf_curves.gp.
\\ Messages and digests are Vecsmall byte vectors (values 0..255).
\\ The round constants are derived, not typed: K[i] = the first 32 bits of the fractional part
\\ of the cube root of the i-th prime, H0[i] = the same for the square root (FIPS 180-4, 4.2.2
\\ and 5.3.3), computed exactly with integer roots.
SHA256_M32 = 2^32 - 1;
SHA256_K = vector(64, i, sqrtnint(prime(i) << 96, 3) % 2^32);
SHA256_H0 = vector(8, i, sqrtint(prime(i) << 64) % 2^32);
sha256_rotr(x, n) = bitor(x >> n, (x << (32 - n)) % 2^32);
sha256_block(H, W0) =
{
  my(W = vector(64), a, b, c, d, e, f, g, h, s0, s1, t1, t2, ch, maj);
  for(i = 1, 16, W[i] = W0[i]);
  for(i = 17, 64,
    s0 = bitxor(bitxor(sha256_rotr(W[i-15], 7), sha256_rotr(W[i-15], 18)), W[i-15] >> 3);
    s1 = bitxor(bitxor(sha256_rotr(W[i-2], 17), sha256_rotr(W[i-2], 19)), W[i-2] >> 10);
    W[i] = (W[i-16] + s0 + W[i-7] + s1) % 2^32);
  [a, b, c, d, e, f, g, h] = H;
  for(i = 1, 64,
    s1 = bitxor(bitxor(sha256_rotr(e, 6), sha256_rotr(e, 11)), sha256_rotr(e, 25));
    ch = bitxor(bitand(e, f), bitand(bitxor(e, SHA256_M32), g));
    t1 = (h + s1 + ch + SHA256_K[i] + W[i]) % 2^32;
    s0 = bitxor(bitxor(sha256_rotr(a, 2), sha256_rotr(a, 13)), sha256_rotr(a, 22));
    maj = bitxor(bitxor(bitand(a, b), bitand(a, c)), bitand(b, c));
    t2 = (s0 + maj) % 2^32;
    h = g; g = f; f = e; e = (d + t1) % 2^32; d = c; c = b; b = a; a = (t1 + t2) % 2^32);
  vector(8, i, (H[i] + [a, b, c, d, e, f, g, h][i]) % 2^32);
}
\\ sha256(m): m a Vecsmall of bytes; returns the 32-byte digest as a Vecsmall
sha256(m) =
{
  my(L = #m, n, M, H = SHA256_H0, bitlen = 8 * #m);
  n = ((L + 9 + 63) \ 64) * 64;           \\ padded length in bytes
  M = vectorsmall(n);
  for(i = 1, L, M[i] = m[i]);
  M[L + 1] = 0x80;
  for(i = 0, 7, M[n - i] = (bitlen >> (8 * i)) % 256);
  forstep(off = 0, n - 1, 64,
    H = sha256_block(H, vector(16, j, fromdigits([M[off+4*j-3], M[off+4*j-2], M[off+4*j-1], M[off+4*j]], 256))));
  my(out = vectorsmall(32));
  for(i = 1, 8, for(j = 0, 3, out[4*i - j] = (H[i] >> (8 * j)) % 256));
  out;
}
sha256_hex(m) = concat(apply(x -> Strprintf("%02x", x), Vec(m)));
\\ Self-test against FIPS 180-2 / 180-4 examples; abort on mismatch.
sha256_selftest() =
{
  my(T = [["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
          ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
          ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
           "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"],
          \\ 1000 x 'a' (16 blocks), cross-checked against Python hashlib
          [concat(vector(1000, i, "a")),
           "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"]]);
  for(i = 1, #T,
    my(d = sha256_hex(sha256(Vecsmall(T[i][1]))));
    if(d != T[i][2], error("SHA-256 self-test failed on \"", T[i][1], "\": ", d)));
  #T;
}
