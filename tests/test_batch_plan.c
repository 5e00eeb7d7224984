/* sc_batch_plan (the batch size from a dispatch cost model) against values
 * worked by hand from n = ceil((1 - f) L / (f c - (1 - f) s / B)), and its
 * result's defining property (overhead at most f, one item fewer above f) on
 * random costs; sc_batch_chunk's ranges for the pool. */
#include "batch/batch_internal.h"
#include "testutil.h"

#include <seacurve/batch.h>

static double overhead(const sc_batch_link *l, double n)
{
    double o = l->latency_s + n * l->item_bytes / l->bytes_per_s;
    return o / (o + n * l->item_s);
}

int main(void)
{
    sc_batch_link l;

    /* shared memory (B = 0: free), L = 50 us, c = 12 us, f = 0.1:
     * 0.9 * 50 / (0.1 * 12) = 37.5 -> 38 */
    l = (sc_batch_link){50e-6, 0.0, 0.0, 12e-6};
    CHECK(sc_batch_plan(&l, 0.1, 1000) == 38, "free link: %zu", sc_batch_plan(&l, 0.1, 1000));
    /* L = 100 us, 100 B per item at 100 MB/s (1 us), c = 20 us, f = 0.1:
     * 0.9 * 100 / (2 - 0.9) = 81.8 -> 82 */
    l = (sc_batch_link){100e-6, 1e8, 100.0, 20e-6};
    CHECK(sc_batch_plan(&l, 0.1, 1000) == 82, "priced link: %zu", sc_batch_plan(&l, 0.1, 1000));
    /* [OMAP] Table IV's DSPLink: 153 us round trip; a secp160r1 point
     * multiplication on its DSP, 2,929 us (Table VI); f = 0.05:
     * 0.95 * 153 / (0.05 * 2929) = 0.99 -> 1 */
    l = (sc_batch_link){153e-6, 0.0, 0.0, 2929e-6};
    CHECK(sc_batch_plan(&l, 0.05, 1000) == 1, "OMAP k*P: %zu", sc_batch_plan(&l, 0.05, 1000));
    /* the same link for a field multiplication of 30 us (sec. IV-B), f = 0.05:
     * 0.95 * 153 / 1.5 = 96.9 -> 97 */
    l.item_s = 30e-6;
    CHECK(sc_batch_plan(&l, 0.05, 1000) == 97, "OMAP field mul: %zu", sc_batch_plan(&l, 0.05, 1000));
    /* the bytes alone cost more than f allows: f c = 0.5 us <= 0.9 * 1 us */
    l = (sc_batch_link){10e-6, 1e8, 100.0, 5e-6};
    CHECK(sc_batch_plan(&l, 0.1, 777) == 777, "unreachable: %zu", sc_batch_plan(&l, 0.1, 777));
    /* the cap: L = 1 s, c = 1 us, f = 0.5 wants 10^6 */
    l = (sc_batch_link){1.0, 0.0, 0.0, 1e-6};
    CHECK(sc_batch_plan(&l, 0.5, 4096) == 4096, "cap: %zu", sc_batch_plan(&l, 0.5, 4096));
    /* no latency: one item */
    l = (sc_batch_link){0.0, 0.0, 0.0, 1e-6};
    CHECK(sc_batch_plan(&l, 0.1, 64) == 1, "no latency: %zu", sc_batch_plan(&l, 0.1, 64));
    /* arguments */
    CHECK(sc_batch_plan(NULL, 0.1, 64) == 0, "NULL link");
    CHECK(sc_batch_plan(&l, 0.1, 0) == 0, "max_items 0");
    CHECK(sc_batch_plan(&l, 0.0, 64) == 64 && sc_batch_plan(&l, 1.0, 64) == 64, "f outside (0, 1)");

    /* the defining property on random costs */
    for (int i = 0; i < 1000; i++) {
        uint8_t r[4];
        size_t n;
        tu_rand_bytes(r, sizeof r);
        l = (sc_batch_link){(1 + r[0]) * 1e-6, (1 + r[1]) * 1e7, (double)r[2], (1 + r[3]) * 1e-6};
        double f = 0.02 + 0.3 * (r[0] ^ r[3]) / 255.0;
        n = sc_batch_plan(&l, f, 1u << 20);
        if (f * l.item_s <= (1 - f) * l.item_bytes / l.bytes_per_s) {
            CHECK(n == 1u << 20, "case %d: unreachable but %zu", i, n);
            continue;
        }
        CHECK(overhead(&l, (double)n) <= f * (1 + 1e-12), "case %d: overhead at %zu above %g", i, n, f);
        CHECK(n == 1 || overhead(&l, (double)(n - 1)) > f * (1 - 1e-12), "case %d: %zu not the smallest", i, n);
    }

    /* the pool's ranges, one thread (pool NULL), dispatch 0.1 us, f = 5%: for
     * 20 us items the model's floor is ceil(0.95 * 0.1 / (0.05 * 20)) =
     * ceil(0.095) = 1 item */
    CHECK(sc_batch_chunk(NULL, 1000, 32, 20e-6) == 32, "large batch: the cap");
    CHECK(sc_batch_chunk(NULL, 40, 32, 20e-6) == 20, "n / 2 threads");
    CHECK(sc_batch_chunk(NULL, 1, 32, 20e-6) == 1, "the model's floor");
    /* 30 ns items: 0.95 * 0.1 / (0.05 * 0.03) = 63.3 -> 64, under the cap of 128 */
    CHECK(sc_batch_chunk(NULL, 8, 128, 0.03e-6) == 64, "cheap items: %zu", sc_batch_chunk(NULL, 8, 128, 0.03e-6));
    /* 1 ns items: 1,900, capped at 32 */
    CHECK(sc_batch_chunk(NULL, 8, 32, 1e-9) == 32, "cheaper items: the cap");
    return tu_done("batch_plan");
}
