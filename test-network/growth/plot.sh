#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# plot.sh PROBES_TSV GROWTH_TSV: an SVG of growth.sh's tables on stdout, two
# panels: each probe's p50 latency, and its CPU per transaction (the
# network's; the witness update's includes the holder's), over its figure at
# the smallest size, against log10 of the records; the CPU panel also has
# the ledger's bytes per record. Right of each panel, at "shapes", the
# probes measured again on the revocation-state shapes (status-verify and
# status-update against the 1,048,576-entry list with its bits set,
# acc-present after the batch revocations), over the same smallest-size
# figures. Dashed lines: 1.2 and 1/1.2.
set -euo pipefail
awk -F'\t' '
FNR == 1 { next }
FILENAME == ARGV[1] {
  if ($1 == "size") {
    if (!($2 in xs)) { nx++; xv[nx] = log($2) / log(10); xs[$2] = nx }
    i = xs[$2]
    if (!($3 in pi)) { np++; pn[np] = $3; pi[$3] = np }
    p = pi[$3]; lat[p, i] = $7; cpu[p, i] = $8; has[p, i] = 1
  } else if ($1 == "shape" && ($3 == "status-verify" || $3 == "status-update" || $3 == "acc-present")) {
    slat[$3] = $7; scpu[$3] = $8; shas[$3] = 1
  }
  next
}
{ nb++; bpr[nb] = $9 / $1 }
END {
  split("#1f77b4,#ff7f0e,#2ca02c,#d62728,#9467bd,#8c564b,#e377c2,#7f7f7f,#bcbd22,#17becf", col, ",")
  PW = 300; PH = 300; L = 60; GAP = 70; T = 40; B = 50; LEG = 170
  W = L + 2 * PW + GAP + LEG + 20; H = T + PH + B
  # Ratios and the y range (both panels share it).
  ymin = 0.5; ymax = 1.5
  for (p = 1; p <= np; p++) for (i = 1; i <= nx; i++) if (has[p, i]) {
    for (q = 1; q <= 2; q++) {
      v = (q == 1) ? lat[p, i] : cpu[p, i]; b = (q == 1) ? lat[p, 1] : cpu[p, 1]
      r[q, p, i] = (b > 0) ? v / b : 1
      if (r[q, p, i] > ymax) ymax = r[q, p, i]; if (r[q, p, i] < ymin) ymin = r[q, p, i] } }
  for (p = 1; p <= np; p++) if (shas[pn[p]]) for (q = 1; q <= 2; q++) {
    v = (q == 1) ? slat[pn[p]] : scpu[pn[p]]; b = (q == 1) ? lat[p, 1] : cpu[p, 1]
    sr[q, p] = (b > 0) ? v / b : 1
    if (sr[q, p] > ymax) ymax = sr[q, p]; if (sr[q, p] < ymin) ymin = sr[q, p] }
  for (i = 1; i <= nb; i++) { rb[i] = (bpr[1] > 0) ? bpr[i] / bpr[1] : 1; if (rb[i] > ymax) ymax = rb[i]; if (rb[i] < ymin) ymin = rb[i] }
  xmin = xv[1]; xmax = xv[nx]; if (xmax == xmin) xmax = xmin + 1
  printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
  printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
  printf "<text x=\"%d\" y=\"18\">As the ledger grows: each figure over its figure at the smallest size</text>\n", L
  split("p50 latency,CPU per transaction", title, ",")
  for (q = 1; q <= 2; q++) {
    X0 = L + (q - 1) * (PW + GAP); sx = X0 + PW - 25   # the shapes column
    xw = PW - 80
    printf "<text x=\"%d\" y=\"%d\">%s</text>\n", X0, T - 8, title[q]
    printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n", X0, T, PW, PH
    printf "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#ccc\"/>\n", X0 + xw + 25, X0 + xw + 25, T, T + PH
    split("1.2 0.8333 1", g, " ")
    for (j = 1; j <= 3; j++) if (g[j] >= ymin && g[j] <= ymax) {
      y = T + PH - (g[j] - ymin) / (ymax - ymin) * PH
      printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"gray\" stroke-dasharray=\"%s\"/>\n", X0, X0 + PW, y, y, (j == 3) ? "1 3" : "4 3"
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", X0 - 4, y + 4, (j == 3) ? "1" : sprintf("%.2f", g[j]) }
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.2f</text>\n", X0 - 4, T + 4, ymax
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.2f</text>\n", X0 - 4, T + PH + 4, ymin
    for (i = 1; i <= nx; i++) {
      px = X0 + 10 + (xv[i] - xmin) / (xmax - xmin) * xw
      printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">10^%.1f</text>\n", px, T + PH + 16, xv[i] }
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">shapes</text>\n", sx, T + PH + 16
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">verification records</text>\n", X0 + xw / 2, T + PH + 34
    for (p = 1; p <= np; p++) {
      pts = ""
      for (i = 1; i <= nx; i++) if (has[p, i]) {
        px = X0 + 10 + (xv[i] - xmin) / (xmax - xmin) * xw
        py = T + PH - (r[q, p, i] - ymin) / (ymax - ymin) * PH
        pts = pts sprintf("%.1f,%.1f ", px, py)
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", px, py, col[p] }
      printf "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", pts, col[p]
      if (shas[pn[p]]) {
        py = T + PH - (sr[q, p] - ymin) / (ymax - ymin) * PH
        printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\"/>\n", sx - 3.5, py - 3.5, col[p] } }
    if (q == 2) {
      pts = ""
      for (i = 1; i <= nb && i <= nx; i++) {
        px = X0 + 10 + (xv[i] - xmin) / (xmax - xmin) * xw
        py = T + PH - (rb[i] - ymin) / (ymax - ymin) * PH
        pts = pts sprintf("%.1f,%.1f ", px, py) }
      printf "<polyline points=\"%s\" fill=\"none\" stroke=\"black\" stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\n", pts }
  }
  LX = L + 2 * PW + GAP + 15
  for (p = 1; p <= np; p++) {
    printf "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\"/>\n", LX, T + 10 + 18 * p, col[p]
    printf "<text x=\"%d\" y=\"%d\">%s</text>\n", LX + 18, T + 15 + 18 * p, pn[p] }
  printf "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\" stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\n", LX, LX + 12, T + 12 + 18 * (np + 1), T + 12 + 18 * (np + 1)
  printf "<text x=\"%d\" y=\"%d\">ledger bytes/record</text>\n", LX + 18, T + 15 + 18 * (np + 1)
  printf "<text x=\"%d\" y=\"%d\">squares: the shapes</text>\n", LX, T + 15 + 18 * (np + 3)
  print "</svg>"
}' "$1" "$2"
