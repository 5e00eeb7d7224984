/* The worker pool: POSIX threads that take ranges of a batch from a shared
 * counter.  The only place in the library that starts threads; the pool's
 * creation is its only allocation. */
#define _POSIX_C_SOURCE 200809L
#include "batch_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct sc_batch_pool {
    unsigned nthreads;          /* threads that run a batch, the caller's included */
    pthread_t *workers;         /* nthreads - 1 */
    pthread_mutex_t mu;         /* guards everything below */
    pthread_cond_t wake;        /* a job was posted, or stop */
    pthread_cond_t done_cv;     /* a job's last range finished */
    pthread_mutex_t run_mu;     /* one sc_batch_run at a time */
    sc_batch_range_fn fn;
    void *ctx;
    size_t n, chunk, next, done;
    unsigned long gen;          /* job number, for the workers' wake-up */
    int stop;
};

/* Take and run ranges of the current job until none is left.  Called with
 * mu held; returns with mu held. */
static void drain(sc_batch_pool *p)
{
    while (p->next < p->n) {
        size_t b = p->next, e = b + p->chunk < p->n ? b + p->chunk : p->n;
        sc_batch_range_fn fn = p->fn;
        void *ctx = p->ctx;
        p->next = e;
        pthread_mutex_unlock(&p->mu);
        fn(ctx, b, e);
        pthread_mutex_lock(&p->mu);
        p->done += e - b;
        if (p->done == p->n)
            pthread_cond_signal(&p->done_cv);
    }
}

static void *worker(void *arg)
{
    sc_batch_pool *p = arg;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->gen == seen)
            pthread_cond_wait(&p->wake, &p->mu);
        if (p->stop)
            break;
        seen = p->gen;
        drain(p);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

static unsigned online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1u;
}

sc_err sc_batch_pool_new(sc_batch_pool **pool, unsigned threads)
{
    sc_batch_pool *p;
    unsigned i;
    if (!pool)
        return SC_ERR_ARG;
    *pool = NULL;
    if (threads == 0)
        threads = online_cpus();
    p = calloc(1, sizeof *p);
    if (!p)
        return SC_ERR_BUFFER;
    p->workers = threads > 1 ? calloc(threads - 1, sizeof *p->workers) : NULL;
    if (threads > 1 && !p->workers) {
        free(p);
        return SC_ERR_BUFFER;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_mutex_init(&p->run_mu, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done_cv, NULL);
    p->nthreads = 1;
    for (i = 0; i + 1 < threads; i++) {
        if (pthread_create(&p->workers[i], NULL, worker, p) != 0)
            break;
        p->nthreads++;
    }
    if (p->nthreads != threads) {
        sc_batch_pool_free(p);
        return SC_ERR_BUFFER;
    }
    *pool = p;
    return SC_OK;
}

void sc_batch_pool_free(sc_batch_pool *p)
{
    unsigned i;
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
    for (i = 0; i + 1 < p->nthreads; i++)
        pthread_join(p->workers[i], NULL);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->done_cv);
    pthread_mutex_destroy(&p->mu);
    pthread_mutex_destroy(&p->run_mu);
    free(p->workers);
    free(p);
}

unsigned sc_batch_pool_threads(const sc_batch_pool *p)
{
    return p ? p->nthreads : 1u;
}

void sc_batch_run(sc_batch_pool *p, sc_batch_range_fn fn, void *ctx, size_t n, size_t chunk)
{
    size_t b;
    if (n == 0)
        return;
    if (chunk == 0)
        chunk = 1;
    if (!p || p->nthreads == 1) {
        for (b = 0; b < n; b += chunk)
            fn(ctx, b, b + chunk < n ? b + chunk : n);
        return;
    }
    pthread_mutex_lock(&p->run_mu);
    pthread_mutex_lock(&p->mu);
    p->fn = fn;
    p->ctx = ctx;
    p->n = n;
    p->chunk = chunk;
    p->next = 0;
    p->done = 0;
    p->gen++;
    pthread_cond_broadcast(&p->wake);
    drain(p);
    while (p->done < p->n)
        pthread_cond_wait(&p->done_cv, &p->mu);
    p->n = 0;
    p->next = 0;
    pthread_mutex_unlock(&p->mu);
    pthread_mutex_unlock(&p->run_mu);
}
