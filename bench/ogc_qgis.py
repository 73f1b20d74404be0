#!/usr/bin/env python3
"""QGIS reads the sites collection at its defaults (issue 25 point 4), run by bench/ogc.ts.

  QT_QPA_PLATFORM=offscreen /usr/bin/python3 bench/ogc_qgis.py http://127.0.0.1:PORT/api/v1/ogc KEY [FILTER]

Debian's python3-qgis (QGIS 3.22), offscreen. The key goes in as the password of HTTP Basic
(any user name), as QGIS keeps it in its authentication store. Prints the time from opening the
layer to its last feature, and how many features it read; with a FILTER (a QGIS expression on a
date field, which QGIS sends to the server as datetime) also how many features it then reads.
"""
import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from qgis.core import QgsApplication, QgsDataSourceUri, QgsVectorLayer  # noqa: E402


def main() -> int:
    base, key = sys.argv[1], sys.argv[2]
    app = QgsApplication([], False)
    app.setPrefixPath("/usr", True)
    app.initQgis()
    try:
        uri = QgsDataSourceUri()
        uri.setParam("url", base)
        uri.setParam("typename", "sites")
        uri.setUsername("qgis")
        uri.setPassword(key)
        started = time.perf_counter()
        layer = QgsVectorLayer(uri.uri(False), "sites", "OAPIF")
        if not layer.isValid():
            print("layer not valid:", layer.error().summary(), file=sys.stderr)
            return 1
        opened = time.perf_counter() - started
        read = 0
        for _ in layer.getFeatures():
            read += 1
        elapsed = time.perf_counter() - started
        geometry = layer.wkbType()
        print(
            f"opened in {opened:.2f} s; {elapsed:.2f} s, {read} features, "
            f"count {layer.featureCount()}, geometry type {geometry}"
        )
        if len(sys.argv) > 3:
            layer.setSubsetString(sys.argv[3])
            filtered = sum(1 for _ in layer.getFeatures())
            print(f"filtered: {filtered} features")
        return 0 if read > 0 else 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()


if __name__ == "__main__":
    # QGIS 3.22 crashes in exitQgis() with a provider's download threads still about: the
    # measure is printed, so leave without tearing QGIS down.
    os._exit(main())
