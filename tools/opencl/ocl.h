/* The OpenCL offload of seacurve: batch k*P and batch ECDSA verification on an
 * OpenCL device (docs/opencl.md).  Outside the library: it links libseacurve
 * for parsing and validation and the OpenCL ICD loader; the library itself has
 * no OpenCL dependency.  Not thread safe: one sc_ocl per thread. */
#ifndef SC_TOOLS_OCL_H
#define SC_TOOLS_OCL_H

#include <seacurve/seacurve.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sc_ocl sc_ocl;

/** Opens the device named by the environment variable SC_OCL_DEVICE ("P:D",
 * platform P, device D, both counted from 0), else the first GPU, else the first
 * device of any type.  On failure returns NULL and writes a reason to err (errlen
 * bytes, NUL-terminated). */
sc_ocl *sc_ocl_open(char *err, size_t errlen);
void sc_ocl_close(sc_ocl *o);
/** "platform / device" of the open device. */
const char *sc_ocl_device_name(const sc_ocl *o);
/** The last OpenCL failure of o, in words ("" if none). */
const char *sc_ocl_error(const sc_ocl *o);
/** 1 if c has kernels (the prime curves of prime order, the binary curves), else 0. */
int sc_ocl_supports(const sc_curve *c);

/** Batch k*P on the device.  Item i: the scalar k at k + i c->nlen (big-endian,
 * 1 <= k < n), the point at pts + i (1 + 2 c->flen) (SEC1 uncompressed).  Out:
 * out + i (1 + 2 c->flen) the SEC1 uncompressed k*P and st[i] = SC_OK, or st[i] an
 * error and the item's output zeroed: SC_ERR_SCALAR (k = 0 or k >= n), an error
 * of sc_pub_validate for the point.  Constant time in k on the device.
 * @return SC_OK when the batch ran (per-item results in st); SC_ERR_CURVE for a
 *         curve without kernels; SC_ERR_ARG for a NULL pointer; SC_ERR_UNSUPPORTED
 *         when the device failed (sc_ocl_error says how). */
sc_err sc_ocl_mul_batch(sc_ocl *o, const sc_curve *c, size_t count, const uint8_t *k,
                        const uint8_t *pts, uint8_t *out, sc_err *st);

/** One signature to verify: the digest (any length, truncated as SEC1 4.1.3),
 * the signature r || s (2 c->nlen bytes), the SEC1 public key (either form). */
typedef struct {
    const uint8_t *digest;
    size_t digestlen;
    const uint8_t *sig;
    size_t siglen;
    const uint8_t *pub;
    size_t publen;
} sc_ocl_vitem;

/** Batch ECDSA verification on the device: verdict[i] is what sc_ecdsa_verify
 * returns for item i (SC_OK, SC_ERR_VERIFY, SC_ERR_SIG_RANGE, SC_ERR_LENGTH, an
 * error of sc_pub_validate).  Keys are decoded and validated on the host
 * (sc_pub_convert), everything else runs on the device.
 * @return as sc_ocl_mul_batch. */
sc_err sc_ocl_verify_batch(sc_ocl *o, const sc_curve *c, size_t count, const sc_ocl_vitem *items,
                           sc_err *verdict);

/** Round trip of `bytes` bytes: upload to a device buffer, one launch of a kernel
 * that reads and writes every word, download; the three times in seconds (wall
 * clock, each phase waited for).  @return SC_OK or SC_ERR_UNSUPPORTED. */
sc_err sc_ocl_roundtrip(sc_ocl *o, size_t bytes, double *up_s, double *kernel_s, double *down_s);

/** Echo: in (bytes bytes) uploaded to one device buffer, copied word by word into a
 * second by one kernel launch, downloaded into out.  The round trip of the
 * partitioning transports (docs/partition.md), data included.
 * @return SC_OK, SC_ERR_ARG, or SC_ERR_UNSUPPORTED. */
sc_err sc_ocl_echo(sc_ocl *o, const uint8_t *in, uint8_t *out, size_t bytes);

/** Seconds the last sc_ocl_mul_batch / sc_ocl_verify_batch spent in the kernel
 * alone (device profiling), and in the whole call (host preparation, transfers,
 * kernel, results). */
void sc_ocl_last_times(const sc_ocl *o, double *kernel_s, double *total_s);

#endif
