//go:build noneon || purego || !arm64

package cpu

const SupportNEON = false
