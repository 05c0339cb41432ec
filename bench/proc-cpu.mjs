// CPU time of a browser's processes from Linux's /proc: what a visitor's battery pays for a page,
// every process of it, not only the page's main thread. snapshot() reads utime + stime of every
// descendant of this Node process (the Chromium that playwright-core launched: browser, zygote,
// renderers, GPU process, utilities) and, for renderers, of each thread; cpuBetween(a, b) turns two
// snapshots into CPU seconds per kind. Linux only (the bench's machines).
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

// Clock ticks per second of /proc's times (sysconf(_SC_CLK_TCK), 100 on Linux).
const TICK = (() => {
  try { return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100; } catch { return 100; }
})();

const read = (f) => { try { return readFileSync(f, 'utf8'); } catch { return null; } };

// /proc/.../stat -> { comm, ppid, cpu (ticks: utime + stime), start (starttime, tells a reused id) }.
// comm is in parentheses and may hold spaces and parentheses: the fields follow its last ')'.
function stat(path) {
  const s = read(path);
  if (!s) return null;
  const close = s.lastIndexOf(')');
  const f = s.slice(close + 2).split(' ');  // f[0] is field 3 (state)
  return { comm: s.slice(s.indexOf('(') + 1, close), ppid: Number(f[1]), cpu: Number(f[11]) + Number(f[12]), start: f[19] };
}

// A Chromium process's kind from its command line: --type=renderer, gpu-process, utility (with its
// sub-type: network, storage, audio), zygote; no --type is the browser process.
function kindOf(pid) {
  // Chromium's children rewrite their command line as one string (spaces, no NULs between args).
  const args = (read(`/proc/${pid}/cmdline`) || '').split(/[\0 ]/);
  const type = args.find((a) => a.startsWith('--type='))?.slice(7);
  if (!type) return 'browser';
  if (type === 'gpu-process') return 'gpu';
  if (type === 'renderer' || type === 'zygote') return type;
  return 'utility';
}

// A renderer thread's part: its main thread (the page's), a dedicated worker (the scene's, in worker
// mode), Blink's compositor thread, or the rest (raster, IO, media...). Thread names are
// Chromium's, cut to 15 characters by the kernel ("DedicatedWorker thread" -> "DedicatedWorker").
function threadPart(pid, tid, comm) {
  if (tid === pid) return 'main';
  if (comm.startsWith('DedicatedWorker')) return 'worker';
  if (comm.startsWith('Compositor')) return 'compositor';
  return 'other';
}

// Every process below `root` (default this Node process), with renderer threads.
export function snapshot(root = process.pid) {
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = stat(`/proc/${d}/stat`);
    if (s) procs.set(Number(d), s);
  }
  const inTree = (pid) => {
    for (let p = pid, n = 0; p > 1 && n < 64; n++) {
      if (p === root) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  const out = new Map();  // "pid:start" -> { kind, cpu, threads: Map "tid:start" -> { part, cpu } }
  for (const [pid, s] of procs) {
    if (pid === root || !inTree(pid)) continue;
    const kind = kindOf(pid);
    const threads = new Map();
    if (kind === 'renderer') {
      let tids = [];
      try { tids = readdirSync(`/proc/${pid}/task`); } catch { /* exited */ }
      for (const t of tids) {
        const ts = stat(`/proc/${pid}/task/${t}/stat`);
        if (ts) threads.set(`${t}:${ts.start}`, { part: threadPart(pid, Number(t), ts.comm), cpu: ts.cpu });
      }
    }
    out.set(`${pid}:${s.start}`, { kind, cpu: s.cpu, threads });
  }
  return { at: process.hrtime.bigint(), procs: out };
}

// CPU seconds spent between two snapshots, per kind: browser, renderer (the sum of its parts
// main, worker, compositor, and other: the rest), gpu, utility, zygote, and the total. A process or thread that
// began after `a` counts from zero; one that ended before `b` is lost (its last moments), so the
// window should not hold process exits (a closing page).
export function cpuBetween(a, b) {
  const sum = { total: 0, browser: 0, renderer: 0, main: 0, worker: 0, compositor: 0, other: 0, gpu: 0, utility: 0, zygote: 0 };
  for (const [key, p] of b.procs) {
    const was = a.procs.get(key);
    const d = (p.cpu - (was ? was.cpu : 0)) / TICK;
    sum.total += d;
    sum[p.kind] += d;
    if (p.kind !== 'renderer') continue;
    for (const [tk, t] of p.threads) if (t.part !== 'other') sum[t.part] += (t.cpu - (was?.threads.get(tk)?.cpu ?? 0)) / TICK;
  }
  // The rest of the renderers' time (raster, IO and threads that ended) is what the parts leave.
  sum.other = Math.max(0, sum.renderer - sum.main - sum.worker - sum.compositor);
  return { seconds: Number(b.at - a.at) / 1e9, cpu: sum };
}
