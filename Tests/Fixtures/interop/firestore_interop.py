"""Reads and writes documents with Google's official Python client (google-cloud-firestore, over gRPC),
for Hearth's interop tests. Values cross the boundary as Firestore REST `Value` JSON.

Usage: python3 firestore_interop.py read  <project> <doc path>              -> prints {"fields": {...}} or {"missing": true}
       python3 firestore_interop.py write <project> <doc path> <fields.json> -> writes the fields with set()
FIRESTORE_EMULATOR_HOST must name the emulator.
"""
import base64
import json
import math
import sys

from google.api_core.datetime_helpers import DatetimeWithNanoseconds
from google.cloud import firestore


def to_rest(value, project):
    if value is None:
        return {"nullValue": None}
    if isinstance(value, bool):
        return {"booleanValue": value}
    if isinstance(value, int):
        return {"integerValue": str(value)}
    if isinstance(value, float):
        if math.isnan(value):
            return {"doubleValue": "NaN"}
        if math.isinf(value):
            return {"doubleValue": "Infinity" if value > 0 else "-Infinity"}
        return {"doubleValue": value}
    if isinstance(value, DatetimeWithNanoseconds):
        return {"timestampValue": value.rfc3339()}
    if isinstance(value, str):
        return {"stringValue": value}
    if isinstance(value, bytes):
        return {"bytesValue": base64.b64encode(value).decode("ascii")}
    if isinstance(value, firestore.DocumentReference):
        return {"referenceValue": "projects/%s/databases/(default)/documents/%s" % (project, value.path)}
    if isinstance(value, firestore.GeoPoint):
        return {"geoPointValue": {"latitude": value.latitude, "longitude": value.longitude}}
    if isinstance(value, list):
        return {"arrayValue": {"values": [to_rest(v, project) for v in value]}}
    if isinstance(value, dict):
        return {"mapValue": {"fields": {k: to_rest(v, project) for k, v in value.items()}}}
    raise TypeError("unexpected value %r of type %s" % (value, type(value)))


def from_rest(value, client):
    (kind, payload), = value.items()
    if kind == "nullValue":
        return None
    if kind == "booleanValue":
        return payload
    if kind == "integerValue":
        return int(payload)
    if kind == "doubleValue":
        return float(payload)
    if kind == "timestampValue":
        return DatetimeWithNanoseconds.from_rfc3339(payload)
    if kind == "stringValue":
        return payload
    if kind == "bytesValue":
        return base64.b64decode(payload)
    if kind == "referenceValue":
        return client.document(payload.split("/documents/", 1)[1])
    if kind == "geoPointValue":
        return firestore.GeoPoint(payload.get("latitude", 0.0), payload.get("longitude", 0.0))
    if kind == "arrayValue":
        return [from_rest(v, client) for v in payload.get("values", [])]
    if kind == "mapValue":
        return {k: from_rest(v, client) for k, v in payload.get("fields", {}).items()}
    raise ValueError("unknown value kind %s" % kind)


def main():
    command, project, path = sys.argv[1], sys.argv[2], sys.argv[3]
    client = firestore.Client(project=project)
    if command == "read":
        snapshot = client.document(path).get()
        if not snapshot.exists:
            print(json.dumps({"missing": True}))
        else:
            fields = {k: to_rest(v, project) for k, v in snapshot.to_dict().items()}
            print(json.dumps({"fields": fields}))
    elif command == "write":
        with open(sys.argv[4]) as handle:
            fields = json.load(handle)
        client.document(path).set({k: from_rest(v, client) for k, v in fields.items()})
        print(json.dumps({"written": path}))
    else:
        raise SystemExit("unknown command " + command)


if __name__ == "__main__":
    main()
