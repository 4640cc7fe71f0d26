// Whether a process id still names a running process, as signal 0 tells it (no signal is sent, only the permission
// check). Lock files, temporary folders and partial downloads carry their writer's pid; a reader asks this before
// taking over or removing what a dead writer left.

/**
 * 'alive': the process exists and we may signal it; 'foreign': it exists but belongs to another user (EPERM; e.g. a
 * root-owned pid 1 when we are not root); 'gone': no such process (ESRCH).
 *
 * Callers decide what 'foreign' means for them: most treat it as alive (someone holds it), a lock may want to know.
 */
export function processState(pid: number): 'alive' | 'foreign' | 'gone' {
  try {
    process.kill(pid, 0);
    return 'alive';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? 'foreign' : 'gone';
  }
}

/** True unless the process is gone: one of another user's counts as running (it is, we only may not signal it). */
export function processRunning(pid: number): boolean {
  return processState(pid) !== 'gone';
}
