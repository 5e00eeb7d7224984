/* The OpenCL offload (ocl.h): device selection, one program per curve built
 * from port/opencl/mont.cl and ecp.cl (prime curves) or ecb.cl (binary curves),
 * embedded at build time; batches packed into 32-bit limbs, results unpacked
 * into SEC1 bytes and sc_err verdicts. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include "ocl.h"

#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* port/opencl's kernels as C strings (tools/opencl/embed.cmake): mont.cl is
 * compiled before ecp.cl (prime curves) or ecb.cl (binary curves) */
extern const char sc_ocl_src_mont[], sc_ocl_src_ecp[], sc_ocl_src_ecb[];

#define OCL_MAX_PROGS 32
#define OCL_MAX_NL 17 /* 32-bit limbs of the largest prime field (521 bits) */

typedef struct {
    const sc_curve *c;
    unsigned nl;
    cl_program prog;
    cl_kernel kmul, kverify;
    cl_mem cv;          /* the curve constants (ecp.cl's CV_* layout) */
    uint32_t n[OCL_MAX_NL];
} ocl_prog;

struct sc_ocl {
    cl_platform_id plat;
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue q;
    char name[256];
    char err[512];
    ocl_prog progs[OCL_MAX_PROGS];
    size_t nprogs;
    cl_program rt_prog;
    cl_kernel rt_kernel;
    cl_kernel echo_kernel;
    double last_kernel_s, last_total_s;
};

static const char rt_src[] =
    "__kernel void rt_touch(__global uint *b, uint n)\n"
    "{ uint i = get_global_id(0); if (i < n) b[i] = b[i] + 1u; }\n"
    "__kernel void rt_copy(__global const uint *a, __global uint *b, uint n)\n"
    "{ uint i = get_global_id(0); if (i < n) b[i] = a[i]; }\n";

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static sc_err fail(sc_ocl *o, const char *what, cl_int e)
{
    snprintf(o->err, sizeof o->err, "%s failed (OpenCL error %d)", what, (int)e);
    return SC_ERR_UNSUPPORTED;
}

sc_ocl *sc_ocl_open(char *err, size_t errlen)
{
    cl_platform_id plats[16];
    cl_uint np = 0;
    sc_ocl *o;
    cl_int e;
    int want_p = -1, want_d = -1, found = 0;
    const char *env = getenv("SC_OCL_DEVICE");
    char pname[128] = "", dname[128] = "";

    if (env && sscanf(env, "%d:%d", &want_p, &want_d) != 2) {
        snprintf(err, errlen, "SC_OCL_DEVICE=%s: expected P:D", env);
        return NULL;
    }
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0) {
        snprintf(err, errlen, "no OpenCL platform");
        return NULL;
    }
    if (!(o = calloc(1, sizeof *o))) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    /* pass 0: a GPU; pass 1: any device (or exactly the one asked for) */
    for (int pass = 0; pass < 2 && !found; pass++) {
        for (cl_uint p = 0; p < np && !found; p++) {
            cl_device_id devs[16];
            cl_uint nd = 0;
            if (want_p >= 0 && (int)p != want_p)
                continue;
            if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 16, devs, &nd) != CL_SUCCESS)
                continue;
            for (cl_uint d = 0; d < nd && !found; d++) {
                cl_device_type t = 0;
                if (want_d >= 0 && (int)d != want_d)
                    continue;
                clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof t, &t, NULL);
                if (pass == 0 && want_p < 0 && !(t & CL_DEVICE_TYPE_GPU))
                    continue;
                o->plat = plats[p];
                o->dev = devs[d];
                found = 1;
            }
        }
    }
    if (!found) {
        snprintf(err, errlen, "no OpenCL device%s", env ? " at SC_OCL_DEVICE" : "");
        free(o);
        return NULL;
    }
    clGetPlatformInfo(o->plat, CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    clGetDeviceInfo(o->dev, CL_DEVICE_NAME, sizeof dname, dname, NULL);
    snprintf(o->name, sizeof o->name, "%s / %s", pname, dname);
    o->ctx = clCreateContext(NULL, 1, &o->dev, NULL, NULL, &e);
    if (e != CL_SUCCESS) {
        snprintf(err, errlen, "clCreateContext: OpenCL error %d", (int)e);
        free(o);
        return NULL;
    }
    o->q = clCreateCommandQueue(o->ctx, o->dev, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e != CL_SUCCESS) {
        snprintf(err, errlen, "clCreateCommandQueue: OpenCL error %d", (int)e);
        clReleaseContext(o->ctx);
        free(o);
        return NULL;
    }
    return o;
}

