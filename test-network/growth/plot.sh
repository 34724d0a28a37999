#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# plot.sh GROWTH_TSV: an SVG of growth.sh's table on stdout: per column
# (probe tx/s, p50 latency, CPU per tx, chaincode CPU per tx, ledger bytes
# per record), its value over its value at the smallest size, against
# log10 of the records. The dashed lines are 1.2 and 1/1.2.
set -euo pipefail
awk -F'\t' '
NR == 1 { next }
{ n++; x[n] = log($1) / log(10)
  v[n, 1] = $4; v[n, 2] = $5; v[n, 3] = $6; v[n, 4] = $7; v[n, 5] = $9 / $1 }
END {
  split("probe tx/s,p50 commit latency,network CPU ms/tx,chaincode CPU ms/tx,ledger bytes/record", name, ",")
  split("#1f77b4,#ff7f0e,#2ca02c,#d62728,#9467bd", col, ",")
  W = 640; H = 400; L = 60; R = 190; T = 30; B = 50
  xmin = x[1]; xmax = x[n]; if (xmax == xmin) xmax = xmin + 1
  ymin = 0.5; ymax = 1.5
  for (c = 1; c <= 5; c++) for (i = 1; i <= n; i++) if (v[1, c] > 0) {
    r = v[i, c] / v[1, c]; if (r > ymax) ymax = r; if (r < ymin) ymin = r }
  printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
  printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
  printf "<text x=\"%d\" y=\"18\">SubmitProof as the ledger grows: each figure / its figure at the smallest size</text>\n", L
  pw = W - L - R; ph = H - T - B
  printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n", L, T, pw, ph
  split("1.2 0.8333", g, " ")
  for (j = 1; j <= 2; j++) if (g[j] >= ymin && g[j] <= ymax) {
    y = T + ph - (g[j] - ymin) / (ymax - ymin) * ph
    printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"gray\" stroke-dasharray=\"4 3\"/>\n", L, L + pw, y, y
    printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.2f</text>\n", L - 4, y + 4, g[j] }
  y1 = T + ph - (1 - ymin) / (ymax - ymin) * ph
  printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">1</text>\n", L - 4, y1 + 4
  printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.2f</text>\n", L - 4, T + 4, ymax
  printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.2f</text>\n", L - 4, T + ph + 4, ymin
  for (i = 1; i <= n; i++) {
    px = L + (x[i] - xmin) / (xmax - xmin) * pw
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">10^%.1f</text>\n", px, T + ph + 18, x[i] }
  printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">verification records on the ledger</text>\n", L + pw / 2, H - 10
  for (c = 1; c <= 5; c++) {
    pts = ""
    for (i = 1; i <= n; i++) {
      r = (v[1, c] > 0) ? v[i, c] / v[1, c] : 1
      px = L + (x[i] - xmin) / (xmax - xmin) * pw
      py = T + ph - (r - ymin) / (ymax - ymin) * ph
      pts = pts sprintf("%.1f,%.1f ", px, py)
      printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", px, py, col[c] }
    printf "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", pts, col[c]
    printf "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\"/>\n", L + pw + 10, T + 10 + 20 * c, col[c]
    printf "<text x=\"%d\" y=\"%d\">%s</text>\n", L + pw + 28, T + 15 + 20 * c, name[c] }
  print "</svg>"
}' "$1"
