// group-commit-bound: the best case of group commit on this machine, with no Swift, no engine and no
// async runtime: N threads each append a 150-byte record to one file and wait until it is durable
// (leader-based group commit: the first waiter writes and fdatasyncs everything queued; the others wait
// on a condition variable), optionally after `work_us` microseconds of CPU work per commit (a stand-in for
// an engine's validation and indexing), and with the leader optionally waiting up to `gather_us` for every
// thread to queue (which makes every group hold all N commits).
//
// It bounds what `hearth-bench durable-commit` can show for "N writers vs one": if this program cannot
// reach a ratio here, no implementation on the same disk and cores can. See Docs/Performance.md.
//
// Usage: group-commit-bound <dir> <threads> <commits> <work_us> [gather_us]
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int fd;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static char pending[1 << 20];
static size_t pending_len;
static long pending_count, next_seq, durable, pending_last, flushes, file_offset;
static int flushing, per_thread, threads;
static double work_us, gather_us;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void spin(double us) {
    double end = now() + us / 1e6;
    while (now() < end) {}
}

static void gather(void) {
    if (gather_us <= 0 || pending_count >= threads) return;
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    long ns = deadline.tv_nsec + (long)(gather_us * 1000);
    deadline.tv_sec += ns / 1000000000;
    deadline.tv_nsec = ns % 1000000000;
    while (pending_count < threads) {
        if (pthread_cond_timedwait(&cv, &mu, &deadline) != 0) break;
    }
}

static void *writer(void *unused) {
    (void)unused;
    static char buffer[1 << 20];
    char record[150];
    memset(record, 'x', sizeof record);
    for (int i = 0; i < per_thread; i++) {
        spin(work_us);
        pthread_mutex_lock(&mu);
        long sequence = ++next_seq;
        memcpy(pending + pending_len, record, sizeof record);
        pending_len += sizeof record;
        pending_last = sequence;
        if (++pending_count >= threads) pthread_cond_broadcast(&cv);
        while (durable < sequence) {
            if (flushing) {
                pthread_cond_wait(&cv, &mu);
                continue;
            }
            flushing = 1;
            gather();
            size_t length = pending_len;
            long last = pending_last, offset = file_offset;
            memcpy(buffer, pending, length);
            pending_len = 0;
            pending_count = 0;
            file_offset += length;
            pthread_mutex_unlock(&mu);
            if (pwrite(fd, buffer, length, offset) != (ssize_t)length || fdatasync(fd) != 0) {
                perror("write");
                exit(1);
            }
            pthread_mutex_lock(&mu);
            durable = last;
            flushing = 0;
            flushes++;
            pthread_cond_broadcast(&cv);
        }
        pthread_mutex_unlock(&mu);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s <dir> <threads> <commits> <work_us> [gather_us]\n", argv[0]);
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/group-commit-bound-%d.bin", argv[1], (int)getpid());
    threads = atoi(argv[2]);
    int commits = atoi(argv[3]);
    work_us = atof(argv[4]);
    gather_us = argc > 5 ? atof(argv[5]) : 0;
    if (threads < 1 || threads > 64 || commits < threads) return 2;
    per_thread = commits / threads;
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) { perror(path); return 1; }
    // Written zeros ahead, flushed: appends then overwrite allocated blocks (as Hearth's log does).
    static char zeros[1 << 20];
    for (int i = 0; i < 16; i++) {
        if (write(fd, zeros, sizeof zeros) != sizeof zeros) { perror("write"); return 1; }
    }
    fsync(fd);
    pthread_t ids[64];
    double start = now();
    for (int i = 0; i < threads; i++) pthread_create(&ids[i], NULL, writer, NULL);
    for (int i = 0; i < threads; i++) pthread_join(ids[i], NULL);
    double seconds = now() - start;
    printf("commits_per_second=%.0f commits_per_flush=%.2f\n", per_thread * threads / seconds,
           (double)per_thread * threads / flushes);
    close(fd);
    unlink(path);
    return 0;
}
