#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Corpus, AF_ALG user: an integrity check through the kcapi tools.
set -e
kcapi-dgst -c sha256 --hex < /boot/vmlinuz
/usr/bin/sha512hmac -c /boot/.vmlinuz.hmac
