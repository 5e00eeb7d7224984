/* The partitioning experiment's offload interface (docs/partition.md): one
 * call shape, sc_pt_submit(job, curve, count, input bytes) -> output bytes, over
 * four transports: the calling thread itself (the local baseline), a worker
 * thread behind a shared queue, a worker process behind shared memory and an
 * eventfd mailbox, and an OpenCL device.  Host only, outside the library.
 *
 * Wire format of a job's items (big-endian numbers, SEC1 points, flen / nlen
 * of the curve), count items back to back:
 *   ECHO     in: any bytes (count ignored)       out: the same bytes
 *   FMUL     in: a || b (2 flen)                 out: a b in the curve's field (flen)
 *   PMUL     in: k (nlen) || P (1 + 2 flen)      out: status (1) || x(k P) (flen), as sc_ecdh
 *   VERIFY   in: e (32) || r || s (2 nlen) || Q (1 + 2 flen), one item
 *                                                out: status (1), as sc_ecdsa_verify
 *   VBATCH   in: count VERIFY items              out: count status bytes
 * A status byte is -sc_err (0 for SC_OK). */
#ifndef SC_TOOLS_PARTITION_H
#define SC_TOOLS_PARTITION_H

#include <seacurve/seacurve.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { SC_PT_ECHO, SC_PT_FMUL, SC_PT_PMUL, SC_PT_VERIFY, SC_PT_VBATCH } sc_pt_job;
typedef enum { SC_PT_LOCAL, SC_PT_THREAD, SC_PT_PROCESS, SC_PT_OPENCL } sc_pt_kind;

#define SC_PT_DIGEST 32

typedef struct sc_pt sc_pt;

/** Open a transport whose messages hold up to cap bytes each way.  On failure
 * NULL, with a reason in err (OpenCL: no platform or device). */
sc_pt *sc_pt_open(sc_pt_kind kind, size_t cap, char *err, size_t errlen);
/** Stop the worker (join the thread, reap the process), free everything. */
void sc_pt_close(sc_pt *t);
/** "local", "thread", "process", or "opencl (platform / device)". */
const char *sc_pt_name(const sc_pt *t);
/** 1 if t runs job on c, else 0 (OpenCL: no field multiplication kernel, and
 * the curves of sc_ocl_supports only). */
int sc_pt_offers(const sc_pt *t, sc_pt_job job, const sc_curve *c);
/** Bytes of count items' input / output of job on c (ECHO: count bytes). */
size_t sc_pt_in_bytes(sc_pt_job job, const sc_curve *c, size_t count);
size_t sc_pt_out_bytes(sc_pt_job job, const sc_curve *c, size_t count);
/** Run job on count items of in (sc_pt_in_bytes long) on t's worker, the
 * results into out (sc_pt_out_bytes long).  Synchronous: returns when out is
 * written.  SC_ERR_ARG (NULL, count 0 or VERIFY with count != 1), SC_ERR_LENGTH
 * (over cap), SC_ERR_CURVE (not offered), SC_ERR_UNSUPPORTED (the worker or
 * device failed). */
sc_err sc_pt_submit(sc_pt *t, sc_pt_job job, const sc_curve *c, size_t count, const uint8_t *in,
                    uint8_t *out);

/** The worker's side: job on count items, on this thread, with the library. */
sc_err sc_pt_exec(sc_pt_job job, const sc_curve *c, size_t count, const uint8_t *in, uint8_t *out);

#endif
