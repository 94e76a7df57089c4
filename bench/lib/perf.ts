/**
 * Where PostgreSQL's CPU goes during a scenario (BENCH_PERF=1): Linux `perf record` samples the whole machine over
 * the measured window, and the samples of PostgreSQL's processes are summed by area of its C code (the JavaScript
 * profile, profile.ts, cannot see inside the database). Sampling the whole machine needs no process list, and
 * backends that start during the window are caught too. Needs `perf` and perf_event_paranoid <= 2 (root, or a
 * machine that allows it); without them the option says so and the scenarios run as usual.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** First match wins: ordered from the most specific. Symbols are PostgreSQL's own function names. */
const AREAS: [string, RegExp][] = [
  ['foreign-key checks (RI triggers)', /^RI_|^ri_/],
  ['triggers (other)', /Trigger|^trigger|^plpgsql_|^exec_stmt|^exec_eval/],
  [
    'WAL: insert, flush, commit',
    /^XLog|^xlog|^XactLog|^RecordTransaction|^CommitTransaction|^issue_xlog_fsync|^WALInsert|^CopyXLog|^ReserveXLog|^pg_fsync|^fdatasync|^AdvanceXLInsertBuffer/,
  ],
  ['btree index insert and search', /^_bt|^bt|^btree/],
  [
    'heap insert, update, visibility',
    /^heap_|^heapam|^Heap|^HeapTuple|^heap|^log_heap|^RelationGetBufferForTuple|^HeapTupleSatisfies|^visibilitymap/,
  ],
  [
    'buffers and locks',
    /Buffer|^LWLock|^LockAcquire|^LockRelease|^Lock|^PinBuffer|^Unpin|^s_lock|^hash_search|^LockBuffer/,
  ],
  [
    'planner and plan cache',
    /^plan|^create_|^make_|^subquery_planner|^grouping_planner|^query_planner|^cost_|^set_|^add_path|^preprocess|^pull_up|^expression_planner|^eval_const|^Cached|^BuildCachedPlan|^RevalidateCachedQuery|^GetCachedPlan|^choose_custom_plan/,
  ],
  [
    'parser and rewriter',
    /^raw_parser|^base_yyparse|^core_yylex|^transform|^parse_|^parseCheck|^QueryRewrite|^fireRIRrules|^Analyze/,
  ],
  [
    'executor',
    /^Exec|^exec|^ExecInterp|^ExecEval|^Executor|^standard_Executor|^ExecScan|^MakeTupleTableSlot|^slot_|^tts_/,
  ],
  [
    'jsonb and json',
    /jsonb|^json|^JsonbValue|^pushJsonbValue|^convertJsonb|^findJsonb|^getKeyJsonValueFromContainer/,
  ],
  [
    'memory contexts and copies',
    /^AllocSet|^palloc|^pfree|^MemoryContext|^repalloc|^mcxt|^Generation|^memcpy|^__memmove|^__memcpy|^__memset|^memset/,
  ],
  [
    'catalog and relcache',
    /^Search|^SysCache|^Catalog|^RelationId|^relation_open|^RelationIdGetRelation|^table_open|^index_open|^RelationClose|^CatCache/,
  ],
  [
    'protocol and portal',
    /^pq_|^Portal|^exec_bind|^exec_execute|^exec_parse|^PostgresMain|^printtup|^SendRowDescription|^ReadCommand|^socket_/,
  ],
];

export interface PerfRecording {
  /** Stops the recording and returns its summary of PostgreSQL's samples (null: nothing recorded). */
  stop(): Promise<PerfSummary | null>;
}

export interface PerfSummary {
  file: string;
  /** Samples in PostgreSQL's processes (the kernel's part is an area of its own). */
  samples: number;
  /** Area -> share of PostgreSQL's samples, largest first. */
  areas: [string, number][];
  /** The top symbols, share of PostgreSQL's samples. */
  top: [string, number][];
  /** With stacks: each phase of a statement's life, share of PostgreSQL's samples with it on the stack. */
  phases: [string, number][];
}

/**
 * The phases of a statement's life in PostgreSQL, by the function that runs each (inclusive: a sample counts for
 * every phase on its stack). Read top-down: a bound statement is planned (or its cached plan checked), its executor
 * started (every node, expression, index and constraint it touches set up), run, ended; then the transaction commits.
 */
const PHASES: [string, string[]][] = [
  ['serving statements (PostgresMain)', ['PostgresMain']],
  ['  planning, or checking the cached plan (GetCachedPlan)', ['GetCachedPlan']],
  [
    '  executor start-up: every node, expression and relation set up (standard_ExecutorStart)',
    ['standard_ExecutorStart'],
  ],
  ['    of which aggregates set up (ExecInitAgg)', ['ExecInitAgg']],
  ['  executor run (standard_ExecutorRun)', ['standard_ExecutorRun']],
  ['    index entries written (ExecInsertIndexTuples)', ['ExecInsertIndexTuples']],
  ['    check constraints (ExecConstraints)', ['ExecConstraints']],
  [
    '    PL/pgSQL: triggers, and the limit check when a bidder has a limit (plpgsql_call_handler)',
    ['plpgsql_call_handler'],
  ],
  [
    '  executor finish: after-row triggers, foreign-key checks (standard_ExecutorFinish)',
    ['standard_ExecutorFinish'],
  ],
  ['  executor end: relations closed, memory freed (standard_ExecutorEnd)', ['standard_ExecutorEnd']],
  ['  commit (CommitTransactionCommand)', ['CommitTransactionCommand']],
  ['    of which WAL flush (XLogFlush)', ['XLogFlush']],
  [
    'background: WAL writer, checkpointer, bgwriter',
    ['WalWriterMain', 'CheckpointerMain', 'BackgroundWriterMain'],
  ],
];

