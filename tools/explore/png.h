/* png: a small self-contained PNG writer and drawing canvas for the plots of
 * `seacurve cost --png` (no external library).
 *
 * The image is 4-bit indexed colour (PLTE of up to 16 entries); the zlib
 * stream uses stored (uncompressed) deflate blocks, so the writer needs only
 * CRC-32 (chunks) and Adler-32 (zlib trailer).  The canvas draws pixels,
 * lines (with thickness and dashes), rectangles, small markers and text in
 * a built-in 5x7 bitmap font (printable ASCII). */
#ifndef SC_EXPLORE_PNG_H
#define SC_EXPLORE_PNG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SCP_MAXCOLORS 16

typedef struct scp_canvas {
    int w, h;
    uint8_t *px;                          /* w*h palette indices */
    uint8_t pal[SCP_MAXCOLORS][3];        /* RGB */
    int ncolors;
} scp_canvas;

/* Allocate a w x h canvas filled with colour 0; returns 0 on success. */
int scp_init(scp_canvas *c, int w, int h);
void scp_free(scp_canvas *c);
/* Set palette entry i (i < SCP_MAXCOLORS); ncolors grows to cover it. */
void scp_color(scp_canvas *c, int i, uint8_t r, uint8_t g, uint8_t b);

void scp_pixel(scp_canvas *c, int x, int y, int col);
void scp_fill(scp_canvas *c, int x0, int y0, int x1, int y1, int col);   /* inclusive corners */
void scp_rect(scp_canvas *c, int x0, int y0, int x1, int y1, int col);   /* outline */
/* Line of the given thickness (1..); dash > 0: on for dash pixels, off for dash pixels. */
void scp_line(scp_canvas *c, int x0, int y0, int x1, int y1, int col, int thick, int dash);
/* Markers centred on (x, y): 0 square, 1 circle, 2 triangle, 3 diamond, 4 cross. */
void scp_marker(scp_canvas *c, int x, int y, int shape, int size, int col);
/* Text with its top-left corner at (x, y), glyphs 5x7 scaled by scale, 1 column gap;
 * vertical != 0 draws it rotated 90 degrees counter-clockwise (reading bottom to top,
 * (x, y) the bottom-left corner).  Returns the advance in pixels. */
int scp_text(scp_canvas *c, int x, int y, const char *s, int col, int scale, int vertical);
int scp_text_width(const char *s, int scale);

/* PNG checksums (exposed for the tests). */
uint32_t scp_crc32(uint32_t crc, const uint8_t *p, size_t n);   /* start with crc = 0 */
uint32_t scp_adler32(uint32_t a, const uint8_t *p, size_t n);   /* start with a = 1 */

/* Write the canvas as a PNG; returns 0 on success. */
int scp_write_png(const scp_canvas *c, FILE *f);
int scp_write_png_file(const scp_canvas *c, const char *path);

#endif
