/** Keys are made by the server; this refuses anything that could climb out of the store or its folder. */
export function assertSafeKey(key: string): void {
  if (
    !/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`Invalid media key: ${key}`);
  }
}
