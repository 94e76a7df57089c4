import type { Config } from './config/env.ts';

/** The lines a start prints once the site answers: by the one process, or by the cluster's primary (WORKERS > 1). */
export async function printBanner(
  config: Pick<Config, 'PUBLIC_URL' | 'SMTP_URL' | 'DEV_MAILBOX' | 'SEED_DEMO' | 'WORKERS'>,
): Promise<void> {
  const url = config.PUBLIC_URL;
  console.log(`\n  Knotwork is running on ${url}`);
  if (config.WORKERS > 1) console.log(`  Processes: ${config.WORKERS} (WORKERS), one port`);
  console.log(`  API docs:  ${url}/api/docs`);
  if (!config.SMTP_URL)
    console.log(
      '  Mail:      SMTP_URL is not set: every mail, codes included, is printed here ("MAIL NOT SENT")',
    );
  if (config.DEV_MAILBOX) console.log(`  Mailbox:   ${url}/dev/mailbox (staff sign-in; development only)`);
  if (config.SEED_DEMO) {
    const { DEMO_ACCOUNTS } = await import('./seed/demo-accounts.ts');
    console.log('\n  Demo accounts:');
    for (const a of DEMO_ACCOUNTS) console.log(`    ${a.role.padEnd(6)} ${a.email}  /  ${a.password}`);
  }
  console.log('');
}