void sc_ocl_close(sc_ocl *o)
{
    if (!o)
        return;
    for (size_t i = 0; i < o->nprogs; i++) {
        ocl_prog *p = &o->progs[i];
        clReleaseMemObject(p->cv);
        clReleaseKernel(p->kmul);
        clReleaseKernel(p->kverify);
        clReleaseProgram(p->prog);
    }
    if (o->rt_kernel)
        clReleaseKernel(o->rt_kernel);
    if (o->echo_kernel)
        clReleaseKernel(o->echo_kernel);
    if (o->rt_prog)
        clReleaseProgram(o->rt_prog);
    clReleaseCommandQueue(o->q);
    clReleaseContext(o->ctx);
    free(o);
}

const char *sc_ocl_device_name(const sc_ocl *o)
{
    return o->name;
}

const char *sc_ocl_error(const sc_ocl *o)
{
    return o->err;
}

void sc_ocl_last_times(const sc_ocl *o, double *kernel_s, double *total_s)
{
    if (kernel_s)
        *kernel_s = o->last_kernel_s;
    if (total_s)
        *total_s = o->last_total_s;
}

int sc_ocl_supports(const sc_curve *c)
{
    /* prime curves: [RCB16]'s addition is complete only without points of order 2,
     * so prime order; binary curves: every one (the ladder of ecb.cl works in the
     * subgroup of odd order n, where the host's validation puts every point) */
    if (!c)
        return 0;
    if (c->ep)
        return c->h == 1;
    return c->eb && c->eb->f->m % 32 != 0 && (c->eb->f->nk == 1 || c->eb->f->nk == 3);
}

/* ---- numbers as 32-bit limbs (little-endian), whatever the library's limb width ---- */

static void words_to_u32(uint32_t *r, unsigned nl, const sc_word *w, unsigned nw)
{
    memset(r, 0, 4u * nl);
    for (unsigned i = 0; i < nw * (unsigned)sizeof(sc_word) && i / 4 < nl; i++) {
        uint32_t byte = (uint32_t)(w[i / sizeof(sc_word)] >> (8 * (i % sizeof(sc_word)))) & 0xffu;
        r[i / 4] |= byte << (8 * (i % 4));
    }
}

/* big-endian bytes -> limbs (len <= 4 nl) */
static void bytes_to_u32(uint32_t *r, unsigned nl, const uint8_t *in, size_t len)
{
    memset(r, 0, 4u * nl);
    for (size_t i = 0; i < len; i++)
        r[i / 4] |= (uint32_t)in[len - 1 - i] << (8 * (i % 4));
}

static void u32_to_bytes(uint8_t *out, size_t len, const uint32_t *a)
{
    for (size_t i = 0; i < len; i++)
        out[len - 1 - i] = (uint8_t)(a[i / 4] >> (8 * (i % 4)));
}