/** Inclusive share of each phase (perf report --children), of PostgreSQL's samples. */
function phasesOf(file: string): [string, number][] {
  const report = spawnSync(
    'perf',
    ['report', '-i', file, '--comms', 'postgres', '--children', '--sort', 'sym', '--stdio', '-g', 'none'],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (report.status !== 0) return [];
  // Lines: "  45.67%  1.23%  [.] Symbol": inclusive and self shares of all the machine's samples. The self shares of
  // PostgreSQL's symbols add up to its part of the machine: the phases are read against that.
  const inclusive = new Map<string, number>();
  let ownTotal = 0;
  for (const line of report.stdout.split('\n')) {
    const m = /^\s+([\d.]+)%\s+([\d.]+)%\s+\[[.k]\]\s+(.+?)\s*$/.exec(line);
    if (!m) continue;
    ownTotal += Number(m[2]);
    inclusive.set(m[3]!, Math.max(inclusive.get(m[3]!) ?? 0, Number(m[1])));
  }
  if (ownTotal === 0) return [];
  return PHASES.map(([name, symbols]): [string, number] => [
    name,
    symbols.reduce((s, sym) => s + (inclusive.get(sym) ?? 0), 0) / ownTotal,
  ]);
}

/** Whether `perf record` can sample the whole machine here. */
export function perfAvailable(): boolean {
  const which = spawnSync('perf', ['--version'], { encoding: 'utf8' });
  if (which.status !== 0) return false;
  try {
    return (
      Number(fs.readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8')) <= 2 || process.getuid?.() === 0
    );
  } catch {
    return false;
  }
}

/** Starts sampling the whole machine at 499 Hz into the temp folder's knotwork-profiles/. */
export function recordPerf(what: string, stacks = false): PerfRecording {
  const dir = path.join(os.tmpdir(), 'knotwork-profiles');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bidding-${what}-${new Date().toISOString().replace(/[:.]/g, '-')}.perf.data`);
  // With stacks (DWARF unwinding: Debian's PostgreSQL has no frame pointers), a lower rate keeps the file small.
  const args = stacks ? ['-F', '199', '--call-graph', 'dwarf,16384'] : ['-F', '499'];
  const child: ChildProcess = spawn('perf', ['record', ...args, '-a', '-q', '-o', file], { stdio: 'ignore' });
  return {
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      return fs.existsSync(file) ? summarise(file, stacks) : null;
    },
  };
}

/** PostgreSQL's samples by symbol (perf report --comms postgres), grouped into AREAS. */
function summarise(file: string, stacks: boolean): PerfSummary | null {
  const report = spawnSync(
    'perf',
    [
      'report',
      '-i',
      file,
      '--comms',
      'postgres',
      '--no-children',
      '--sort',
      'sym',
      '--stdio',
      '-n',
      '-g',
      'none',
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (report.status !== 0) return null;
  // Lines: "  12.34%  5678  [.] SymbolName" ([k] for the kernel).
  const bySymbol: [string, number, boolean][] = [];
  for (const line of report.stdout.split('\n')) {
    const m = /^\s+[\d.]+%\s+(\d+)\s+\[([.k])\]\s+(.+?)\s*$/.exec(line);
    if (m) bySymbol.push([m[3]!, Number(m[1]), m[2] === 'k']);
  }
  const samples = bySymbol.reduce((s, [, n]) => s + n, 0);
  if (samples === 0) return null;
  const areas = new Map<string, number>();
  for (const [symbol, n, isKernel] of bySymbol) {
    const area = isKernel
      ? 'kernel (system calls, network, disk)'
      : (AREAS.find(([, re]) => re.test(symbol))?.[0] ?? 'other');
    areas.set(area, (areas.get(area) ?? 0) + n);
  }
  const share = (n: number) => n / samples;
  return {
    file,
    samples,
    phases: stacks ? phasesOf(file) : [],
    areas: [...areas].map(([a, n]): [string, number] => [a, share(n)]).sort((a, b) => b[1] - a[1]),
    top: bySymbol
      .slice()
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([s, n]): [string, number] => [s, share(n)]),
  };
}

/** Prints a summary: areas, then the top symbols, each with its share and its CPU ms per answer. */
export function printPerfSummary(title: string, s: PerfSummary, pgCpuMsPerAnswer: number | null): void {
  const per = (share: number) =>
    pgCpuMsPerAnswer === null ? '' : `, ${(share * pgCpuMsPerAnswer).toFixed(3)} ms/answer`;
  console.log(
    `\n${title} (${s.samples} samples of PostgreSQL's processes, ${path.relative(process.cwd(), s.file)})`,
  );
  // With stacks the phases say more than symbol areas, half of which PostgreSQL's stripped build leaves unnamed.
  if (!s.phases.length)
    for (const [area, share] of s.areas)
      console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${area}${per(share)}`);
  if (s.phases.length) {
    console.log('  by phase (inclusive):');
    for (const [phase, share] of s.phases)
      console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${phase}${per(share)}`);
  }
  console.log('  top symbols:');
  for (const [symbol, share] of s.top) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${symbol}`);
}
