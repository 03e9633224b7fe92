// SPDX-License-Identifier: GPL-2.0
// Corpus, AF_ALG user: the libc crate.
fn main() {
    let fd = unsafe { libc::socket(libc::AF_ALG, libc::SOCK_SEQPACKET, 0) };
    let _name = r"sha256";
    println!("{}", fd);
}
