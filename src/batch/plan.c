/* Batch size from a dispatch cost model (docs/partition.md).
 *
 * One dispatch of n items costs T(n) = L + n s / B + n c: a fixed latency L,
 * the n s bytes moved at bandwidth B, and the n items' compute c each.  Its
 * overhead fraction (L + n s / B) / T(n) falls as n grows, towards
 * (s / B) / (s / B + c).  The smallest n with overhead at most f solves
 * (1 - f)(L + n s / B) <= f n c, that is
 *     n >= (1 - f) L / (f c - (1 - f) s / B)     when f c > (1 - f) s / B,
 * and no n reaches f otherwise. */
#include "batch_internal.h"

size_t sc_batch_plan(const sc_batch_link *link, double max_overhead, size_t max_items)
{
    double per_byte, xfer, den, n;
    size_t k;
    if (!link || max_items == 0)
        return 0;
    if (!(max_overhead > 0.0) || !(max_overhead < 1.0) || !(link->item_s > 0.0) || link->latency_s < 0.0 ||
        link->item_bytes < 0.0 || link->bytes_per_s < 0.0)
        return max_items;
    per_byte = link->bytes_per_s > 0.0 ? 1.0 / link->bytes_per_s : 0.0;
    xfer = link->item_bytes * per_byte;
    den = max_overhead * link->item_s - (1.0 - max_overhead) * xfer;
    if (!(den > 0.0))
        return max_items;
    n = (1.0 - max_overhead) * link->latency_s / den;
    if (!(n < (double)max_items))
        return max_items;
    k = (size_t)n; /* then round up: the smallest integer >= n */
    if ((double)k < n)
        k++;
    return k ? k : 1u;
}

size_t sc_batch_chunk(const sc_batch_pool *pool, size_t n, size_t cap, double item_s)
{
    /* a range's dispatch on the pool: taking the next range under the pool's
     * mutex, SC_BATCH_DISPATCH_S; nothing moved (shared memory) */
    sc_batch_link link = {SC_BATCH_DISPATCH_S, 0.0, 0.0, item_s};
    size_t lo = sc_batch_plan(&link, SC_BATCH_OVERHEAD, cap);
    size_t even = n / (2u * sc_batch_pool_threads(pool));
    size_t r = even > lo ? even : lo;
    return r < cap ? r : cap;
}
