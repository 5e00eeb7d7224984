/* The offload interface's four transports (partition.h, docs/partition.md).
 *
 * - local: sc_pt_exec on the calling thread, the baseline every offload is
 *   measured against.
 * - thread: one worker thread and a one-slot job queue (mutex and two
 *   condition variables); the worker reads the caller's input and writes the
 *   caller's output in place (one address space).
 * - process: a forked worker process; the message travels through a shared
 *   memory region (memfd_create + mmap, MAP_SHARED) and a mailbox of two
 *   eventfds, one each way: the shape of [OMAP]'s IPC mailbox plus shared RAM
 *   (sec. IV-A).  The caller copies its input into the region and the reply out.
 * - opencl: tools/opencl's host module (ocl.h): echo by a copy kernel, k*P and
 *   verification by the batch kernels; no field multiplication kernel. */
#define _GNU_SOURCE
#include "partition.h"

#include <seacurve/batch.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef SC_PT_OPENCL_ENABLED
#include "ocl.h"
#endif

/* the job as it crosses a transport */
typedef struct {
    int job;          /* sc_pt_job, or -1: stop */
    int curve;        /* index for sc_curve_at, or -1 (ECHO) */
    size_t count;
    size_t inlen;
    int rc;           /* the worker's sc_err */
} pt_msg;

struct sc_pt {
    sc_pt_kind kind;
    size_t cap;
    char name[160];
    /* thread */
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t req_cv, rep_cv;
    int state; /* 0 idle, 1 job posted, 2 reply ready */
    pt_msg msg;
    const uint8_t *in;
    uint8_t *out;
    /* process */
    pid_t pid;
    int to_w, to_h;
    uint8_t *shm;
    size_t shm_len;
#ifdef SC_PT_OPENCL_ENABLED
    sc_ocl *ocl;
#endif
};

static size_t plen(const sc_curve *c)
{
    return 1u + 2u * (size_t)c->flen;
}

size_t sc_pt_in_bytes(sc_pt_job job, const sc_curve *c, size_t count)
{
    switch (job) {
    case SC_PT_ECHO:
        return count;
    case SC_PT_FMUL:
        return count * 2u * c->flen;
    case SC_PT_PMUL:
        return count * (c->nlen + plen(c));
    case SC_PT_VERIFY:
    case SC_PT_VBATCH:
        return count * (SC_PT_DIGEST + 2u * c->nlen + plen(c));
    }
    return 0;
}

size_t sc_pt_out_bytes(sc_pt_job job, const sc_curve *c, size_t count)
{
    switch (job) {
    case SC_PT_ECHO:
        return count;
    case SC_PT_FMUL:
        return count * c->flen;
    case SC_PT_PMUL:
        return count * (1u + c->flen);
    case SC_PT_VERIFY:
    case SC_PT_VBATCH:
        return count;
    }
    return 0;
}

static int curve_index(const sc_curve *c)
{
    for (size_t i = 0; i < sc_curve_count(); i++)
        if (sc_curve_at(i) == c)
            return (int)i;
    return -1;
}

static sc_err fmul(const sc_curve *c, const uint8_t *in, uint8_t *out)
{
    sc_err e;
    if (c->ep) {
        sc_fe a, b;
        const sc_fp_field *f = c->ep->fp;
        if ((e = sc_fp_from_bytes(a, in, c->flen, f)) != SC_OK ||
            (e = sc_fp_from_bytes(b, in + c->flen, c->flen, f)) != SC_OK)
            return e;
        sc_fp_mul(a, a, b, f);
        sc_fp_to_bytes(out, a, f);
    } else {
        sc_fb_elt a, b;
        const sc_fb_field *f = c->eb->f;
        if ((e = sc_fb_from_bytes(a, in, c->flen, f)) != SC_OK ||
            (e = sc_fb_from_bytes(b, in + c->flen, c->flen, f)) != SC_OK)
            return e;
        sc_fb_mul(a, a, b, f);
        sc_fb_to_bytes(out, a, f);
    }
    return SC_OK;
}

