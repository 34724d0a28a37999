// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

// secondBin is one second of the load: the transactions committed in it
// (by the time their commit status came) and their commit latencies.
type secondBin struct {
	Committed int
	P50, Max  time.Duration
}

// bins are the load's seconds from start to the last answer.
func bins(start time.Time, recs []engine.Record) []secondBin {
	lat := map[int][]time.Duration{}
	n := 0
	for _, r := range recs {
		if r.Outcome != engine.Committed || r.Start.IsZero() {
			continue
		}
		s := int(r.Start.Add(r.Latency).Sub(start) / time.Second)
		if s < 0 {
			s = 0
		}
		lat[s] = append(lat[s], r.Latency)
		n = max(n, s+1)
	}
	out := make([]secondBin, n)
	for s, ds := range lat {
		out[s] = secondBin{Committed: len(ds), P50: engine.Percentile(ds, 50), Max: engine.Percentile(ds, 100)}
	}
	return out
}

// Plot geometry (SVG user units).
const (
	plotW, plotH     = 1000, 585
	plotLeft         = 70
	plotRight        = 20
	panelTop1        = 50
	panelTop2        = 310
	panelH           = 200
	plotAxisBottom   = panelTop2 + panelH
	plotLegendBottom = plotH - 15
)

// writePlot writes an SVG: committed transactions per second (top) and
// commit latency per second, p50 and max (bottom, logarithmic; a gap where
// nothing committed), over the
// load's time, each fault a shaded band from its start to its end with a
// labelled vertical line at its start.
func writePlot(w io.Writer, title string, start time.Time, recs []engine.Record, faults []faultRecord) error {
	bs := bins(start, recs)
	secs := float64(max(len(bs), 1))
	for _, f := range faults {
		secs = math.Max(secs, f.End.Sub(start).Seconds())
	}
	innerW := float64(plotW - plotLeft - plotRight)
	x := func(s float64) float64 { return plotLeft + s/secs*innerW }
	maxTx := 1
	var maxLat time.Duration = time.Millisecond
	for _, b := range bs {
		maxTx = max(maxTx, b.Committed)
		maxLat = max(maxLat, b.Max)
	}
	txTop := niceCeil(float64(maxTx))
	latTop := math.Pow(10, math.Ceil(math.Log10(float64(maxLat)/float64(time.Millisecond))))
	latBottom := 1.0 // ms
	if latTop <= latBottom {
		latTop = 10
	}
	yTx := func(v float64) float64 { return panelTop1 + panelH - v/txTop*panelH }
	yLat := func(d time.Duration) float64 {
		ms := math.Max(float64(d)/float64(time.Millisecond), latBottom)
		return panelTop2 + panelH - math.Log10(ms/latBottom)/math.Log10(latTop/latBottom)*panelH
	}
	var b strings.Builder
	pf := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	pf(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	pf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotW, plotH, plotW, plotH)
	pf(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	pf(`<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", plotLeft, html.EscapeString(title))
	// Faults: bands and lines under the data.
	for i, f := range faults {
		x0, x1 := x(f.Start.Sub(start).Seconds()), x(f.End.Sub(start).Seconds())
		label := fmt.Sprintf("%s%s #%d", f.Kind, argSuffix(f.Arg), i+1)
		pf(`<g class="fault" id="fault-%d"><title>%s</title>`, i+1, html.EscapeString(label))
		pf(`<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#f4c7c3" opacity="0.6"/>`, x0, panelTop1, math.Max(x1-x0, 1), plotAxisBottom-panelTop1)
		pf(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c0392b" stroke-width="1.5"/>`, x0, panelTop1-8, x0, plotAxisBottom)
		pf(`<text x="%.1f" y="%d" fill="#c0392b" font-size="11">%s</text></g>`+"\n", x0+3, panelTop1-10+12*(i%2), html.EscapeString(label))
	}
	// Panels and axes.
	for _, top := range []int{panelTop1, panelTop2} {
		pf(`<rect x="%d" y="%d" width="%.0f" height="%d" fill="none" stroke="#888"/>`+"\n", plotLeft, top, innerW, panelH)
	}
	pf(`<text x="14" y="%d" transform="rotate(-90 14 %d)" text-anchor="middle">committed tx/s</text>`+"\n", panelTop1+panelH/2, panelTop1+panelH/2)
	pf(`<text x="14" y="%d" transform="rotate(-90 14 %d)" text-anchor="middle">commit latency (ms, log)</text>`+"\n", panelTop2+panelH/2, panelTop2+panelH/2)
	for k := 0; k <= 4; k++ {
		v := txTop * float64(k) / 4
		pf(`<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", plotLeft-6, yTx(v)+4, trimFloat(v))
	}
	for ms := latBottom; ms <= latTop*1.0001; ms *= 10 {
		y := yLat(time.Duration(ms * float64(time.Millisecond)))
		pf(`<line x1="%d" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#ddd"/>`, plotLeft, y, plotLeft+innerW, y)
		pf(`<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", plotLeft-6, y+4, trimFloat(ms))
	}
	step := niceCeil(secs / 10)
	for s := 0.0; s <= secs; s += step {
		pf(`<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x(s), plotAxisBottom+16, trimFloat(s))
	}
	pf(`<text x="%.0f" y="%d" text-anchor="middle">seconds since the load started</text>`+"\n", plotLeft+innerW/2, plotAxisBottom+32)
	// Data.
	// Latency lines break over seconds without a commit (a new "M").
	var tx, p50, mx strings.Builder
	pen := "M"
	for s, bn := range bs {
		fmt.Fprintf(&tx, "%.1f,%.1f %.1f,%.1f ", x(float64(s)), yTx(float64(bn.Committed)), x(float64(s+1)), yTx(float64(bn.Committed)))
		if bn.Committed == 0 {
			pen = "M"
			continue
		}
		fmt.Fprintf(&p50, "%s%.1f,%.1f ", pen, x(float64(s)+0.5), yLat(bn.P50))
		fmt.Fprintf(&mx, "%s%.1f,%.1f ", pen, x(float64(s)+0.5), yLat(bn.Max))
		pen = "L"
	}
	pf(`<polyline id="throughput" fill="none" stroke="#2c7fb8" stroke-width="1.2" points="%s"/>`+"\n", strings.TrimSpace(tx.String()))
	pathOrEmpty := func(d string) string {
		if d = strings.TrimSpace(d); d == "" {
			return "M0,0"
		}
		return d
	}
	pf(`<path id="latency-max" fill="none" stroke="#fdae61" stroke-width="1" d="%s"/>`+"\n", pathOrEmpty(mx.String()))
	pf(`<path id="latency-p50" fill="none" stroke="#1a9641" stroke-width="1.5" d="%s"/>`+"\n", pathOrEmpty(p50.String()))
	ly := plotLegendBottom
	pf(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#2c7fb8" stroke-width="2"/><text x="%d" y="%d">committed per second</text>`, plotLeft, ly-4, plotLeft+20, ly-4, plotLeft+25, ly)
	pf(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#1a9641" stroke-width="2"/><text x="%d" y="%d">latency p50 of the second</text>`, plotLeft+200, ly-4, plotLeft+220, ly-4, plotLeft+225, ly)
	pf(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#fdae61" stroke-width="2"/><text x="%d" y="%d">latency max of the second</text>`, plotLeft+420, ly-4, plotLeft+440, ly-4, plotLeft+445, ly)
	pf(`<rect x="%d" y="%d" width="20" height="10" fill="#f4c7c3"/><text x="%d" y="%d">fault (start line to end)</text>`+"\n", plotLeft+640, ly-9, plotLeft+665, ly)
	pf("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// niceCeil is the smallest of 1, 2, 5 x 10^k that is >= v (v > 0).
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

func trimFloat(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}
