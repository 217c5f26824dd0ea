"""The Python half of `hearth-bench rest --vs-python`: one task of the comparison, timed with Google's official
client (google-cloud-firestore, gRPC) against the emulator named by FIRESTORE_EMULATOR_HOST.

Usage: python firestore-python-bench.py write <project> <documents> <batch>  batched set()s into imports/d<i>
       python firestore-python-bench.py query <project> <expected>          imports where status == "active"
       python firestore-python-bench.py gets  <project> <count>             <count> concurrent gets of imports/d<i>
Prints `seconds=<s>` (the task alone: the client is made and its channel opened before the clock starts) and
`cpu=<s>` (the process's CPU time over the task, every thread, gRPC's included), and exits 1 when the task
did not do what it should (a count that does not match).

The documents are those Hearth writes (CompositionRoot/HearthBench/RESTScenario.swift, `sampleFields`).
"""
import asyncio
import sys
import time

from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter


CPU = [0.0]


class Clock:
    """Times a block: wall seconds in `seconds`, the process's CPU seconds added to CPU[0]."""

    def __enter__(self):
        self.cpu = time.process_time()
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exception):
        self.seconds = time.perf_counter() - self.start
        CPU[0] += time.process_time() - self.cpu


def fields(index):
    return {
        "status": "active" if index % 3 == 0 else "inactive",
        "age": 18 + index % 60,
        "city": "Madrid",
        "n": index,
    }


def warm_up(client):
    client.document("warmup/none").get()


def write(project, documents, batch):
    client = firestore.Client(project=project)
    warm_up(client)
    collection = client.collection("imports")
    with Clock() as clock:
        for first in range(0, documents, batch):
            writes = client.batch()
            for index in range(first, min(first + batch, documents)):
                writes.set(collection.document("d%d" % index), fields(index))
            writes.commit()
    return clock.seconds


def query(project, expected):
    client = firestore.Client(project=project)
    warm_up(client)
    with Clock() as clock:
        snapshots = client.collection("imports").where(filter=FieldFilter("status", "==", "active")).get()
    if len(snapshots) != expected:
        sys.exit("query: expected %d documents, got %d" % (expected, len(snapshots)))
    return clock.seconds


async def gets(project, count):
    client = firestore.AsyncClient(project=project)
    await client.document("warmup/none").get()
    with Clock() as clock:
        snapshots = await asyncio.gather(*(client.document("imports/d%d" % index).get() for index in range(count)))
    found = sum(1 for snapshot in snapshots if snapshot.exists)
    if found != count:
        sys.exit("gets: expected %d documents, found %d" % (count, found))
    return clock.seconds


def main():
    command, project = sys.argv[1], sys.argv[2]
    numbers = [int(argument) for argument in sys.argv[3:]]
    if command == "write":
        seconds = write(project, *numbers)
    elif command == "query":
        seconds = query(project, *numbers)
    elif command == "gets":
        seconds = asyncio.run(gets(project, *numbers))
    else:
        sys.exit("unknown command %s" % command)
    print("seconds=%.6f" % seconds)
    print("cpu=%.6f" % CPU[0])


if __name__ == "__main__":
    main()
