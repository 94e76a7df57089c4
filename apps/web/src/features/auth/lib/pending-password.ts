/**
 * The password typed in Sign Up or Sign in, kept in memory only (never in storage) until the code screen
 * sends it with the code: the server sets the account's password from the person who proves the mailbox
 * (decision 023). After a reload it is gone and the code screen asks for it.
 */
let pending: { email: string; password: string } | null = null;

export function rememberPendingPassword(email: string, password: string): void {
  pending = { email: email.trim().toLowerCase(), password };
}

/** The remembered password for `email`, if it was typed in this tab. */
export function pendingPasswordFor(email: string): string | undefined {
  return pending && pending.email === email.trim().toLowerCase() ? pending.password : undefined;
}

export function forgetPendingPassword(): void {
  pending = null;
}
