// The demo pictures' renderer process (decision 078), forked by processRenderer (picture-renderer.ts): it answers
// each { id, job } with { id, result } or { id, error }, and ends with its parent.
import { runRugArtJob, type RugArtJob } from './picture-renderer.ts';

process.on('message', (m: { id: number; job: RugArtJob }) => {
  runRugArtJob(m.job).then(
    (result) => process.send?.({ id: m.id, result }),
    (err: unknown) => process.send?.({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