sc_err sc_pt_exec(sc_pt_job job, const sc_curve *c, size_t count, const uint8_t *in, uint8_t *out)
{
    size_t il = sc_pt_in_bytes(job, c, 1), ol = sc_pt_out_bytes(job, c, 1), i;
    sc_err e;

    switch (job) {
    case SC_PT_ECHO:
        memcpy(out, in, count);
        return SC_OK;
    case SC_PT_FMUL:
        for (i = 0; i < count; i++)
            if ((e = fmul(c, in + i * il, out + i * ol)) != SC_OK)
                return e;
        return SC_OK;
    case SC_PT_PMUL:
        for (i = 0; i < count; i++) {
            const uint8_t *p = in + i * il;
            e = sc_ecdh(c, out + i * ol + 1, c->flen, p, c->nlen, p + c->nlen, plen(c));
            out[i * ol] = (uint8_t)-e;
        }
        return SC_OK;
    case SC_PT_VERIFY:
    case SC_PT_VBATCH: {
        size_t sl = 2u * c->nlen;
        if (count == 1) {
            e = sc_ecdsa_verify(c, in + SC_PT_DIGEST, sl, in, SC_PT_DIGEST, in + SC_PT_DIGEST + sl, plen(c));
            out[0] = (uint8_t)-e;
            return SC_OK;
        }
        sc_batch_verify_item *it = calloc(count, sizeof *it);
        sc_err *v = malloc(count * sizeof *v);
        if (!it || !v) {
            free(it), free(v);
            return SC_ERR_BUFFER;
        }
        for (i = 0; i < count; i++) {
            const uint8_t *p = in + i * il;
            it[i] = (sc_batch_verify_item){c, p + SC_PT_DIGEST + sl, plen(c), p, SC_PT_DIGEST, SC_HASH_NONE,
                                           p + SC_PT_DIGEST, sl};
        }
        sc_batch_verify(NULL, NULL, v, it, count);
        for (i = 0; i < count; i++)
            out[i] = (uint8_t)-v[i];
        free(it), free(v);
        return SC_OK;
    }
    }
    return SC_ERR_ARG;
}

/* ---- thread ---- */

static void *thread_main(void *arg)
{
    sc_pt *t = arg;
    pthread_mutex_lock(&t->mu);
    for (;;) {
        while (t->state != 1)
            pthread_cond_wait(&t->req_cv, &t->mu);
        if (t->msg.job < 0)
            break;
        pthread_mutex_unlock(&t->mu);
        t->msg.rc = sc_pt_exec((sc_pt_job)t->msg.job, t->msg.curve < 0 ? NULL : sc_curve_at((size_t)t->msg.curve),
                               t->msg.count, t->in, t->out);
        pthread_mutex_lock(&t->mu);
        t->state = 2;
        pthread_cond_signal(&t->rep_cv);
    }
    pthread_mutex_unlock(&t->mu);
    return NULL;
}

static sc_err thread_submit(sc_pt *t, const pt_msg *m, const uint8_t *in, uint8_t *out)
{
    sc_err rc;
    pthread_mutex_lock(&t->mu);
    t->msg = *m;
    t->in = in;
    t->out = out;
    t->state = 1;
    pthread_cond_signal(&t->req_cv);
    while (t->state != 2)
        pthread_cond_wait(&t->rep_cv, &t->mu);
    t->state = 0;
    rc = (sc_err)t->msg.rc;
    pthread_mutex_unlock(&t->mu);
    return rc;
}

/* ---- process ---- */

static int ev_wait(int fd)
{
    uint64_t v;
    ssize_t r;
    do
        r = read(fd, &v, sizeof v);
    while (r < 0 && errno == EINTR);
    return r == (ssize_t)sizeof v ? 0 : -1;
}

static int ev_post(int fd)
{
    uint64_t v = 1;
    ssize_t r;
    do
        r = write(fd, &v, sizeof v);
    while (r < 0 && errno == EINTR);
    return r == (ssize_t)sizeof v ? 0 : -1;
}

/* the region: the message, then the input (cap bytes), then the output (cap bytes) */
#define SHM_HDR 64

