module rdasuite/porcupinekv

go 1.16

require github.com/anishathalye/porcupine v0.0.0
