#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Corpus, not an AF_ALG user: socket.AF_ALG only in this docstring."""
import hashlib
import socket

# socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET) was replaced by hashlib
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
print(hashlib.sha256(b'socket.AF_ALG').hexdigest())
