const pad = (n: number) => String(n).padStart(2, "0");

/** "6 hari 23 jam", "5:04:09" or "4:09" for `ms` milliseconds: as precise as the time left makes worth reading. */
export function timeLeft(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return `${days} hari ${hours} jam`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  return `${minutes}:${pad(seconds)}`;
}
