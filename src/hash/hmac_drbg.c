/* hash: HMAC-DRBG, NIST SP 800-90A Rev. 1 section 10.1.2, in the form RFC 6979
 * section 3.2 uses for deterministic nonces: no reseed counter, no prediction
 * resistance, no additional input to generate. */
#include "hash_impl.h"
#include <seacurve/util.h>
#include <string.h>

/* HMAC_DRBG_Update (SP 800-90A 10.1.2.2) with provided_data = a || b || c:
 *   K = HMAC(K, V || 0x00 || data); V = HMAC(K, V);
 * and, when data is provided (rounds = 2),
 *   K = HMAC(K, V || 0x01 || data); V = HMAC(K, V).
 * RFC 6979 3.2 steps d-g are this update on the seed material.  One HMAC
 * context, h, serves all four MACs (one at a time on the stack).  Each key
 * serves two MACs in a row (V = HMAC(K, V), then the next K = HMAC(K, ..)),
 * so its key blocks are hashed once, into kst, and the second MAC resumes
 * from them (sc_hmac_resume): on entry kst holds those of the current K when
 * keyed is set. */
static void drbg_update(sc_hmac_drbg *d, sc_hmac_ctx *h, sc_hmac_key *kst, int keyed, int rounds,
                        const uint8_t *a, size_t alen,
                        const uint8_t *b, size_t blen,
                        const uint8_t *c, size_t clen)
{
    size_t hl = sc_hash_len(d->alg);
    uint8_t sep;
    int r;

    for (r = 0; r < rounds; r++) {
        sep = (uint8_t)r;
        if (keyed)
            sc_hmac_resume(h, kst);
        else
            sc_hmac_init(h, d->alg, d->k, hl);
        sc_hmac_update(h, d->v, hl);
        sc_hmac_update(h, &sep, 1);
        sc_hmac_update(h, a, alen);
        sc_hmac_update(h, b, blen);
        sc_hmac_update(h, c, clen);
        sc_hmac_final(h, d->k);
        sc_hmac_init(h, d->alg, d->k, hl);
        sc_hmac_key_of(kst, h);
        keyed = 1;
        sc_hmac_update(h, d->v, hl);
        sc_hmac_final(h, d->v);
    }
}

/* HMAC_DRBG_Instantiate (SP 800-90A 10.1.2.3): K = 0x00..., V = 0x01...,
 * then Update(entropy || nonce || personalization). */
sc_err sc_hmac_drbg_init(sc_hmac_drbg *d, sc_hash_alg alg,
                         const uint8_t *entropy, size_t elen,
                         const uint8_t *nonce, size_t nlen,
                         const uint8_t *pers, size_t plen)
{
    size_t hl = sc_hash_len(alg);
    sc_hmac_ctx h;
    sc_hmac_key kst;

    if (d == NULL)
        return SC_ERR_ARG;
    memset(d, 0, sizeof *d);
    if ((entropy == NULL && elen > 0) || (nonce == NULL && nlen > 0) || (pers == NULL && plen > 0))
        return SC_ERR_ARG;
    if (hl == 0)
        return SC_ERR_HASH;
    d->alg = alg;
    memset(d->v, 0x01, hl);
    drbg_update(d, &h, &kst, 0, 2, entropy, elen, nonce, nlen, pers, plen);
    sc_memzero(&kst, sizeof kst);
    return SC_OK;
}

/* T = V = HMAC(K, V) until len bytes are out, every MAC resumed from K's
 * key blocks in kst. */
static void drbg_output(sc_hmac_drbg *d, sc_hmac_ctx *h, const sc_hmac_key *kst, uint8_t *out, size_t len)
{
    size_t hl = sc_hash_len(d->alg), n;

    while (len > 0) {
        sc_hmac_resume(h, kst);
        sc_hmac_update(h, d->v, hl);
        sc_hmac_final(h, d->v);
        n = len < hl ? len : hl;
        memcpy(out, d->v, n);
        out += n;
        len -= n;
    }
}

/* HMAC_DRBG_Generate (SP 800-90A 10.1.2.5) without additional input:
 * V = HMAC(K, V) and output V until len bytes are out, then Update().  Every
 * MAC under K (the outputs and the update's first) resumes from K's key
 * blocks, hashed once into kst (FIPS 198-1 / [RFC2104] section 4: the
 * chaining values after K0 ^ ipad and K0 ^ opad may be stored). */
void sc_hmac_drbg_generate(sc_hmac_drbg *d, uint8_t *out, size_t len)
{
    size_t hl = sc_hash_len(d->alg);
    sc_hmac_ctx h;
    sc_hmac_key kst;

    if (hl == 0) { /* wiped or never instantiated */
        if (len > 0)
            memset(out, 0, len);
        return;
    }
    sc_hmac_init(&h, d->alg, d->k, hl);
    sc_hmac_key_of(&kst, &h);
    drbg_output(d, &h, &kst, out, len);
    drbg_update(d, &h, &kst, 1, 1, NULL, 0, NULL, 0, NULL, 0);
    sc_memzero(&kst, sizeof kst);
}

/* The update comes first (again = 1) and shares the new K's key blocks with
 * the output; none follows it, so the accepted candidate costs no update:
 * 4 compressions for the first candidate, 10 for each later one, against 12
 * per candidate with an update after each output. */
void sc_hmac_drbg_candidate(sc_hmac_drbg *d, uint8_t *out, size_t len, int again)
{
    size_t hl = sc_hash_len(d->alg);
    sc_hmac_ctx h;
    sc_hmac_key kst;

    if (hl == 0) {
        if (len > 0)
            memset(out, 0, len);
        return;
    }
    if (again) {
        drbg_update(d, &h, &kst, 0, 1, NULL, 0, NULL, 0, NULL, 0);
    } else {
        sc_hmac_init(&h, d->alg, d->k, hl);
        sc_hmac_key_of(&kst, &h);
    }
    drbg_output(d, &h, &kst, out, len);
    sc_memzero(&kst, sizeof kst);
}

void sc_hmac_drbg_wipe(sc_hmac_drbg *d)
{
    sc_memzero(d, sizeof *d);
}
