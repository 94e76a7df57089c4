/** The settings this check reads; its own type rather than env.ts's Env, which imports this file (no cycle). */
interface S3Settings {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}

/** Problems with the S3_* settings, one line each; empty when they are consistent (media in a bucket or not). */
export function s3Problems(env: S3Settings): string[] {
  const problems: string[] = [];
  const anyS3 = Boolean(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY);
  if (anyS3 && !env.S3_BUCKET)
    problems.push('S3_BUCKET: required when any other S3_ setting is given (media go to that bucket)');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push(
      'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither (neither: the SDK reads the usual AWS credentials)',
    );
  return problems;
}
