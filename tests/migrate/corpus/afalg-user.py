#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Corpus, AF_ALG user: Python's socket module."""
import socket

s = socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0)
s.bind(('hash', 'sha256'))
