# SPDX-License-Identifier: GPL-2.0
"""Independent references for the legacy algorithms, shared by every suite:
DES and 3DES (ECB, CBC, CMAC) on python3-cryptography's TripleDES (an
8-byte key there is single DES, K1 = K2 = K3), MD4 through the openssl
command line (legacy provider), and a bitwise CRC-32C.
"""
import os
import subprocess
import warnings

from cryptography.hazmat.primitives import cmac
from cryptography.hazmat.primitives.ciphers import Cipher

M32 = 0xffffffff


def tdes_algorithm(key):
    """python3-cryptography's TripleDES, from wherever this version keeps
    it (newer ones: hazmat.decrepit), without its deprecation warning."""
    try:
        from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
    except ImportError:
        from cryptography.hazmat.primitives.ciphers.algorithms import TripleDES
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return TripleDES(key)


def tdes(key, mode, data, enc):
    """DES/3DES in mode (a python3-cryptography mode object), whole blocks."""
    c = Cipher(tdes_algorithm(key), mode)
    x = c.encryptor() if enc else c.decryptor()
    return x.update(data) + x.finalize()


def cmac_des3(key, msg):
    """CMAC (SP 800-38B) over 3DES with a 24-byte key."""
    c = cmac.CMAC(tdes_algorithm(key))
    c.update(msg)
    return c.finalize()


def md4_openssl(msg):
    """MD4 by `openssl dgst -md4` (legacy provider), or None when this
    openssl cannot (no legacy provider).  LD_PRELOAD is dropped so that a
    caller running under the shim does not put the shim under the oracle."""
    env = {k: v for k, v in os.environ.items() if k != 'LD_PRELOAD'}
    try:
        p = subprocess.run(['openssl', 'dgst', '-md4', '-provider', 'legacy', '-provider',
                            'default', '-binary'], input=msg, capture_output=True,
                           env=env, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return p.stdout if p.returncode == 0 and len(p.stdout) == 16 else None


def crc32c(crc, data):
    """Bitwise CRC-32C (Castagnoli, reflected polynomial 0x82f63b78) of data
    from the raw register value crc, no inversion: the kernel's crc32c()."""
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82f63b78 if crc & 1 else 0)
    return crc


def crc32c_shash(data, seed=M32):
    """The kernel's "crc32c" shash: the register starts from the key (a
    little-endian u32, ~0 without one); the digest is ~crc, little endian."""
    return (crc32c(seed, data) ^ M32).to_bytes(4, 'little')