/* -1: a < b, 0: equal, 1: a > b */
static int u32_cmp(const uint32_t *a, const uint32_t *b, unsigned nl)
{
    for (unsigned i = nl; i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* R^2 mod m, R = 2^(32 nl), by 64 nl modular doublings of 1 (m odd, m > 1) */
static void r2_mod(uint32_t *r, const uint32_t *m, unsigned nl)
{
    memset(r, 0, 4u * nl);
    r[0] = 1;
    for (unsigned k = 0; k < 64 * nl; k++) {
        uint32_t top = r[nl - 1] >> 31;
        for (unsigned i = nl; i-- > 1;)
            r[i] = (r[i] << 1) | (r[i - 1] >> 31);
        r[0] <<= 1;
        if (top || u32_cmp(r, m, nl) >= 0) {
            uint64_t bw = 0;
            for (unsigned i = 0; i < nl; i++) {
                uint64_t t = (uint64_t)r[i] - m[i] - bw;
                r[i] = (uint32_t)t;
                bw = (t >> 63) & 1;
            }
        }
    }
}

/* -m^-1 mod 2^32 for odd m0, by Newton's iteration (each step doubles the correct bits) */
static uint32_t mont_inv32(uint32_t m0)
{
    uint32_t x = 1;
    for (int i = 0; i < 5; i++)
        x *= 2u - m0 * x;
    return 0u - x;
}

static unsigned curve_nl(const sc_curve *c)
{
    if (c->eb)
        return (c->eb->f->m + 31u) / 32u; /* n < 2^m */
    unsigned bits = c->ep->fp->bits > c->fn->bits ? c->ep->fp->bits : c->fn->bits;
    return (bits + 31) / 32;
}

/* the program of nsrc source strings, concatenated in order */
static sc_err build_program(sc_ocl *o, cl_program *prog, cl_uint nsrc, const char **src, const char *opts)
{
    cl_int e;
    *prog = clCreateProgramWithSource(o->ctx, nsrc, src, NULL, &e);
    if (e != CL_SUCCESS)
        return fail(o, "clCreateProgramWithSource", e);
    e = clBuildProgram(*prog, 1, &o->dev, opts, NULL, NULL);
    if (e != CL_SUCCESS) {
        char log[400] = "";
        clGetProgramBuildInfo(*prog, o->dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        snprintf(o->err, sizeof o->err, "clBuildProgram failed (%d): %s", (int)e, log);
        clReleaseProgram(*prog);
        *prog = NULL;
        return SC_ERR_UNSUPPORTED;
    }
    return SC_OK;
}

/* The program of curve c, built and its constants uploaded on first use. */
static sc_err get_prog(sc_ocl *o, const sc_curve *c, ocl_prog **out)
{
    uint32_t cv[8 * OCL_MAX_NL + 3];
    char opts[160];
    const char *src[2];
    ocl_prog *p;
    unsigned nl;
    cl_int e;
    sc_err err;

    for (size_t i = 0; i < o->nprogs; i++)
        if (o->progs[i].c == c) {
            *out = &o->progs[i];
            return SC_OK;
        }
    if (!sc_ocl_supports(c))
        return SC_ERR_CURVE;
    if (o->nprogs == OCL_MAX_PROGS || (nl = curve_nl(c)) > OCL_MAX_NL)
        return SC_ERR_CURVE;
    p = &o->progs[o->nprogs];
    memset(p, 0, sizeof *p);
    p->c = c;
    p->nl = nl;
    src[0] = sc_ocl_src_mont;
    src[1] = c->eb ? sc_ocl_src_ecb : sc_ocl_src_ecp;
    if (c->eb) {
        const sc_fb_field *f = c->eb->f;
        snprintf(opts, sizeof opts, "-cl-std=CL1.2 -DNL=%u -DFB_M=%u -DFB_K0=%u -DFB_K1=%d -DFB_K2=%d", nl,
                 (unsigned)f->m, (unsigned)f->k[0], f->nk == 3 ? (int)f->k[1] : -1,
                 f->nk == 3 ? (int)f->k[2] : -1);
    } else {
        snprintf(opts, sizeof opts, "-cl-std=CL1.2 -DNL=%u", nl);
    }
    if ((err = build_program(o, &p->prog, 2, src, opts)) != SC_OK)
        return err;
    p->kmul = clCreateKernel(p->prog, c->eb ? "ecb_mul" : "ecp_mul", &e);
    if (e == CL_SUCCESS)
        p->kverify = clCreateKernel(p->prog, c->eb ? "ecb_verify" : "ecp_verify", &e);
    if (e != CL_SUCCESS) {
        if (p->kmul)
            clReleaseKernel(p->kmul);
        clReleaseProgram(p->prog);
        return fail(o, "clCreateKernel", e);
    }
    memset(cv, 0, sizeof cv);
    if (c->eb) {
        /* ecb.cl's CB_* layout */
        const sc_eb_curve *b = c->eb;
        words_to_u32(cv + 0 * nl, nl, c->fn->p, c->fn->nw);
        r2_mod(cv + 1 * nl, cv, nl);
        words_to_u32(cv + 2 * nl, nl, b->a, b->f->nw);
        words_to_u32(cv + 3 * nl, nl, b->b, b->f->nw);
        words_to_u32(cv + 4 * nl, nl, b->gx, b->f->nw);
        words_to_u32(cv + 5 * nl, nl, b->gy, b->f->nw);
        cv[6 * nl] = mont_inv32(cv[0]);
        cv[6 * nl + 1] = c->nbits;
        memcpy(p->n, cv, 4u * nl);
        goto upload;
    }
    words_to_u32(cv + 0 * nl, nl, c->ep->fp->p, c->ep->fp->nw);
    words_to_u32(cv + 1 * nl, nl, c->fn->p, c->fn->nw);
    r2_mod(cv + 2 * nl, cv + 0 * nl, nl);
    r2_mod(cv + 3 * nl, cv + 1 * nl, nl);
    words_to_u32(cv + 4 * nl, nl, c->ep->a, c->ep->fp->nw);
    words_to_u32(cv + 5 * nl, nl, c->ep->b, c->ep->fp->nw);
    words_to_u32(cv + 6 * nl, nl, c->ep->gx, c->ep->fp->nw);
    words_to_u32(cv + 7 * nl, nl, c->ep->gy, c->ep->fp->nw);
    cv[8 * nl] = mont_inv32(cv[0]);
    cv[8 * nl + 1] = mont_inv32(cv[nl]);
    cv[8 * nl + 2] = c->nbits;
    memcpy(p->n, cv + nl, 4u * nl);
upload:
    p->cv = clCreateBuffer(o->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4u * (8 * nl + 3), cv, &e);
    if (e != CL_SUCCESS) {
        clReleaseKernel(p->kmul);
        clReleaseKernel(p->kverify);
        clReleaseProgram(p->prog);
        return fail(o, "clCreateBuffer", e);
    }
    o->nprogs++;
    *out = p;
    return SC_OK;
}

/* Runs kernel k over count items with the buffers already set as arguments;
 * the kernel's own time (profiling) goes to o->last_kernel_s. */
static sc_err launch(sc_ocl *o, cl_kernel k, size_t count)
{
    size_t global = (count + 63) / 64 * 64;
    cl_event ev;
    cl_ulong t0 = 0, t1 = 0;
    cl_int e = clEnqueueNDRangeKernel(o->q, k, 1, NULL, &global, NULL, 0, NULL, &ev);
    if (e != CL_SUCCESS)
        return fail(o, "clEnqueueNDRangeKernel", e);
    e = clWaitForEvents(1, &ev);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    clReleaseEvent(ev);
    if (e != CL_SUCCESS)
        return fail(o, "kernel", e);
    o->last_kernel_s = 1e-9 * (double)(t1 - t0);
    return SC_OK;
}

/* A buffer of n bytes (at least 4), filled from src when src is not NULL. */
static cl_mem buffer(sc_ocl *o, cl_mem_flags fl, size_t n, void *src, cl_int *e)
{
    if (n < 4)
        n = 4;
    return clCreateBuffer(o->ctx, fl | (src ? CL_MEM_COPY_HOST_PTR : 0), n, src, e);
}

/* Overwrites n bytes of b with zeros on the device, waits, releases b (NULL: nothing). */
static void wipe_buffer(sc_ocl *o, cl_mem b, size_t n)
{
    static const cl_uint zero = 0;
    if (!b)
        return;
    if (n >= 4 && clEnqueueFillBuffer(o->q, b, &zero, sizeof zero, 0, n / 4 * 4, 0, NULL, NULL) == CL_SUCCESS)
        clFinish(o->q);
    clReleaseMemObject(b);
}

sc_err sc_ocl_mul_batch(sc_ocl *o, const sc_curve *c, size_t count, const uint8_t *k,
                        const uint8_t *pts, uint8_t *out, sc_err *st)
{
    double t_start = now_s();
    size_t plen, shipped = 0;
    uint32_t *ks = NULL, *ps = NULL, *res = NULL, *stat = NULL;
    size_t *idx = NULL;
    cl_mem bk = NULL, bp = NULL, bo = NULL, bs = NULL;
    ocl_prog *p;
    cl_int e = CL_SUCCESS;
    sc_err err;
    unsigned nl;
    cl_uint n32;

    if (!o || !c || (count && (!k || !pts || !out || !st)))
        return SC_ERR_ARG;
    if ((err = get_prog(o, c, &p)) != SC_OK)
        return err;
    nl = p->nl;
    plen = 1u + 2u * c->flen;
    memset(out, 0, count * plen);
    ks = malloc(4u * nl * (count + 1));
    ps = malloc(8u * nl * (count + 1));
    res = malloc(8u * nl * (count + 1));
    stat = malloc(4u * (count + 1));
    idx = malloc(sizeof *idx * (count + 1));
    if (!ks || !ps || !res || !stat || !idx) {
        err = SC_ERR_UNSUPPORTED;
        snprintf(o->err, sizeof o->err, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < count; i++) {
        const uint8_t *pt = pts + i * plen;
        uint32_t *kk = ks + shipped * nl;
        bytes_to_u32(kk, nl, k + i * c->nlen, c->nlen);
        int zero = 1;
        for (unsigned j = 0; j < nl; j++)
            zero &= kk[j] == 0;
        if (zero || u32_cmp(kk, p->n, nl) >= 0) {
            st[i] = SC_ERR_SCALAR;
            continue;
        }
        if ((st[i] = sc_pub_validate(c, pt, plen)) != SC_OK)
            continue;
        bytes_to_u32(ps + 2 * shipped * nl, nl, pt + 1, c->flen);
        bytes_to_u32(ps + (2 * shipped + 1) * nl, nl, pt + 1 + c->flen, c->flen);
        idx[shipped++] = i;
    }
    o->last_kernel_s = 0;
    if (shipped) {
        n32 = (cl_uint)shipped;
        bk = buffer(o, CL_MEM_READ_ONLY, 4u * nl * shipped, ks, &e);
        if (e == CL_SUCCESS)
            bp = buffer(o, CL_MEM_READ_ONLY, 8u * nl * shipped, ps, &e);
        if (e == CL_SUCCESS)
            bo = buffer(o, CL_MEM_WRITE_ONLY, 8u * nl * shipped, NULL, &e);
        if (e == CL_SUCCESS)
            bs = buffer(o, CL_MEM_WRITE_ONLY, 4u * shipped, NULL, &e);
        if (e != CL_SUCCESS) {
            err = fail(o, "clCreateBuffer", e);
            goto done;
        }
        clSetKernelArg(p->kmul, 0, sizeof(cl_mem), &p->cv);
        clSetKernelArg(p->kmul, 1, sizeof(cl_mem), &bk);
        clSetKernelArg(p->kmul, 2, sizeof(cl_mem), &bp);
        clSetKernelArg(p->kmul, 3, sizeof(cl_mem), &bo);
        clSetKernelArg(p->kmul, 4, sizeof(cl_mem), &bs);
        clSetKernelArg(p->kmul, 5, sizeof n32, &n32);
        if ((err = launch(o, p->kmul, shipped)) != SC_OK)
            goto done;
        e = clEnqueueReadBuffer(o->q, bo, CL_TRUE, 0, 8u * nl * shipped, res, 0, NULL, NULL);
        if (e == CL_SUCCESS)
            e = clEnqueueReadBuffer(o->q, bs, CL_TRUE, 0, 4u * shipped, stat, 0, NULL, NULL);
        if (e != CL_SUCCESS) {
            err = fail(o, "clEnqueueReadBuffer", e);
            goto done;
        }
        for (size_t j = 0; j < shipped; j++) {
            size_t i = idx[j];
            uint8_t *r = out + i * plen;
            if (stat[j] == 0) {
                r[0] = 0x04;
                u32_to_bytes(r + 1, c->flen, res + 2 * j * nl);
                u32_to_bytes(r + 1 + c->flen, c->flen, res + (2 * j + 1) * nl);
                st[i] = SC_OK;
            } else {
                st[i] = stat[j] == 1 ? SC_ERR_INFINITY : SC_ERR_POINT;
            }
        }
    }
    err = SC_OK;
done:
    if (err != SC_OK && err != SC_ERR_CURVE) {
        memset(out, 0, count * plen);
        for (size_t i = 0; i < count; i++)
            st[i] = err;
    }
    /* the scalars and the products (shared secrets, when k is a private key) are
     * wiped on the device and here before their memory is released */
    wipe_buffer(o, bk, 4u * nl * shipped);
    wipe_buffer(o, bo, 8u * nl * shipped);
    if (bp)
        clReleaseMemObject(bp);
    if (bs)
        clReleaseMemObject(bs);
    if (ks) {
        sc_memzero(ks, 4u * nl * (count + 1));
        free(ks);
    }
    if (res) {
        sc_memzero(res, 8u * nl * (count + 1));
        free(res);
    }
    free(ps);
    free(stat);
    free(idx);
    o->last_total_s = now_s() - t_start;
    return err;
}

/* SEC1 4.1.3 step 5 / 4.1.4 step 3: the leftmost nbits bits of the digest */
static void digest_to_e(uint32_t *e, unsigned nl, const uint8_t *d, size_t len, unsigned nbits)
{
    size_t nb = (nbits + 7) / 8;
    size_t take = len < nb ? len : nb;
    bytes_to_u32(e, nl, d, take);
    if (8 * take > nbits) {
        unsigned sh = (unsigned)(8 * take - nbits);
        for (unsigned i = 0; i < nl; i++)
            e[i] = (e[i] >> sh) | (i + 1 < nl ? e[i + 1] << (32 - sh) : 0);
    }
}

sc_err sc_ocl_verify_batch(sc_ocl *o, const sc_curve *c, size_t count, const sc_ocl_vitem *items,
                           sc_err *verdict)
{
    double t_start = now_s();
    size_t shipped = 0;
    uint32_t *buf = NULL, *res = NULL;
    size_t *idx = NULL;
    cl_mem bi = NULL, bv = NULL;
    ocl_prog *p;
    cl_int e = CL_SUCCESS;
    sc_err err;
    unsigned nl;
    cl_uint n32;
    uint8_t q[1 + 2 * SC_FP_MAXBYTES];

    if (!o || !c || (count && (!items || !verdict)))
        return SC_ERR_ARG;
    if ((err = get_prog(o, c, &p)) != SC_OK)
        return err;
    nl = p->nl;
    buf = malloc(20u * nl * (count + 1));
    res = malloc(4u * (count + 1));
    idx = malloc(sizeof *idx * (count + 1));
    if (!buf || !res || !idx) {
        err = SC_ERR_UNSUPPORTED;
        snprintf(o->err, sizeof o->err, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < count; i++) {
        const sc_ocl_vitem *it = &items[i];
        uint32_t *w = buf + 5 * nl * shipped;
        size_t qlen = sizeof q;
        if (!it->sig || !it->digest || !it->pub) {
            verdict[i] = SC_ERR_ARG;
            continue;
        }
        if (it->siglen != 2u * c->nlen) {
            verdict[i] = SC_ERR_LENGTH;
            continue;
        }
        if ((verdict[i] = sc_pub_convert(c, q, &qlen, 0, it->pub, it->publen)) != SC_OK)
            continue;
        bytes_to_u32(w, nl, q + 1, c->flen);
        bytes_to_u32(w + nl, nl, q + 1 + c->flen, c->flen);
        digest_to_e(w + 2 * nl, nl, it->digest, it->digestlen, c->nbits);
        bytes_to_u32(w + 3 * nl, nl, it->sig, c->nlen);
        bytes_to_u32(w + 4 * nl, nl, it->sig + c->nlen, c->nlen);
        idx[shipped++] = i;
    }
    o->last_kernel_s = 0;
    if (shipped) {
        n32 = (cl_uint)shipped;
        bi = buffer(o, CL_MEM_READ_ONLY, 20u * nl * shipped, buf, &e);
        if (e == CL_SUCCESS)
            bv = buffer(o, CL_MEM_WRITE_ONLY, 4u * shipped, NULL, &e);
        if (e != CL_SUCCESS) {
            err = fail(o, "clCreateBuffer", e);
            goto done;
        }
        clSetKernelArg(p->kverify, 0, sizeof(cl_mem), &p->cv);
        clSetKernelArg(p->kverify, 1, sizeof(cl_mem), &bi);
        clSetKernelArg(p->kverify, 2, sizeof(cl_mem), &bv);
        clSetKernelArg(p->kverify, 3, sizeof n32, &n32);
        if ((err = launch(o, p->kverify, shipped)) != SC_OK)
            goto done;
        e = clEnqueueReadBuffer(o->q, bv, CL_TRUE, 0, 4u * shipped, res, 0, NULL, NULL);
        if (e != CL_SUCCESS) {
            err = fail(o, "clEnqueueReadBuffer", e);
            goto done;
        }
        for (size_t j = 0; j < shipped; j++) {
            static const sc_err map[4] = {SC_OK, SC_ERR_VERIFY, SC_ERR_SIG_RANGE, SC_ERR_POINT};
            verdict[idx[j]] = res[j] < 4 ? map[res[j]] : SC_ERR_VERIFY;
        }
    }
    err = SC_OK;
done:
    if (err != SC_OK && err != SC_ERR_CURVE)
        for (size_t i = 0; i < count; i++)
            verdict[i] = err;
    if (bi)
        clReleaseMemObject(bi);
    if (bv)
        clReleaseMemObject(bv);
    free(buf);
    free(res);
    free(idx);
    o->last_total_s = now_s() - t_start;
    return err;
}

sc_err sc_ocl_roundtrip(sc_ocl *o, size_t bytes, double *up_s, double *kernel_s, double *down_s)
{
    size_t words = (bytes + 3) / 4, global = (words + 63) / 64 * 64;
    uint32_t *host;
    cl_mem b;
    cl_int e;
    cl_uint n32 = (cl_uint)words;
    double t0, t1, t2, t3;
    sc_err err = SC_OK;

    if (!o->rt_prog) {
        const char *src = rt_src;
        if ((err = build_program(o, &o->rt_prog, 1, &src, "-cl-std=CL1.2")) != SC_OK)
            return err;
    }
    if (!o->rt_kernel) {
        o->rt_kernel = clCreateKernel(o->rt_prog, "rt_touch", &e);
        if (e != CL_SUCCESS)
            return fail(o, "clCreateKernel", e);
    }
    if (!(host = calloc(words ? words : 1, 4)))
        return SC_ERR_UNSUPPORTED;
    b = clCreateBuffer(o->ctx, CL_MEM_READ_WRITE, 4u * (words ? words : 1), NULL, &e);
    if (e != CL_SUCCESS) {
        free(host);
        return fail(o, "clCreateBuffer", e);
    }
    clSetKernelArg(o->rt_kernel, 0, sizeof b, &b);
    clSetKernelArg(o->rt_kernel, 1, sizeof n32, &n32);
    t0 = now_s();
    e = clEnqueueWriteBuffer(o->q, b, CL_TRUE, 0, 4u * words, host, 0, NULL, NULL);
    t1 = now_s();
    if (e == CL_SUCCESS)
        e = clEnqueueNDRangeKernel(o->q, o->rt_kernel, 1, NULL, &global, NULL, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clFinish(o->q);
    t2 = now_s();
    if (e == CL_SUCCESS)
        e = clEnqueueReadBuffer(o->q, b, CL_TRUE, 0, 4u * words, host, 0, NULL, NULL);
    t3 = now_s();
    if (e != CL_SUCCESS)
        err = fail(o, "round trip", e);
    else if (words && host[0] != 1u)
        err = fail(o, "round trip check", CL_INVALID_VALUE);
    clReleaseMemObject(b);
    free(host);
    *up_s = t1 - t0;
    *kernel_s = t2 - t1;
    *down_s = t3 - t2;
    return err;
}

sc_err sc_ocl_echo(sc_ocl *o, const uint8_t *in, uint8_t *out, size_t bytes)
{
    size_t words = bytes ? (bytes + 3) / 4 : 1, global = (words + 63) / 64 * 64;
    cl_mem a, b;
    cl_int e, e2;
    cl_uint n32 = (cl_uint)words;
    uint32_t *host;
    sc_err err = SC_OK;

    if (!o || (bytes && (!in || !out)))
        return SC_ERR_ARG;
    if (!o->rt_prog) {
        const char *src = rt_src;
        if ((err = build_program(o, &o->rt_prog, 1, &src, "-cl-std=CL1.2")) != SC_OK)
            return err;
    }
    if (!o->echo_kernel) {
        o->echo_kernel = clCreateKernel(o->rt_prog, "rt_copy", &e);
        if (e != CL_SUCCESS)
            return fail(o, "clCreateKernel", e);
    }
    /* whole words: the tail of the last one is zero */
    if (!(host = calloc(words, 4)))
        return SC_ERR_UNSUPPORTED;
    if (bytes)
        memcpy(host, in, bytes);
    a = clCreateBuffer(o->ctx, CL_MEM_READ_ONLY, 4u * words, NULL, &e);
    b = clCreateBuffer(o->ctx, CL_MEM_WRITE_ONLY, 4u * words, NULL, &e2);
    if (e != CL_SUCCESS || e2 != CL_SUCCESS) {
        if (e == CL_SUCCESS)
            clReleaseMemObject(a);
        if (e2 == CL_SUCCESS)
            clReleaseMemObject(b);
        free(host);
        return fail(o, "clCreateBuffer", e != CL_SUCCESS ? e : e2);
    }
    clSetKernelArg(o->echo_kernel, 0, sizeof a, &a);
    clSetKernelArg(o->echo_kernel, 1, sizeof b, &b);
    clSetKernelArg(o->echo_kernel, 2, sizeof n32, &n32);
    e = clEnqueueWriteBuffer(o->q, a, CL_FALSE, 0, 4u * words, host, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clEnqueueNDRangeKernel(o->q, o->echo_kernel, 1, NULL, &global, NULL, 0, NULL, NULL);
    if (e == CL_SUCCESS)
        e = clEnqueueReadBuffer(o->q, b, CL_TRUE, 0, 4u * words, host, 0, NULL, NULL);
    if (e != CL_SUCCESS)
        err = fail(o, "echo", e);
    else if (bytes)
        memcpy(out, host, bytes);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    free(host);
    return err;
}
