# SPDX-License-Identifier: GPL-2.0
"""afalg-migrate: from "who uses AF_ALG" to "what to do about each of them"."""
VERSION = '0.1.0'
