// The built server as the benchmarks run it: on a port the system picks, over a SQLite database in a
// folder of theirs, logging to a file there (so neither a pipe nor the benchmark slows it down).
// Node runs the benchmarks by stripping types, so this file imports only node: builtins.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface BenchServer {
  url: string;
  /** The server's process id, to read its memory from /proc. */
  pid: number;
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s). Resolves with how it ended. */
  stop: () => Promise<string>;
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function listeningUrl(log: string): string | undefined {
  for (const line of log.split('\n')) {
    if (!line.includes('"listening"')) continue;
    const entry = JSON.parse(line) as { event?: string; url?: string };
    if (entry.event === 'listening' && entry.url) return entry.url;
  }
  return undefined;
}

/** Linux's taskset, which runs a process on the CPUs it is given; undefined where there is none. */
export const tasksetPath = ['/usr/bin/taskset', '/bin/taskset'].find((path) => existsSync(path));

/**
 * Starts dist/server/server-main.js, or the copy of the build at `entry`; resolves once /readyz answers
 * 200. `started` gets the process at once, so a benchmark that gives up can kill it even before it is ready.
 * With `cpu` (and taskset), the server and all its threads run on that one CPU alone.
 */
export async function startBenchServer({
  dataDir,
  env: extraEnv,
  started,
  entry = 'dist/server/server-main.js',
  cpu,
}: {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  started: ChildProcess[];
  entry?: string;
  cpu?: number;
}): Promise<BenchServer> {
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Every benchmark client is this machine: a cap per address would measure the cap.
    MAX_CONNECTIONS_PER_CLIENT: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL; // SQLite, whatever the shell has set
  const [command, args] =
    cpu !== undefined && tasksetPath !== undefined ? [tasksetPath, ['-c', String(cpu), process.execPath, entry]] : [process.execPath, [entry]];
  // taskset replaces itself with node (exec): the child's pid is the server's.
  const child = spawn(command, args, { env, stdio: ['ignore', log, 'pipe'] });
  closeSync(log); // the child has its own copy
  started.push(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });

  const stop = async () => {
    if (!isRunning(child)) return 'already stopped';
    const exited = new Promise<string>((resolve) => {
      child.once('exit', (code, signal) => {
        resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
      });
    });
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const how = await exited;
    clearTimeout(forced);
    return how;
  };

  const startedBy = Date.now() + 15_000;
  let url: string | undefined;
  while (Date.now() < startedBy) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    url ??= listeningUrl(readFileSync(logFile, 'utf8'));
    if (url) {
      const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
      if (ready?.status === 200) return { url, pid: child.pid ?? 0, stop };
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready within 15 s:\n${stderr}`);
}

/**
 * Gives a benchmark `deadlineMs` to finish: past it, or on Ctrl-C, `cleanUpNow` kills what it started
 * and removes its files, and the process exits. Returns the timer, to clear once the run is over.
 */
export function benchDeadline(deadlineMs: number, cleanUpNow: () => void): ReturnType<typeof setTimeout> {
  const deadline = setTimeout(() => {
    console.error(`bench: not finished after ${deadlineMs / 1000} s; stopping`);
    cleanUpNow();
    process.exit(1);
  }, deadlineMs);
  deadline.unref();
  process.once('SIGINT', () => {
    cleanUpNow();
    process.exit(130);
  });
  return deadline;
}

/**
 * A bare Node HTTP server that answers every request with `file` and `headers`, and nothing else: what
 * the load generator reaches on this machine against a server that does no work of its own. On `cpu`
 * alone, as the server measured is.
 */
export async function startBareServer({ file, headers, cpu, started }: { file: string; headers: Record<string, string>; cpu?: number; started: ChildProcess[] }): Promise<BenchServer> {
  const script = `
    import { createServer } from 'node:http';
    import { readFileSync } from 'node:fs';
    const body = readFileSync(${JSON.stringify(file)});
    const headers = { ...${JSON.stringify(headers)}, 'content-length': String(body.length) };
    const server = createServer((request, response) => { response.writeHead(200, headers); response.end(body); });
    server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ event: 'listening', url: 'http://127.0.0.1:' + server.address().port }) + '\\n'));
    process.on('SIGTERM', () => process.exit(0));
  `;
  const args = ['--input-type=module', '-e', script];
  const [command, commandArgs] = cpu !== undefined && tasksetPath !== undefined ? [tasksetPath, ['-c', String(cpu), process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const found = listeningUrl(out);
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      if (!isRunning(child)) return 'already stopped';
      const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`)));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
      const how = await exited;
      clearTimeout(forced);
      return how;
    },
  };
}

/** The server's resident memory, from /proc (Linux); undefined elsewhere. */
export function residentMegabytes(pid: number): number | undefined {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * The CPU time the server has used so far, in milliseconds, from /proc (Linux, 100 ticks a second);
 * undefined elsewhere. On a shared machine its cost per request holds better than its rate.
 */
export function cpuMilliseconds(pid: number): number | undefined {
  try {
    // The fields after the command's name, which is in brackets and may hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The server's CPU time per answer over a run, in microseconds, and the rate that makes on a CPU of its own. */
export function cpuPerAnswer(pid: number, before: number | undefined, answers: number): string {
  const after = cpuMilliseconds(pid);
  if (before === undefined || after === undefined || answers === 0) return '';
  const micros = ((after - before) * 1000) / answers;
  return `, server CPU ${micros.toFixed(0)} µs an answer (${Math.round(1e6 / micros).toLocaleString('en-GB')}/s on a CPU of its own)`;
}
