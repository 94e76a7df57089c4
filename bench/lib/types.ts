export interface BenchContext {
  /** postgres://.../knotwork_bench, created if missing. */
  databaseUrl: string;
}

export interface Bench {
  name: string;
  run(ctx: BenchContext): Promise<void>;
}
