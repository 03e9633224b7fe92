// SPDX-License-Identifier: GPL-2.0
// Corpus, not an AF_ALG user: libc::AF_ALG only in comments and strings.
fn main() {
    /* let fd = libc::socket(libc::AF_ALG, libc::SOCK_SEQPACKET, 0); */
    let s = "libc::socket(libc::AF_ALG, 5, 0)";
    println!("{}", s);
}
