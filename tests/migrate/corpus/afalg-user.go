// SPDX-License-Identifier: GPL-2.0
// Corpus, AF_ALG user: golang.org/x/sys/unix.
package main

import "golang.org/x/sys/unix"

func main() {
	fd, err := unix.Socket(unix.AF_ALG, unix.SOCK_SEQPACKET, 0)
	if err != nil {
		panic(err)
	}
	addr := &unix.SockaddrALG{Type: "hash", Name: "sha256"}
	_ = unix.Bind(fd, addr)
}
