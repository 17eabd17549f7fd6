import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The CPU priority (nice value) of a thread that builds documents. Building a DOCX is hundreds of
 * milliseconds of CPU; in a burst every builder is busy at once and, at the API's own priority,
 * takes the cores the API's requests (and, on PostgreSQL, the database server) need, so
 * submissions wait behind builds (issue 24). At nice 10 a builder gets what the API leaves, and
 * all of an otherwise idle machine.
 */
export const BUILDER_NICE = 10;

/**
 * Lowers the calling thread's priority to BUILDER_NICE: on Linux a nice value belongs to a thread,
 * named by its kernel thread id (/proc/thread-self), so the process's other threads keep theirs.
 * Elsewhere, or where it is refused, the builder keeps the default priority.
 */
export function lowerBuilderPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, BUILDER_NICE);
  } catch {
    // Not Linux (no /proc/thread-self) or not permitted: builds run at the default priority.
  }
}
