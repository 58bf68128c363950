"""Webhook URLs in the forms a host can take, with the verdict each must get.

Shared by the tests of creation (``check_url``, the API) and of sending (``transport.post``),
which must judge every form alike. Only address literals, numeric forms and names whose
verdict needs no DNS (``localhost``): the tests run without a resolver.
"""

from __future__ import annotations

# Refused as private or reserved (webhook/private_address), whatever DNS would say.
PRIVATE = [
    "http://127.0.0.1/",
    "http://2130706433/",  # decimal
    "http://0177.0.0.1/",  # octal
    "http://017700000001/",  # octal, one part
    "http://0x7f000001/",  # hex
    "http://0x7f.1/",  # hex, two parts
    "http://0X7F.0.0.1/",
    "http://127.1/",  # short
    "http://127.0.1/",
    "http://127.0.0.1./",  # the root's trailing dot
    "http://0/",  # 0.0.0.0
    "http://LOCALHOST/",
    "http://localhost./",
    "http://hooks.localhost:8080/",
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data",
    "http://0xa9fea9fe/",  # 169.254.169.254
    "http://100.64.0.1/",
    "http://192.0.0.8/",
    "http://192.0.0.170/",
    "http://192.0.2.1/",
    "http://192.88.99.1/",
    "http://198.18.0.1/",
    "http://198.51.100.7/",
    "http://203.0.113.9/",
    "http://224.0.0.1/",
    "http://239.255.255.250/",
    "http://240.0.0.1/",
    "http://255.255.255.255/",
    "http://[::1]/",
    "http://[::]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",  # IPv4-mapped
    "http://[::ffff:7f00:1]/",
    "http://[::FFFF:169.254.169.254]/",
    "http://[::127.0.0.1]/",  # IPv4-compatible (deprecated)
    "http://[::8.8.8.8]/",  # IPv4-compatible: not routable, whatever it holds
    "http://[64:ff9b::127.0.0.1]/",  # NAT64
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[64:ff9b:1::808:808]/",  # local-use NAT64
    "http://[2002:7f00:1::]/",  # 6to4 around 127.0.0.1
    "http://[2002:a9fe:a9fe::]/",  # 6to4 around 169.254.169.254
    "http://[2002:c0a8:101::1]/",  # 6to4 around 192.168.1.1
    "http://[2001:0:7f00:1::f7f7:f7f7]/",  # Teredo: server 127.0.0.1, client 8.8.8.8
    "http://[2001:0:808:808::f5ff:fffe]/",  # Teredo: server 8.8.8.8, client 10.0.0.1
    "http://[2001:2::1]/",  # benchmarking, in 2001::/23
    "http://[2001:db8::1]/",
    "http://[3fff::1]/",
    "http://[fec0::1]/",  # site-local
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[ff02::1]/",
    "http://[100::1]/",
    "http://[5f00::1]/",
    "http://[4000::1]/",  # outside 2000::/3
]

# Refused as no URL a webhook can have (webhook/invalid_url), by the URL's own rules.
INVALID = [
    "http://256.0.0.1/",  # ends in a number, but no IPv4 address
    "http://1.2.3.4.5/",
    "http://08.0.0.1/",  # 08 is no octal number
    "http://0x/",
    "http://0x100000000/",
    "http://1.2.65536/",
    "http://127.0.0.1../",
    "http://a..b/",
    "http://[1.2.3.4]/",
    "http://[::1::2]/",
    "http://1.1.1.1:0/",
    "http://1.1.1.1:99999/",
]

# Refused by the request's schema as well (the OpenAPI document's pattern), and by
# check_url as webhook/invalid_url.
MALFORMED = [
    "0",
    "ftp://1.1.1.1/",
    "http://",
    "https:///no-host",
    "http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/",  # fullwidth digits
    "http://\u2460\u2461\u2466.0.0.1/",  # circled digits
    "http://b\u00fccher.example/",  # a name in Unicode: written in IDNA (xn--) instead
    "http://%31%32%37.0.0.1/",  # percent-encoded host
    "http://[fe80::1%25eth0]/",  # a zone
    "http://[::1/",
    "http://1.1.1.1/a b",
    "http://1.1.1.1/<script>",
    'http://1.1.1.1/"quoted"',
    "http://1.1.1.1/back\\slash",
    "http://1.1.1.1/^",
    "http://1.1.1.1/`",
    "http://1.1.1.1/{x}",
    "http://1.1.1.1/a|b",
    "http://1.1.1.1/caf\u00e9",
    "http://1.1.1.1/%zz",
    "http://1.1.1.1/a[1]",
    "http://user:pw@1.1.1.1/",
    "http://1.1.1.1:port/",
]

# Accepted, with the address the sender connects to.
PUBLIC = [
    ("http://1.1.1.1/", "1.1.1.1"),
    ("https://1.1.1.1:8443/in?a=1&b=2#top", "1.1.1.1"),
    ("http://16843009/", "1.1.1.1"),
    ("http://0x01010101/", "1.1.1.1"),
    ("http://1.1.257/", "1.1.1.1"),
    ("http://8.8.8.8./", "8.8.8.8"),
    ("HTTP://8.8.8.8/", "8.8.8.8"),
    ("http://100.63.255.255/", "100.63.255.255"),
    ("http://100.128.0.1/", "100.128.0.1"),
    ("http://172.32.0.1/", "172.32.0.1"),
    ("http://192.0.1.1/", "192.0.1.1"),
    ("http://[2606:4700::1111]/", "2606:4700::1111"),
    ("http://[2606:4700:0:0:0:0:0:1111]:8080/x", "2606:4700::1111"),
    ("http://[::ffff:8.8.8.8]/", "8.8.8.8"),  # IPv4-mapped: the IPv4 address itself
    ("http://[64:ff9b::8.8.8.8]/", "64:ff9b::808:808"),
    ("http://[2002:808:808::1]/", "2002:808:808::1"),  # 6to4 around 8.8.8.8
    ("http://[2001:0:808:808::fefe:fefe]/", "2001:0:808:808::fefe:fefe"),  # Teredo, public
    ("http://[2001:200::1]/", "2001:200::1"),  # just past 2001::/23
    ("http://[3fff:1000::1]/", "3fff:1000::1"),  # just past 3fff::/20
]