static void process_main(sc_pt *t)
{
    pt_msg *m = (pt_msg *)t->shm;
    uint8_t *in = t->shm + SHM_HDR, *out = in + t->cap;
    while (ev_wait(t->to_w) == 0 && m->job >= 0) {
        m->rc = sc_pt_exec((sc_pt_job)m->job, m->curve < 0 ? NULL : sc_curve_at((size_t)m->curve), m->count, in, out);
        if (ev_post(t->to_h) != 0)
            break;
    }
    _exit(0);
}

static sc_err process_submit(sc_pt *t, const pt_msg *m, const uint8_t *in, uint8_t *out, size_t outlen)
{
    pt_msg *sm = (pt_msg *)t->shm;
    memcpy(t->shm + SHM_HDR, in, m->inlen);
    *sm = *m;
    if (ev_post(t->to_w) != 0 || ev_wait(t->to_h) != 0)
        return SC_ERR_UNSUPPORTED;
    memcpy(out, t->shm + SHM_HDR + t->cap, outlen);
    return (sc_err)sm->rc;
}

/* ---- opencl ---- */

#ifdef SC_PT_OPENCL_ENABLED
static sc_err opencl_submit(sc_pt *t, sc_pt_job job, const sc_curve *c, size_t count, const uint8_t *in,
                            uint8_t *out)
{
    size_t il = sc_pt_in_bytes(job, c, 1), i;
    sc_err e = SC_ERR_BUFFER;

    if (job == SC_PT_ECHO)
        return sc_ocl_echo(t->ocl, in, out, count);
    if (job == SC_PT_PMUL) {
        uint8_t *k = malloc(count * c->nlen), *p = malloc(count * plen(c)), *r = malloc(count * plen(c));
        sc_err *st = malloc(count * sizeof *st);
        if (k && p && r && st) {
            for (i = 0; i < count; i++) {
                memcpy(k + i * c->nlen, in + i * il, c->nlen);
                memcpy(p + i * plen(c), in + i * il + c->nlen, plen(c));
            }
            e = sc_ocl_mul_batch(t->ocl, c, count, k, p, r, st);
            for (i = 0; e == SC_OK && i < count; i++) {
                out[i * (1u + c->flen)] = (uint8_t)-st[i];
                memcpy(out + i * (1u + c->flen) + 1, r + i * plen(c) + 1, c->flen);
            }
        }
        free(k), free(p), free(r), free(st);
        return e;
    }
    /* VERIFY, VBATCH: the items point into the input */
    size_t sl = 2u * c->nlen;
    sc_ocl_vitem *it = malloc(count * sizeof *it);
    sc_err *v = malloc(count * sizeof *v);
    if (it && v) {
        for (i = 0; i < count; i++) {
            const uint8_t *p = in + i * il;
            it[i] = (sc_ocl_vitem){p, SC_PT_DIGEST, p + SC_PT_DIGEST, sl, p + SC_PT_DIGEST + sl, plen(c)};
        }
        e = sc_ocl_verify_batch(t->ocl, c, count, it, v);
        for (i = 0; e == SC_OK && i < count; i++)
            out[i] = (uint8_t)-v[i];
    }
    free(it), free(v);
    return e;
}
#endif

/* ---- the interface ---- */

