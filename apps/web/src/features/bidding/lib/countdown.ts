/** An extension in words: "2 minutes", "1 minute 30 seconds", "45 seconds". */
export function formatExtension(ms: number): { minutes: number; seconds: number } {
  const total = Math.max(1, Math.round(ms / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}
