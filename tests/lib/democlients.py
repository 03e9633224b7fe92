# SPDX-License-Identifier: GPL-2.0
"""What the demo's clients (scripts/demo-clients.sh) do with AF_ALG, known
from the clients themselves (their options and sources), never from a
tracer run: suites demo and distro-6.1/6.12 check inventories against it."""

# (exe, type, alg) each client binds with AF_ALG on
EXPECTED_BINDS = [
    ('/usr/bin/kcapi-dgst', 'hash', 'sha256'),
    ('/usr/bin/kcapi-dgst', 'hash', 'hmac(sha256)'),
    ('/usr/bin/kcapi-enc', 'skcipher', 'cbc(aes)'),
    ('/usr/bin/openssl', 'skcipher', 'cbc(aes)'),
    ('/usr/bin/hardlink', 'hash', 'sha256'),
]
# clients that keep working without AF_ALG by their own fallback
OWN_FALLBACK = {'openssl_afalg'}
# what each client binds, for the level-1 expectation from the allowlists
CLIENT_ALG = {
    'kcapi_dgst_sha256': ('hash', 'sha256'),
    'kcapi_dgst_hmac': ('hash', 'hmac(sha256)'),
    'kcapi_enc_cbc': ('skcipher', 'cbc(aes)'),
    'openssl_afalg': ('skcipher', 'cbc(aes)'),
    'python_afalg': ('hash', 'hmac(sha256)'),
    'hardlink': ('hash', 'sha256'),
}