sc_pt *sc_pt_open(sc_pt_kind kind, size_t cap, char *err, size_t errlen)
{
    sc_pt *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->kind = kind;
    t->cap = cap;
    t->pid = -1;
    t->to_w = t->to_h = -1;
    switch (kind) {
    case SC_PT_LOCAL:
        snprintf(t->name, sizeof t->name, "local");
        return t;
    case SC_PT_THREAD:
        snprintf(t->name, sizeof t->name, "thread");
        pthread_mutex_init(&t->mu, NULL);
        pthread_cond_init(&t->req_cv, NULL);
        pthread_cond_init(&t->rep_cv, NULL);
        if (pthread_create(&t->th, NULL, thread_main, t) != 0) {
            snprintf(err, errlen, "pthread_create failed");
            free(t);
            return NULL;
        }
        return t;
    case SC_PT_PROCESS: {
        int fd = memfd_create("sc-partition", 0);
        snprintf(t->name, sizeof t->name, "process");
        t->shm_len = SHM_HDR + 2u * cap;
        if (fd < 0 || ftruncate(fd, (off_t)t->shm_len) != 0 ||
            (t->shm = mmap(NULL, t->shm_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
            snprintf(err, errlen, "shared memory: %s", strerror(errno));
            if (fd >= 0)
                close(fd);
            free(t);
            return NULL;
        }
        close(fd);
        t->to_w = eventfd(0, 0);
        t->to_h = eventfd(0, 0);
        fflush(NULL); /* no buffered output copied into the child */
        if (t->to_w < 0 || t->to_h < 0 || (t->pid = fork()) < 0) {
            snprintf(err, errlen, "eventfd / fork: %s", strerror(errno));
            t->pid = -1;
            sc_pt_close(t);
            return NULL;
        }
        if (t->pid == 0)
            process_main(t);
        return t;
    }
    case SC_PT_OPENCL:
#ifdef SC_PT_OPENCL_ENABLED
        if (!(t->ocl = sc_ocl_open(err, errlen))) {
            free(t);
            return NULL;
        }
        snprintf(t->name, sizeof t->name, "opencl (%s)", sc_ocl_device_name(t->ocl));
        return t;
#else
        snprintf(err, errlen, "built without OpenCL");
        free(t);
        return NULL;
#endif
    }
    free(t);
    snprintf(err, errlen, "unknown transport");
    return NULL;
}

void sc_pt_close(sc_pt *t)
{
    if (!t)
        return;
    if (t->kind == SC_PT_THREAD) {
        pthread_mutex_lock(&t->mu);
        t->msg.job = -1;
        t->state = 1;
        pthread_cond_signal(&t->req_cv);
        pthread_mutex_unlock(&t->mu);
        pthread_join(t->th, NULL);
        pthread_cond_destroy(&t->req_cv);
        pthread_cond_destroy(&t->rep_cv);
        pthread_mutex_destroy(&t->mu);
    }
    if (t->kind == SC_PT_PROCESS) {
        if (t->pid > 0) {
            ((pt_msg *)t->shm)->job = -1;
            ev_post(t->to_w);
            waitpid(t->pid, NULL, 0);
        }
        if (t->to_w >= 0)
            close(t->to_w);
        if (t->to_h >= 0)
            close(t->to_h);
        munmap(t->shm, t->shm_len);
    }
#ifdef SC_PT_OPENCL_ENABLED
    if (t->ocl)
        sc_ocl_close(t->ocl);
#endif
    free(t);
}

const char *sc_pt_name(const sc_pt *t)
{
    return t->name;
}

int sc_pt_offers(const sc_pt *t, sc_pt_job job, const sc_curve *c)
{
    if (job == SC_PT_ECHO)
        return 1;
    if (!c)
        return 0;
#ifdef SC_PT_OPENCL_ENABLED
    if (t->kind == SC_PT_OPENCL)
        return job != SC_PT_FMUL && sc_ocl_supports(c);
#endif
    (void)t;
    return 1;
}

sc_err sc_pt_submit(sc_pt *t, sc_pt_job job, const sc_curve *c, size_t count, const uint8_t *in, uint8_t *out)
{
    pt_msg m;
    size_t il, ol;
    if (!t || !in || !out || count == 0 || (job != SC_PT_ECHO && !c) || (job == SC_PT_VERIFY && count != 1))
        return SC_ERR_ARG;
    if (!sc_pt_offers(t, job, c))
        return SC_ERR_CURVE;
    il = sc_pt_in_bytes(job, c, count);
    ol = sc_pt_out_bytes(job, c, count);
    if (il > t->cap || ol > t->cap)
        return SC_ERR_LENGTH;
    m = (pt_msg){(int)job, job == SC_PT_ECHO ? -1 : curve_index(c), count, il, 0};
    switch (t->kind) {
    case SC_PT_LOCAL:
        return sc_pt_exec(job, c, count, in, out);
    case SC_PT_THREAD:
        return thread_submit(t, &m, in, out);
    case SC_PT_PROCESS:
        return process_submit(t, &m, in, out, ol);
    case SC_PT_OPENCL:
#ifdef SC_PT_OPENCL_ENABLED
        return opencl_submit(t, job, c, count, in, out);
#else
        break;
#endif
    }
    return SC_ERR_UNSUPPORTED;
}
